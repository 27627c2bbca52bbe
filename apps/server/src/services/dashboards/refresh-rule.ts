/**
 * Refresh rules (spec 02 §3): never, every N minutes, every day at HH:MM, or a custom cron rule,
 * validated with croner. A rule may fire at most once a minute: cron rules take 5 fields (no
 * seconds), and the next runs are checked to be a minute apart. Pure: `now` is always passed in,
 * so the scheduler's tests use a fake clock.
 */
import { Cron } from 'croner';
import type { RefreshRule } from '@askdb/contracts';

export type RuleProblem = 'MINUTES_RANGE' | 'TIME_FORMAT' | 'CRON_EMPTY' | 'CRON_FIELDS' | 'CRON_INVALID' | 'CRON_TOO_OFTEN' | 'TIMEZONE';
export type RuleCheck = { ok: true; rule: RefreshRule } | { ok: false; problem: RuleProblem; detail?: string };

const MINUTE = 60_000;
const NICKNAMES = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

function validZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The rule with only the fields of its kind, or why it is refused. */
export function checkRule(input: RefreshRule): RuleCheck {
  const timezone = input.timezone?.trim() || undefined;
  if (timezone && !validZone(timezone)) return { ok: false, problem: 'TIMEZONE', detail: timezone };
  switch (input.kind) {
    case 'NEVER':
      return { ok: true, rule: { kind: 'NEVER' } };
    case 'MINUTES': {
      const m = input.minutes;
      if (!Number.isInteger(m) || m! < 1 || m! > 1440) return { ok: false, problem: 'MINUTES_RANGE' };
      return { ok: true, rule: { kind: 'MINUTES', minutes: m } };
    }
    case 'DAILY': {
      const t = input.time?.trim() ?? '';
      const hit = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(t);
      if (!hit) return { ok: false, problem: 'TIME_FORMAT' };
      return { ok: true, rule: { kind: 'DAILY', time: t, ...(timezone ? { timezone } : {}) } };
    }
    case 'CRON': {
      const cron = input.cron?.trim().replace(/\s+/g, ' ') ?? '';
      if (!cron) return { ok: false, problem: 'CRON_EMPTY' };
      if (!NICKNAMES.has(cron.toLowerCase()) && cron.split(' ').length !== 5) return { ok: false, problem: 'CRON_FIELDS' };
      let job: Cron;
      try {
        job = new Cron(cron, { paused: true, ...(timezone ? { timezone } : { timezone: 'UTC' }) });
      } catch (e) {
        return { ok: false, problem: 'CRON_INVALID', detail: (e as Error).message };
      }
      const runs = job.nextRuns(6, new Date(Date.UTC(2030, 0, 1)));
      if (!runs.length) return { ok: false, problem: 'CRON_INVALID', detail: 'never fires' };
      for (let i = 1; i < runs.length; i++) if (runs[i]!.getTime() - runs[i - 1]!.getTime() < MINUTE) return { ok: false, problem: 'CRON_TOO_OFTEN' };
      return { ok: true, rule: { kind: 'CRON', cron, ...(timezone ? { timezone } : {}) } };
    }
  }
}

/** The 5-field cron equivalent of a daily or cron rule. */
function cronOf(rule: RefreshRule): string | null {
  if (rule.kind === 'CRON') return rule.cron ?? null;
  if (rule.kind === 'DAILY' && rule.time) {
    const [h, m] = rule.time.split(':');
    return `${Number(m)} ${Number(h)} * * *`;
  }
  return null;
}

/**
 * The next `count` runs strictly after `after`. Every N minutes counts from the last slot (or from
 * `after` for a new rule), so a dashboard refreshed at 10:07 every 15 minutes runs again at 10:22.
 */
export function nextRuns(rule: RefreshRule, after: Date, count = 5): Date[] {
  if (rule.kind === 'NEVER') return [];
  if (rule.kind === 'MINUTES') {
    const step = (rule.minutes ?? 60) * MINUTE;
    const start = Math.floor(after.getTime() / MINUTE) * MINUTE;
    return Array.from({ length: count }, (_, i) => new Date(start + step * (i + 1)));
  }
  const cron = cronOf(rule);
  if (!cron) return [];
  const job = new Cron(cron, { paused: true, timezone: rule.timezone || 'UTC' });
  return job.nextRuns(count, after);
}

export function nextRun(rule: RefreshRule, after: Date): Date | null {
  return nextRuns(rule, after, 1)[0] ?? null;
}
