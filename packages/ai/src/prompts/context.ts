import type { AiQuestionType, Language } from '@askdb/contracts';
import type { ChatMessage } from '../provider.js';

/**
 * Everything a prompt may contain. The server fills it from the request and the database
 * (schema slice from schema linking, EXPLAIN output, indexes…); the builders are pure.
 * Nothing here may hold a credential: no API key, no data source password.
 */
export interface PromptContext {
  questionType: AiQuestionType;
  /** The user's text: a question, an instruction, or SQL (explain/optimize/debug/convert). */
  input: string;
  /** UI language (Accept-Language); the answer follows the question's own language first. */
  uiLanguage: Language;
  /** Engine name as users know it, e.g. "PostgreSQL", "MySQL", "SQLite". */
  dialect?: string;
  databaseName?: string | null;
  schemaName?: string | null;
  /**
   * The schema slice: DDL of the linked tables (with sample values when privacy allows),
   * already fitted to the token budget. Empty when the privacy setting is NOTHING.
   */
  schema?: string;
  /** SQL_DEBUG: the database's error message. */
  errorMessage?: string;
  /** SQL_OPTIMIZER: the engine's EXPLAIN output for the statement. */
  explainOutput?: string;
  /** SQL_OPTIMIZER: the indexes of the tables involved (DDL or a list). */
  indexes?: string;
  /** SQL_2_SQL: the dialect to convert to. */
  targetDialect?: string;
  /** Table-bound questions (modify column, CRUD, filter, data insert): the table and its DDL. */
  tableName?: string;
  tableDdl?: string;
  /** SQL_PROMPT: the editor text around the cursor, so the snippet fits in. */
  editorContext?: string;
  /** Team knowledge relevant to the input (terminology, business rules, cases, table notes), already fitted to its budget. */
  knowledge?: string;
  /** Earlier turns of this chat, oldest first. */
  history?: ChatMessage[];
}
