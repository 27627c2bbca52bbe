/** Page arithmetic and search patterns shared by every engine's `tables()`. */
import type { PageRequest, PageResult } from '../driver.js';

export interface PageWindow { pageNo: number; pageSize: number; limit: number; offset: number }

export function pageWindow(page: PageRequest | undefined, defaultSize = 100_000): PageWindow {
  const pageNo = Math.max(1, Math.floor(page?.pageNo ?? 1));
  const pageSize = Math.max(1, Math.floor(page?.pageSize ?? defaultSize));
  return { pageNo, pageSize, limit: pageSize, offset: (pageNo - 1) * pageSize };
}

export function pageResult<T>(data: T[], total: number, w: PageWindow): PageResult<T> {
  return { data, total, pageNo: w.pageNo, pageSize: w.pageSize, hasNextPage: w.offset + data.length < total };
}

/** A LIKE pattern matching `searchKey` anywhere, with % _ and the escape character escaped (ESCAPE '\'). */
export function containsPattern(searchKey: string | undefined): string | null {
  const key = searchKey?.trim();
  if (!key) return null;
  return `%${key.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}
