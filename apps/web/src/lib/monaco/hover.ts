/**
 * Hover help (spec 01 §5): needs a data source, a word under the cursor, a valid parsed statement
 * covering the line and an identifier in it whose name matches the word; then the first item of
 * POST /api/sql_parser/context/hover is shown. Monaco waits 500 ms before asking (editor option).
 */
import type * as Monaco from 'monaco-editor';
import type { HoverInfo, SqlStatementInfo } from '@askdb/contracts';
import { api } from '../api.js';
import { getSqlContext } from './context.js';
import { parsedStatements } from './parse.js';

const unquote = (s: string) => s.replace(/^[`"[]|[`"\]]$/g, '');

/** The statement and identifier a hover is about, or null when a precondition fails. */
export function hoverTarget(statements: SqlStatementInfo[], line: number, word: string): { statement: SqlStatementInfo; identifier: string } | null {
  if (!word) return null;
  const w = word.toLowerCase();
  for (const s of statements) {
    if (s.statementType !== 'valid' || line < s.sqlStartRowNum || line > s.sqlEndRowNum) continue;
    const id = s.identifiers?.find((i) => {
      const parts = unquote(i.name).toLowerCase().split('.').map(unquote);
      return parts.includes(w) || (i.alias ?? '').toLowerCase() === w;
    });
    if (id) return { statement: s, identifier: id.name };
  }
  return null;
}

export function registerHover(monaco: typeof Monaco): Monaco.IDisposable {
  return monaco.languages.registerHoverProvider('sql', {
    async provideHover(model, position, token) {
      const ctx = getSqlContext(model.uri.toString())?.ctx;
      if (!ctx || ctx.dataSourceId == null) return null;
      const word = model.getWordAtPosition(position);
      if (!word) return null;
      const target = hoverTarget(parsedStatements(model.uri.toString()), position.lineNumber, word.word);
      if (!target) return null;
      try {
        const list = await api<HoverInfo[]>('/api/sql_parser/context/hover', {
          body: { consoleId: ctx.consoleId, sql: model.getValue(), currentStatement: target.statement.sql, hoverIdentifier: word.word, dataSourceId: ctx.dataSourceId, databaseName: ctx.databaseName, schemaName: ctx.schemaName },
          quietRefusal: true,
        });
        const info = Array.isArray(list) ? list[0] : undefined;
        if (!info || token.isCancellationRequested) return null;
        return {
          range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
          contents: [{ value: info.markdown, supportHtml: false, isTrusted: false }],
        };
      } catch (e) {
        console.error('SQL hover error:', e);
        return null;
      }
    },
  });
}
