/**
 * An uploaded Excel/CSV file waiting for its chat: streamed to $ASKDB_HOME/chats/uploads/<id>.<ext>
 * with the size limit enforced while it streams, then read once for the header wizard's preview
 * (the first rows of every sheet; a corrupt workbook or a file without rows is refused here).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CHAT_V2_LIMITS, ERROR_CODES, type ExcelUploadPreview, type Language } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import { chatMsg } from './messages.js';
import { csvDelimiter, fileHead, parseCsv, xlsxSheets, type Cell } from './excel-read.js';
import { guardZip } from '../tasks/xlsx.js';
import { checkChatLoad, scanDelimited, SpreadsheetTooLarge } from '../spreadsheet-limits.js';

/** How far an xlsx may inflate, in bytes (5× the upload limit): a zip bomb is refused before exceljs caches its shared strings. */
export const inflateLimit = () => uploadLimitMb() * 1024 * 1024 * 5;

export interface UploadMeta { organizationId: number; userId: number; fileName: string; ext: 'xlsx' | 'xls' | 'csv'; size: number }

export const chatsDir = (home: string) => path.join(home, 'chats');
const uploadsDir = (home: string) => path.join(chatsDir(home), 'uploads');
export const uploadFile = (home: string, id: string, ext: string) => path.join(uploadsDir(home), `${id}.${ext}`);
const metaFile = (home: string, id: string) => path.join(uploadsDir(home), `${id}.json`);

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
 * no file, or a second one, is refused and nothing is kept.
 */
export async function receiveUpload(home: string, req: FastifyRequest, owner: { organizationId: number; userId: number }): Promise<{ id: string; meta: UploadMeta }> {
  const lang = req.ctx.lang;
  if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'NO_FILE'));
  let saved: { id: string; meta: UploadMeta } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: uploadLimitMb() * 1024 * 1024, files: 2, fields: 20 } })) {
      if (part.type !== 'file') continue;
      if (saved) {
        part.file.resume();
        throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'ONE_FILE'));
      }
      saved = await saveUpload(home, lang, owner, part);
    }
  } catch (e) {
    if (saved) await removeUpload(home, saved.id, saved.meta.ext);
    throw e;
  }
  if (!saved) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'NO_FILE'));
  return saved;
}

/** Streams one file part to disk; refuses a wrong type or a file over the limit (nothing kept). */
export async function saveUpload(home: string, lang: Language, owner: { organizationId: number; userId: number }, part: { filename: string; file: Readable & { truncated?: boolean } }): Promise<{ id: string; meta: UploadMeta }> {
  const ext = extensionOf(part.filename);
  if (!ext) {
    part.file.resume();
    throw new AppError(400, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'FILE_TYPE'));
  }
  await fs.promises.mkdir(uploadsDir(home), { recursive: true });
  await sweepUploads(home);
  const id = crypto.randomUUID();
  const file = uploadFile(home, id, ext);
  let tooLarge = false;
  try {
    await pipeline(part.file, fs.createWriteStream(file, { mode: 0o600 }));
  } catch (e) {
    if ((e as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') {
      await fs.promises.rm(file, { force: true });
      throw e;
    }
    tooLarge = true;
  }
  if (tooLarge || part.file.truncated) {
    await fs.promises.rm(file, { force: true });
    throw new AppError(413, ERROR_CODES.INVALID_PARAMS, chatMsg(lang, 'FILE_TOO_LARGE', { mb: uploadLimitMb() }));
  }
  const meta: UploadMeta = { ...owner, fileName: path.basename(part.filename).slice(0, 255), ext, size: (await fs.promises.stat(file)).size };
  await fs.promises.writeFile(metaFile(home, id), JSON.stringify(meta), { mode: 0o600 });
  return { id, meta };
}

const UPLOAD_TTL_MS = 24 * 3600_000;

/** Uploads never turned into a chat are removed after a day. */
async function sweepUploads(home: string): Promise<void> {
  const dir = uploadsDir(home);
  const cutoff = Date.now() - UPLOAD_TTL_MS;
  for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const st = await fs.promises.stat(file).catch(() => null);
    if (st && st.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
  }
}

/** The upload's meta when it belongs to this user in this organisation. */
export async function findUpload(home: string, id: string, owner: { organizationId: number; userId: number }): Promise<UploadMeta | null> {
  try {
    const meta = JSON.parse(await fs.promises.readFile(metaFile(home, id), 'utf8')) as UploadMeta;
    return meta.organizationId === owner.organizationId && meta.userId === owner.userId ? meta : null;
  } catch {
    return null;
  }
}

export async function removeUpload(home: string, id: string, ext: string): Promise<void> {
  await fs.promises.rm(uploadFile(home, id, ext), { force: true });
  await fs.promises.rm(metaFile(home, id), { force: true });
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
export async function previewUpload(home: string, lang: Language, id: string, meta: UploadMeta): Promise<ExcelUploadPreview> {
  const file = uploadFile(home, id, meta.ext);
  const max = CHAT_V2_LIMITS.previewRows;
  const sheets: ExcelUploadPreview['sheets'] = [];
  if (meta.ext === 'xls') throw new AppError(400, ERROR_CODES.UNSUPPORTED, chatMsg(lang, 'XLS_LEGACY'));
  try {
    if (meta.ext === 'csv') {
      const head = await fileHead(file, 256 * 1024);
      await checkUploadLimits(file, 'csv', csvDelimiter(head));
      const rows = parseCsv(head, csvDelimiter(head), max, head.length < 256 * 1024);
      sheets.push({ name: meta.fileName, rows });
    } else {
      await checkUploadLimits(file, 'xlsx');
      for await (const sheet of xlsxSheets(file)) {
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
