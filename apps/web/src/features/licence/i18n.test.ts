import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDE_NAMES, LICENCE_EXPIRY_REASONS, LICENCE_STATES, PLUGIN_STATUSES, PURCHASE_STATUSES, FEATURES } from '@askdb/contracts';
import { licenceStrings } from './i18n';
import { guideStrings } from '../guide/i18n';

const dirs = ['licence', 'guide'].map((d) => path.join(__dirname, '..', d));
const sources = dirs.flatMap((d) => fs.readdirSync(d).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts')).map((f) => fs.readFileSync(path.join(d, f), 'utf8')));

describe('licence and guide strings', () => {
  const all = [licenceStrings, guideStrings];
  it('have the same keys in en-US, zh-CN and ja-JP', () => {
    for (const f of all) {
      const en = Object.keys(f['en-US']).sort();
      expect(Object.keys(f['zh-CN']).sort()).toEqual(en);
      expect(Object.keys(f['ja-JP']).sort()).toEqual(en);
    }
  });
  it('define every literal key the screens use, and every state, reason, status and feature', () => {
    const known = new Set(all.flatMap((f) => Object.keys(f['en-US'])));
    const used = new Set(sources.flatMap((s) => [...s.matchAll(/\bt\('((?:licence|guide)\.[A-Za-z.]+)'/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(40);
    const dynamic = [
      ...LICENCE_STATES.map((s) => `licence.state.${s}`), ...LICENCE_EXPIRY_REASONS.map((r) => `licence.reason.${r}`),
      ...PURCHASE_STATUSES.map((s) => `licence.purchase.${s}`), ...PLUGIN_STATUSES.map((s) => `licence.plugins.status.${s}`),
      ...FEATURES.map((f) => `licence.feature.${f}`), ...GUIDE_NAMES.filter((g) => g !== 'Subscribed').map((g) => `guide.${g}.title`),
    ];
    expect([...used, ...dynamic].filter((k) => !known.has(k))).toEqual([]);
  });
  it('spell the spec messages as the spec does', () => {
    expect(licenceStrings['en-US']['licence.code.required']).toBe('Activation code must be entered');
    expect(licenceStrings['en-US']['licence.aiNotSupported']).toBe('AI is not supported for offline activation');
    expect(licenceStrings['en-US']['licence.cert.failed']).toBe('Failed to get device certificate');
  });
});
