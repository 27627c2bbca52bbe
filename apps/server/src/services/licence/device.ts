/**
 * This install's device identity: a stable id kept in $ASKDB_HOME/device.json (created on first
 * use), the computer's name and operating system. The id is what a device certificate names.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LicenceDevice } from '@askdb/contracts';

const OS_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

export function loadDevice(home: string): LicenceDevice {
  const file = path.join(home, 'device.json');
  let id: string | null = null;
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { id?: unknown };
    if (typeof parsed.id === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(parsed.id)) id = parsed.id;
  } catch {
    /* absent or unreadable: a new identity */
  }
  if (!id) {
    id = crypto.randomUUID().toUpperCase();
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ id, createdAt: new Date().toISOString() }, null, 2) + '\n', { mode: 0o600 });
  }
  const name = (os.hostname() || 'computer').slice(0, 255);
  const osName = `${OS_NAMES[process.platform] ?? process.platform} ${os.release()} (${process.arch})`.slice(0, 255);
  return { id, name, os: osName };
}
