/**
 * The parser endpoint's work (spec 01 §5, API.md): split a script, analyse each statement, and report
 * valid/invalid per statement with the identifiers it uses, plus markers with exact 1-based positions
 * for syntax errors and for tables/columns missing from the bound schema.
 */
import { LIMITS, translate, type Language, type MarkMessage, type ParserResult, type SqlStatementInfo } from '@askdb/contracts';
import type { Dialect } from '../dialect.js';
import { definitionNameFor, type DefinitionName } from '../dialects/registry.js';
import { splitRanges } from '../splitter.js';
import { LineIndex } from '../positions.js';
import { TK } from '../tokenizer/scanner.js';
import type { SchemaCatalog } from '../catalog/catalog.js';
import { catalogIndex } from '../catalog/catalog-index.js';
import { tokenize } from './tokens.js';
import { StatementParser } from './statement.js';
import type { StatementAnalysis, SyntaxIssue } from './model.js';
import { Resolver, type ResolveContext } from './resolve.js';
import { checkStatement } from './semantic.js';
import { PARSER_MESSAGES } from './messages.js';

export interface ParseOptions {
  /** The bound schema; without it only syntax is checked. */
  catalog?: SchemaCatalog | null;
  databaseName?: string | null;
  schemaName?: string | null;
  language?: Language;
  /** Quick parse (run glyphs): statements and validity only, no schema checks or identifiers. */
  quick?: boolean;
  /** Resolves names qualified with another schema or database. */
  otherRelation?: ResolveContext['otherRelation'];
}

export function defOf(dialect: Dialect): DefinitionName {
  return (dialect.name as DefinitionName) ?? definitionNameFor(dialect.databaseType ?? 'MYSQL');
}

/** Analyses one statement's text range (used by completion and hover too). */
export function analyzeStatement(sql: string, dialect: Dialect, start = 0, end = sql.length, tolerant = false): { analysis: StatementAnalysis; unterminated: SyntaxIssue[] } {
  const { tokens, unterminated } = tokenize(sql, dialect.splitter, start, end);
  const parser = new StatementParser(tokens, defOf(dialect), end);
  parser.tolerant = tolerant;
  const analysis = parser.analyze();
  const open: SyntaxIssue[] = [];
  for (const t of unterminated) {
    if (t.end > end) continue;
    const code = t.kind === TK.BlockComment ? 'unterminatedComment' : t.kind === TK.QuotedIdent ? 'unterminatedIdentifier' : 'unterminatedString';
    open.push({ code, params: {}, start: t.start, end: Math.min(t.start + 1, t.end) });
  }
  return { analysis, unterminated: open };
}

export function parseSql(sql: string, dialect: Dialect, options: ParseOptions = {}): ParserResult {
  const result: ParserResult = { sqlStatementList: [], markMessageList: [] };
  if (!sql || sql.length >= LIMITS.maxParseLength || sql.trim() === '') return result;
  const lang = options.language ?? 'en-US';
  const lines = new LineIndex(sql);
  const def = defOf(dialect);
  const ranges = splitRanges(sql, dialect.splitter);
  const index = options.catalog ? catalogIndex(options.catalog) : undefined;
  const known = new Set<string>();
  const resolverCtx: ResolveContext = {
    index,
    def,
    databaseName: options.databaseName ?? options.catalog?.databaseName,
    schemaName: options.schemaName ?? options.catalog?.schemaName,
    knownTables: known,
    otherRelation: options.otherRelation,
  };
  const mark = (issue: SyntaxIssue): MarkMessage => {
    const a = lines.position(issue.start);
    const b = lines.position(Math.max(issue.end, issue.start + 1));
    return {
      message: translate(PARSER_MESSAGES, issue.code, lang, issue.params),
      startLineNum: a.line, startColNum: a.column, endLineNum: b.line, endColNum: b.column,
    };
  };

  for (let k = 0; k < ranges.length; k += 2) {
    const start = ranges[k]!;
    const end = ranges[k + 1]!;
    const a = lines.position(start);
    const b = lines.position(end);
    const info: SqlStatementInfo = {
      sql: sql.slice(start, end),
      sqlStartRowNum: a.line, sqlStartColNum: a.column, sqlEndRowNum: b.line, sqlEndColNum: b.column,
      statementType: 'valid',
      identifiers: [],
    };
    result.sqlStatementList.push(info);
    if (def === 'redis') continue;
    const { analysis, unterminated } = analyzeStatement(sql, dialect, start, end);
    const syntax = unterminated.length ? unterminated.slice(0, 1) : analysis.errors;
    if (syntax.length) info.statementType = 'invalid';
    for (const e of syntax) result.markMessageList.push(mark(e));
    if (!options.quick) {
      const checked = checkStatement(analysis, new Resolver(resolverCtx));
      info.identifiers = checked.identifiers;
      if (index && !syntax.length) for (const e of checked.issues) result.markMessageList.push(mark(e));
    }
    for (const c of analysis.creates) known.add(c.toLowerCase());
  }
  // An unterminated comment after the last statement.
  const tailStart = ranges.length ? ranges[ranges.length - 1]! : 0;
  if (tailStart < sql.length) {
    const tail = tokenize(sql, dialect.splitter, tailStart, sql.length).unterminated;
    for (const t of tail) {
      if (t.kind === TK.BlockComment) result.markMessageList.push(mark({ code: 'unterminatedComment', start: t.start, end: t.start + 2 }));
    }
  }
  return result;
}
