/**
 * Every notification the server sends can be read: each messageKey used by the server's notify calls
 * (apps/server/src/services) has a `notice.msg.<key>` string in en-US, zh-CN and ja-JP, in the strings
 * the app actually loads (shell, settings and every registered feature). Keys are read from the server's
 * sources: quoted keys in the files that notify, and template keys expanded over the contracts' enums.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINISHED_TASK_STATES, TASK_KINDS } from '@askdb/contracts';
import { featureStrings } from '../../i18n/features';
import { shellStrings } from '../../app/i18n';
import { settingsStrings } from '../settings/i18n';
import { notificationStrings } from './i18n';
import type { Locale } from '../../i18n/types';

const SERVICES = path.resolve(__dirname, '../../../../server/src/services');
/** The notification mechanism itself (it passes keys on, it does not choose them). */
const MECHANISM = path.join(SERVICES, 'notifications');

/** The values a `${…}` part of a template key takes. A new dynamic part must be added here. */
const DYNAMIC_PARTS: Record<string, readonly string[]> = {
  'task.kind.toLowerCase()': TASK_KINDS.map((k) => k.toLowerCase()),
  'state.toLowerCase()': FINISHED_TASK_STATES.map((s) => s.toLowerCase()),
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === MECHANISM ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

function expand(template: string): string[] {
  const parts = template.split(/(\$\{[^}]+\})/).filter(Boolean);
  return parts.reduce<string[]>((acc, part) => {
    const m = /^\$\{([^}]+)\}$/.exec(part);
    const values = m ? DYNAMIC_PARTS[m[1]!.trim()] : [part];
    if (!values) throw new Error(`messageKey template part ${part} has no known values: add it to DYNAMIC_PARTS`);
    return acc.flatMap((a) => values.map((v) => a + v));
  }, ['']);
}

/** The message keys the server sends, from the files that call notify (or a wrapper that declares `messageKey`). */
function serverMessageKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of sourceFiles(SERVICES)) {
    const src = fs.readFileSync(file, 'utf8');
    if (!/messageKey/.test(src)) continue;
    const where = path.relative(SERVICES, file);
    // Wrappers that take the key (`const send = (…, messageKey: string, …) =>`): their calls carry it.
    const wrappers = [...src.matchAll(/(\w+)\s*=\s*(?:async\s*)?\([^)]*\bmessageKey\s*:\s*string/g)].map((m) => m[1]!);
    const carries = (line: string) => /messageKey/.test(line) || wrappers.some((w) => new RegExp(`\\b${w}\\(`).test(line));
    // Quoted dotted keys on those lines: `messageKey: 'x.y'`, a `'x.y' | 'x.z'` union, `send(…, 'x.y', …)`.
    for (const line of src.split('\n').filter(carries)) {
      for (const m of line.matchAll(/'([a-z][a-zA-Z]*(?:\.[a-z][a-zA-Z]*)+)'/g)) keys.set(m[1]!, where);
    }
    for (const m of src.matchAll(/messageKey:\s*`([^`]*)`/g)) for (const k of expand(m[1]!)) keys.set(k, where);
  }
  return keys;
}

const LOCALES: Locale[] = ['en-US', 'zh-CN', 'ja-JP'];
const loaded = (loc: Locale): Record<string, string> => Object.assign({}, ...[shellStrings, settingsStrings, ...featureStrings].map((f) => f[loc]));

describe('notification strings for the server’s message keys', () => {
  const keys = serverMessageKeys();

  it('finds the keys every notifying service sends (commerce, approvals, tasks, dashboards)', () => {
    for (const k of ['order.paid', 'order.cancelled', 'order.credited', 'approval.requested', 'approval.decided', 'task.import.done', 'task.export.failed', 'dashboard.refreshFailed']) {
      expect(keys.has(k), k).toBe(true);
    }
  });

  it('has a string for each in en-US, zh-CN and ja-JP', () => {
    const missing = LOCALES.flatMap((loc) => {
      const strings = loaded(loc);
      return [...keys].filter(([k]) => !strings[`notice.msg.${k}`]?.trim()).map(([k, where]) => `${loc} notice.msg.${k} (sent by ${where})`);
    });
    expect(missing).toEqual([]);
  });

  it('only the notification feature defines notice.msg.* strings (no second wording elsewhere)', () => {
    const elsewhere = [shellStrings, settingsStrings, ...featureStrings].filter((f) => f !== notificationStrings)
      .flatMap((f) => LOCALES.flatMap((loc) => Object.keys(f[loc] ?? {}).filter((k) => k.startsWith('notice.msg.')).map((k) => `${loc} ${k}`)));
    expect(elsewhere).toEqual([]);
  });

  it('the strings of a key name the same parameters in every language', () => {
    const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const en = loaded('en-US');
    for (const [k] of keys) {
      for (const loc of LOCALES.slice(1)) expect(names(loaded(loc)[`notice.msg.${k}`] ?? ''), `${loc} ${k}`).toEqual(names(en[`notice.msg.${k}`] ?? ''));
    }
  });
});
