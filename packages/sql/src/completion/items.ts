/** Completion item builders: quoting, qualification, keyword case, details and documentation. */
import type { CompletionItem, Language } from '@askdb/contracts';
import type { Dialect } from '../dialect.js';
import type { CatalogColumn, CatalogRoutine } from '../catalog/catalog.js';
import type { CatalogIndex, Relation } from '../catalog/catalog-index.js';
import { dialectDefinition, functionHelp, type FunctionHelp } from '../definitions/index.js';
import { defOf } from '../parser/parse-script.js';
import { applyCase } from './match.js';

export type KeywordCase = 'off' | 'upper' | 'lower';

export interface ItemOptions {
  dialect: Dialect;
  keywordCase?: KeywordCase;
  needFullName?: boolean;
  databaseName?: string | null;
  schemaName?: string | null;
  language?: Language;
}

export function keywordItem(kw: string, o: ItemOptions, detail?: string): CompletionItem {
  const text = applyCase(kw, o.keywordCase);
  return detail ? { label: text, kind: 'keyword', insertText: text, detail } : { label: text, kind: 'keyword', insertText: text };
}

/** The qualifier of full names: the schema where the engine has schemas, else the database. */
export function fullNameQualifier(o: ItemOptions): string | null {
  if (o.dialect.supportsSchema && o.schemaName) return o.schemaName;
  if (o.dialect.supportsDatabase && o.databaseName) return o.databaseName;
  return null;
}

export function tableItem(rel: Relation, o: ItemOptions): CompletionItem {
  const q = o.dialect.quoteIdentifier;
  const qual = o.needFullName ? fullNameQualifier(o) : null;
  const insertText = qual ? `${q(qual)}.${q(rel.name)}` : q(rel.name);
  const item: CompletionItem = { label: rel.name, kind: rel.kind, insertText };
  if (rel.comment) item.detail = rel.comment;
  else if (qual) item.detail = `${qual}.${rel.name}`;
  return item;
}

/** A list of candidates; big cached lists carry their lower-case labels and their JSON text. */
export interface Group {
  items: readonly CompletionItem[];
  lower?: readonly string[];
  /** The items as JSON array elements (no brackets), built once. */
  json?: () => string;
  /** Dedupe keys of the items, built once (see rank). */
  keys?: () => ReadonlySet<string>;
}

export const itemKey = (i: CompletionItem) => `${i.kind}\u0000${i.label}\u0000${i.insertText}`;

const tableGroupCache = new WeakMap<CatalogIndex, Map<string, Group>>();

/** All tables and views (or tables only) as one cached group, sorted by name, per catalog and option set. */
export function allTablesGroup(index: CatalogIndex, o: ItemOptions, tablesOnly = false): Group {
  let byKey = tableGroupCache.get(index);
  if (!byKey) {
    byKey = new Map();
    tableGroupCache.set(index, byKey);
  }
  const key = `${o.dialect.databaseType ?? o.dialect.name}|${o.needFullName ? fullNameQualifier(o) : ''}|${tablesOnly}`;
  let g = byKey.get(key);
  if (!g) {
    const rels = tablesOnly ? index.sorted.filter((r) => r.kind === 'table') : index.sorted;
    const items = rels.map((r) => tableItem(r, o));
    let json: string | undefined;
    let keys: Set<string> | undefined;
    g = {
      items,
      lower: tablesOnly ? rels.map((r) => r.lower) : index.sortedLower,
      json: () => (json ??= JSON.stringify(items).slice(1, -1)),
      keys: () => (keys ??= new Set(items.map(itemKey))),
    };
    byKey.set(key, g);
  }
  return g;
}

export function columnItem(col: CatalogColumn | string, table: string | undefined, o: ItemOptions, qualifyWith?: string): CompletionItem {
  const q = o.dialect.quoteIdentifier;
  const name = typeof col === 'string' ? col : col.name;
  const type = typeof col === 'string' ? '' : col.columnType ?? col.dataType ?? '';
  const insertText = qualifyWith ? `${q(qualifyWith)}.${q(name)}` : q(name);
  const item: CompletionItem = { label: name, kind: 'column', insertText, detail: [type, table].filter(Boolean).join(' · ') };
  if (typeof col !== 'string' && col.comment) item.documentation = col.comment;
  return item;
}

export function routineItem(r: CatalogRoutine, kind: 'function' | 'procedure', o: ItemOptions): CompletionItem {
  const params = (r.parameters ?? []).map((p) => `${p.parameterName} ${p.parameterType}`.trim()).join(', ');
  const name = o.dialect.quoteIdentifier(r.name);
  const item: CompletionItem = {
    label: r.name,
    kind,
    insertText: kind === 'function' ? `${name}(${r.parameters?.length ? '' : ')'}` : name,
    detail: `${r.name}(${params})${r.returnType ? ` → ${r.returnType}` : ''}`,
  };
  if (r.comment) item.documentation = r.comment;
  return item;
}

export function helpDocumentation(h: FunctionHelp): string {
  const lines = [`\`${h.signature}\` → ${h.returnType}`, '', h.description];
  if (h.parameters.length) {
    lines.push('');
    for (const p of h.parameters) lines.push(`- \`${p.name}\` ${p.type}${p.optional ? ' (optional)' : ''}: ${p.description}`);
  }
  if (h.example) lines.push('', '```sql', h.example, '```');
  return lines.join('\n');
}

const functionItemCache = new Map<string, CompletionItem[]>();

/** The dialect's functions as items, priority functions first, with help where we have it. */
export function dialectFunctionItems(o: ItemOptions): CompletionItem[] {
  const def = defOf(o.dialect);
  const lang = o.language ?? 'en-US';
  const key = `${def}|${lang}|${o.keywordCase ?? 'off'}`;
  let items = functionItemCache.get(key);
  if (items) return items;
  const d = dialectDefinition(def);
  const prio = new Set(d.priority_functions.map((f) => f.toUpperCase()));
  const names = [...d.priority_functions, ...d.functions.filter((f) => !prio.has(f.toUpperCase()))];
  items = names.map((name) => {
    const label = applyCase(name, o.keywordCase);
    const help = functionHelp(name, def, lang);
    const item: CompletionItem = { label, kind: 'function', insertText: `${label}(${help && !help.parameters.length ? ')' : ''}` };
    if (help) {
      item.detail = help.signature;
      item.documentation = helpDocumentation(help);
    }
    return item;
  });
  functionItemCache.set(key, items);
  return items;
}

export interface SnippetDef {
  label: string;
  body: string;
  detail: string;
}

/** Spec 01 §9 snippets; keywords in lower case unless keyword case says upper. */
export function snippetItems(o: ItemOptions): CompletionItem[] {
  const c = (s: string) => (o.keywordCase === 'upper' ? s : s.toLowerCase());
  const defs: SnippetDef[] = [
    { label: 'sel', body: `${c('SELECT')} * ${c('FROM')} \${1:table}`, detail: 'SELECT * FROM …' },
    { label: 'selc', body: `${c('SELECT')} ${c('COUNT')}(*) ${c('FROM')} \${1:table}`, detail: 'SELECT COUNT(*) FROM …' },
    { label: 'ins', body: `${c('INSERT INTO')} \${1:table} (\${2:columns}) ${c('VALUES')} (\${3:values})`, detail: 'INSERT INTO … VALUES …' },
    { label: 'upd', body: `${c('UPDATE')} \${1:table} ${c('SET')} \${2:column} = \${3:value} ${c('WHERE')} \${4:condition}`, detail: 'UPDATE … SET … WHERE …' },
    { label: 'del', body: `${c('DELETE FROM')} \${1:table} ${c('WHERE')} \${2:condition}`, detail: 'DELETE FROM … WHERE …' },
  ];
  return defs.map((d) => ({ label: d.label, kind: 'snippet', insertText: d.body, detail: d.detail }));
}

const ALIAS_KEYWORDS = new Set(['as', 'at', 'by', 'do', 'go', 'if', 'in', 'is', 'no', 'of', 'on', 'or', 'to', 'all', 'and', 'any', 'asc', 'end', 'for', 'not', 'set', 'top', 'use', 'desc', 'from', 'into', 'join', 'left', 'null', 'over', 'then', 'when', 'with']);

/** A short alias for a table: first letters of its words (order_items → oi, AuditLog → al). */
export function aliasFor(name: string, taken: ReadonlySet<string>): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[^A-Za-z0-9]+/).filter(Boolean);
  let base = words.map((w) => w[0]!.toLowerCase()).join('') || 't';
  if (/^\d/.test(base)) base = 't' + base;
  if (!taken.has(base) && !ALIAS_KEYWORDS.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(base + i)) return base + i;
}
