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
    env: { ...process.env, PORT: '0', ASKDB_HOME: home, ASKDB_LOG_LEVEL: 'warn', ...env },
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
