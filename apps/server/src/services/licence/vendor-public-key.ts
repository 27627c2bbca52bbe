/**
 * The licence authority's public keys shipped with the app (PEM). The release process puts the
 * vendor service's key here (`npm run licence -w apps/server -- public-key`); ASKDB_LICENCE_PUBLIC_KEY
 * replaces it (a private authority, tests). Empty: no licence verifies until one is configured.
 */
export const VENDOR_PUBLIC_KEYS: readonly string[] = [];
