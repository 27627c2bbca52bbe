import { describe, expect, it } from 'vitest';
import { checkRule, nextRuns } from './refresh-rule.js';

const at = (iso: string) => new Date(iso);

describe('refresh rules', () => {
  it('refuses a cron rule that fires every second, and one with a seconds field', () => {
    expect(checkRule({ kind: 'CRON', cron: '* * * * * *' })).toMatchObject({ ok: false, problem: 'CRON_FIELDS' });
    expect(checkRule({ kind: 'CRON', cron: '*/1 * * * * *' })).toMatchObject({ ok: false, problem: 'CRON_FIELDS' });
  });

  it('refuses malformed and empty cron rules, accepts a 5-field one', () => {
    expect(checkRule({ kind: 'CRON', cron: '61 * * * *' })).toMatchObject({ ok: false, problem: 'CRON_INVALID' });
    expect(checkRule({ kind: 'CRON', cron: 'every day' })).toMatchObject({ ok: false });
    expect(checkRule({ kind: 'CRON', cron: '  ' })).toMatchObject({ ok: false, problem: 'CRON_EMPTY' });
    expect(checkRule({ kind: 'CRON', cron: '*/15  9-17 * * 1-5' })).toEqual({ ok: true, rule: { kind: 'CRON', cron: '*/15 9-17 * * 1-5' } });
  });

  it('checks minutes, daily time and time zone', () => {
    expect(checkRule({ kind: 'MINUTES', minutes: 0 })).toMatchObject({ ok: false, problem: 'MINUTES_RANGE' });
    expect(checkRule({ kind: 'MINUTES', minutes: 15 })).toEqual({ ok: true, rule: { kind: 'MINUTES', minutes: 15 } });
    expect(checkRule({ kind: 'MINUTES', minutes: 1440 })).toEqual({ ok: true, rule: { kind: 'MINUTES', minutes: 1440 } });
    expect(checkRule({ kind: 'MINUTES', minutes: 1441 })).toMatchObject({ ok: false, problem: 'MINUTES_RANGE' });
    expect(checkRule({ kind: 'DAILY', time: '24:00' })).toMatchObject({ ok: false, problem: 'TIME_FORMAT' });
    expect(checkRule({ kind: 'DAILY', time: '7:30' })).toMatchObject({ ok: false, problem: 'TIME_FORMAT' });
    expect(checkRule({ kind: 'DAILY', time: '07:30', timezone: 'Mars/Olympus' })).toMatchObject({ ok: false, problem: 'TIMEZONE' });
    expect(checkRule({ kind: 'NEVER', minutes: 5 })).toEqual({ ok: true, rule: { kind: 'NEVER' } });
  });

  it('lists the next five runs of each kind', () => {
    const now = at('2026-03-10T10:07:30Z');
    expect(nextRuns({ kind: 'NEVER' }, now)).toEqual([]);
    expect(nextRuns({ kind: 'MINUTES', minutes: 15 }, now).map((d) => d.toISOString())).toEqual([
      '2026-03-10T10:22:00.000Z', '2026-03-10T10:37:00.000Z', '2026-03-10T10:52:00.000Z', '2026-03-10T11:07:00.000Z', '2026-03-10T11:22:00.000Z',
    ]);
    expect(nextRuns({ kind: 'DAILY', time: '08:00' }, now).map((d) => d.toISOString()).slice(0, 2)).toEqual(['2026-03-11T08:00:00.000Z', '2026-03-12T08:00:00.000Z']);
    expect(nextRuns({ kind: 'DAILY', time: '08:00', timezone: 'Asia/Tokyo' }, now)[0]!.toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(nextRuns({ kind: 'CRON', cron: '0 */6 * * *' }, now).map((d) => d.toISOString()).slice(0, 3)).toEqual(['2026-03-10T12:00:00.000Z', '2026-03-10T18:00:00.000Z', '2026-03-11T00:00:00.000Z']);
  });
});
