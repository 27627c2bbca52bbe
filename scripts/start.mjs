// `npm start`: install if needed, build if sources changed, then serve AskDB (local mode by default).
import { ensureInstalled, ensureBuilt, root } from './lib/steps.mjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

ensureInstalled();
await ensureBuilt();
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
