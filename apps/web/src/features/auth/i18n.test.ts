import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authStrings } from './i18n';
import { accountStrings } from '../settings/account/i18n';
import { teamStrings } from '../team/i18n';

const dirs = ['auth', 'team', 'settings/account'].map((d) => path.join(__dirname, '..', d));
const sources = dirs.flatMap((d) => fs.readdirSync(d).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts')).map((f) => fs.readFileSync(path.join(d, f), 'utf8')));

describe('accounts and teams strings', () => {
  const all = [authStrings, accountStrings, teamStrings];
  it('have the same keys in en-US, zh-CN and ja-JP', () => {
    for (const f of all) {
      const en = Object.keys(f['en-US']).sort();
      expect(Object.keys(f['zh-CN']).sort()).toEqual(en);
      expect(Object.keys(f['ja-JP']).sort()).toEqual(en);
    }
  });
  it('define every literal key the login page, settings and team tab use', () => {
    const known = new Set(all.flatMap((f) => Object.keys(f['en-US'])));
    const used = new Set(sources.flatMap((s) => [...s.matchAll(/\bt\('((?:auth|account|team)\.[A-Za-z.]+)'/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
  it('spell the spec messages as the spec does', () => {
    expect(authStrings['en-US']['auth.rule.required']).toBe('This field is required!');
    expect(authStrings['en-US']['auth.avatar.size']).toBe('File must be smaller than 1MB!');
    expect(teamStrings['en-US']['team.join.invalidCode']).toBe('Invalid team code');
  });
});
