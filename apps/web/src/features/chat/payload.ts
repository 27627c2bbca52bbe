/** The request body of POST /api/v2/ai/chat (spec 01 §3): question, model, mentioned tables, context, history. */
import type { ChatContext, ChatMessage, SendRequest } from './chat-store.js';
import type { MentionedTable } from './mentions.js';

/** Earlier turns sent with a question, so follow-ups ("and per month?") make sense. */
const HISTORY_TURNS = 10;

export function chatPayload(req: SendRequest, ctx: ChatContext, model: string | undefined, tables: MentionedTable[], history: ChatMessage[]) {
  // Whole turns only: a question whose answer failed or is empty is left out with it.
  const pairs: { role: 'user' | 'assistant'; content: string }[][] = [];
  for (let i = 0; i + 1 < history.length; i++) {
    const q = history[i]!;
    const a = history[i + 1]!;
    if (q.role !== 'user' || a.role !== 'assistant') continue;
    if (!a.error && !a.info && a.content.trim() !== '') pairs.push([{ role: 'user', content: q.content }, { role: 'assistant', content: a.content }]);
    i++;
  }
  const turns = pairs.slice(-HISTORY_TURNS).flat();
  return {
    questionType: req.questionType ?? 'NL_2_SQL',
    input: req.input,
    source: req.source ?? 'DRAWER_CHAT',
    model: model || undefined,
    tableList: tables.map((t) => ({ tableName: t.tableName, tableType: t.tableType })),
    ...(ctx.collectionId != null
      ? { dataSourceCollectionId: ctx.collectionId }
      : { dataSourceId: ctx.dataSourceId, databaseName: ctx.databaseName, schemaName: ctx.schemaName }),
    errorMessage: req.errorMessage,
    targetDialect: req.targetDialect,
    history: turns.length > 0 ? turns : undefined,
  };
}

