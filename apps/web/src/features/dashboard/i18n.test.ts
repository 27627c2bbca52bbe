import { describe, expect, it } from 'vitest';
import { CHART_TYPES, REFRESH_KINDS } from '@askdb/contracts';
import { dashboardStrings } from './i18n';

describe('dashboard strings', () => {
  it('has the same keys in en-US, zh-CN and ja-JP, with every chart type and refresh kind named', () => {
    const en = Object.keys(dashboardStrings['en-US']).sort();
    expect(Object.keys(dashboardStrings['zh-CN']).sort()).toEqual(en);
    expect(Object.keys(dashboardStrings['ja-JP']).sort()).toEqual(en);
    for (const t of CHART_TYPES) expect(en).toContain(`dashboard.type.${t}`);
    for (const k of REFRESH_KINDS) expect(en).toContain(`dashboard.refresh.${k}`);
    expect(dashboardStrings['en-US']['dashboard.required']).toBe('This field is required!');
  });
});
