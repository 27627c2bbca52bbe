import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_LABELS } from '@askdb/contracts';
import { commerceStrings } from './i18n';
import { rewardStrings } from '../rewards/i18n';
import { INTRO_FEATURES } from './features-list';

const dirs = ['commerce', 'rewards'].map((d) => path.join(__dirname, '..', d));
const sources = dirs.flatMap((d) => fs.readdirSync(d).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts')).map((f) => fs.readFileSync(path.join(d, f), 'utf8')));

describe('commerce and rewards strings', () => {
  const all = [commerceStrings, rewardStrings];
  const known = new Set(all.flatMap((f) => Object.keys(f['en-US'])));
  it('have the same keys in en-US, zh-CN and ja-JP', () => {
    for (const f of all) {
      const en = Object.keys(f['en-US']).sort();
      expect(Object.keys(f['zh-CN']).sort()).toEqual(en);
      expect(Object.keys(f['ja-JP']).sort()).toEqual(en);
    }
  });
  it('define every literal key the screens use, and the keys built from values', () => {
    const used = new Set(sources.flatMap((s) => [...s.matchAll(/['`]((?:commerce|rewards)\.[A-Za-z.]+[A-Za-z])['`]/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(60);
    const built = [
      ...PLAN_LABELS.map((l) => `commerce.badge.${l}`),
      ...Object.values(INTRO_FEATURES).flat(),
      ...['PERSONAL', 'TEAM', 'LOCAL'].flatMap((k) => [`commerce.tab.${k}`, `commerce.intro.${k}`]),
      ...['YEAR', 'MONTH', 'FOREVER'].map((k) => `commerce.period.${k}`),
      ...['IN_USE', 'NOT_STARTED', 'EXPIRED', 'CANCELLED'].map((k) => `commerce.records.statusValue.${k}`),
      ...['WAITING', 'WITHDRAWING', 'WITHDRAWN', 'REJECTED'].flatMap((k) => [`rewards.status.${k}`, `rewards.wstatus.${k}`]),
    ];
    expect([...used, ...built].filter((k) => !known.has(k))).toEqual([]);
  });
  it('say "invalid invitation code" as the spec does', () => {
    expect(commerceStrings['en-US']['commerce.seat.codeInvalid']).toBe('Invalid invitation code');
    expect(rewardStrings['en-US']['rewards.form.required']).toBe('This field is required!');
  });
});
