/** The editor's state and what Save sends (pure): only what the user set, per column. */
import type { AiColumnFields, AiTableInfoAnswer, AiTableInfoSave } from './api';

export interface InfoForm {
  aiTableName: string;
  aiTableComment: string;
  columns: Record<string, AiColumnFields>;
}

export const COLUMN_FIELDS = ['aliasName', 'aliasComment', 'foreignTable', 'foreignColumn', 'exampleData', 'enumValues', 'exampleFunction', 'extraAttribute', 'excluded'] as const;

export function formOf(a: AiTableInfoAnswer): InfoForm {
  const columns: Record<string, AiColumnFields> = {};
  for (const c of a.columns) {
    const fields: AiColumnFields = {};
    for (const k of COLUMN_FIELDS) if (c[k] !== undefined) (fields as Record<string, unknown>)[k] = c[k];
    columns[c.name] = fields;
  }
  return { aiTableName: a.aiTableName ?? '', aiTableComment: a.aiTableComment ?? '', columns };
}

function cleanColumn(f: AiColumnFields): AiColumnFields {
  const out: AiColumnFields = {};
  for (const k of COLUMN_FIELDS) {
    const v = f[k];
    if (k === 'excluded') {
      if (v) out.excluded = true;
    } else if (k === 'enumValues') {
      const list = ((v as string[] | undefined) ?? []).map((s) => s.trim()).filter(Boolean);
      if (list.length) out.enumValues = list;
    } else if (typeof v === 'string' && v.trim()) (out as Record<string, unknown>)[k] = v.trim();
  }
  return out;
}

/** A comparable form (trimmed, empty fields dropped): two forms that save the same are equal. */
export function normalized(f: InfoForm): string {
  const cols = Object.entries(f.columns).map(([name, c]) => [name, cleanColumn(c)] as const).filter(([, c]) => Object.keys(c).length).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ n: f.aiTableName.trim(), c: f.aiTableComment.trim(), cols });
}

/** How many columns (and the table's own fields) differ from the baseline: the pending-changes count. */
export function changeCount(base: InfoForm, now: InfoForm): number {
  let n = base.aiTableName.trim() !== now.aiTableName.trim() || base.aiTableComment.trim() !== now.aiTableComment.trim() ? 1 : 0;
  for (const name of new Set([...Object.keys(base.columns), ...Object.keys(now.columns)])) {
    if (JSON.stringify(cleanColumn(base.columns[name] ?? {})) !== JSON.stringify(cleanColumn(now.columns[name] ?? {}))) n++;
  }
  return n;
}

export function saveBody(a: AiTableInfoAnswer, f: InfoForm): AiTableInfoSave {
  return {
    dataSourceId: a.dataSourceId,
    databaseName: a.databaseName,
    schemaName: a.schemaName,
    tableName: a.tableName,
    collectionId: a.collectionId,
    version: a.version,
    aiTableName: f.aiTableName.trim(),
    aiTableComment: f.aiTableComment.trim(),
    columns: Object.entries(f.columns).map(([name, c]) => ({ name, ...cleanColumn(c) })).filter((c) => Object.keys(c).length > 1),
  };
}
