/**
 * Named AI chats and their answers (migration 0012). Answers keep their parts as JSON; a part is
 * replaced by its step index with a conditional update on `version` (two replicas, one answer).
 */
import type { AnswerPart, ChatDataset, ShareScope, SharePermission } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import { chatV2Db, type AiChatAnswersTable, type AiChatsTable, type ChatV2Db } from './chats-v2-schema.js';

export type ChatRow = Omit<AiChatsTable, 'id' | 'version'> & { id: number; version: number };
export type AnswerRow = Omit<AiChatAnswersTable, 'id' | 'version'> & { id: number; version: number };

const likeEscape = (s: string) => s.replace(/[%_\\]/g, '\\$&');
/** Collaborators are stored as ",1,5," so one LIKE finds a member. */
export const collaboratorsText = (ids: number[]) => (ids.length ? `,${[...new Set(ids)].join(',')},` : null);
export const collaboratorIds = (text: string | null) => (text ? text.split(',').filter(Boolean).map(Number) : []);

export class ChatV2Repo {
  private readonly db: ChatV2Db;
  constructor(store: StoreDb) {
    this.db = chatV2Db(store);
  }

  async create(v: { organizationId: number; ownerId: number; name: string; description?: string; sourceType: string; dataset?: ChatDataset; excel?: unknown }): Promise<number> {
    const now = nowIso();
    const r = await this.db.insertInto('ai_chats').values({
      organization_id: v.organizationId, owner_id: v.ownerId, name: v.name, description: v.description ?? null, source_type: v.sourceType,
      dataset_json: v.dataset ? JSON.stringify(v.dataset) : null, excel_json: v.excel ? JSON.stringify(v.excel) : null,
      share_scope: null, share_permission: null, share_token: null, collaborators_json: null, created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  /** A chat, deleted ones included (the caller decides what a tombstone means). */
  async find(id: number): Promise<ChatRow | undefined> {
    return (await this.db.selectFrom('ai_chats').selectAll().where('id', '=', id).executeTakeFirst()) as ChatRow | undefined;
  }

  async byToken(token: string): Promise<ChatRow | undefined> {
    return (await this.db.selectFrom('ai_chats').selectAll().where('share_token', '=', token).executeTakeFirst()) as ChatRow | undefined;
  }

  /** The chats a user sees in an organisation: their own and those shared with them; newest first. */
  async list(q: { organizationId: number; userId: number; pageNo: number; pageSize: number; searchKey?: string }) {
    let query = this.db.selectFrom('ai_chats').where('organization_id', '=', q.organizationId).where('deleted_at', 'is', null)
      .where((eb) => eb.or([
        eb('owner_id', '=', q.userId),
        eb('share_scope', '=', 'ALL_MEMBERS'),
        eb.and([eb('share_scope', '=', 'COLLABORATORS'), eb('collaborators_json', 'like', `%,${q.userId},%`)]),
      ]));
    if (q.searchKey) query = query.where('name', 'like', `%${likeEscape(q.searchKey)}%`);
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
    return { rows: rows as ChatRow[], total };
  }

  /** The newest chat of a user over a data source (the chat brief by data source). */
  async latestOver(organizationId: number, userId: number, dataSourceId: number): Promise<ChatRow | undefined> {
    const rows = await this.db.selectFrom('ai_chats').selectAll().where('organization_id', '=', organizationId).where('owner_id', '=', userId)
      .where('deleted_at', 'is', null).where((eb) => eb.or([eb('dataset_json', 'like', `%"dataSourceId":${dataSourceId},%`), eb('dataset_json', 'like', `%"dataSourceId":${dataSourceId}}%`)])).orderBy('updated_at', 'desc').limit(1).execute();
    return rows[0] as ChatRow | undefined;
  }

  async update(id: number, fields: { name?: string; description?: string | null; excel?: unknown }): Promise<boolean> {
    const set: { updated_at: string; name?: string; description?: string | null; excel_json?: string } = { updated_at: nowIso() };
    if (fields.name !== undefined) set.name = fields.name;
    if (fields.description !== undefined) set.description = fields.description;
    if (fields.excel !== undefined) set.excel_json = JSON.stringify(fields.excel);
    const r = await this.db.updateTable('ai_chats').set(set).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async share(id: number, s: { scope: ShareScope; permission: SharePermission; token: string; collaboratorIds: number[] }): Promise<boolean> {
    const r = await this.db.updateTable('ai_chats').set({
      share_scope: s.scope, share_permission: s.permission, share_token: s.token, collaborators_json: collaboratorsText(s.collaboratorIds), updated_at: nowIso(),
    }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Marks the chat deleted (its share link then says so) and drops its answers. */
  async softDelete(id: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx.updateTable('ai_chats').set({ deleted_at: nowIso(), excel_json: null }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await tx.deleteFrom('ai_chat_answers').where('chat_id', '=', id).execute();
      return true;
    });
  }

  async touch(id: number): Promise<void> {
    await this.db.updateTable('ai_chats').set({ updated_at: nowIso() }).where('id', '=', id).execute();
  }

  // ---- answers ----

  async addAnswer(v: { chatId: number; askedBy: number; question: string; magic: string | null; parts: AnswerPart[] }): Promise<number> {
    const now = nowIso();
    const r = await this.db.insertInto('ai_chat_answers').values({
      chat_id: v.chatId, asked_by: v.askedBy, question: v.question, magic: v.magic, parts_json: JSON.stringify(v.parts),
      feedback_helpful: null, feedback_reason: null, feedback_by: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await this.touch(v.chatId);
    return r.id;
  }

  async answer(id: number): Promise<AnswerRow | undefined> {
    return (await this.db.selectFrom('ai_chat_answers').selectAll().where('id', '=', id).executeTakeFirst()) as AnswerRow | undefined;
  }

  /** Newest first. */
  async answers(chatId: number, pageNo: number, pageSize: number) {
    const base = this.db.selectFrom('ai_chat_answers').where('chat_id', '=', chatId);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
    return { rows: rows as AnswerRow[], total };
  }

  /** Replaces the parts `change` returns, by step index; retried when another writer got there first. */
  async updateParts(answerId: number, change: (parts: AnswerPart[]) => AnswerPart[]): Promise<AnswerPart[] | null> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const row = await this.answer(answerId);
      if (!row) return null;
      const parts = change(JSON.parse(row.parts_json) as AnswerPart[]);
      const r = await this.db.updateTable('ai_chat_answers').set({ parts_json: JSON.stringify(parts), version: row.version + 1, updated_at: nowIso() })
        .where('id', '=', answerId).where('version', '=', row.version).executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) return parts;
    }
    throw new Error(`answer ${answerId}: too many concurrent updates`);
  }

  async feedback(answerId: number, by: number, helpful: boolean, reason: string | null): Promise<boolean> {
    const r = await this.db.updateTable('ai_chat_answers').set({ feedback_helpful: helpful ? 1 : 0, feedback_reason: reason, feedback_by: by, updated_at: nowIso() })
      .where('id', '=', answerId).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
