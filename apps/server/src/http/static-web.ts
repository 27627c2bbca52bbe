/**
 * The built web app (issue 28 point 4): files precompressed at build time (scripts/lib/precompress.mjs
 * writes `x.br` and `x.gz` beside `x`) are chosen by Accept-Encoding, always with
 * `Vary: Accept-Encoding` so a cache never hands brotli to a client that did not ask for it.
 * Content-hashed assets (Vite's `assets/name-HASH.ext`) never change under their name: cached for a
 * year, immutable. Everything else — index.html above all, which names the current assets — is
 * revalidated on every load (`no-cache` with its ETag), so a new build is picked up at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite's hashed output, relative to the build folder: `assets/<name>-<8+ chars of base64url hash>.<ext>` (and its .br/.gz). */
const HASHED = /^assets\/(?:.+\/)?[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.(?:br|gz))?$/;

/** The Cache-Control of a file of the build folder, by its path relative to that folder. */
export function cacheControlFor(relative: string): string {
  return HASHED.test(relative.split(path.sep).join('/')) ? IMMUTABLE : REVALIDATE;
}

export function hasWebApp(webDist: string | undefined): webDist is string {
  return !!webDist && fs.existsSync(path.join(webDist, 'index.html'));
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const fastifyStatic = (await import('@fastify/static')).default;
  // wildcard: one route for every file, so start-up does not walk the build folder (that took ~40 ms).
  await app.register(fastifyStatic, {
    root: webDist, prefix: '/', wildcard: true, index: ['index.html'], preCompressed: true,
    // Our own Cache-Control below, not send's `max-age=0`.
    cacheControl: false,
    setHeaders(res, file) {
      res.setHeader('cache-control', cacheControlFor(path.relative(webDist, file)));
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
}

/** The SPA fallback for client routes: index.html, compressed and revalidated like the rest. */
export function sendIndex(reply: FastifyReply) {
  return reply.sendFile('index.html');
}
