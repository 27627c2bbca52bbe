/** Start the built AskDB server on a free port with its own temporary ASKDB_HOME; used by e2e and benches. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: found by walking up, so a bundled copy (benchmarks) resolves it too. */
function repoRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).workspaces) return dir;
    if (path.dirname(dir) === dir) throw new Error('repository root not found');
  }
}
const root = repoRoot();

export interface RunningServer {
  url: string;
  home: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-e2e-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    // Guide dialogs (offline trial, first login) off unless a spec turns them on: they would cover other specs' screens.
    env: { ...process.env, PORT: '0', ASKDB_HOME: home, ASKDB_LOG_LEVEL: 'warn', ASKDB_GUIDES: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = output.match(/running at (http:\/\/[^\s]+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    home,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL for server-mode stores in e2e (PGURL overrides; the test machine's trust login by default). */
const PG_ADMIN_URL = process.env.ASKDB_E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ServerModeServer extends RunningServer {
  /** The scratch store database, dropped by stop(). */
  databaseUrl: string;
}

/**
 * A server-mode AskDB (accounts, sessions, organisations) on its own port with a scratch PostgreSQL store
 * database created here and dropped by stop(); the local-mode server of the other specs is untouched.
 */
export async function startServerModeServer(env: Record<string, string> = {}): Promise<ServerModeServer> {
  const pg = (await import('pg')).default;
  const name = `askdb_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dropDb = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  // A copy of the built web app: a rebuild by someone else during the spec (vite empties dist first) cannot take its pages away.
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-e2e-web-'));
  fs.cpSync(path.join(root, 'apps/web/dist'), web, { recursive: true });
  if (!fs.existsSync(path.join(web, 'index.html'))) throw new Error('apps/web/dist has no index.html: build the web app first (node scripts/build.mjs)');
  let server: RunningServer;
  try {
    server = await startServer({ ASKDB_MODE: 'server', ASKDB_DATABASE_URL: databaseUrl, ASKDB_DEMO: '0', HOST: '127.0.0.1', ASKDB_WEB_DIST: web, ...env });
  } catch (e) {
    await dropDb();
    fs.rmSync(web, { recursive: true, force: true });
    throw e;
  }
  return {
    ...server,
    databaseUrl,
    async stop() {
      await server.stop();
      await dropDb();
      fs.rmSync(web, { recursive: true, force: true });
    },
  };
}
