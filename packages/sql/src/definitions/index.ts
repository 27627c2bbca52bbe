/**
 * Dialect definitions (spec 01 §3): keyword and function dictionaries plus function help entries in
 * en-US, zh-CN and ja-JP.
 */
import type { Language } from '@askdb/contracts';
import type { DefinitionName } from '../dialects/registry.js';
import { DICTIONARIES } from './keywords.js';
import { PARAMS } from './params.js';
import type { FunctionCategory, FunctionRow } from './function-row.js';
import { STRING_FUNCTIONS } from './functions-string.js';
import { NUMERIC_FUNCTIONS } from './functions-numeric.js';
import { DATETIME_FUNCTIONS } from './functions-datetime.js';
import { AGGREGATE_FUNCTIONS, WINDOW_FUNCTIONS } from './functions-aggregate.js';
import { CAST_FUNCTIONS, CONDITIONAL_FUNCTIONS, JSON_FUNCTIONS } from './functions-json-cast.js';

export type { FunctionCategory } from './function-row.js';

/** The spec's dialect definition shape. */
export interface DialectDefinition {
  type: DefinitionName;
  priority_keywords: string[];
  keywords: string[];
  priority_functions: string[];
  functions: string[];
}

export interface FunctionParameter {
  name: string;
  type: string;
  optional: boolean;
  /** Any number of such arguments. */
  variadic?: boolean;
  description: string;
}

/** A function help entry (spec 01 §3): name, description, parameters, returnType, example. */
export interface FunctionHelp {
  name: string;
  category: FunctionCategory;
  description: string;
  parameters: FunctionParameter[];
  returnType: string;
  example: string;
  /** How the call is written, e.g. `SUBSTRING(str, pos[, len])` or `CAST(expr AS type)`. */
  signature: string;
}

const ENGINE_LETTER: Record<DefinitionName, string> = {
  mysql: 'm', postgresql: 'p', sqlite: 's', sqlserver: 't', oracle: 'o', duckdb: 'd', clickhouse: 'c', redis: '',
};
const LANG_INDEX: Record<Language, 0 | 1 | 2> = { 'en-US': 0, 'zh-CN': 1, 'ja-JP': 2 };

export const ALL_FUNCTION_ROWS: readonly FunctionRow[] = [
  ...STRING_FUNCTIONS, ...NUMERIC_FUNCTIONS, ...DATETIME_FUNCTIONS, ...AGGREGATE_FUNCTIONS, ...WINDOW_FUNCTIONS,
  ...JSON_FUNCTIONS, ...CAST_FUNCTIONS, ...CONDITIONAL_FUNCTIONS,
];

/** Per definition: upper-cased name → its rows for that engine (first row wins). */
const rowsByEngine = new Map<DefinitionName, Map<string, FunctionRow>>();
function rowsFor(def: DefinitionName): Map<string, FunctionRow> {
  let m = rowsByEngine.get(def);
  if (!m) {
    m = new Map();
    const letter = ENGINE_LETTER[def];
    if (letter) for (const r of ALL_FUNCTION_ROWS) if (r.engines.includes(letter) && !m.has(r.name)) m.set(r.name, r);
    rowsByEngine.set(def, m);
  }
  return m;
}

const definitions = new Map<DefinitionName, DialectDefinition>();
export function dialectDefinition(def: DefinitionName): DialectDefinition {
  let d = definitions.get(def);
  if (!d) {
    const dict = DICTIONARIES[def] ?? DICTIONARIES.mysql;
    const functions = uniqueCaseInsensitive([...dict.functions, ...rowsFor(def).keys()]);
    d = {
      type: def,
      priority_keywords: uniqueCaseInsensitive(dict.priorityKeywords),
      keywords: uniqueCaseInsensitive([...dict.priorityKeywords, ...dict.keywords]),
      priority_functions: uniqueCaseInsensitive(dict.priorityFunctions),
      functions,
    };
    definitions.set(def, d);
  }
  return d;
}

function uniqueCaseInsensitive(names: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const n of names) {
    const k = n.toUpperCase();
    if (!seen.has(k)) {
      seen.add(k);
      out.push(n);
    }
  }
  return out;
}

/** Help for a function of a dialect, in a language (English by default); undefined when we have none. */
export function functionHelp(name: string, def: DefinitionName, lang: Language = 'en-US'): FunctionHelp | undefined {
  const row = rowsFor(def).get(name.toUpperCase());
  return row ? toHelp(row, LANG_INDEX[lang] ?? 0) : undefined;
}

export function functionHelpList(def: DefinitionName, lang: Language = 'en-US'): FunctionHelp[] {
  const i = LANG_INDEX[lang] ?? 0;
  return [...rowsFor(def).values()].map((r) => toHelp(r, i));
}

function toHelp(row: FunctionRow, i: 0 | 1 | 2): FunctionHelp {
  const parameters = parseParams(row.params, i);
  return {
    name: row.name,
    category: row.category,
    description: row.text[i],
    parameters,
    returnType: row.returnType,
    example: row.example,
    signature: row.signature ?? defaultSignature(row.name, parameters),
  };
}

function parseParams(spec: string, i: 0 | 1 | 2): FunctionParameter[] {
  if (!spec) return [];
  return spec.split(',').map((part) => {
    const [rawName, type = 'ANY'] = part.trim().split(':');
    const variadic = rawName!.endsWith('...');
    const optional = rawName!.endsWith('?');
    const name = rawName!.replace(/\.\.\.$|\?$/, '');
    const text = PARAMS[name];
    return { name, type, optional, ...(variadic ? { variadic } : {}), description: text ? text[i] : name };
  });
}

function defaultSignature(name: string, params: FunctionParameter[]): string {
  let s = '';
  for (const p of params) {
    const piece = p.variadic ? `${p.name}, …` : p.name;
    if (p.optional) s += s ? `[, ${piece}]` : `[${piece}]`;
    else s += s ? `, ${piece}` : piece;
  }
  return `${name}(${s})`;
}
