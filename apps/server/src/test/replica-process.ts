/**
 * A server replica as a real process (tests and the team soak): the server's main.ts bundled once
 * with esbuild (or an already built entry), started with its own ASKDB_HOME on a free port, ready
 * when it prints its start line. Real processes because what they prove — a SIGKILLed replica,
 * RSS per replica — cannot be played inside one Node process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder up with package-lock.json (this file may run bundled elsewhere, e.g. bench/dist). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package-lock.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('replica-process: no package-lock.json above this file');
    dir = up;
  }
  return dir;
}
const root = findRoot();

/**
 * Bundles apps/server/src/main.ts (npm packages left to node_modules, so the bundle sits in a folder
 * under node_modules where Node finds them); the entry file and a remover of its folder.
 */
export async function bundleServerMain(): Promise<{ entry: string; remove(): void }> {
  const esbuild = await import('esbuild');
  const outdir = fs.mkdtempSync(path.join(root, 'node_modules/.cache-askdb-replica-'));
  const outfile = path.join(outdir, 'server.cjs');
  await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error',
    mainFields: ['module', 'main'], define: { 'import.meta.url': '__askdbImportMetaUrl' },
    banner: { js: "const __askdbImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [{ name: 'externals', setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@askdb/') ? undefined : { path: a.path, external: true })); } }],
  });
  return { entry: outfile, remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

export interface ReplicaProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  home: string;
  child: ChildProcess;
  /** What the process printed last (for failure messages). */
  output(): string;
  alive(): boolean;
  /** SIGKILL: no shutdown code runs, as when a machine or container dies. */
  kill(): Promise<void>;
  /** SIGTERM and wait, then remove its home. */
  stop(): Promise<void>;
}

export interface ReplicaOptions {
  entry: string;
  env: Record<string, string>;
  /** Node flags before the entry (e.g. --max-old-space-size). */
  nodeArgs?: string[];
  startTimeoutMs?: number;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Starts one replica on 127.0.0.1 with a port of its own; resolves when it says where it runs. */
export async function startReplica(opts: ReplicaOptions): Promise<ReplicaProcess> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-replica-'));
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.entry], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ASKDB_HOME: home, ASKDB_DEMO: '0', ASKDB_LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => { out = (out + d.toString()).slice(-20_000); };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the replica did not start:\n${out}`)), opts.startTimeoutMs ?? 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      keep(d);
      const m = out.match(/running at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', keep);
    child.once('exit', (c, s) => { clearTimeout(timer); reject(new Error(`the replica exited (${c ?? s}):\n${out}`)); });
  });
  const gone = () => (exited(child) ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r())));
  return {
    url, home, child,
    output: () => out,
    alive: () => !exited(child),
    async kill() {
      if (!exited(child)) child.kill('SIGKILL');
      await gone();
    },
    async stop() {
      if (!exited(child)) child.kill('SIGTERM');
      await gone();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A JSON call with an optional session cookie; the parsed envelope. */
export async function callJson(base: string, method: string, p: string, body?: unknown, cookie?: string): Promise<{ status: number; body: any; setCookie: string[] }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  const res = await fetch(base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: parsed, setCookie: res.headers.getSetCookie() };
}
