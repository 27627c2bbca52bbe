/** Saved AI conversations of each user: one row per chat, its messages in order. A save replaces the messages. */
import type { ChatDetail, ChatSaveInput, ChatSummary } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import type { ChatsTable } from './schema.js';
import type { OwnerScope } from './scope.js';

type ChatRow = Omit<ChatsTable, 'id'> & { id: number };

const TITLE_CHARS = 80;

/** A chat's title: the one given, else the first question's first line, shortened. */
export function chatTitle(input: ChatSaveInput): string {
  if (input.title) return input.title;
  const first = input.messages.find((m) => m.role === 'user')?.content.trim().split('\n')[0] ?? '';
  return first.length > TITLE_CHARS ? `${first.slice(0, TITLE_CHARS - 1)}…` : first || '…';
}

function summary(r: ChatRow): ChatSummary {
  return { id: r.id, title: r.title, context: JSON.parse(r.context_json), messageCount: r.message_count, updatedAt: r.updated_at };
}

export class ChatRepo {
  constructor(private readonly db: StoreDb) {}

  /** Newest first. */
  async list(scope: OwnerScope, q: { pageNo: number; pageSize: number; dataSourceId?: number; searchKey?: string }) {
    let query = this.db.selectFrom('chats').where('user_id', '=', scope.userId).where('organization_id', '=', scope.organizationId);
    if (q.dataSourceId !== undefined) query = query.where('data_source_id', '=', q.dataSourceId);
    if (q.searchKey) query = query.where('title', 'like', `%${q.searchKey.replace(/[%_\\]/g, '\\$&')}%`);
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
    return { data: rows.map(summary), pageNo: q.pageNo, pageSize: q.pageSize, total, hasNextPage: q.pageNo * q.pageSize < total };
  }

  async latest(scope: OwnerScope, dataSourceId?: number): Promise<ChatDetail | null> {
    let query = this.db.selectFrom('chats').select('id').where('user_id', '=', scope.userId).where('organization_id', '=', scope.organizationId);
    if (dataSourceId !== undefined) query = query.where('data_source_id', '=', dataSourceId);
    const newest = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return newest ? this.get(scope, newest.id) : null;
  }

  async get(scope: OwnerScope, id: number): Promise<ChatDetail | null> {
    const row = await this.db.selectFrom('chats').selectAll().where('id', '=', id).where('user_id', '=', scope.userId).where('organization_id', '=', scope.organizationId).executeTakeFirst();
    if (!row) return null;
    const messages = await this.db.selectFrom('chat_messages').select(['role', 'content', 'meta_json']).where('chat_id', '=', id).orderBy('seq').execute();
    return {
      ...summary(row),
      messages: messages.map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content, ...(m.meta_json ? { meta: JSON.parse(m.meta_json) } : {}) })),
    };
  }

  /** Creates the chat, or replaces an existing one's messages; null when `id` is not this user's chat. */
  async save(scope: OwnerScope, input: ChatSaveInput): Promise<number | null> {
    return this.db.transaction().execute(async (tx) => {
      const fields = {
        title: chatTitle(input),
        data_source_id: input.context.dataSourceId ?? null,
        context_json: JSON.stringify(input.context),
        message_count: input.messages.length,
        updated_at: nowIso(),
      };
      let id = input.id;
      if (id !== undefined) {
        const owned = await tx.selectFrom('chats').select('id').where('id', '=', id).where('user_id', '=', scope.userId).where('organization_id', '=', scope.organizationId).executeTakeFirst();
        if (!owned) return null;
        await tx.updateTable('chats').set(fields).where('id', '=', id).execute();
        await tx.deleteFrom('chat_messages').where('chat_id', '=', id).execute();
      } else {
        id = (await tx.insertInto('chats').values({ ...fields, user_id: scope.userId, organization_id: scope.organizationId, created_at: fields.updated_at }).returning('id').executeTakeFirstOrThrow()).id;
      }
      const chatId = id;
      await tx.insertInto('chat_messages').values(input.messages.map((m, seq) => ({
        chat_id: chatId, seq, role: m.role, content: m.content, meta_json: m.meta ? JSON.stringify(m.meta) : null,
      }))).execute();
      return chatId;
    });
  }

  /** The chat and its messages together, or nothing when it is not this user's. */
  async delete(scope: OwnerScope, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx.deleteFrom('chats').where('id', '=', id).where('user_id', '=', scope.userId).where('organization_id', '=', scope.organizationId).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) return false;
      await tx.deleteFrom('chat_messages').where('chat_id', '=', id).execute();
      return true;
    });
  }
}
