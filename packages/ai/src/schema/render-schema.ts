/**
 * The schema slice a prompt carries: CREATE TABLE text for the linked tables, best first
 * (mentioned tables, then matched tables up to `maxTables`), fitted to a token budget. A table that does not fit whole keeps its key columns and its most
 * relevant columns and says how many it left out. Sample values (at most 3 per column, each
 * cut short) appear only with privacy SCHEMA_AND_SAMPLES; with NOTHING the slice is empty.
 */
import type { AiPrivacy } from '@askdb/contracts';
import type { Catalog, CatalogColumn, CatalogTable } from './catalog.js';
import type { LinkedTable } from './schema-link.js';
import { estimateTokens } from './text-tokens.js';

export interface RenderOptions {
  privacy: AiPrivacy;
  /** Token budget of the whole slice (estimated: ~4 characters a token). */
  tokenBudget?: number;
  /** At most this many tables (mentioned tables always count first). */
  maxTables?: number;
  /** Quote an identifier for the dialect; default: double quotes when needed. */
  quote?: (name: string) => string;
}

export interface RenderedSchema {
  text: string;
  tokens: number;
  tables: string[];
}

export const DEFAULT_TOKEN_BUDGET = 3000;
export const DEFAULT_MAX_TABLES = 10;
const MAX_SAMPLES = 3;
const MAX_SAMPLE_CHARS = 40;

export function defaultQuote(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

export function renderSchema(catalog: Catalog, linked: LinkedTable[], options: RenderOptions): RenderedSchema {
  if (options.privacy === 'NOTHING') return { text: '', tokens: 0, tables: [] };
  const budget = options.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const maxTables = options.maxTables ?? DEFAULT_MAX_TABLES;
  const q = options.quote ?? defaultQuote;
  const byName = new Map(catalog.tables.map((t) => [t.name, t]));
  const samples = options.privacy === 'SCHEMA_AND_SAMPLES';
  const parts: string[] = [];
  const tables: string[] = [];
  let used = 0;
  // No word of the question met the schema (small talk, another language): show the first tables.
  const anyMatch = linked.some((l) => l.matched || l.mentioned);
  for (const l of linked) {
    if (!l.mentioned && (tables.length >= maxTables || (anyMatch && !l.matched))) continue;
    const table = byName.get(l.tableName);
    if (!table) continue;
    const left = budget - used;
    let ddl: string | undefined = tableDdl(table, l.columns, samples, q);
    if (estimateTokens(ddl) > left) {
      ddl = trimmedDdl(table, l.columns, samples, q, left);
      if (!ddl) continue;
    }
    parts.push(ddl);
    tables.push(table.name);
    used += estimateTokens(ddl) + 1;
  }
  const text = parts.join('\n\n');
  return { text, tokens: estimateTokens(text), tables };
}

/** DDL of one table with all columns, in table order. */
export function tableDdl(table: CatalogTable, _ranked: string[] | undefined, samples: boolean, quote = defaultQuote): string {
  return ddlFor(table, table.columns, samples, quote, 0);
}

function trimmedDdl(table: CatalogTable, ranked: string[], samples: boolean, quote: (n: string) => string, budget: number): string | undefined {
  const fkCols = new Set((table.foreignKeys ?? []).flatMap((f) => f.columns));
  const keys = table.columns.filter((c) => c.primaryKey || fkCols.has(c.name)).map((c) => c.name);
  const order = [...new Set([...keys, ...ranked])];
  // Largest prefix of the ranked columns that fits (binary search over the count).
  let lo = 0;
  let hi = order.length;
  let bestText: string | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const keep = new Set(order.slice(0, Math.max(1, mid)));
    const cols = table.columns.filter((c) => keep.has(c.name));
    const text = ddlFor(table, cols, samples, quote, table.columns.length - cols.length);
    if (estimateTokens(text) <= budget) {
      bestText = text;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return bestText;
}

function ddlFor(table: CatalogTable, columns: CatalogColumn[], samples: boolean, quote: (n: string) => string, omitted: number): string {
  const lines: string[] = [];
  const head: string[] = [];
  if (table.annotation) head.push(`-- ${oneLine(table.annotation)}`);
  if (table.comment) head.push(`-- ${oneLine(table.comment)}`);
  const kept = new Set(columns.map((c) => c.name));
  const pk = table.columns.filter((c) => c.primaryKey).map((c) => c.name);
  for (const c of columns) {
    let line = `  ${quote(c.name)} ${c.type || 'TEXT'}`;
    if (c.nullable === false && !(pk.length === 1 && c.primaryKey)) line += ' NOT NULL';
    if (pk.length === 1 && c.primaryKey) line += ' PRIMARY KEY';
    const notes: string[] = [];
    if (c.comment) notes.push(oneLine(c.comment));
    if (samples && c.samples?.length) notes.push('e.g. ' + c.samples.slice(0, MAX_SAMPLES).map(sample).join(', '));
    lines.push(line + (notes.length ? ` -- ${notes.join('; ')}` : ''));
  }
  if (pk.length > 1 && pk.every((k) => kept.has(k))) lines.push(`  PRIMARY KEY (${pk.map(quote).join(', ')})`);
  for (const fk of table.foreignKeys ?? []) {
    if (!fk.columns.every((c) => kept.has(c))) continue;
    lines.push(`  FOREIGN KEY (${fk.columns.map(quote).join(', ')}) REFERENCES ${quote(fk.referencedTable)}(${fk.referencedColumns.map(quote).join(', ')})`);
  }
  // Commas go before any trailing comment so the DDL stays valid SQL.
  const body = lines.map((l, i) => {
    if (i === lines.length - 1) return l;
    const at = l.indexOf(' -- ');
    return at < 0 ? l + ',' : l.slice(0, at) + ',' + l.slice(at);
  });
  const tail = omitted > 0 ? `\n  -- ${omitted} more columns not shown` : '';
  return [...head, `CREATE ${table.kind === 'VIEW' ? 'VIEW' : 'TABLE'} ${quote(table.name)} (`, ...body].join('\n') + tail + '\n);';
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function sample(v: string): string {
  const s = oneLine(v);
  return `'${(s.length > MAX_SAMPLE_CHARS ? s.slice(0, MAX_SAMPLE_CHARS) + '…' : s).replace(/'/g, "''")}'`;
}
