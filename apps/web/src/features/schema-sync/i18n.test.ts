import { describe, expect, it } from 'vitest';
import { schemaSyncStrings } from './i18n.js';

describe('schema sync strings', () => {
  it('has every key in English, Chinese and Japanese, none left empty or untranslated', () => {
    const en = Object.keys(schemaSyncStrings['en-US']).sort();
    for (const loc of ['zh-CN', 'ja-JP'] as const) {
      expect(Object.keys(schemaSyncStrings[loc]).sort()).toEqual(en);
      for (const k of en) expect(schemaSyncStrings[loc][k]).toBeTruthy();
    }
    expect(schemaSyncStrings['zh-CN']['schemaSync.startDiff']).not.toBe(schemaSyncStrings['en-US']['schemaSync.startDiff']);
  });
});
