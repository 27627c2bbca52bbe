/**
 * Who may do what with a named chat: the owner everything; a member it is shared with (all members
 * of the chat's organisation, or the listed collaborators) reads it, and edits it (asks, retries,
 * renames) only with the EDIT permission. Another organisation's member gets 404, like a stranger.
 */
import { chatProgressOf } from '../spec-fields.js';
import { ERROR_CODES, type AnswerPart, type ChatAnswer, type ChatV2, type ChatExcelState } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { scopeOf } from '../access.js';
import { collaboratorIds, type AnswerRow, type ChatRow, type ChatV2Repo } from '../../store/chats-v2.js';
import { chatMsg } from './messages.js';

export type Need = 'read' | 'edit' | 'owner';
export type Access = ChatV2['access'];

export function accessOf(chat: ChatRow, userId: number, organizationId: number): Access | null {
  if (chat.organization_id !== organizationId) return null;
  if (chat.owner_id === userId) return 'OWNER';
  const perm = chat.share_permission === 'EDIT' ? 'EDIT' : 'VIEW';
  if (chat.share_scope === 'ALL_MEMBERS') return perm;
  if (chat.share_scope === 'COLLABORATORS' && collaboratorIds(chat.collaborators_json).includes(userId)) return perm;
  return null;
}

export async function requireChat(repo: ChatV2Repo, req: FastifyRequest, id: number, need: Need): Promise<{ chat: ChatRow; access: Access }> {
  const scope = scopeOf(req);
  const lang = req.ctx.lang;
  const chat = await repo.find(id);
  const access = chat ? accessOf(chat, scope.userId, scope.organizationId) : null;
  if (!chat || !access) throw new AppError(404, ERROR_CODES.NOT_FOUND, chatMsg(lang, 'NOT_FOUND', { id }));
  if (chat.deleted_at) throw new AppError(404, ERROR_CODES.NOT_FOUND, chatMsg(lang, 'DELETED'));
  if (need === 'owner' && access !== 'OWNER') throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, chatMsg(lang, 'OWNER_ONLY'));
  if (need === 'edit' && access === 'VIEW') throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, chatMsg(lang, 'VIEW_ONLY'));
  return { chat, access };
}

/** The stored Excel state (what the client sees; the upload id and header stay on the server). */
export interface StoredExcel extends ChatExcelState { uploadId?: string; header?: unknown }

export function excelOf(chat: ChatRow): StoredExcel | null {
  return chat.excel_json ? (JSON.parse(chat.excel_json) as StoredExcel) : null;
}

export function chatView(chat: ChatRow, access: Access): ChatV2 {
  const excel = excelOf(chat);
  return {
    id: chat.id,
    name: chat.name,
    description: chat.description,
    sourceType: chat.source_type as ChatV2['sourceType'],
    dataset: chat.dataset_json ? JSON.parse(chat.dataset_json) : null,
    excel: excel ? { fileName: excel.fileName, status: excel.status, progress: excel.progress, rowsLoaded: excel.rowsLoaded, tables: excel.tables, ...(excel.error ? { error: excel.error } : {}) } : null,
    ownerId: chat.owner_id,
    access,
    share: chat.share_scope && access === 'OWNER'
      ? { scope: chat.share_scope as 'ALL_MEMBERS', permission: (chat.share_permission ?? 'VIEW') as 'VIEW', token: chat.share_token!, collaboratorIds: collaboratorIds(chat.collaborators_json) }
      : null,
    createdAt: chat.created_at,
    updatedAt: chat.updated_at,
  };
}

export function answerView(row: AnswerRow, parts?: AnswerPart[]): ChatAnswer {
  const all = parts ?? (JSON.parse(row.parts_json) as AnswerPart[]);
  return {
    id: row.id,
    question: row.question,
    magic: (row.magic as ChatAnswer['magic']) ?? null,
    askedBy: row.asked_by,
    createdAt: row.created_at,
    parts: all,
    progress: chatProgressOf(all),
    feedback: row.feedback_helpful === null ? null : { helpful: row.feedback_helpful === 1, reason: row.feedback_reason },
  };
}
