import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGE_KEYS, NOTIFICATION_TYPES } from '@askdb/contracts';
import { notificationStrings } from './i18n';

describe('notification strings', () => {
  it('every stored message key, type and feedback string exists in the three languages', () => {
    const en = Object.keys(notificationStrings['en-US']);
    for (const lang of ['zh-CN', 'ja-JP'] as const) expect(Object.keys(notificationStrings[lang]).sort()).toEqual([...en].sort());
    for (const k of NOTIFICATION_MESSAGE_KEYS) expect(en).toContain(`notice.msg.${k}`);
    for (const k of ['task.import.done', 'task.export.failed', 'order.credited']) expect(en).toContain(`notice.msg.${k}`);
    for (const t of NOTIFICATION_TYPES) expect(en).toContain(`notice.type.${t}`);
  });
});
