/**
 * A database object a request names that is not there is its own answer (OBJECT_NOT_FOUND, 404,
 * "Table "public.t" does not exist."), not a connection failure. Engines say "missing" in their own
 * ways (a thrown text, an error number), so when a per-table read fails we ask the catalog whether
 * the table or view is there; only a catalog that answers "no" turns the failure into this one.
 */
import { defineMessages, ERROR_CODES, translate, type Language } from '@askdb/contracts';
import type { Connection, TableLocation } from '@askdb/drivers';
import { AppError } from '../http/errors.js';

const messages = defineMessages({
  TABLE_NOT_FOUND: { 'en-US': 'Table "{table}" does not exist.', 'zh-CN': '表“{table}”不存在。', 'ja-JP': 'テーブル「{table}」は存在しません。' },
});

export function tableNotFound(loc: TableLocation, lang: Language): AppError {
  const qualifier = loc.schemaName ?? loc.databaseName;
  const table = qualifier ? `${qualifier}.${loc.tableName}` : loc.tableName;
  return new AppError(404, ERROR_CODES.OBJECT_NOT_FOUND, translate(messages, 'TABLE_NOT_FOUND', lang, { table }));
}

/** Whether the catalog lists a table or view by exactly this name; null when the catalog cannot tell. */
export async function tableExists(c: Connection, loc: TableLocation): Promise<boolean | null> {
  try {
    const page = await c.metadata.tables(loc, { searchKey: loc.tableName, pageNo: 1, pageSize: 1000 });
    if (page.data.some((t) => t.name === loc.tableName)) return true;
    if (page.hasNextPage) return null;
    return (await c.metadata.views(loc)).some((v) => v.name === loc.tableName);
  } catch {
    return null;
  }
}

/** Runs a read of one table; when it fails and the table is not there, the failure is OBJECT_NOT_FOUND. */
export async function readOfTable<T>(c: Connection, loc: TableLocation, lang: Language, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if ((await tableExists(c, loc)) === false) throw tableNotFound(loc, lang);
    throw e;
  }
}
