// `npm run bench [filter…]`: bundle and run each bench/*.bench.ts; print one line per measurement:
// name, median, baseline median, ratio.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, ensureBuilt, bundleNode, root } from './lib/steps.mjs';

ensureInstalled();
await ensureBuilt();
const filters = process.argv.slice(2);
const files = fs.readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.bench.ts') && (filters.length === 0 || filters.some((x) => f.includes(x)))).sort();
const { formatLine } = await import(pathToFileURL(path.join(root, 'bench/dist/lib.mjs')).href).catch(async () => {
  await bundleNode('bench/lib.ts', 'bench/dist/lib.mjs');
  return import(pathToFileURL(path.join(root, 'bench/dist/lib.mjs')).href);
});
let failures = 0;
for (const f of files) {
  const out = `bench/dist/${f.replace(/\.ts$/, '.mjs')}`;
  await bundleNode(`bench/${f}`, out);
  try {
    const mod = await import(pathToFileURL(path.join(root, out)).href);
    const lines = await mod.default();
    for (const l of Array.isArray(lines) ? lines : [lines]) console.log(formatLine(l));
  } catch (e) {
    failures++;
    console.log(`${f}: FAILED ${(e && e.stack) || e}`);
  }
}
process.exit(failures ? 1 : 0);
