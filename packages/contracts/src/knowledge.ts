/**
 * Knowledge management (issue 17 point 4; spec 02 §2 "Knowledge management", §3 "Knowledge items",
 * §5; API.md "Dashboards, AI chats, knowledge, other"): terminology, business logic, case
 * optimisation and table annotation items of an organisation, bound to a data source or global.
 * The AI assistant retrieves the items relevant to a question; table annotations and terminology
 * also feed schema linking. Texts the user must fill are checked by the server so the message is in
 * the user's language; these schemas bound sizes and types.
 */
import { z } from 'zod';

export const KNOWLEDGE_KINDS = ['TERMINOLOGY', 'BUSINESS_LOGIC', 'CASE_OPTIMIZATION', 'TABLE_ANNOTATION'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

export const KNOWLEDGE_LIMITS = {
  name: 255,
  content: 8000,
  tableName: 1024,
  /** Rows one import may carry (the template's data sheet). */
  importRows: 5000,
  /** Largest import file in bytes. */
  importBytes: 5 * 1024 * 1024,
  /** Ids one batch delete or export may name. */
  batch: 1000,
  pageSize: 200,
} as const;

/** Error codes of this area (additive to ERROR_CODES). */
export const KNOWLEDGE_ERROR_CODES = {
  /** An import file with rows that fail validation; `data.errors` lists them by row. Nothing was imported. */
  KNOWLEDGE_IMPORT_INVALID: 'KNOWLEDGE_IMPORT_INVALID',
} as const;

/** One item as the list and the AI see it. */
export interface KnowledgeItem {
  id: number;
  kind: KnowledgeKind;
  /** The term, rule title, case title, or (table annotation) a short title. */
  name: string;
  /** The definition / description / the annotation itself. */
  content: string;
  /** Bound data source; null = global (every data source of the organisation). */
  dataSourceId: number | null;
  dataSourceName: string | null;
  /** TABLE_ANNOTATION: the table it annotates (optional for the other kinds: a table the item is about). */
  tableName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The fields a user writes (form, import row) once checked: what the store saves and the web sends. */
export type KnowledgeFields = Pick<KnowledgeItem, 'kind' | 'name' | 'content' | 'dataSourceId' | 'tableName'>;

const Id = z.coerce.number().int().positive();
const Kind = z.enum(KNOWLEDGE_KINDS);

export const KnowledgeInput = z.object({
  kind: Kind,
  name: z.string().max(KNOWLEDGE_LIMITS.name),
  content: z.string().max(KNOWLEDGE_LIMITS.content),
  dataSourceId: Id.nullish(),
  tableName: z.string().max(KNOWLEDGE_LIMITS.tableName).nullish(),
});
export type KnowledgeInput = z.output<typeof KnowledgeInput>;

export const KnowledgeUpdate = KnowledgeInput.extend({ id: Id });
export type KnowledgeUpdate = z.output<typeof KnowledgeUpdate>;

export const KnowledgeIds = z.object({ ids: z.array(Id).min(1).max(KNOWLEDGE_LIMITS.batch) });

export const KnowledgeListQuery = z.object({
  kind: Kind.optional(),
  /** Items bound to this data source plus (unless `boundOnly`) the global ones. */
  dataSourceId: Id.optional(),
  searchKey: z.string().max(255).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(KNOWLEDGE_LIMITS.pageSize).default(20),
});

export const KnowledgeExportQuery = z.object({
  kind: Kind.optional(),
  dataSourceId: Id.optional(),
  /** Comma-separated ids: export only these (the selected rows). */
  ids: z.string().regex(/^\d+(,\d+)*$/).optional(),
});

/** A row of an import file that was refused: 1-based row number as the spreadsheet shows it. */
export interface KnowledgeImportError {
  row: number;
  column?: string;
  message: string;
}
export interface KnowledgeImportResult {
  created: number;
}

/** GET /api/mcp/config/copy: the MCP client configuration to paste into an MCP client. */
export interface McpClientConfig {
  /** The JSON text to copy (an `mcpServers` entry). */
  text: string;
  /** The streamable HTTP endpoint. */
  url: string;
  /** Whether the client must send an API key (server mode). */
  needsApiKey: boolean;
}
