/**
 * Copying grid cells: plain text (tab between cells, no header), TSV with a header row, JSON (array of
 * objects), or INSERT statements with the engine's quoting. SQL NULL stays distinct from the text 'NULL':
 * empty in text/TSV, null in JSON, NULL in SQL.
 */
import type { ResultHeader } from '@askdb/contracts';

type Cell = string | null;
export type CopyFormat = 'text' | 'tsv' | 'json' | 'insert';

export interface QuotingDialect {
  quoteIdentifier(name: string, force?: boolean): string;
  quoteString(value: string): string;
}

const tsvCell = (v: Cell) => (v === null ? '' : /[\t\n\r"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function unquotedInSql(h: ResultHeader, v: string): boolean {
  if (h.dataType === 'NUMERIC') return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v);
  if (h.dataType === 'BOOLEAN') return /^(true|false)$/i.test(v);
  return false;
}

export function formatCopy(format: CopyFormat, headers: ResultHeader[], rows: Cell[][], opts: { dialect?: QuotingDialect; tableName?: string } = {}): string {
  switch (format) {
    case 'text':
      return rows.map((r) => r.map(tsvCell).join('\t')).join('\n');
    case 'tsv':
      return [headers.map((h) => tsvCell(h.name)).join('\t'), ...rows.map((r) => r.map(tsvCell).join('\t'))].join('\n');
    case 'json':
      return JSON.stringify(
        rows.map((r) => Object.fromEntries(headers.map((h, i) => [h.name, r[i] ?? null]))),
        null,
        2,
      );
    case 'insert': {
      const d = opts.dialect ?? { quoteIdentifier: (n: string) => `"${n.replace(/"/g, '""')}"`, quoteString: (v: string) => `'${v.replace(/'/g, "''")}'` };
      const table = (opts.tableName || 'table_name')
        .split('.')
        .map((p) => d.quoteIdentifier(p))
        .join('.');
      const cols = headers.map((h) => d.quoteIdentifier(h.name)).join(', ');
      return rows
        .map((r) => `INSERT INTO ${table} (${cols}) VALUES (${r.map((v, i) => (v === null ? 'NULL' : unquotedInSql(headers[i]!, v) ? v : d.quoteString(v))).join(', ')});`)
        .join('\n');
    }
  }
}

/** The single table a SELECT reads from, if it reads from exactly one (for INSERT copies). */
export function tableOfSelect(sql: string): string | undefined {
  const m = /\bfrom\s+((?:[`"[]?[\w$]+[`"\]]?\.)*[`"[]?[\w$]+[`"\]]?)(\s+(?:as\s+)?\w+)?\s*(?:where|order|group|limit|having|offset|fetch|;|$)/i.exec(sql.trim());
  if (!m || /\bjoin\b/i.test(sql)) return undefined;
  return m[1]!.replace(/[`"[\]]/g, '');
}
