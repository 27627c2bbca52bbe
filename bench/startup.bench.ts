/**
 * Startup: time from `node` starting the built server to its first successful GET /api/system, against a
 * bare Fastify hello world started the same way (target ratio ≤ 1.5). The AskDB home already exists
 * (a restart), so first-run work (demo generation) is not counted; it is reported separately. Starts run
 * from the V8 code cache the build's warm-up start saved; the same restart without it is reported too.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { median, repoRoot, type BenchLine } from './lib.js';


async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

async function timeToFirstResponse(script: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env, PORT: String(port), ASKDB_LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/system`);
        if (r.ok) return performance.now() - t0;
      } catch {
        /* not listening yet */
      }
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      if (performance.now() - t0 > 30_000) throw new Error(`${script} did not answer in 30 s`);
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

export default async function run(): Promise<BenchLine[]> {
  const root = repoRoot();
  const server = path.join(root, 'apps/server/dist/main.js');
  const hello = path.join(root, 'bench/fixtures/hello-fastify.mjs');
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-bench-startup-'));
  const firstRun = await timeToFirstResponse(server, { ASKDB_HOME: home });
  const ours: number[] = [];
  const base: number[] = [];
  const noCache: number[] = [];
  for (let i = 0; i < 9; i++) {
    // Interleave so noise hits all alike.
    base.push(await timeToFirstResponse(hello, {}));
    ours.push(await timeToFirstResponse(server, { ASKDB_HOME: home }));
    noCache.push(await timeToFirstResponse(server, { ASKDB_HOME: home, ASKDB_CODE_CACHE: '0' }));
  }
  fs.rmSync(home, { recursive: true, force: true });
  return [{
    name: 'startup: first GET /api/system after node starts',
    unit: 'ms',
    median: median(ours),
    baselineName: 'bare Fastify hello world',
    baselineMedian: median(base),
    target: '<= 1.5',
    extra: {
      firstRunWithDemoMs: Math.round(firstRun),
      withoutCodeCacheMs: Math.round(median(noCache)),
      withoutCodeCacheRatio: (median(noCache) / median(base)).toFixed(3),
    },
  }];
}
