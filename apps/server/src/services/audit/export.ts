/**
 * The audit page's CSV export: every row matching the filters, newest first, streamed in chunks
 * (waiting for the socket to drain). Cells a spreadsheet would read as a formula (=, +, -, @, tab,
 * carriage return first) are prefixed with an apostrophe, so an audited statement such as
 * `=HYPERLINK(…)` is shown, never evaluated.
 */
import type { Writable } from 'node:stream';
import type { Language, SqlAuditRecord } from '@askdb/contracts';
import type { AuditFilter, SqlAuditRepo } from '../../store/sql-audit.js';
import { textSink } from '../export-writers.js';
import { auditMsg, type AuditMessageKey } from './messages.js';

const COLUMNS: (keyof SqlAuditRecord)[] = ['id', 'startTime', 'userName', 'userId', 'dataSourceId', 'databaseName', 'schemaName', 'statementType', 'sql', 'duration', 'rowCount', 'success', 'message', 'clientIp'];

/** One CSV cell: formula-injection-safe, quoted when it holds a separator, quote, line break or edge space. */
export function csvSafeCell(v: string | number | boolean | null): string {
  if (v === null) return '';
  if (typeof v !== 'string') return String(v);
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export async function writeAuditCsv(out: Writable, repo: SqlAuditRepo, filter: AuditFilter, lang: Language): Promise<number> {
  const write = textSink(out);
  await write('\uFEFF' + COLUMNS.map((c) => csvSafeCell(auditMsg(lang, c as AuditMessageKey))).join(',') + '\r\n');
  const ok = auditMsg(lang, 'succeeded');
  const failed = auditMsg(lang, 'failed');
  let n = 0;
  for await (const rows of repo.each(filter)) {
    n += rows.length;
    await write(rows.map((r) => COLUMNS.map((c) => csvSafeCell(c === 'success' ? (r.success ? ok : failed) : r[c])).join(',')).join('\r\n') + '\r\n');
  }
  return n;
}
