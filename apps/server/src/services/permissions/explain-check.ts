/**
 * The second, independent check for members under table- or column-level grants on PostgreSQL
 * (issue 24 point 1): the engine itself says what a read reaches. `EXPLAIN (VERBOSE, FORMAT JSON)`
 * (never ANALYZE: nothing runs) lists every scan of a base table with the expressions it outputs and
 * filters on, whole-row references (`e.*`) included; each column named there must be granted.
 * It runs only after the statement check passed, on SELECT-like statements. A plan that cannot be
 * read refuses (fail closed).
 *
 * Views: a granted view is rewritten into scans of its base tables. Base tables the statement does
 * not name itself are checked only when the statement names no view (a view grant is meant to show
 * what the view shows); tables it names are always checked.
 */
import { dialectFor, identValue, tokenize, TK, type StatementAccess } from '@askdb/sql';
import type { Authorization } from '../../store/authorizations.js';
import { allowedColumns, missingColumns } from './grant-match.js';
import type { ExecPlace, Refusal } from './statement-check.js';

const pg = dialectFor('POSTGRESQL');

/**
 * One query for the columns of tables, in order: rows of [schema, table, columns JSON]. `relations`
 * are (schema, table) pairs (a null schema: public); `anySchema` are table names in whatever schema
 * (the tables a statement names, looked up before their plan's scans are known). Built-ins named
 * with their schema: nothing on the search path can stand in for them.
 */
export function columnsQuery(relations: { schema: string | null; relation: string }[], anySchema: string[] = []): string {
  const pairs = relations.map((r) => `(${pg.quoteString(r.schema ?? 'public')}::pg_catalog.name, ${pg.quoteString(r.relation)}::pg_catalog.name)`).join(', ');
  const names = anySchema.map((n) => `${pg.quoteString(n)}::pg_catalog.name`).join(', ');
  const where = [pairs ? `(n.nspname, c.relname) OPERATOR(pg_catalog.=) ANY (ARRAY[${pairs}])` : '', names ? `c.relname OPERATOR(pg_catalog.=) ANY (ARRAY[${names}])` : ''].filter(Boolean).join(' or ');
  return `select n.nspname, c.relname, (select pg_catalog.json_agg(a.attname order by a.attnum) from pg_catalog.pg_attribute a where a.attrelid OPERATOR(pg_catalog.=) c.oid and a.attnum OPERATOR(pg_catalog.>) 0 and not a.attisdropped)::pg_catalog.text from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid OPERATOR(pg_catalog.=) c.relnamespace where ${where || 'false'}`;
}

/** Plan fields that hold expressions. */
const EXPRESSION_FIELDS = /^(Output|Filter|.* Cond|.* Filter|Order By|Sort Key|Group Key|Presorted Key|Cache Key|Hash Key|Grouping Sets|Partition Key)$/;
/** Nodes that neither rename nor hide the rows below them: references above still name the scanned table's alias. */
const PRESERVING = new Set(['Hash Join', 'Merge Join', 'Nested Loop', 'Hash', 'Sort', 'Incremental Sort', 'Materialize', 'Memoize', 'Limit', 'Aggregate', 'Group', 'Unique', 'Gather', 'Gather Merge', 'WindowAgg', 'Result', 'ProjectSet', 'LockRows']);

type PlanNode = Record<string, unknown>;

export interface ScanReach {
  schema: string | null;
  relation: string;
  /** Columns the statement reaches through this scan; '*' when a whole row. */
  columns: Set<string> | '*';
}

interface Scan extends ScanReach {
  alias: string;
  node: PlanNode;
  /** A scan below only alias-keeping nodes, not the top of a (sub)plan: its plain full-row output is the executor's shortcut, not a reach. */
  passThrough: boolean;
}

const key = (schema: string | null, relation: string) => `${schema ?? ''}\u0000${relation}`;

function roots(planJson: unknown): PlanNode[] {
  const list = Array.isArray(planJson) ? planJson : [planJson];
  return list.map((r) => {
    const plan = (r as PlanNode | null)?.['Plan'];
    if (!plan || typeof plan !== 'object') throw new Error('no plan');
    return plan as PlanNode;
  });
}

/** The base-table scans of an EXPLAIN (VERBOSE, FORMAT JSON) plan: (schema, relation) pairs whose columns the reach needs. */
export function relationsOf(planJson: unknown): { schema: string | null; relation: string }[] {
  return collect(planJson).map((s) => ({ schema: s.schema, relation: s.relation }));
}

function collect(planJson: unknown): Scan[] {
  const scans: Scan[] = [];
  const walk = (node: PlanNode, ok: boolean | null): void => {
    const relation = node['Relation Name'];
    if (typeof relation === 'string') {
      const schema = typeof node['Schema'] === 'string' ? (node['Schema'] as string) : null;
      scans.push({ schema, relation, alias: typeof node['Alias'] === 'string' ? (node['Alias'] as string) : relation, node, passThrough: ok === true, columns: new Set() });
    }
    const type = String(node['Node Type'] ?? '');
    for (const child of (node['Plans'] as PlanNode[] | undefined) ?? []) {
      const rel = String(child['Parent Relationship'] ?? '');
      walk(child, rel === 'InitPlan' || rel === 'SubPlan' ? null : (ok ?? true) && PRESERVING.has(type));
    }
  };
  for (const r of roots(planJson)) walk(r, null);
  return scans;
}

/**
 * What each scan reaches: every `alias.col` / `alias.*` / bare `alias` (a whole row) in any node's
 * expressions, and with a single table (PostgreSQL then prints names unqualified) every name that is
 * one of its columns. `columnsOf` gives each scanned table's columns, in order (null: unknown).
 */
export function scansOf(planJson: unknown, columnsOf: (schema: string | null, relation: string) => string[] | null): ScanReach[] {
  const scans = collect(planJson);
  const byAlias = new Map(scans.map((s) => [s.alias, s]));
  const single = new Set(scans.map((s) => key(s.schema, s.relation))).size === 1 && scans.length === 1 ? scans[0]! : null;
  const visit = (node: PlanNode): void => {
    const own = scans.find((s) => s.node === node);
    for (const [field, value] of Object.entries(node)) {
      if (!EXPRESSION_FIELDS.test(field)) continue;
      const exprs = (Array.isArray(value) ? value : [value]).filter((e): e is string => typeof e === 'string');
      if (own && field === 'Output' && own.passThrough && isFullRow(exprs, own, columnsOf(own.schema, own.relation))) continue;
      for (const e of exprs) references(e, byAlias, single, single ? columnsOf(single.schema, single.relation) : null);
    }
    for (const child of (node['Plans'] as PlanNode[] | undefined) ?? []) visit(child);
  };
  for (const r of roots(planJson)) visit(r);
  return scans.map(({ schema, relation, columns }) => ({ schema, relation, columns }));
}

/** The scan's output is its table's columns, all of them, in order, as plain references. */
function isFullRow(exprs: string[], scan: Scan, columns: string[] | null): boolean {
  if (!columns || exprs.length !== columns.length) return false;
  return exprs.every((e, i) => {
    const t = tokenize(e, pg.splitter).tokens;
    const name = t.length === 1 ? t[0]! : t.length === 3 && t[1]!.kind === TK.Dot && identValue(t[0]!) === scan.alias ? t[2]! : null;
    return !!name && (name.kind === TK.Word || name.kind === TK.QuotedIdent) && identValue(name) === columns[i];
  });
}

const isName = (k: number) => k === TK.Word || k === TK.QuotedIdent;

function references(expr: string, byAlias: Map<string, Scan>, single: Scan | null, singleColumns: string[] | null): void {
  const t = tokenize(expr, pg.splitter).tokens;
  for (let i = 0; i < t.length; i++) {
    const q = t[i]!;
    if (!isName(q.kind)) continue;
    const prev = t[i - 1];
    const next = t[i + 1];
    if (prev?.kind === TK.Dot || prev?.text === '::' || next?.kind === TK.OpenParen) continue;
    const name = identValue(q);
    const scan = byAlias.get(name);
    if (next?.kind === TK.Dot) {
      if (!scan) continue;
      const c = t[i + 2];
      if (c?.kind === TK.Operator && c.text.startsWith('*')) scan.columns = '*';
      else if (c && isName(c.kind) && scan.columns !== '*') scan.columns.add(identValue(c));
      continue;
    }
    if (single && singleColumns?.includes(name)) {
      if (single.columns !== '*') single.columns.add(name);
    } else if (scan) scan.columns = '*'; // a bare alias: the whole row
  }
}

/** The statement the plan is asked for (SELECT-like only; null for anything else). */
export function explainable(sql: string, access: StatementAccess): string | null {
  if (access.kind !== 'SELECT' || access.category !== 'READ' || access.writes.length || access.ddl) return null;
  return `EXPLAIN (VERBOSE, FORMAT JSON) ${sql}`;
}

/** What the grants do not cover among the plan's scans, or null. */
export function planRefusal(scans: ScanReach[], access: StatementAccess, grants: Authorization[], place: ExecPlace, namesView: boolean): Refusal | null {
  const named = new Set(access.reads.map((r) => r.table.name));
  for (const s of scans) {
    if (namesView && !named.has(s.relation)) continue;
    const table = { databaseName: place.databaseName, schemaName: s.schema ?? place.schemaName, tableName: s.relation };
    const shown = [table.databaseName, table.schemaName, table.tableName].filter(Boolean).join('.');
    const allowed = allowedColumns(grants, 'READ', table, false);
    if (allowed === null) return { key: 'NO_TABLE_ACCESS', params: { table: shown, action: 'read' }, place };
    const missing = missingColumns(allowed, s.columns === '*' ? '*' : [...s.columns], false);
    if (missing === '*') return { key: 'NO_ALL_COLUMNS', params: { table: shown, action: 'read' }, place };
    if (missing.length) return { key: 'NO_COLUMN_ACCESS', params: { table: shown, columns: missing.join(', '), action: 'read' }, place };
  }
  return null;
}

/** The refusal when the engine's plan cannot be had or read. */
export function planUnreadable(place: ExecPlace): Refusal {
  return { key: 'UNRESOLVED', params: { reason: 'plan' }, place };
}

/** Grants narrower than whole schemas: what the second check is for. */
export function needsPlanCheck(type: string, grants: Authorization[]): boolean {
  return type === 'POSTGRESQL' && grants.some((g) => g.columns !== null || g.tableName !== null);
}
