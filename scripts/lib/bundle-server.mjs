// The server build: one CommonJS bundle (`dist/server.cjs`) that the launcher (`dist/main.js`) runs
// through V8's code cache. CommonJS because Node 20 can cache only scripts, not ES modules; one file
// because esbuild splits only ES modules. Modules imported on demand stay lazy: esbuild wraps them and
// evaluates them on first import, and the code cache skips compiling them at start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * @param {string} root repository root
 * @param {(p: string) => boolean} isExternal packages left to Node's require
 */
export async function bundleServer(root, isExternal) {
  const esbuild = await import('esbuild');
  const outdir = path.join(root, 'apps/server/dist');
  fs.rmSync(outdir, { recursive: true, force: true });
  const bundle = path.join(outdir, 'server.cjs');
  await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: bundle,
    bundle: true,
    minify: true,
    keepNames: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    logLevel: 'error',
    mainFields: ['module', 'main'],
    define: { 'import.meta.url': '__askdbImportMetaUrl' },
    banner: { js: "const __askdbImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [{
      name: 'externals',
      setup(b) {
        // An external loaded with import() becomes a require() inside a lazy wrapper, so the bundle holds
        // no import() (a cached script cannot carry the loader callback import() needs on Node 20).
        b.onLoad({ filter: /.*/, namespace: 'askdb-require' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js', resolveDir: outdir }));
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@askdb/') || !isExternal(args.path)) return undefined;
          if (args.kind === 'dynamic-import' && !args.path.startsWith('node:')) return { path: args.path, namespace: 'askdb-require' };
          return { path: args.path, external: true };
        });
      },
    }],
  });
  const hash = crypto.createHash('sha256').update(fs.readFileSync(bundle)).digest('hex').slice(0, 16);
  await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/launch/main.ts')],
    outfile: path.join(outdir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    define: { __ASKDB_BUNDLE_HASH__: JSON.stringify(hash) },
  });
}
