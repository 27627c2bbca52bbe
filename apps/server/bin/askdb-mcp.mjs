#!/usr/bin/env node
// AskDB's MCP server over stdio (apps/server/src/mcp-stdio.ts). Runs the prebuilt bundle when there
// is one (apps/server/dist/mcp-stdio.mjs); in a source checkout it bundles the TypeScript entry with
// esbuild first (about a second), into node_modules/.cache so packages resolve from the repo.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const prebuilt = path.resolve(here, '../dist/mcp-stdio.mjs');
if (fs.existsSync(prebuilt)) {
  await import(pathToFileURL(prebuilt).href);
} else {
  const root = path.resolve(here, '../../..');
  const esbuild = await import('esbuild');
  const outdir = path.join(root, 'node_modules/.cache/askdb-mcp');
  fs.mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, `mcp-stdio-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [path.resolve(here, '../src/mcp-stdio.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __askdbCreateRequire } from 'node:module'; const require = __askdbCreateRequire(import.meta.url);" },
    plugins: [{
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@askdb/') ? undefined : { path: args.path, external: true }));
      },
    }],
  });
  try {
    await import(pathToFileURL(outfile).href);
  } finally {
    fs.rmSync(outfile, { force: true });
  }
}
