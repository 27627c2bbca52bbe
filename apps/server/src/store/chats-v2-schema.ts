/** Table types of the named AI chats (migration 0012); the store reaches them with `db.withTables<ChatV2Tables>()`. */
import type { Generated, Kysely } from 'kysely';
import type { StoreDb } from './db.js';

export interface AiChatsTable {
  id: Generated<number>;
  organization_id: number;
  owner_id: number;
  name: string;
  description: string | null;
  /** DATABASE or EXCEL */
  source_type: string;
  dataset_json: string | null;
  /** ChatExcelState plus the header settings and the upload it came from. */
  excel_json: string | null;
  share_scope: string | null;
  share_permission: string | null;
  share_token: string | null;
  collaborators_json: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface AiChatAnswersTable {
  id: Generated<number>;
  chat_id: number;
  asked_by: number;
  question: string;
  magic: string | null;
  /** AnswerPart[] */
  parts_json: string;
  feedback_helpful: number | null;
  feedback_reason: string | null;
  feedback_by: number | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ChatV2Tables = {
  ai_chats: AiChatsTable;
  ai_chat_answers: AiChatAnswersTable;
};

export type ChatV2Db = Kysely<ChatV2Tables>;
export function chatV2Db(db: StoreDb): ChatV2Db {
  return (db as Kysely<any>).withTables<ChatV2Tables>() as unknown as ChatV2Db;
}
