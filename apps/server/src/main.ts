/** Entry point: read the environment, build the app, listen. One clear line and exit 1 on a start failure. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { configFromEnv } from './config.js';
import { startLine } from './launch/start-line.js';
import { buildApp } from './app.js';
import { StoreError } from './store/db.js';
import { leaseMsFromEnv, startTaskLeases } from './services/tasks/lease.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = [process.env.ASKDB_WEB_DIST, path.resolve(here, '../../web/dist'), path.resolve(here, '../../../apps/web/dist')]
  .filter((p): p is string => !!p)
  .find((p) => fs.existsSync(path.join(p, 'index.html')));

async function main(): Promise<void> {
  let config;
  try {
    config = configFromEnv(process.env, webDist);
  } catch (e) {
    console.error(`askdb: ${(e as Error).message}`);
    process.exit(1);
  }
  let built;
  try {
    built = await buildApp(config);
  } catch (e) {
    console.error(e instanceof StoreError ? `askdb: ${e.message}` : `askdb: could not start: ${(e as Error).message}`);
    process.exit(1);
  }
  const { app } = built;
  // Tasks left RUNNING by a replica that died are failed (with a notice) by whichever replica sweeps first.
  const leases = startTaskLeases(built.deps, { leaseMs: leaseMsFromEnv(process.env), log: app.log });
  app.addHook('preClose', () => leases.stop());
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') console.error(`askdb: port ${config.port} on ${config.host} is already in use; stop the other program or set PORT to a free port.`);
    else console.error(`askdb: could not listen on ${config.host}:${config.port}: ${err.message}`);
    await app.close().catch(() => {});
    process.exit(1);
  }
  // Signal handlers first: a stop sent as soon as the line below appears must close the server cleanly.
  const stop = async () => {
    await app.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The launcher (launch/main.ts) saves V8's code cache once the server is up.
  process.emit('askdb:listening' as never);
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  console.log(startLine(config, port));
}

process.on('unhandledRejection', (reason) => {
  console.error('askdb: unhandled rejection', reason);
});

void main();
