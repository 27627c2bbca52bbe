/** The built entry point as a user starts it: one clear line and exit 1 when it cannot start. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [dist], { env: { ...process.env, ASKDB_LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => {
      stdout += d;
      if (stdout.includes('is running at')) child.kill('SIGTERM');
    });
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

describe.skipIf(!fs.existsSync(dist))('askdb entry point', () => {
  it('a port already in use gives one clear line and exit code 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-main-'));
    try {
      const r = await runMain({ PORT: String(port), ASKDB_HOME: home, ASKDB_DEMO: '0' });
      expect(r.code).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`port ${port}`);
      expect(lines[0]).toContain('already in use');
    } finally {
      blocker.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('a corrupt store gives one clear line and exit code 1', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-main-'));
    fs.writeFileSync(path.join(home, 'askdb.sqlite'), 'garbage'.repeat(1000));
    try {
      const r = await runMain({ PORT: '0', ASKDB_HOME: home, ASKDB_DEMO: '0' });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/askdb\.sqlite cannot be read/);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('starts and says where it runs', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-main-'));
    try {
      const r = await runMain({ PORT: '0', ASKDB_HOME: home, ASKDB_DEMO: '0' });
      expect(r.stdout).toMatch(/AskDB .* \(local mode\) is running at http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('a restart runs from the code cache the first start saved', async () => {
    const cache = path.join(path.dirname(dist), '.server.cjs.v8cache');
    fs.rmSync(cache, { force: true });
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-main-'));
    try {
      const first = await runMain({ PORT: '0', ASKDB_HOME: home, ASKDB_DEMO: '0' });
      expect(first.stdout).toContain('is running at');
      const saved = fs.statSync(cache);
      expect(saved.size).toBeGreaterThan(100_000);
      expect(fs.readFileSync(cache).subarray(0, 17).toString()).toBe('askdb-code-cache ');
      // The second start accepts the cache, so it does not write it again.
      const second = await runMain({ PORT: '0', ASKDB_HOME: home, ASKDB_DEMO: '0' });
      expect(second.stdout).toContain('is running at');
      expect(fs.statSync(cache).mtimeMs).toBe(saved.mtimeMs);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
