/**
 * Parsing of the editor text (spec 01 §4, §5): 500 ms after a change, skipped without a data source,
 * empty text clears statements and markers, 50,000 characters or more are not parsed. The full parser
 * gives error markers and the statements' identifiers (used by hover); the quick parser gives the
 * statements that earn a run glyph. A parser endpoint that is not there (404) is tolerated: glyphs then
 * come from the browser's own splitter.
 */
import type * as Monaco from 'monaco-editor';
import type { ParserResult, SqlStatementInfo } from '@askdb/contracts';
import { LIMITS } from '@askdb/contracts';
import { dialectFor, splitStatements } from '@askdb/sql';
import { api, ApiError } from '../api.js';
import { getSqlContext, onSqlContextChange, type SqlContext } from './context.js';

export const MARKER_OWNER = 'askdb-sql-parser';
const statementsByModel = new Map<string, SqlStatementInfo[]>();

/** The last parsed statements of a model (hover reads them). */
export function parsedStatements(uri: string): SqlStatementInfo[] {
  return statementsByModel.get(uri) ?? [];
}

export type ParseSkip = 'no-data-source' | 'empty' | 'too-long' | null;
export function parseSkipReason(sql: string, ctx: Pick<SqlContext, 'dataSourceId'> | undefined): ParseSkip {
  if (!ctx || ctx.dataSourceId == null) return 'no-data-source';
  if (sql.trim() === '') return 'empty';
  if (sql.length >= LIMITS.maxParseLength) return 'too-long';
  return null;
}

/** Set when the parser endpoints answer 404 (not deployed yet); retried after a minute. */
let parserMissingSince = 0;
const serverParserMissing = () => Date.now() - parserMissingSince < 60_000;

function localStatements(sql: string, databaseType: string | null): SqlStatementInfo[] {
  const dialect = dialectFor((databaseType ?? 'MYSQL') as Parameters<typeof dialectFor>[0]);
  return splitStatements(sql, dialect)
    .filter((s) => s.sql.trim() !== '')
    .map((s) => ({ sql: s.sql, sqlStartRowNum: s.startLine, sqlStartColNum: s.startColumn, sqlEndRowNum: s.endLine, sqlEndColNum: s.endColumn, statementType: 'valid' as const, identifiers: [] }));
}

async function callParser(path: string, body: object): Promise<ParserResult | null> {
  try {
    // A background lookup: a refusal here must not raise the permissions dialog (Run does, with the refused tables).
    const r = await api<ParserResult>(path, { body, quietRefusal: true });
    return { sqlStatementList: r?.sqlStatementList ?? [], markMessageList: r?.markMessageList ?? [] };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) parserMissingSince = Date.now();
    else console.error('SQL parser error:', e);
    return null;
  }
}

export interface ParserHandle extends Monaco.IDisposable {
  /** Parse now (e.g. after the binding changed). */
  flush(): void;
}

/**
 * Attaches parsing to an editor: markers on the model, glyph statements handed to `onGlyphs`
 * (valid statements only), re-parsed 500 ms after each change and when the binding changes.
 */
export function attachParser(monaco: typeof Monaco, editor: Monaco.editor.IStandaloneCodeEditor, onGlyphs: (s: SqlStatementInfo[]) => void): ParserHandle {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  const clear = (model: Monaco.editor.ITextModel) => {
    monaco.editor.setModelMarkers(model, MARKER_OWNER, []);
    statementsByModel.delete(model.uri.toString());
    onGlyphs([]);
  };
  const run = async () => {
    const model = editor.getModel();
    if (!model) return;
    const my = ++seq;
    const uri = model.uri.toString();
    const ctx = getSqlContext(uri)?.ctx;
    const sql = model.getValue();
    const skip = parseSkipReason(sql, ctx);
    if (skip) {
      clear(model);
      return;
    }
    const body = { consoleId: ctx!.consoleId, sql, dataSourceId: ctx!.dataSourceId, databaseName: ctx!.databaseName, schemaName: ctx!.schemaName };
    if (serverParserMissing()) {
      const local = localStatements(sql, ctx!.databaseType);
      statementsByModel.set(uri, local);
      onGlyphs(local);
      return;
    }
    const [quick, full] = await Promise.all([callParser('/api/sql_parser/context/quick_parser', body), callParser('/api/sql_parser/context/parser', body)]);
    if (my !== seq || model.isDisposed()) return;
    const statements = full?.sqlStatementList ?? quick?.sqlStatementList ?? localStatements(sql, ctx!.databaseType);
    statementsByModel.set(uri, statements);
    onGlyphs((quick?.sqlStatementList ?? statements).filter((s) => s.statementType === 'valid'));
    const markers = (full?.markMessageList ?? []).map((m) => ({
      severity: monaco.MarkerSeverity.Error,
      message: m.message,
      startLineNumber: m.startLineNum,
      startColumn: m.startColNum,
      endLineNumber: m.endLineNum,
      endColumn: Math.max(m.endColNum, m.startLineNum === m.endLineNum ? m.startColNum + 1 : m.endColNum),
    }));
    monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), LIMITS.parseDebounceMs);
  };
  const d1 = editor.onDidChangeModelContent(schedule);
  const d2 = editor.onDidChangeModel(schedule);
  const off = onSqlContextChange((uri) => {
    if (editor.getModel()?.uri.toString() === uri) schedule();
  });
  schedule();
  return {
    flush: () => {
      clearTimeout(timer);
      void run();
    },
    dispose() {
      clearTimeout(timer);
      seq++;
      d1.dispose();
      d2.dispose();
      off();
    },
  };
}
