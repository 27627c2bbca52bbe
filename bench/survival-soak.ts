/**
 * The survival soak (issue 23.1): the whole corpus through the console API of a real server
 * process — MariaDB's mysql-test suite (package mariadb-test; mysqltest commands dropped) as a
 * user limited to a scratch database, and the PostgreSQL corpus (bench/fixtures/survival-pg) as a
 * non-superuser. After each file GET /api/system must answer; a request answered 5xx, or a server
 * that dies (it is restarted to go on), is a failure, printed with the file and what was sent.
 *
 *   npm run soak -w bench [-- --only main --limit 200 --pg-only --mariadb-only --pg-dir DIR]
 *
 * `--only X` keeps mysql-test files whose path contains X (default: every *.test of the package).
 * `--pg-dir DIR` adds the *.sql files of DIR to the PostgreSQL corpus (e.g. PostgreSQL's own
 * src/test/regress/sql from a source checkout).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot as rootOf } from './lib.js';
import { MYSQL_TEST_DIR, mysqlTestFiles, pgCorpusFiles, surviveFile, type FileOutcome, type SurvivalApi } from '../apps/server/src/survival/runner.js';
import { scratchMariadb, scratchPostgres, type Scratch } from '../apps/server/src/survival/scratch.js';

const root = rootOf();
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

class Server {
  child: ChildProcess | null = null;
  stderr = '';
  deaths: { file: string; exit: string; stderr: string }[] = [];
  base = '';
  constructor(private readonly home: string) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.stderr = '';
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { env: { ...process.env, ASKDB_HOME: this.home, PORT: String(port), ASKDB_LOG_LEVEL: 'warn', ASKDB_DEMO: '0' }, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr!.on('data', (d: Buffer) => { this.stderr = (this.stderr + d.toString()).slice(-4000); });
    this.child = child;
    const t0 = Date.now();
    while (Date.now() - t0 < 60_000) {
      if (child.exitCode !== null) throw new Error(`the server exited at start (${child.exitCode}): ${this.stderr}`);
      if ((await this.system()) === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not answer within 60 s');
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async system(): Promise<number> {
    try {
      return (await fetch(`${this.base}/api/system`, { signal: AbortSignal.timeout(30_000) })).status;
    } catch {
      return 0;
    }
  }

  async post(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
    try {
      const res = await fetch(`${this.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(300_000) });
      const text = await res.text();
      let parsed: unknown = text;
      try { parsed = JSON.parse(text); } catch { /* not JSON */ }
      return { status: res.status, body: parsed };
    } catch (e) {
      return { status: 0, body: String(e) };
    }
  }

  stop(): void {
    if (this.alive) this.child!.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-soak-'));
  const server = new Server(home);
  const scratches: Scratch[] = [];
  const outcomes: FileOutcome[] = [];
  try {
    await server.start();
    const api: SurvivalApi = { execute: (body) => server.post('/api/rdb/dml/execute', body), system: () => server.system() };
    const sourceFor = async (s: Scratch) => {
      scratches.push(s);
      const r = await server.post('/api/connection/datasource/create', s.source);
      const id = (r.body as { data?: number }).data;
      if (typeof id !== 'number') throw new Error(`creating the data source failed: ${JSON.stringify(r.body)}`);
      return id;
    };
    const runAll = async (label: string, files: string[], make: () => Promise<Scratch>) => {
      let scratch = await make();
      let id = await sourceFor(scratch);
      const t0 = Date.now();
      let statements = 0;
      let answered = 0;
      let failed = 0;
      const errors = new Map<string, number>();
      for (const [i, f] of files.entries()) {
        const o = await surviveFile(api, id, f, errors);
        await scratch.repair();
        statements += o.statements;
        answered += o.answered;
        failed += o.failedStatements;
        for (const x of o.refused) errors.set(`request refused: ${x}`, (errors.get(`request refused: ${x}`) ?? 0) + 1);
        outcomes.push(o);
        const dead = !server.alive;
        if (dead || o.faults.length || o.systemStatus !== 200) {
          console.log(`${label} FAIL ${path.relative(root, f).replace(/^\.\.\/+/, '/')}: ${dead ? `the server died (${server.child?.exitCode ?? server.child?.signalCode})` : ''} ${o.faults.map((x) => `${x.status} ${x.body}`).join(' | ')} system=${o.systemStatus}`);
        }
        if (dead) {
          server.deaths.push({ file: f, exit: String(server.child?.exitCode ?? server.child?.signalCode), stderr: server.stderr });
          console.log(server.stderr);
          await server.start();
          scratch = await make();
          id = await sourceFor(scratch);
        }
        if ((i + 1) % 50 === 0) console.log(`${label}: ${i + 1}/${files.length} files, ${statements} statements, ${Math.round((Date.now() - t0) / 1000)} s`);
      }
      console.log(`${label}: ${files.length} files, ${statements} statements (${answered} answered, ${failed} of them errors) in ${Math.round((Date.now() - t0) / 1000)} s`);
      console.log(`${label}: most frequent errors:\n${[...errors].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([m, n]) => `  ${n}\t${m}`).join('\n')}`);
    };
    const pgDir = option('--pg-dir');
    const extra = pgDir ? fs.readdirSync(pgDir).filter((f) => f.endsWith('.sql')).sort().map((f) => path.resolve(pgDir, f)) : [];
    if (!flag('--mariadb-only')) await runAll('postgres', [...pgCorpusFiles(root), ...extra], scratchPostgres);
    if (!flag('--pg-only')) {
      const only = option('--only');
      const limit = Number(option('--limit') ?? Infinity);
      const files = mysqlTestFiles(MYSQL_TEST_DIR).filter((f) => !only || f.includes(only)).slice(0, limit);
      if (!files.length) console.log(`mariadb: no mysql-test files at ${MYSQL_TEST_DIR} (install the Debian package mariadb-test)`);
      else await runAll('mariadb', files, scratchMariadb);
    }
  } finally {
    server.stop();
    for (const s of scratches) await s.drop().catch(() => undefined);
    fs.rmSync(home, { recursive: true, force: true });
  }
  const failed = outcomes.filter((o) => o.faults.length || o.systemStatus !== 200);
  console.log(`survival soak: ${outcomes.length} files, ${outcomes.reduce((n, o) => n + o.statements, 0)} statements, ${server.deaths.length} server deaths, ${failed.length} files with a 5xx or no answer`);
  process.exitCode = server.deaths.length || failed.length ? 1 : 0;
}

await main();
