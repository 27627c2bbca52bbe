// `npm run soak -w bench`: builds the server when its sources changed, bundles bench/survival-soak.ts and runs it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, bundleNode, root } from '../scripts/lib/steps.mjs';

await ensureBuilt({ web: false });
await bundleNode('bench/survival-soak.ts', 'bench/dist/soak/survival-soak.mjs');
await import(pathToFileURL(path.join(root, 'bench/dist/soak/survival-soak.mjs')).href);
