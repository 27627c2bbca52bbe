/**
 * An uploaded Excel/CSV file waiting for its chat: streamed into the file store (services/files: the
 * app store's chunk rows, so any replica can create the chat and load it) with this replica's copy
 * kept for reading, the size limit enforced while it streams; then read once for the header wizard's
 * preview (the first rows of every sheet; a corrupt workbook or a file without rows is refused here).
 * An upload no chat claims is removed after a day.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CHAT_V2_LIMITS, ERROR_CODES, type ExcelUploadPreview, type Language } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { filesOf, type FileRecord } from '../files/index.js';
import { chatMsg } from './messages.js';
import { csvDelimiter, fileHead, parseCsv, xlsxSheets, type Cell } from './excel-read.js';
import { xlsSheets } from './xls-read.js';
import { guardZip } from '../tasks/xlsx.js';
import { checkChatLoad, scanDelimited, SpreadsheetTooLarge } from '../spreadsheet-limits.js';

/** How far an xlsx may inflate, in bytes (5× the upload limit): a zip bomb is refused before exceljs caches its shared strings. */
export const inflateLimit = () => uploadLimitMb() * 1024 * 1024 * 5;

export interface UploadMeta { organizationId: number; userId: number; fileName: string; ext: 'xlsx' | 'xls' | 'csv'; size: number }

/** An upload as received: its id, what it is, a path to this replica's copy, and how to drop it. */
export interface ReceivedUpload { id: string; meta: UploadMeta; file: string; discard(): Promise<void> }

type Owner = { organizationId: number; userId: number };
type Files = Pick<AppDeps, 'store' | 'config'>;

export const chatsDir = (home: string) => path.join(home, 'chats');

/** The size limit in megabytes (ASKDB_CHAT_UPLOAD_MB may lower or raise it). */
export function uploadLimitMb(): number {
  const env = Number(process.env.ASKDB_CHAT_UPLOAD_MB);
  return Number.isFinite(env) && env > 0 ? env : CHAT_V2_LIMITS.excelMegabytes;
}

export function extensionOf(fileName: string): UploadMeta['ext'] | null {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return (CHAT_V2_LIMITS.extensions as readonly string[]).includes(ext) ? (ext as UploadMeta['ext']) : null;
}

/**
 * The one file of a multipart request (the chat upload, the magic excel/check): saved like saveUpload;
 * no file, or a second one, is refused and nothing is kept. `keep: false` (a check) keeps only a
 * scratch copy on this replica, never the store.
 */
export async function receiveUpload(deps: Files, req: FastifyRequest, owner: Owner, opts: { keep?: boolean } = {}): Promise<ReceivedUpload> {
  const lang = req.ctx.lang;
  if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'NO_FILE'));
  let saved: ReceivedUpload | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: uploadLimitMb() * 1024 * 1024, files: 2, fields: 20 } })) {
      if (part.type !== 'file') continue;
      if (saved) {
        part.file.resume();
        throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'ONE_FILE'));
      }
      saved = await saveUpload(deps, lang, owner, part, opts.keep ?? true);
    }
  } catch (e) {
    await saved?.discard();
    throw e;
  }
  if (!saved) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'NO_FILE'));
  return saved;
}

const tooLarge = (lang: Language) => new AppError(413, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'FILE_TOO_LARGE', { mb: uploadLimitMb() }));
const isSizeLimit = (e: unknown) => (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** Streams one file part into the store (or a scratch file); refuses a wrong type or a file over the limit (nothing kept). */
export async function saveUpload(deps: Files, lang: Language, owner: Owner, part: { filename: string; file: Readable & { truncated?: boolean } }, keep = true): Promise<ReceivedUpload> {
  const ext = extensionOf(part.filename);
  if (!ext) {
    part.file.resume();
    throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'FILE_TYPE'));
  }
  const files = filesOf(deps);
  const fileName = path.basename(part.filename).slice(0, 255);
  if (!keep) {
    const id = crypto.randomUUID();
    const file = await files.cache.scratch(id);
    const discard = () => fs.promises.rm(file, { force: true });
    try {
      await pipeline(part.file, fs.createWriteStream(file, { mode: 0o600 }));
    } catch (e) {
      await discard();
      if (isSizeLimit(e)) throw tooLarge(lang);
      throw e;
    }
    if (part.file.truncated) {
      await discard();
      throw tooLarge(lang);
    }
    return { id, meta: { ...owner, fileName, ext, size: (await fs.promises.stat(file)).size }, file, discard };
  }
  let f: FileRecord;
  try {
    f = await files.put({ kind: 'chat-upload', ...owner, fileName, mime: 'application/octet-stream' }, part.file, { cache: true });
  } catch (e) {
    if (isSizeLimit(e)) throw tooLarge(lang);
    throw e;
  }
  if (part.file.truncated) {
    await files.remove(f.id);
    throw tooLarge(lang);
  }
  return { id: f.id, meta: { ...owner, fileName, ext, size: f.size }, file: files.cache.pathOf(f.id), discard: () => files.remove(f.id) };
}

/** The upload when it belongs to this user in this organisation and no chat has taken it yet. */
export async function findUpload(deps: Files, id: string, owner: Owner): Promise<{ record: FileRecord; meta: UploadMeta } | null> {
  const f = await filesOf(deps).get(id);
  const ext = f ? extensionOf(f.fileName) : null;
  if (!f || !ext || f.kind !== 'chat-upload' || f.ownerKey !== null || f.organizationId !== owner.organizationId || f.userId !== owner.userId) return null;
  return { record: f, meta: { ...owner, fileName: f.fileName, ext, size: f.size } };
}

/**
 * Refuses a file beyond the spreadsheet limits before anything is held: a CSV counted in one pass
 * that keeps no text, an xlsx scanned part by part as it inflates (zip bomb, shared strings, rich
 * text, cells, columns); either way each sheet must also fit a chat's load.
 */
export async function checkUploadLimits(file: string, ext: 'xlsx' | 'csv', delimiter?: string): Promise<void> {
  if (ext === 'csv') {
    const n = await scanDelimited(file, delimiter ?? csvDelimiter(await fileHead(file, 64 * 1024)));
    checkChatLoad(n.columns, n.records);
    return;
  }
  const counts = await guardZip(file, inflateLimit());
  for (const s of counts.sheets) checkChatLoad(s.columns, s.rows);
}

/** A refusal of the spreadsheet limits as the user reads it (400, in their language). */
export function limitRefusal(e: unknown, lang: Language): AppError | null {
  return e instanceof SpreadsheetTooLarge ? new AppError(400, ERROR_CODES.INVALID_PARAMS, e.text(lang)) : null;
}

/** The first rows of every sheet (the header wizard shows them); errors say what is wrong with the file. */
export async function previewUpload(lang: Language, upload: Pick<ReceivedUpload, 'id' | 'meta' | 'file'>): Promise<ExcelUploadPreview> {
  const { id, meta, file } = upload;
  const max = CHAT_V2_LIMITS.previewRows;
  const sheets: ExcelUploadPreview['sheets'] = [];
  try {
    if (meta.ext === 'csv') {
      const head = await fileHead(file, 256 * 1024);
      await checkUploadLimits(file, 'csv', csvDelimiter(head));
      const rows = parseCsv(head, csvDelimiter(head), max, head.length < 256 * 1024);
      sheets.push({ name: meta.fileName, rows });
    } else {
      if (meta.ext === 'xlsx') await checkUploadLimits(file, 'xlsx');
      for await (const sheet of meta.ext === 'xls' ? xlsSheets(file) : xlsxSheets(file)) {
        const rows: Cell[][] = [];
        for await (const r of sheet.rows) if (rows.length < max) rows.push(r.cells);
        sheets.push({ name: sheet.name, rows });
      }
    }
  } catch (e) {
    const refused = limitRefusal(e, lang);
    if (refused) throw refused;
    if (meta.ext === 'csv') throw e;
    throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'FILE_CORRUPT', { reason: String((e as Error).message ?? e).slice(0, 200) }));
  }
  if (!sheets.some((s) => s.rows.some((r) => r.some((c) => c !== null)))) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'FILE_EMPTY'));
  return { uploadId: id, fileName: meta.fileName, sheets };
}
