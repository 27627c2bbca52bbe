// `npm run soak:team -w bench`: bundles bench/team-soak.ts (it bundles the server itself, privately) and runs it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleNode, root } from '../scripts/lib/steps.mjs';

await bundleNode('bench/team-soak.ts', 'bench/dist/team-soak/team-soak.mjs');
await import(pathToFileURL(path.join(root, 'bench/dist/team-soak/team-soak.mjs')).href);
