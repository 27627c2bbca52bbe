/** Licence settings from the environment (issue 15; docs/licence.md). */
export interface LicenceConfig {
  /** ASKDB_BILLING=1 on a server deployment: the vendor service, which is also the licence authority. */
  billing: boolean;
  /** ASKDB_LICENCE_AUTHORITY: base URL of the licence authority a local install activates online with. */
  authorityUrl: string | null;
  /** ASKDB_LICENCE_PUBLIC_KEY: the authority's Ed25519 public key (PEM, or base64 SPKI DER), replacing the shipped one. */
  publicKey: string | null;
  /** ASKDB_GUIDES=0 turns the guide dialogs off (kiosks, automation). */
  guides: boolean;
}

export function licenceConfigFromEnv(env: NodeJS.ProcessEnv): LicenceConfig {
  const url = env.ASKDB_LICENCE_AUTHORITY?.trim();
  return {
    billing: env.ASKDB_BILLING === '1' || env.ASKDB_BILLING === 'true',
    authorityUrl: url ? url.replace(/\/+$/, '') : null,
    publicKey: env.ASKDB_LICENCE_PUBLIC_KEY?.trim() || null,
    guides: env.ASKDB_GUIDES !== '0' && env.ASKDB_GUIDES !== 'false',
  };
}
