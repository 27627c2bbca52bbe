import { startServer } from './server';

export default async function globalSetup() {
  if (process.env.ASKDB_E2E_URL) return;
  const server = await startServer();
  process.env.ASKDB_E2E_URL = server.url;
  process.env.ASKDB_E2E_HOME = server.home;
  return async () => {
    await server.stop();
  };
}
