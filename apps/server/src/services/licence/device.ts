/**
 * This install's device identity (issue 24 point 4): derived on every start from the machine itself
 * — the operating system's machine id, the host name, the CPU model and the MAC addresses of its
 * physical network interfaces — hashed, so nothing in $ASKDB_HOME can make another machine this
 * device. A home folder copied to another computer (device.json, the stored licence, the
 * certificate) comes up there as a different device, on which the stored licence is not valid
 * (local.ts checks `deviceId` on every evaluation). device.json only records the id last seen.
 *
 * The traits come from a source that tests replace (`machineTraits.source`) to play another machine;
 * the derivation and the check stay the real ones.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LicenceDevice } from '@askdb/contracts';

const OS_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

export interface MachineTraits {
  /** /etc/machine-id (systemd), /var/lib/dbus/machine-id, the Windows MachineGuid or the macOS IOPlatformUUID; '' when none is readable. */
  machineId: string;
  hostname: string;
  cpuModel: string;
  /** MAC addresses of physical interfaces, lower case. */
  macs: string[];
  platform: string;
  arch: string;
}

/** Interfaces that come and go with containers, VPNs and hypervisors: not part of the machine. */
const VIRTUAL_INTERFACE = /^(lo|docker|veth|br-|virbr|vmnet|vboxnet|tun|tap|utun|wg|zt|tailscale|cni|flannel|cali|kube|awdl|llw|bridge|anpi|ap\d)/i;

function readFirst(files: string[]): string {
  for (const f of files) {
    try {
      const v = fs.readFileSync(f, 'utf8').trim();
      if (v) return v;
    } catch {
      /* not on this system */
    }
  }
  return '';
}

/** The real source: what the operating system says about this machine. */
export function osMachineTraits(): MachineTraits {
  const macs = new Set<string>();
  for (const [name, addrs] of Object.entries(os.networkInterfaces())) {
    if (VIRTUAL_INTERFACE.test(name)) continue;
    for (const a of addrs ?? []) if (!a.internal && a.mac && a.mac !== '00:00:00:00:00:00') macs.add(a.mac.toLowerCase());
  }
  return {
    machineId: readFirst(['/etc/machine-id', '/var/lib/dbus/machine-id']),
    hostname: os.hostname(),
    cpuModel: (os.cpus()[0]?.model ?? '').trim(),
    macs: [...macs].sort(),
    platform: process.platform,
    arch: process.arch,
  };
}

/** Where the traits come from; tests swap the source to play another machine. */
export const machineTraits: { source: () => MachineTraits } = { source: osMachineTraits };

/** The device id of a set of traits: a SHA-256 of them, shown as an upper-case UUID-shaped string. */
export function deviceIdOf(t: MachineTraits): string {
  const canonical = JSON.stringify(['askdb-device-v1', t.machineId, t.hostname.toLowerCase(), t.cpuModel, [...t.macs].sort(), t.platform, t.arch]);
  const h = crypto.createHash('sha256').update(canonical).digest('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function loadDevice(home: string): LicenceDevice {
  const traits = machineTraits.source();
  const id = deviceIdOf(traits);
  const file = path.join(home, 'device.json');
  try {
    const seen = JSON.parse(fs.readFileSync(file, 'utf8')) as { id?: unknown };
    if (seen.id !== id) throw new Error('another device');
  } catch {
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ id, note: 'Derived from this machine on every start; editing it changes nothing.', seenAt: new Date().toISOString() }, null, 2) + '\n', { mode: 0o600 });
  }
  const name = (traits.hostname || 'computer').slice(0, 255);
  const osName = `${OS_NAMES[traits.platform] ?? traits.platform} ${os.release()} (${traits.arch})`.slice(0, 255);
  return { id, name, os: osName };
}
