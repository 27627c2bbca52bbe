/**
 * Compact rows of the function help tables. Engines are one letter each:
 * m MySQL family, p PostgreSQL family, s SQLite, t SQL Server, o Oracle family, d DuckDB, c ClickHouse.
 * Parameters are written `name:TYPE`, `name?:TYPE` (optional) or `name...:TYPE` (any number);
 * their descriptions come from the glossary in params.ts.
 */
import type { Tri } from './params.js';

export type FunctionCategory = 'string' | 'numeric' | 'datetime' | 'aggregate' | 'window' | 'json' | 'cast' | 'conditional';

export interface FunctionRow {
  name: string;
  category: FunctionCategory;
  engines: string;
  returnType: string;
  params: string;
  example: string;
  text: Tri;
  /** Signature when the call is not `NAME(a, b)`, e.g. `CAST(expr AS type)`. */
  signature?: string;
}

export function rows(category: FunctionCategory, list: [string, string, string, string, string, string, string, string, string?][]): FunctionRow[] {
  return list.map(([name, engines, returnType, params, example, en, zh, ja, signature]) => ({
    name, category, engines, returnType, params, example, text: [en, zh, ja], signature,
  }));
}
