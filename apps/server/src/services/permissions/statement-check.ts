/**
 * A script against a member's grants, statement by statement, before any of it reaches the
 * database: packages/sql's statementAccess says which tables and columns each statement reads and
 * writes and what structure it changes; each of those must be covered by a live grant with the
 * action (READ, WRITE, DDL). A statement the analysis cannot vouch for runs only under a grant on
 * the whole data source (fail closed). Also reports the strictest statement kind, for the policy.
 */
import { statementAccess, type AccessCategory, type AccessTable, type Dialect, type SchemaCatalog, type StatementAccess } from '@askdb/sql';
import type { Authorization, GrantAction } from '../../store/authorizations.js';
import { allowedColumns, coversWhole, missingColumns, wholeSource, type Place } from './grant-match.js';
import type { PermissionMessageKey } from './messages.js';
import type { AnalysisCache } from './analysis-cache.js';

export interface ExecPlace {
  databaseName: string | null;
  schemaName: string | null;
}

export interface Refusal {
  key: PermissionMessageKey;
  params: Record<string, string>;
  place: ExecPlace;
}

export interface ScriptAccess {
  refusal: Refusal | null;
  /** Categories of the statements (READ, WRITE, DDL, OTHER), for the script policy. */
  categories: Set<AccessCategory>;
  /** What the statements need, for re-checking a result cursor's grants later. */
  accesses: StatementAccess[];
}

export interface CheckInput {
  grants: Authorization[];
  dialect: Dialect;
  place: ExecPlace;
  statements: string[];
  catalog: SchemaCatalog | null;
  /** The engine has databases / schemas. */
  hasDatabase: boolean;
  hasSchema: boolean;
}

const ACTION_WORD: Record<GrantAction, 'read' | 'write' | 'ddl'> = { READ: 'read', WRITE: 'write', DDL: 'ddl' };

/** `cache`: analyses kept between requests (analysis-cache.ts); the grants are checked here every time. */
export function analyseScript(input: CheckInput, cache?: AnalysisCache): ScriptAccess {
  const categories = new Set<AccessCategory>();
  const accesses: StatementAccess[] = [];
  for (const sql of input.statements) {
    const options = { catalog: input.catalog, databaseName: input.place.databaseName, schemaName: input.place.schemaName };
    const a = cache ? cache.access(sql, input.dialect, options) : statementAccess(sql, input.dialect, options);
    accesses.push(a);
    if (a.category !== 'NONE') categories.add(a.category);
  }
  return { refusal: checkAccesses(input, accesses), categories, accesses };
}

/** The first thing the grants do not cover, or null. */
export function checkAccesses(input: CheckInput, accesses: StatementAccess[]): Refusal | null {
  const { grants, dialect } = input;
  const ci = dialect.identifierCase === 'preserve';
  for (const a of accesses) {
    if (a.unresolved.length) {
      const needed: GrantAction[] = a.category === 'DDL' ? ['DDL'] : a.category === 'READ' ? ['READ'] : ['READ', 'WRITE'];
      if (!grants.some((g) => wholeSource(g) && needed.every((n) => g.actions.includes(n)))) {
        return { key: 'UNRESOLVED', params: { reason: a.unresolved.slice(0, 3).join(', ') }, place: input.place };
      }
      continue;
    }
    for (const [list, action] of [[a.reads, 'READ'], [a.writes, 'WRITE']] as const) {
      for (const t of list) {
        for (const place of candidates(t.table, input)) {
          const allowed = allowedColumns(grants, action, place, ci);
          const table = display(place);
          if (allowed === null) return { key: 'NO_TABLE_ACCESS', params: { table, action: ACTION_WORD[action] }, place };
          const missing = missingColumns(allowed, t.columns, ci);
          if (missing === '*') return { key: 'NO_ALL_COLUMNS', params: { table, action: ACTION_WORD[action] }, place };
          if (missing.length) return { key: 'NO_COLUMN_ACCESS', params: { table, columns: missing.join(', '), action: ACTION_WORD[action] }, place };
        }
      }
    }
    if (a.ddl) {
      if (a.ddlTargets === null) {
        const place: Place = { ...input.place, tableName: null };
        if (!grants.some((g) => g.actions.includes('DDL') && coversWhole(g, place, ci))) return { key: 'NO_DDL_HERE', params: { place: display(place) }, place: input.place };
      } else {
        for (const t of a.ddlTargets) {
          for (const place of candidates(t, input)) {
            if (allowedColumns(grants, 'DDL', place, ci) !== 'all') return { key: 'NO_TABLE_ACCESS', params: { table: display(place), action: 'ddl' }, place };
          }
        }
      }
    }
  }
  return null;
}

/**
 * Where an unqualified or partly qualified table lives. PostgreSQL also looks in `public` when the
 * picked schema has no such table (the session's search_path is `schema, public`), so both must be
 * covered unless the catalog shows the table in the picked schema.
 */
function candidates(t: AccessTable, input: CheckInput): Required<Place>[] {
  const databaseName = input.hasDatabase ? t.database ?? input.place.databaseName : null;
  const schemaName = input.hasSchema ? t.schema ?? input.place.schemaName : null;
  const out: Required<Place>[] = [{ databaseName, schemaName, tableName: t.name }];
  const pgFamily = input.dialect.name === 'postgresql';
  if (pgFamily && !t.schema && schemaName && schemaName !== 'public') {
    const inSchema = input.catalog && [...(input.catalog.tables ?? []), ...(input.catalog.views ?? [])].some((r) => r.name === t.name);
    if (!inSchema) out.push({ databaseName, schemaName: 'public', tableName: t.name });
  }
  return out;
}

export function display(p: Place): string {
  return [p.databaseName, p.schemaName, p.tableName].filter((x): x is string => !!x).join('.') || '—';
}
