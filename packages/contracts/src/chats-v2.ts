/**
 * Named AI chats (spec 02 §2 "AI chat", §3 "Chat and AI", §5, §6; API.md "Dashboards, AI chats, …"):
 * a chat over a database context or an uploaded Excel/CSV file, answers in parts by step, feedback,
 * and sharing.
 */
import { z } from 'zod';

export const CHAT_SOURCE_TYPES = ['DATABASE', 'EXCEL'] as const;
export type ChatSourceType = (typeof CHAT_SOURCE_TYPES)[number];
export const HEADER_ORIENTATIONS = ['HORIZONTAL', 'VERTICAL'] as const;
export const SHARE_SCOPES = ['ALL_MEMBERS', 'COLLABORATORS'] as const;
export type ShareScope = (typeof SHARE_SCOPES)[number];
export const SHARE_PERMISSIONS = ['VIEW', 'EDIT'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];
/** The answer's parts, in step order (the step index is the position here). */
export const ANSWER_PART_TYPES = ['UNDERSTANDING', 'SQL', 'RESULT', 'CHART', 'SUMMARY'] as const;
export type AnswerPartType = (typeof ANSWER_PART_TYPES)[number];
export const PART_STATUSES = ['WAITING', 'LOADING', 'SUCCESS', 'FAIL', 'SKIPPED'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];
export const SLASH_MAGIC = ['query_table', 'query_chart'] as const;
export type SlashMagic = (typeof SLASH_MAGIC)[number];
export const EXCEL_LOAD_STATUSES = ['LOADING', 'READY', 'FAIL'] as const;

export const CHAT_V2_LIMITS = {
  name: 255,
  description: 2000,
  question: 10_000,
  /** Upload size in megabytes ("File must be smaller than {n}MB!"). */
  excelMegabytes: 200,
  previewRows: 10,
  maxHeaderLines: 20,
  /** Rows returned in an answer's result table. */
  resultRows: 200,
  extensions: ['xlsx', 'xls', 'csv'],
} as const;

const required = (max: number) => z.string({ error: 'This field is required!' }).trim().min(1, 'This field is required!').max(max);

/** The AI dataset of a database chat: a data source (database, schema) or an AI data collection. */
export const ChatDatasetSchema = z.object({
  dataSourceId: z.number().int().optional(),
  databaseName: z.string().max(255).optional(),
  schemaName: z.string().max(255).optional(),
  dataSourceCollectionId: z.number().int().optional(),
}).refine((d) => d.dataSourceId != null || d.dataSourceCollectionId != null, { message: 'This field is required!' });
export type ChatDataset = z.infer<typeof ChatDatasetSchema>;

/** The Excel header wizard: where the header is, as lines (rows, or columns when VERTICAL) from..to, 1-based. */
export const ExcelHeaderSchema = z.object({
  orientation: z.enum(HEADER_ORIENTATIONS).default('HORIZONTAL'),
  from: z.number().int().min(1).default(1),
  to: z.number().int().min(1).default(1),
  applyToAllSheets: z.boolean().default(true),
  /** The sheet the settings are for when they do not apply to all (0-based). */
  sheet: z.number().int().min(0).default(0),
}).refine((h) => h.to >= h.from && h.to - h.from < CHAT_V2_LIMITS.maxHeaderLines, { message: 'The header range is not valid', path: ['to'] });
export type ExcelHeader = z.infer<typeof ExcelHeaderSchema>;

export const ChatCreateInput = z.object({
  name: required(CHAT_V2_LIMITS.name),
  description: z.string().trim().max(CHAT_V2_LIMITS.description).optional(),
  sourceType: z.enum(CHAT_SOURCE_TYPES).default('DATABASE'),
  dataset: ChatDatasetSchema.optional(),
  /** EXCEL: the id POST /api/ai/chat/excel answered. */
  uploadId: z.string().regex(/^[a-f0-9-]{36}$/).optional(),
  header: ExcelHeaderSchema.optional(),
}).superRefine((c, ctx) => {
  if (c.sourceType === 'DATABASE' && !c.dataset) ctx.addIssue({ code: 'custom', path: ['dataset'], message: 'This field is required!' });
  if (c.sourceType === 'EXCEL' && !c.uploadId) ctx.addIssue({ code: 'custom', path: ['uploadId'], message: 'This field is required!' });
});
export type ChatCreateInput = z.infer<typeof ChatCreateInput>;

export const ChatUpdateInput = z.object({
  id: z.number().int(),
  name: required(CHAT_V2_LIMITS.name).optional(),
  description: z.string().trim().max(CHAT_V2_LIMITS.description).optional(),
});
export const ChatIdQuery = z.object({ id: z.coerce.number().int() });
export const ChatV2ListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  searchKey: z.string().max(255).optional(),
});
export const ChatV2GetQuery = z.object({
  id: z.coerce.number().int(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(5),
});
export const ChatBriefV2Query = z.object({ id: z.coerce.number().int().optional(), dataSourceId: z.coerce.number().int().optional() });

export const ChatShareInput = z.object({
  id: z.number().int(),
  scope: z.enum(SHARE_SCOPES),
  permission: z.enum(SHARE_PERMISSIONS),
  /** COLLABORATORS: the members the chat is shared with. */
  collaboratorIds: z.array(z.number().int()).max(500).default([]),
});
export const ChatShareResolveQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

export const ChatAskInput = z.object({
  chatId: z.number().int(),
  question: z.string().trim().min(1, 'This field is required!').max(CHAT_V2_LIMITS.question),
  magic: z.enum(SLASH_MAGIC).optional(),
  model: z.string().max(255).optional(),
});
export const AnswerRetryInput = z.object({ answerId: z.number().int(), step: z.number().int().min(0).max(ANSWER_PART_TYPES.length - 1) });
/** Replaces an answer's SQL (step 1) by hand; the later parts wait for a retry from step 2. */
export const AnswerPartUpdateInput = z.object({ answerId: z.number().int(), step: z.literal(1), content: z.string().trim().min(1, 'This field is required!').max(100_000) });
export const AnswerFeedbackInput = z.object({ answerId: z.number().int(), helpful: z.boolean(), reason: z.string().trim().max(1000).optional() });

export interface ChartSpec { type: 'bar' | 'line' | 'pie'; x: string; y: string[] }
export interface AnswerPart {
  step: number;
  partType: AnswerPartType;
  status: PartStatus;
  /** UNDERSTANDING / SUMMARY text, the SQL of the SQL part. */
  content?: string;
  headerList?: string[];
  dataList?: (string | null)[][];
  hasMore?: boolean;
  chart?: ChartSpec;
  /** Why the part failed or was skipped. */
  error?: string;
  /** A refusal the web acts on (FREE_TRIAL_USAGE_LIMIT opens the pricing modal), with `error` its message. */
  errorCode?: string;
}
export interface ChatAnswer {
  id: number;
  question: string;
  magic: SlashMagic | null;
  askedBy: number;
  createdAt: string;
  parts: AnswerPart[];
  /** The spec's chat progress (01 §3): LOADING while a part waits or runs, FAIL when one failed, else FINISH. */
  progress?: 'LOADING' | 'FINISH' | 'FAIL';
  feedback: { helpful: boolean; reason: string | null } | null;
}
export interface ExcelTableInfo { name: string; sheet: string; rows: number; columns: string[] }
export interface ChatExcelState {
  fileName: string;
  status: (typeof EXCEL_LOAD_STATUSES)[number];
  /** 0..100 */
  progress: number;
  rowsLoaded: number;
  tables: ExcelTableInfo[];
  error?: string;
}
export interface ChatV2 {
  id: number;
  name: string;
  description: string | null;
  sourceType: ChatSourceType;
  dataset: ChatDataset | null;
  excel: ChatExcelState | null;
  ownerId: number;
  /** What the caller may do: OWNER, or the share permission. */
  access: 'OWNER' | SharePermission;
  share: { scope: ShareScope; permission: SharePermission; token: string; collaboratorIds: number[] } | null;
  createdAt: string;
  updatedAt: string;
}
export interface ChatV2Detail extends ChatV2 {
  /** Newest first, paged by 5. */
  chatDetails: { data: ChatAnswer[]; pageNo: number; pageSize: number; total: number; hasNextPage: boolean };
}
export interface ExcelUploadPreview {
  uploadId: string;
  fileName: string;
  sheets: { name: string; rows: (string | null)[][] }[];
}
