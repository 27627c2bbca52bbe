// The browser for the end-to-end tests: Debian's chromium (Playwright never downloads one). When it is
// missing, `npm test` installs it from Debian if it can (root with apt-get), or stops with one clear line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Returns null when Chromium is there (or was installed), else the one line that says why the browser tests cannot run. */
export function ensureChromium() {
  const exe = chromiumPath();
  if (fs.existsSync(exe)) return null;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
    return `askdb: the browser tests need Chromium at ${exe}: install Debian's package (apt-get install chromium fonts-noto-cjk) or set CHROMIUM_PATH`;
  }
  console.log(`askdb: Chromium is missing; installing Debian's chromium and CJK fonts (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env }) : update;
  if (install.status !== 0 || !fs.existsSync(exe)) return `askdb: could not install Chromium with apt-get (exit ${install.status}); install Debian's chromium package, or set CHROMIUM_PATH`;
  return null;
}
