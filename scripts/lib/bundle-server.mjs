// The server build: one CommonJS bundle (`dist/server.cjs`) that the launcher (`dist/main.js`) runs
// through V8's code cache. CommonJS because Node 20 can cache only scripts, not ES modules; one file
// because esbuild splits only ES modules. Modules imported on demand stay lazy: esbuild wraps them and
// evaluates them on first import, and the code cache skips compiling them at start.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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
  const options = {
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
  };
  await esbuild.build({ ...options, entryPoints: [path.join(root, 'apps/server/src/main.ts')], outfile: bundle });
  // The worker threads' entries, found next to the bundle (apps/server/src/services/sql-intel/worker-file.ts).
  await esbuild.build({ ...options, entryPoints: [path.join(root, 'apps/server/src/services/sql-intel/worker.ts')], outfile: path.join(outdir, 'sql-intel-worker.cjs') });
  await esbuild.build({ ...options, entryPoints: [path.join(root, 'apps/server/src/services/ai/schema-link-worker.ts')], outfile: path.join(outdir, 'schema-link-worker.cjs') });
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

/**
 * Starts the fresh build once (temporary home, no demo, any free port) and stops it as soon as it listens,
 * so the launcher saves the code cache now and the user's first start is as fast as a restart. Best effort:
 * a build without a warm cache still works and writes it on its first start.
 */
export async function warmCodeCache(root) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-warm-'));
  try {
    await new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
        env: { ...process.env, ASKDB_HOME: home, ASKDB_DEMO: '0', ASKDB_MODE: 'local', ASKDB_DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', ASKDB_LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('is running at')) child.kill('SIGTERM');
      });
      child.on('error', () => resolve());
      child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

