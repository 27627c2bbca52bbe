#!/usr/bin/env node
// The licence authority's operator command: bundles apps/server/src/licence-cli.ts (workspace packages inlined) and runs it.
// Usage: node apps/server/bin/askdb-licence.mjs issue --count 2 [--valid-until ISO] [--product NAME] [--user ID --org ID] | public-key
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outdir = path.join(root, 'node_modules/.cache-askdb-licence-cli');
const outfile = path.join(outdir, 'licence-cli.cjs');
const esbuild = await import('esbuild');
fs.mkdirSync(outdir, { recursive: true });
await esbuild.build({
  entryPoints: [path.join(root, 'apps/server/src/licence-cli.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error',
  mainFields: ['module', 'main'], define: { 'import.meta.url': '__askdbImportMetaUrl' },
  banner: { js: "const __askdbImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [{ name: 'externals', setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@askdb/') ? undefined : { path: a.path, external: true })); } }],
});
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, ASKDB_LICENCE_CLI: '1' } });
process.exit(r.status ?? 1);
