/**
 * An Excel chat's data: the uploaded file is kept in the file store, owned by the chat (deleting the
 * chat removes it); the DuckDB file its questions run on is this replica's cache of it. The first
 * load runs in the background of the replica that creates the chat: the chat's Excel state carries
 * the progress (written at most twice a second) until it is READY with its tables, or FAIL with why.
 * A replica without the DuckDB file builds it from the stored upload, with the same header, on first
 * use. A build writes beside the final name and renames, so a half-built file is never queried.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, type ExcelHeader, type ExcelTableInfo, type Language } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import type { ChatRow, ChatV2Repo } from '../../store/chats-v2.js';
import type { FileRecord } from '../../store/file-objects.js';
import { filesOf } from '../files/index.js';
import { excelOf, type StoredExcel } from './chat-access.js';
import { chatDbFile, loadIntoDuckdb, LoadError, type LoadProgress } from './excel-load.js';
import { extensionOf, type UploadMeta } from './excel-upload.js';
import { chatMsg } from './messages.js';
import { SpreadsheetTooLarge } from '../spreadsheet-limits.js';

const WRITE_EVERY_MS = 500;
const SWEEP_EVERY_MS = 10 * 60_000;
type Files = Pick<AppDeps, 'store' | 'config'>;
/** Loads and rebuilds running in this process, by the DuckDB file they write (a home and a chat). */
const running = new Map<string, Promise<unknown>>();
const lastSweep = new Map<string, number>();

export function initialExcel(meta: UploadMeta, uploadId: string, header?: ExcelHeader): StoredExcel {
  return { fileName: meta.fileName, status: 'LOADING', progress: 0, rowsLoaded: 0, tables: [], uploadId, ...(header ? { header } : {}) };
}

async function rmDuckdb(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true });
  await fs.promises.rm(`${file}.wal`, { force: true });
}

/** Builds the chat's DuckDB file on this replica from its stored upload (a copy streamed down for the load, dropped after). */
async function build(deps: Files, chatId: number, upload: FileRecord, meta: UploadMeta, header: ExcelHeader | undefined, onProgress: (p: LoadProgress) => void): Promise<ExcelTableInfo[]> {
  const files = filesOf(deps);
  const target = chatDbFile(deps.config.home, chatId);
  const part = `${target}.${process.pid}.build`;
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  try {
    const tables = await loadIntoDuckdb(await files.localPath(upload), part, meta, header, onProgress);
    await fs.promises.rm(`${part}.wal`, { force: true });
    await rmDuckdb(target);
    await fs.promises.rename(part, target);
    return tables;
  } finally {
    await rmDuckdb(part);
    await files.cache.evict(upload.id);
  }
}

export function startExcelLoad(o: { deps: Files; repo: ChatV2Repo; chatId: number; upload: FileRecord; meta: UploadMeta; header?: ExcelHeader; lang: Language; log?: { warn: (o: object, m: string) => void } }): Promise<void> {
  const base = initialExcel(o.meta, o.upload.id, o.header);
  let last = 0;
  let progress = 0;
  let rowsLoaded = 0;
  // Progress writes queue one behind the other, and the final state waits for them.
  let pending: Promise<unknown> = Promise.resolve();
  const job = (async () => {
    try {
      const tables = await build(o.deps, o.chatId, o.upload, o.meta, o.header, (p) => {
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
      // A file that cannot be loaded is not kept.
      await filesOf(o.deps).removeOwner('chat', o.chatId).catch(() => undefined);
    } finally {
      running.delete(chatDbFile(o.deps.config.home, o.chatId));
    }
  })();
  running.set(chatDbFile(o.deps.config.home, o.chatId), job);
  return job;
}

/**
 * The path of a READY chat's DuckDB file on this replica, built from the stored upload first when
 * this replica has none (one build at a time per chat). A chat whose upload is not in the store
 * (loaded before files were kept there) says so.
 */
export async function chatDbPath(deps: Files, chat: ChatRow, lang: Language): Promise<string> {
  sweepSoon(deps);
  const file = chatDbFile(deps.config.home, chat.id);
  await running.get(file)?.catch(() => undefined);
  if (await fs.promises.stat(file).then((st) => st.isFile(), () => false)) return file;
  const already = running.get(file);
  if (already) {
    await already;
    return file;
  }
  const job = (async () => {
    const excel = excelOf(chat);
    const owned = await filesOf(deps).byOwner('chat', chat.id);
    const upload = owned.find((f) => f.ready && f.id === excel?.uploadId) ?? owned.find((f) => f.ready);
    const ext = upload ? extensionOf(upload.fileName) : null;
    if (!upload || !ext) throw new AppError(409, ERROR_CODES.CONFLICT, chatMsg(lang, 'FILE_NOT_STORED'));
    const meta: UploadMeta = { organizationId: chat.organization_id, userId: chat.owner_id, fileName: upload.fileName, ext, size: upload.size };
    await build(deps, chat.id, upload, meta, excel?.header as ExcelHeader | undefined, () => undefined);
  })().finally(() => running.delete(file));
  running.set(file, job);
  await job;
  return file;
}

/** Removes a chat's files: its stored upload, and this replica's DuckDB file (after its load, if one is running). */
export async function removeChatData(deps: Files, chatId: number): Promise<void> {
  const file = chatDbFile(deps.config.home, chatId);
  await running.get(file)?.catch(() => undefined);
  await rmDuckdb(file);
  await filesOf(deps).removeOwner('chat', chatId);
}

/**
 * Removes this replica's DuckDB files of chats deleted on another replica (the one that deleted a
 * chat removed its own copy and the stored upload at once). At most every ten minutes, in the background.
 */
function sweepSoon(deps: Files): void {
  const home = deps.config.home;
  if (Date.now() - (lastSweep.get(home) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(home, Date.now());
  void sweepDeletedChats(deps).catch(() => undefined);
}

export async function sweepDeletedChats(deps: Files): Promise<number> {
  const dir = path.dirname(chatDbFile(deps.config.home, 0));
  const ids = (await fs.promises.readdir(dir).catch(() => [] as string[])).map((n) => /^(\d+)\.duckdb$/.exec(n)?.[1]).filter((x): x is string => !!x).map(Number);
  if (!ids.length) return 0;
  const db = deps.store.db as unknown as import('kysely').Kysely<any>;
  const alive = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('ai_chats').select('id').where('id', 'in', ids.slice(i, i + 500)).where('deleted_at', 'is', null).execute();
    for (const r of rows) alive.add(Number(r.id));
  }
  let removed = 0;
  for (const id of ids) {
    if (alive.has(id) || running.has(chatDbFile(deps.config.home, id))) continue;
    await rmDuckdb(chatDbFile(deps.config.home, id));
    removed++;
  }
  return removed;
}
