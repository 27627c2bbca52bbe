/**
 * @table mentions in the chat input (spec 01 §2, §5): where a mention is being typed, how a
 * chosen table replaces it, and which mentioned tables are still in the text.
 */
import { LIMITS } from '@askdb/contracts';

export const MAX_CHAT_TABLES = LIMITS.maxChatTables;

export interface MentionedTable {
  tableName: string;
  tableType: 'TABLE' | 'VIEW';
}

/** The `@query` being typed just before the caret: its start (the `@`) and the query; else null. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!m) return null;
  return { start: before.length - m[2]!.length - 1, query: m[2]! };
}

/** Replace `@query` (from `start` to `caret`) with `@tableName ` and return the new text and caret. */
export function insertMention(text: string, start: number, caret: number, tableName: string): { text: string; caret: number } {
  const token = `@${tableName} `;
  const after = text.slice(caret).replace(/^\S*/, ''); // the rest of a half-typed word goes too
  const next = text.slice(0, start) + token + after.replace(/^ /, '');
  return { text: next, caret: start + token.length };
}

/** Whether `@name` still stands as a whole mention in the text. */
export function hasMention(text: string, name: string): boolean {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|\\s)@${esc}(?=$|[\\s,.;:!?，。；：！？)])`).test(text);
}

/** Mentioned tables whose @name was deleted from the text are dropped. */
export function pruneMentions(text: string, tables: MentionedTable[]): MentionedTable[] {
  const kept = tables.filter((t) => hasMention(text, t.tableName));
  return kept.length === tables.length ? tables : kept;
}

/** Add a table unless present; refuses (returns null) beyond the limit of 8. */
export function addMention(tables: MentionedTable[], table: MentionedTable): MentionedTable[] | null {
  if (tables.some((t) => t.tableName === table.tableName)) return tables;
  if (tables.length >= MAX_CHAT_TABLES) return null;
  return [...tables, table];
}
