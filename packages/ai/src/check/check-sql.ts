/**
 * Checking the SQL a model wrote, before the user sees a "run" button for it:
 * - every statement of every SQL block is classified; statements that change data or structure
 *   are marked so the UI can say so (nothing the AI writes runs without the user pressing run);
 * - tables and columns are looked up through `lookupTable` (the server answers from the
 *   data source's catalog), unknown ones are flagged;
 * - read-only statements get a dry run through `dryRun` (the server runs the engine's EXPLAIN),
 *   and its error is kept.
 * The problems, phrased for the model, drive the corrective round (corrective-round.ts).
 */
import { dialectFor, type Dialect } from '@askdb/sql';
import { splitStatements } from '@askdb/sql';
import { analyzeStatement, type StatementKind } from './analyze-statement.js';
import { extractSqlBlocks } from './extract-sql.js';

export interface CheckHooks {
  /**
   * Columns of a table that exists (names as the catalog has them), or undefined when there is
   * no such table. `name` is as written in the SQL, unquoted, possibly qualified.
   */
  lookupTable?: (name: string) => string[] | undefined | Promise<string[] | undefined>;
  /** Dry-run a read-only statement (EXPLAIN); resolve to the database's error message, or null when it is fine. */
  dryRun?: (sql: string, signal?: AbortSignal) => Promise<string | null>;
  /** Spec database type of the data source, for splitting and quoting rules (default MySQL, as the spec falls back). */
  databaseType?: string;
  signal?: AbortSignal;
}

export type ProblemKind = 'UNKNOWN_TABLE' | 'UNKNOWN_COLUMN' | 'DRY_RUN_FAILED';

export interface SqlProblem {
  kind: ProblemKind;
  /** Index into `statements`. */
  statement: number;
  name?: string;
  table?: string;
  /** The database's message (dry run). */
  error?: string;
}

export interface CheckedStatement {
  sql: string;
  kind: StatementKind;
  changesData: boolean;
  changesStructure: boolean;
  tables: string[];
  /** The dry run ran and passed. */
  dryRunPassed?: boolean;
}

export interface CheckReport {
  statements: CheckedStatement[];
  problems: SqlProblem[];
  /** True when the answer has any SQL at all. */
  hasSql: boolean;
  /** Some statement changes data or structure. */
  hasChanges: boolean;
}

export async function checkSql(markdown: string, hooks: CheckHooks = {}): Promise<CheckReport> {
  const dialect: Dialect = dialectFor(hooks.databaseType ?? 'MYSQL');
  const statements: CheckedStatement[] = [];
  const problems: SqlProblem[] = [];
  for (const block of extractSqlBlocks(markdown)) {
    for (const st of splitStatements(block.sql, dialect)) {
      const sql = st.sql.trim();
      if (!sql) continue;
      const index = statements.length;
      const a = analyzeStatement(sql, dialect.splitter);
      const checked: CheckedStatement = {
        sql, kind: a.kind, changesData: a.changesData, changesStructure: a.changesStructure, tables: a.tables.map((t) => t.name),
      };
      statements.push(checked);
      let namesOk = true;
      if (hooks.lookupTable) {
        // Tables created earlier in the same answer exist for the statements after them.
        const createdBefore = new Set(statements.slice(0, index).flatMap((s) => (s.changesStructure ? s.tables.map((t) => t.toLowerCase()) : [])));
        const columnsByRef = new Map<string, string[] | undefined>();
        for (const ref of a.tables) {
          if (ref.created || createdBefore.has(ref.name.toLowerCase())) continue;
          const cols = await hooks.lookupTable(ref.name);
          if (cols === undefined && !ref.optional) {
            problems.push({ kind: 'UNKNOWN_TABLE', statement: index, name: ref.name });
            namesOk = false;
          }
          const key = ref.name.toLowerCase();
          columnsByRef.set(key, cols);
          columnsByRef.set(key.split('.').pop()!, cols);
          if (ref.alias) columnsByRef.set(ref.alias.toLowerCase(), cols);
        }
        for (const q of a.qualifiedColumns) {
          const cols = columnsByRef.get(q.qualifier.toLowerCase());
          if (!cols || q.column === '*') continue;
          if (!cols.some((c) => c.toLowerCase() === q.column.toLowerCase())) {
            problems.push({ kind: 'UNKNOWN_COLUMN', statement: index, name: `${q.qualifier}.${q.column}`, table: q.qualifier });
            namesOk = false;
          }
        }
        // Bare names are judged only when every table of the statement is known and plain.
        const refs = a.tables.filter((t) => !t.created);
        const allKnown = refs.length > 0 && refs.every((t) => columnsByRef.get(t.name.toLowerCase()) !== undefined);
        if (allKnown && !a.hasDerivedTables && a.cteNames.length === 0 && !a.changesStructure) {
          const known = new Set(refs.flatMap((t) => columnsByRef.get(t.name.toLowerCase())!.map((c) => c.toLowerCase())));
          const tableNames = new Set(refs.flatMap((t) => [t.name.toLowerCase(), t.name.toLowerCase().split('.').pop()!]));
          for (const id of a.bareIdentifiers) {
            const lower = id.toLowerCase();
            if (known.has(lower) || tableNames.has(lower)) continue;
            problems.push({ kind: 'UNKNOWN_COLUMN', statement: index, name: id, table: refs.map((t) => t.name).join(', ') });
            namesOk = false;
          }
        }
      }
      if (hooks.dryRun && a.kind === 'READ' && namesOk && !a.tables.some((t) => t.created)) {
        const error = await hooks.dryRun(sql, hooks.signal);
        if (error) problems.push({ kind: 'DRY_RUN_FAILED', statement: index, error });
        else checked.dryRunPassed = true;
      }
    }
  }
  return {
    statements,
    problems,
    hasSql: statements.length > 0,
    hasChanges: statements.some((s) => s.changesData || s.changesStructure),
  };
}

/** The problems as plain sentences for the model (English: it is an instruction, not UI text). */
export function describeProblems(report: CheckReport): string {
  return report.problems
    .map((p) => {
      const where = report.statements.length > 1 ? ` (statement ${p.statement + 1})` : '';
      switch (p.kind) {
        case 'UNKNOWN_TABLE':
          return `- Table \`${p.name}\` does not exist in this database${where}.`;
        case 'UNKNOWN_COLUMN':
          return `- Column \`${p.name}\` does not exist in ${p.table ? `\`${p.table}\`` : 'the tables used'}${where}.`;
        case 'DRY_RUN_FAILED':
          return `- The database rejected the statement in a dry run (EXPLAIN)${where}: ${p.error}`;
      }
    })
    .join('\n');
}
