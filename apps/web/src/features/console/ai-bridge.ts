/**
 * The console's hooks into the AI assistant: a window CustomEvent `askdb:ai` with
 * `{ questionType, input, context }` that the chat panel picks up ('optimize with AI', 'use AI to
 * repair'). The '/' inline box asks the AI itself and writes into the editor (inline-ai.ts).
 */
import type { AiQuestionType } from '@askdb/contracts';

export const AI_EVENT = 'askdb:ai';

export interface AiRequestContext {
  dataSourceId?: number | null;
  dataSourceName?: string | null;
  databaseType?: string | null;
  databaseName?: string | null;
  schemaName?: string | null;
  consoleId?: number | null;
  /** The editor's full text, for answers that should fit into it. */
  sql?: string;
  /** SQL_DEBUG: the error to repair. */
  errorMessage?: string;
}

export interface AiRequestDetail {
  questionType: AiQuestionType;
  input: string;
  context: AiRequestContext;
}

export function requestAi(detail: AiRequestDetail): void {
  window.dispatchEvent(new CustomEvent<AiRequestDetail>(AI_EVENT, { detail }));
}
