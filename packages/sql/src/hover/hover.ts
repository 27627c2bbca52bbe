/**
 * Hover help (spec 01 §5): for the word under the cursor, when the current statement is valid and
 * uses an identifier of that name — table or view (comment, DDL), column (type, comment), function
 * (signature, description, example), schema, database or the data source.
 */
import type { HoverInfo, Language, SqlIdentifier } from '@askdb/contracts';
import type { Dialect } from '../dialect.js';
import type { SchemaCatalog } from '../catalog/catalog.js';
import { catalogIndex, type CatalogIndex, type Relation } from '../catalog/catalog-index.js';
import { defOf, parseSql } from '../parser/parse-script.js';
import { functionHelp } from '../definitions/index.js';
import { helpDocumentation } from '../completion/items.js';
import { hoverLabel } from './labels.js';

export interface HoverRequest {
  currentStatement: string;
  hoverIdentifier: string;
  dialect: Dialect;
  catalog?: SchemaCatalog | null;
  databaseName?: string | null;
  schemaName?: string | null;
  schemas?: string[];
  databases?: string[];
  dataSourceName?: string | null;
  language?: Language;
}

const unquote = (s: string) => s.trim().replace(/^[`"[]/, '').replace(/[`"\]]$/, '');

export function hover(req: HoverRequest): HoverInfo[] {
  const word = unquote(req.hoverIdentifier ?? '');
  if (!word || !req.currentStatement?.trim()) return [];
  const lang = req.language ?? 'en-US';
  const parsed = parseSql(req.currentStatement, req.dialect, {
    catalog: req.catalog ?? undefined, databaseName: req.databaseName, schemaName: req.schemaName, language: lang,
  });
  const stmt = parsed.sqlStatementList.find((s) => s.statementType === 'valid' && s.identifiers.some((i) => matches(i, word)));
  if (!stmt) return qualifierInfo(word, req, lang);
  const index = req.catalog ? catalogIndex(req.catalog) : undefined;
  const ids = stmt.identifiers.filter((i) => matches(i, word));
  const order = ['alias', 'table', 'view', 'cte', 'column', 'function', 'schema', 'database'];
  ids.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  for (const id of ids) {
    const info = describe(id, word, req, index, lang);
    if (info) return [info];
  }
  return [];
}

function matches(i: SqlIdentifier, word: string): boolean {
  const w = word.toLowerCase();
  return i.name.toLowerCase() === w || (i.alias ?? '').toLowerCase() === w;
}

function describe(id: SqlIdentifier, word: string, req: HoverRequest, index: CatalogIndex | undefined, lang: Language): HoverInfo | undefined {
  switch (id.type) {
    case 'alias': case 'table': case 'view': {
      const name = id.type === 'alias' ? id.table : id.name;
      const rel = name ? index?.relation(name) : undefined;
      return rel ? relationInfo(rel, lang) : undefined;
    }
    case 'column': {
      const rel = id.table ? index?.relation(id.table) : undefined;
      const col = rel ? index!.column(rel, id.name) : undefined;
      if (!rel || !col) return undefined;
      const type = col.columnType ?? col.dataType ?? '';
      const md = [`**${rel.name}.${col.name}** · ${type}`];
      if (col.primaryKey) md.push('', hoverLabel('primaryKey', lang));
      if (col.comment) md.push('', col.comment);
      return { kind: 'column', name: `${rel.name}.${col.name}`, dataType: type || undefined, comment: col.comment ?? undefined, markdown: md.join('\n') };
    }
    case 'function': {
      const help = functionHelp(word, defOf(req.dialect), lang);
      if (help) {
        const md = helpDocumentation(help).replace(/\(optional\)/g, `(${hoverLabel('optional', lang)})`);
        return { kind: 'function', name: help.name, dataType: help.returnType, comment: help.description, markdown: md };
      }
      const routine = index?.routine(word);
      if (!routine) return undefined;
      const params = (routine.parameters ?? []).map((p) => `${p.parameterName} ${p.parameterType}`).join(', ');
      const md = [`\`${routine.name}(${params})\`${routine.returnType ? ` → ${routine.returnType}` : ''}`];
      if (routine.comment) md.push('', routine.comment);
      return { kind: 'function', name: routine.name, dataType: routine.returnType ?? undefined, comment: routine.comment ?? undefined, markdown: md.join('\n') };
    }
    case 'schema': case 'database':
      // A qualifier the parser reads as a schema is a database on engines without schemas (SQLite's `main`, MySQL's db).
      return nameInfo(id.type === 'schema' && !req.dialect.supportsSchema && req.dialect.supportsDatabase ? 'database' : id.type, id.name, req, lang)
        ?? (id.type === 'schema' ? nameInfo('database', id.name, req, lang) : undefined);
  }
  return undefined;
}

/**
 * The first part of a three-part name (`hspec_pg.app.t1`) is not an identifier of the parsed
 * statement: a word written as a qualifier that names the current or a known database or schema
 * is described as one (spec 01 §2 hover: data source and database).
 */
function qualifierInfo(word: string, req: HoverRequest, lang: Language): HoverInfo[] {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!new RegExp(`(^|[^\\w$.])[\`"\\[]?${escaped}[\`"\\]]?\\s*\\.`, 'i').test(req.currentStatement)) return [];
  const info = nameInfo('database', word, req, lang) ?? nameInfo('schema', word, req, lang);
  return info ? [info] : [];
}

function nameInfo(kind: 'schema' | 'database', name: string, req: HoverRequest, lang: Language): HoverInfo | undefined {
  const l = name.toLowerCase();
  const known = kind === 'schema' ? [req.schemaName, ...(req.schemas ?? [])] : [req.databaseName, ...(req.databases ?? [])];
  if (!known.some((n) => n?.toLowerCase() === l)) return undefined;
  const md = [`**${name}** · ${hoverLabel(kind, lang)}`];
  if (req.dataSourceName) md.push('', `${hoverLabel('datasource', lang)}: ${req.dataSourceName}`);
  return { kind, name, markdown: md.join('\n') };
}

/** Table or view hover: comment, columns, and the DDL when known. */
export function relationInfo(rel: Relation, lang: Language, ddl?: string | null): HoverInfo {
  const src = rel.source as { ddl?: string | null; definition?: string | null };
  const text = ddl ?? src.ddl ?? (rel.kind === 'view' ? src.definition : null) ?? undefined;
  const md = [`**${rel.name}** · ${hoverLabel(rel.kind, lang)}`];
  if (rel.comment) md.push('', rel.comment);
  if (rel.columns.length) {
    md.push('', `| ${hoverLabel('column', lang)} | ${hoverLabel('type', lang)} | ${hoverLabel('comment', lang)} |`, '|---|---|---|');
    for (const c of rel.columns.slice(0, 30)) md.push(`| ${c.name}${c.primaryKey ? ' 🔑' : ''} | ${c.columnType ?? c.dataType ?? ''} | ${(c.comment ?? '').replace(/\|/g, '\\|')} |`);
    if (rel.columns.length > 30) md.push(`| … ${rel.columns.length - 30} | | |`);
  }
  if (text) md.push('', '```sql', text, '```');
  return { kind: rel.kind, name: rel.name, comment: rel.comment ?? undefined, ddl: text, markdown: md.join('\n') };
}
