import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUSES } from '@askdb/contracts';
import { permissionStrings } from './i18n';
import { approvalStrings } from '../approvals/i18n';

const dirs = ['permissions', 'approvals'].map((d) => path.join(__dirname, '..', d));
const sources = dirs.flatMap((d) => fs.readdirSync(d).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts')).map((f) => fs.readFileSync(path.join(d, f), 'utf8')));
const all = [permissionStrings, approvalStrings];
const known = new Set(all.flatMap((f) => Object.keys(f['en-US'])));

describe('governance strings', () => {
  it('have the same keys in en-US, zh-CN and ja-JP', () => {
    for (const f of all) {
      const en = Object.keys(f['en-US']).sort();
      expect(Object.keys(f['zh-CN']).sort()).toEqual(en);
      expect(Object.keys(f['ja-JP']).sort()).toEqual(en);
    }
  });
  it('define every literal key the dialog, forms and lists use', () => {
    const used = new Set(sources.flatMap((s) => [...s.matchAll(/\bt\('((?:perm|approval)\.[A-Za-z_.]+)'/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(60);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
  it('name every flow status, action and grant level the built keys reach', () => {
    const built = [
      ...APPROVAL_STATUSES.map((s) => `approval.status.${s}`),
      ...['approve', 'reject', 'transfer', 'add_signature', 'revoke'].flatMap((a) => [`approval.act.${a}`, `approval.done.${a}`]),
      ...['DATA', 'SCRIPT', 'JOIN'].map((x) => `approval.types.${x}`),
      ...['READ', 'WRITE', 'DDL'].map((x) => `perm.action.${x}`),
      ...['DATA_SOURCE', 'DATABASE', 'SCHEMA', 'TABLE', 'COLUMN'].map((x) => `perm.level.${x}`),
    ];
    expect(built.filter((k) => !known.has(k))).toEqual([]);
  });
  it('title the dialog as the spec does', () => {
    expect(permissionStrings['en-US']['perm.restricted.title']).toBe('Permissions restricted');
    expect(permissionStrings['en-US']['perm.restricted.apply']).toBe('Apply for permission');
  });
});
