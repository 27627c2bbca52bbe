/** Saved AI conversations (spec 01 §7 "chat list 20, chat detail 5", "chat brief by data source"). */
import { z } from 'zod';
import { PageQuery } from './api.js';

export const CHAT_LIMITS = { messages: 200, content: 200_000, meta: 100_000, title: 255 } as const;

/** Where a conversation was held: the chat panel's cascader (data source > database > schema, or a collection). */
export const ChatContextSchema = z.object({
  dataSourceId: z.number().int().optional(),
  dataSourceName: z.string().max(255).optional(),
  databaseType: z.string().max(32).optional(),
  databaseName: z.string().max(255).optional(),
  schemaName: z.string().max(255).optional(),
  collectionId: z.number().int().optional(),
  collectionTitle: z.string().max(255).optional(),
});

export const ChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(CHAT_LIMITS.content),
  /** What the UI shows besides the text (question type, mentioned tables, SQL checks, error); kept as given. */
  meta: z.record(z.string(), z.unknown()).optional()
    .refine((m) => m === undefined || JSON.stringify(m).length <= CHAT_LIMITS.meta, { message: `meta is larger than ${CHAT_LIMITS.meta} characters` }),
});

export const ChatSaveInput = z.object({
  /** Absent for a new conversation. */
  id: z.number().int().optional(),
  title: z.string().trim().max(CHAT_LIMITS.title).optional(),
  context: ChatContextSchema.default({}),
  messages: z.array(ChatMessageSchema).min(1).max(CHAT_LIMITS.messages),
});
export type ChatSaveInput = z.infer<typeof ChatSaveInput>;

export const ChatListQuery = PageQuery.extend({ dataSourceId: z.coerce.number().int().optional() });
export const ChatBriefQuery = z.object({ dataSourceId: z.coerce.number().int().optional() });

export interface ChatSummary { id: number; title: string; context: z.infer<typeof ChatContextSchema>; messageCount: number; updatedAt: string }
export interface ChatDetail extends ChatSummary { messages: z.infer<typeof ChatMessageSchema>[] }
