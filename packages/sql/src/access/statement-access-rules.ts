/**
 * The small rules statement access needs beyond the parser: the tables a DROP names, functions that
 * run SQL of their own or reach outside the database (so no analysis can vouch for them), and
 * transaction control, which touches no data.
 */
import type { Dialect } from '../dialect.js';
import type { DefinitionName } from '../dialects/registry.js';
import { dialectDefinition } from '../definitions/index.js';
import type { NamePath } from '../parser/model.js';
import { identValue } from '../parser/tokens.js';
import { TK } from '../tokenizer/scanner.js';
import { tokensOf } from './tokens-of.js';

/**
 * Functions that run a query given as text, read files, reach other servers or change how names
 * resolve: a statement calling one touches more than its text shows.
 */
const OPAQUE_FUNCTIONS = new Set([
  'query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema', 'cursor_to_xml', 'cursor_to_xmlschema',
  'table_to_xml', 'table_to_xmlschema', 'table_to_xml_and_xmlschema', 'schema_to_xml', 'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema', 'database_to_xml', 'database_to_xmlschema', 'database_to_xml_and_xmlschema',
  'dblink', 'dblink_exec', 'dblink_open', 'dblink_fetch', 'dblink_send_query', 'pg_read_file', 'pg_read_binary_file',
  'pg_ls_dir', 'pg_stat_file', 'lo_import', 'lo_export', 'lo_get', 'ts_stat', 'set_config', 'load_file', 'sys_exec', 'sys_eval',
  'openrowset', 'openquery', 'opendatasource', 'xp_cmdshell', 'getxml', 'dbms_xmlgen', 'read_csv', 'read_csv_auto',
  'read_parquet', 'read_json', 'read_json_auto', 'read_text', 'read_blob', 'url', 'file', 'remote', 'remotesecure',
  'mysql', 'postgresql', 'jdbc', 'odbc', 's3', 'hdfs', 'executeimmediate', 'exec',
]);

/** Names every engine calls like functions but that are expressions (CAST, EXTRACT, …) or plain aggregates. */
const ALWAYS_KNOWN = new Set([
  'count', 'sum', 'avg', 'min', 'max', 'cast', 'try_cast', 'convert', 'extract', 'coalesce', 'nullif', 'greatest', 'least',
  'position', 'substring', 'trim', 'overlay', 'exists', 'any', 'all', 'some', 'in', 'values', 'row', 'array', 'interval',
  'lower', 'upper', 'length', 'abs', 'round', 'floor', 'ceil', 'ceiling', 'now', 'concat', 'replace', 'if', 'ifnull',
  'isnull', 'nvl', 'decode', 'filter', 'over', 'within', 'grouping', 'rollup', 'cube', 'date', 'time', 'timestamp',
  'char', 'varchar', 'numeric', 'decimal', 'int', 'integer', 'bigint', 'float', 'double', 'real', 'boolean', 'text',
  'row_number', 'rank', 'dense_rank', 'lag', 'lead', 'first_value', 'last_value', 'ntile', 'string_agg', 'array_agg',
  'group_concat', 'json_agg', 'jsonb_agg', 'generate_series', 'unnest', 'current_date', 'current_timestamp',
  // SQL/XML constructors (PostgreSQL): they only format the values they are given.
  'xmlelement', 'xmlforest', 'xmlagg', 'xmlconcat', 'xmlattributes', 'xmlcomment', 'xmlpi', 'xmlroot', 'xmlparse', 'xmlserialize',
]);

const knownByDialect = new Map<DefinitionName, Set<string>>();
function known(def: DefinitionName): Set<string> {
  let s = knownByDialect.get(def);
  if (!s) {
    s = new Set(dialectDefinition(def).functions.map((f) => f.toLowerCase()));
    knownByDialect.set(def, s);
  }
  return s;
}

/** `function:name` for each called function that runs SQL of its own, or that is not a built-in of the engine (a user function may read anything). */
export function functionProblems(def: DefinitionName, names: Iterable<string>): string[] {
  const out: string[] = [];
  for (const n of names) {
    const l = n.toLowerCase();
    if (OPAQUE_FUNCTIONS.has(l) || l.startsWith('dblink') || l.startsWith('pg_read') || l.startsWith('lo_')) out.push(`function:${n}`);
    else if (!ALWAYS_KNOWN.has(l) && !known(def).has(l)) out.push(`function:${n}`);
  }
  return out;
}

const TX_SECOND = new Set(['', 'TRANSACTION', 'WORK', 'TRAN', 'ISOLATION', 'READ', 'TO', 'SAVEPOINT', 'AND']);
/** BEGIN / START TRANSACTION / COMMIT / ROLLBACK / SAVEPOINT / RELEASE / END / ABORT. */
export function isTransactionControl(words: string[]): boolean {
  const [a, b = ''] = words;
  if (a === 'COMMIT' || a === 'ROLLBACK' || a === 'SAVEPOINT' || a === 'RELEASE' || a === 'ABORT') return true;
  if (a === 'BEGIN' || a === 'END') return TX_SECOND.has(b);
  return a === 'START' && b === 'TRANSACTION';
}

const DROP_KINDS = new Set(['TABLE', 'VIEW']);
const DROP_MODIFIERS = new Set(['TEMPORARY', 'TEMP', 'MATERIALIZED', 'FOREIGN', 'EXTERNAL']);
const DROP_TAIL = new Set(['CASCADE', 'RESTRICT', 'PURGE', 'CONSTRAINTS', 'SYNC', 'ON', 'NO_DELAY']);

/** The tables and views a `DROP TABLE|VIEW [IF EXISTS] a, b` names; null for any other DROP (index, function, schema, …). */
export function dropTargets(sql: string, dialect: Dialect): NamePath[] | null {
  const t = tokensOf(sql, dialect);
  let i = 1;
  while (t[i] && t[i]!.kind === TK.Word && DROP_MODIFIERS.has(t[i]!.up)) i++;
  if (!t[i] || !DROP_KINDS.has(t[i]!.up)) return null;
  i++;
  if (t[i]?.up === 'IF' && t[i + 1]?.up === 'EXISTS') i += 2;
  const out: NamePath[] = [];
  for (;;) {
    const path: NamePath = { parts: [], starts: [], ends: [], quoted: [] };
    while (t[i] && (t[i]!.kind === TK.Word || t[i]!.kind === TK.QuotedIdent)) {
      path.parts.push(identValue(t[i]!));
      path.starts.push(t[i]!.start);
      path.ends.push(t[i]!.end);
      path.quoted.push(t[i]!.kind === TK.QuotedIdent);
      i++;
      if (t[i]?.kind !== TK.Dot) break;
      i++;
    }
    if (!path.parts.length) return null;
    out.push(path);
    if (t[i]?.kind === TK.Comma) {
      i++;
      continue;
    }
    break;
  }
  while (t[i] && t[i]!.kind === TK.Word && DROP_TAIL.has(t[i]!.up)) i++;
  if (t[i] && t[i]!.kind === TK.Semicolon) i++;
  return i >= t.length ? out : null;
}
