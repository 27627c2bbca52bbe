/**
 * Sends corpus files through the console execute API and checks the server after each: every
 * request answers below 500, and GET /api/system answers 200. Shared by the survival test (Fastify
 * inject, a sample) and the soak (a real server process, the whole corpus: bench/survival-soak.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { mysqlScript, mysqltestStatements } from './mysqltest.js';

export interface SurvivalApi {
  /** POST /api/rdb/dml/execute; the status and the parsed body (null when the body is not JSON). */
  execute(body: Record<string, unknown>): Promise<{ status: number; body: unknown }>;
  /** GET /api/system; the status (0 when nothing answered). */
  system(): Promise<number>;
}

export interface FileOutcome {
  file: string;
  statements: number;
  /** Statements that answered (a script stops early when its connection is lost). */
  answered: number;
  failedStatements: number;
  /** Requests answered 5xx (or not at all), with what was sent. */
  faults: { status: number; body: string; sql: string }[];
  /** Requests refused as a whole (4xx, or no result list): their status and message. */
  refused: string[];
  systemStatus: number;
  ms: number;
}

/** Requests stay well under the body limit: a file is sent as scripts of at most this many characters. */
const SCRIPT_CHARS = 256 * 1024;

/** One corpus file as the console scripts to send. */
export function scriptsOf(file: string): { scripts: string[]; statements: number } {
  const text = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.sql')) return { scripts: [text], statements: 0 };
  const statements = mysqltestStatements(text);
  const scripts: string[] = [];
  let cur = '';
  for (const s of statements) {
    const part = mysqlScript([s]);
    if (cur && cur.length + part.length > SCRIPT_CHARS) { scripts.push(cur); cur = ''; }
    cur += part;
  }
  if (cur) scripts.push(cur);
  return { scripts, statements: statements.length };
}

/**
 * Sends one file as a console does (`consoleId`: one session connection, each run closing the
 * previous run's result cursor); `errors`, when given, counts the failed statements' messages.
 */
export async function surviveFile(api: SurvivalApi, dataSourceId: number, file: string, errors?: Map<string, number>, consoleId = 1): Promise<FileOutcome> {
  const started = performance.now();
  const { scripts, statements } = scriptsOf(file);
  const out: FileOutcome = { file, statements, answered: 0, failedStatements: 0, faults: [], refused: [], systemStatus: 0, ms: 0 };
  for (const sql of scripts) {
    const r = await api.execute({ dataSourceId, sql, pageSize: 5, errorContinue: true, consoleId });
    const results = (r.body as { data?: { success: boolean; message?: string }[] } | null)?.data;
    if (r.status >= 500 || r.status === 0) out.faults.push({ status: r.status, body: JSON.stringify(r.body).slice(0, 500), sql: sql.slice(0, 300) });
    if (!Array.isArray(results) && r.status < 500 && r.status !== 0) {
      const b = r.body as { errorCode?: string; errorMessage?: string } | null;
      out.refused.push(`${r.status} ${b?.errorCode ?? ''} ${(b?.errorMessage ?? '').slice(0, 120)}`);
    }
    if (Array.isArray(results)) {
      out.answered += results.length;
      for (const x of results) {
        if (x.success) continue;
        out.failedStatements++;
        if (errors) {
          const key = (x.message ?? '').split('\n')[0]!.replace(/'[^']*'|"[^"]*"|`[^`]*`|\d+/g, '…').slice(0, 80);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }
    out.systemStatus = await api.system();
    if (out.systemStatus !== 200) break;
  }
  if (!statements) out.statements = out.answered;
  out.systemStatus = await api.system();
  out.ms = Math.round(performance.now() - started);
  return out;
}

/** The mysql-test folder of the Debian package mariadb-test, when installed. */
export const MYSQL_TEST_DIR = process.env.ASKDB_MYSQL_TEST_DIR || '/usr/share/mysql/mysql-test';

/** Every `*.test` file under `dir` (sorted). */
export function mysqlTestFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.test')) out.push(p);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return out.sort();
}

/** The PostgreSQL corpus (bench/fixtures/survival-pg), setup files first. */
export function pgCorpusFiles(root: string): string[] {
  const dir = path.join(root, 'bench/fixtures/survival-pg');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().map((f) => path.join(dir, f));
}
