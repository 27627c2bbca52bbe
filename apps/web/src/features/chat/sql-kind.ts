/**
 * What an AI-written SQL block would do when run: read only, change data, or change structure.
 * The server's checking step is the authority; this marks blocks even without it.
 */
import { dialectFor, splitStatements } from '@askdb/sql';
import type { DatabaseType } from '@askdb/contracts';

export type SqlEffect = 'read' | 'data' | 'structure';

const DATA = /^(insert|update|delete|merge|replace|upsert|truncate|copy|load|call|exec|execute)\b/i;
const STRUCTURE = /^(create|alter|drop|rename|comment|grant|revoke)\b/i;

function firstKeyword(sql: string): string {
  return sql
    .replace(/^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)+/, '')
    .replace(/^with\b[\s\S]*?\)\s*(?=(select|insert|update|delete|merge)\b)/i, '')
    .trim();
}

export function statementEffect(sql: string): SqlEffect {
  const s = firstKeyword(sql);
  if (STRUCTURE.test(s)) return 'structure';
  if (DATA.test(s)) return 'data';
  return 'read';
}

/** The strongest effect of any statement in the block. */
export function blockEffect(sql: string, type?: DatabaseType): SqlEffect {
  let stmts: string[];
  try {
    stmts = splitStatements(sql, dialectFor(type ?? 'MYSQL')).map((s) => s.sql);
  } catch {
    stmts = [sql];
  }
  const effects = stmts.map(statementEffect);
  return effects.includes('structure') ? 'structure' : effects.includes('data') ? 'data' : 'read';
}
