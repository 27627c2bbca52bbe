/**
 * The shape of "Change AI table info" (spec 02 §3 "AI dataset: … AI table name and comment; per
 * column original name and comment, AI alias name and comment, foreign-key table and column,
 * example data, excluded flag, example function, enum, extra attribute"), as the API takes it and
 * the store keeps it. Only what the user set is kept; original names and comments come from the
 * database each time.
 */
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max).optional().transform((s) => (s ? s : undefined));

export const AiColumnInfo = z.object({
  /** The column's name in the database (the key; not editable). */
  name: z.string().min(1).max(1024),
  aliasName: text(255),
  aliasComment: text(2000),
  foreignTable: text(1024),
  foreignColumn: text(1024),
  /** Example values, as the user typed them (one line, comma separated, or several lines). */
  exampleData: text(2000),
  /** Excluded: the column never reaches a model (prompt, schema linking, samples, MCP). */
  excluded: z.boolean().optional().transform((b) => (b ? true : undefined)),
  /** An expression the AI should use with this column, e.g. `strftime('%Y', created_at)`. */
  exampleFunction: text(1000),
  /** The values the column may take. */
  enumValues: z.array(z.string().trim().min(1).max(255)).max(200).optional().transform((a) => (a?.length ? a : undefined)),
  extraAttribute: text(2000),
});
export interface AiColumnInfo {
  name: string;
  aliasName?: string | undefined;
  aliasComment?: string | undefined;
  foreignTable?: string | undefined;
  foreignColumn?: string | undefined;
  exampleData?: string | undefined;
  excluded?: true | undefined;
  exampleFunction?: string | undefined;
  enumValues?: string[] | undefined;
  extraAttribute?: string | undefined;
}

export const AiTableInfo = z.object({
  aiTableName: text(255),
  aiTableComment: text(4000),
  columns: z.array(AiColumnInfo).max(5000).default([]),
});
export interface AiTableInfo {
  aiTableName?: string | undefined;
  aiTableComment?: string | undefined;
  columns: AiColumnInfo[];
}

/** A column entry that says something (the rest are not stored). */
export function columnSaysSomething(c: AiColumnInfo): boolean {
  return Object.entries(c).some(([k, v]) => k !== 'name' && v !== undefined);
}

/** Drops empty column entries and duplicates (the last entry of a name wins). */
export function compactInfo(info: AiTableInfo): AiTableInfo {
  const byName = new Map<string, AiColumnInfo>();
  for (const c of info.columns) if (columnSaysSomething(c)) byName.set(c.name, c);
  else byName.delete(c.name);
  return { ...(info.aiTableName ? { aiTableName: info.aiTableName } : {}), ...(info.aiTableComment ? { aiTableComment: info.aiTableComment } : {}), columns: [...byName.values()] };
}

/**
 * The info in effect for a collection's table: the collection's fields override the source's, field
 * by field — except `excluded`, which either may set: a collection cannot bring back a column the
 * data source's info keeps from the AI.
 */
export function mergeInfo(source: AiTableInfo | undefined, override: AiTableInfo | undefined): AiTableInfo | undefined {
  if (!source || !override) return override ?? source;
  const cols = new Map<string, AiColumnInfo>(source.columns.map((c) => [c.name, c]));
  for (const c of override.columns) {
    const base = cols.get(c.name);
    const merged: AiColumnInfo = { ...base, ...Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) } as AiColumnInfo;
    if (base?.excluded) merged.excluded = true;
    cols.set(c.name, merged);
  }
  return { aiTableName: override.aiTableName ?? source.aiTableName, aiTableComment: override.aiTableComment ?? source.aiTableComment, columns: [...cols.values()] };
}
