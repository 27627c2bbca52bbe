/**
 * Starts loading an Excel chat's file in the background: the chat's Excel state carries the
 * progress (written at most twice a second) until it is READY with its tables, or FAIL with why.
 * The DuckDB file lives on this replica's $ASKDB_HOME, so the load runs in this process.
 */
import fs from 'node:fs';
import type { ExcelHeader, Language } from '@askdb/contracts';
import type { ChatV2Repo } from '../../store/chats-v2.js';
import type { StoredExcel } from './chat-access.js';
import { chatDbFile, loadIntoDuckdb, LoadError } from './excel-load.js';
import { removeUpload, type UploadMeta } from './excel-upload.js';
import { chatMsg } from './messages.js';
import { SpreadsheetTooLarge } from '../spreadsheet-limits.js';

const WRITE_EVERY_MS = 500;
const running = new Map<number, Promise<void>>();

export function initialExcel(meta: UploadMeta, uploadId: string, header?: ExcelHeader): StoredExcel {
  return { fileName: meta.fileName, status: 'LOADING', progress: 0, rowsLoaded: 0, tables: [], uploadId, ...(header ? { header } : {}) };
}

export function startExcelLoad(o: { home: string; repo: ChatV2Repo; chatId: number; uploadId: string; meta: UploadMeta; header?: ExcelHeader; lang: Language; log?: { warn: (o: object, m: string) => void } }): Promise<void> {
  const base = initialExcel(o.meta, o.uploadId, o.header);
  let last = 0;
  let progress = 0;
  let rowsLoaded = 0;
  // Progress writes queue one behind the other, and the final state waits for them.
  let pending: Promise<unknown> = Promise.resolve();
  const job = (async () => {
    try {
      const tables = await loadIntoDuckdb(o.home, o.chatId, o.uploadId, o.meta, o.header, (p) => {
        if (p.progress >= 0) progress = p.progress;
        rowsLoaded = p.rowsLoaded;
        const now = Date.now();
        if (now - last < WRITE_EVERY_MS) return;
        last = now;
        const state = { ...base, progress, rowsLoaded };
        pending = pending.then(() => o.repo.update(o.chatId, { excel: state })).catch(() => undefined);
      });
      await pending;
      await o.repo.update(o.chatId, { excel: { ...base, status: 'READY', progress: 100, rowsLoaded: tables.reduce((n, t) => n + t.rows, 0), tables } });
    } catch (e) {
      const reason = e instanceof LoadError
        ? chatMsg(o.lang, e.key, { cells: 2_000_000 })
        : e instanceof SpreadsheetTooLarge ? e.text(o.lang)
        : ((e as Error).message ?? String(e)).split('\n')[0]!.slice(0, 300);
      await pending;
      o.log?.warn({ chatId: o.chatId, err: reason }, 'excel chat: load failed');
      await o.repo.update(o.chatId, { excel: { ...base, status: 'FAIL', progress, rowsLoaded, error: chatMsg(o.lang, 'LOAD_FAILED', { reason }) } }).catch(() => undefined);
    } finally {
      await removeUpload(o.home, o.uploadId, o.meta.ext).catch(() => undefined);
      running.delete(o.chatId);
    }
  })();
  running.set(o.chatId, job);
  return job;
}

/** Removes a chat's DuckDB file (after its load, if one is running). */
export async function removeChatData(home: string, chatId: number): Promise<void> {
  await running.get(chatId)?.catch(() => undefined);
  const file = chatDbFile(home, chatId);
  await fs.promises.rm(file, { force: true });
  await fs.promises.rm(`${file}.wal`, { force: true });
}
