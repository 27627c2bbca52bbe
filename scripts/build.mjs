// `npm run build`: build the server bundle and the web app when their sources changed.
import { ensureInstalled, ensureBuilt } from './lib/steps.mjs';
ensureInstalled();
await ensureBuilt();
