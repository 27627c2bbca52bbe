/**
 * The built server's entry (`dist/main.js`): runs the server bundle (`dist/server.cjs`) through V8's code
 * cache (`dist/.server.cjs.v8cache`), so a restart skips compiling it. The cache is keyed by the bundle's
 * content hash (set at build time), the CPU architecture and the V8 version, and is written once the
 * server listens. ASKDB_CODE_CACHE=0 turns it off.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './code-cache.js';

declare const __ASKDB_BUNDLE_HASH__: string;

const dir = path.dirname(fileURLToPath(import.meta.url));
const cache = process.env.ASKDB_CODE_CACHE === '0'
  ? null
  : { path: path.join(dir, '.server.cjs.v8cache'), key: `${__ASKDB_BUNDLE_HASH__} ${process.arch} ${process.versions.v8}` };

const run = runWithCodeCache(path.join(dir, 'server.cjs'), cache);
if (cache && !run.cacheUsed) {
  // Saved at once (~20 ms, first start only): a server stopped right after it starts still leaves its cache.
  process.once('askdb:listening', () => run.save());
}
