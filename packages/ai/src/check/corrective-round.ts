/**
 * The checked answer: stream the model's reply, check its SQL against the real database, and
 * when the check finds a problem, send the problem back to the model once and stream its
 * corrected reply. Pure orchestration over a provider and the check hooks; the server relays
 * the events (deltas as they come, a notice before the second round, the final report).
 */
import { defineMessages, translate, type Language } from '@askdb/contracts';
import type { ChatMessage, LlmDelta, LlmProvider, LlmRequest } from '../provider.js';
import { LANGUAGE_NAMES } from '../prompts/language.js';
import { checkSql, describeProblems, type CheckHooks, type CheckReport } from './check-sql.js';

export type CheckedAnswerEvent =
  | LlmDelta
  /** The check of round 1 or 2 finished. */
  | { type: 'check'; round: 1 | 2; report: CheckReport }
  /** Round 1 had problems: the corrective round starts now. `notice` is for the user, in their language. */
  | { type: 'retry'; problems: string; notice: string };

export interface CheckedAnswerOptions {
  provider: LlmProvider;
  request: LlmRequest;
  hooks: CheckHooks;
  /** Language of the answer (notice text and the reminder to the model). */
  language: Language;
  signal?: AbortSignal;
  /** Skip checking (e.g. no data source bound): just relay the reply. */
  check?: boolean;
  /** Check but never send problems back (privacy NOTHING: database messages must not reach the model). */
  correct?: boolean;
}

export const CHECK_MESSAGES = defineMessages({
  retryNotice: {
    'en-US': 'Checking this SQL against the database found a problem:\n{problems}\nAsking the model to correct it…',
    'zh-CN': '对照数据库检查该 SQL 时发现问题：\n{problems}\n正在请模型修正……',
    'ja-JP': 'この SQL をデータベースと照合したところ問題が見つかりました：\n{problems}\nモデルに修正を依頼しています…',
  },
});

export function correctionRequest(request: LlmRequest, answer: string, problems: string, language: Language): LlmRequest {
  const messages: ChatMessage[] = [
    ...request.messages,
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content:
        `Your SQL failed the check against the real database:\n${problems}\n\n` +
        'Correct it using only tables and columns from the schema above. Reply with the corrected SQL in a ```sql block ' +
        `and one sentence on what you changed, in ${LANGUAGE_NAMES[language]}.`,
    },
  ];
  return { ...request, messages };
}

export async function* checkedAnswer(o: CheckedAnswerOptions): AsyncGenerator<CheckedAnswerEvent> {
  let answer = '';
  for await (const d of o.provider.stream(o.request, o.signal)) {
    if (d.type === 'content') answer += d.text;
    yield d;
  }
  if (o.check === false) return;
  const first = await checkSql(answer, { ...o.hooks, signal: o.signal });
  yield { type: 'check', round: 1, report: first };
  if (first.problems.length === 0 || o.correct === false) return;

  const problems = describeProblems(first);
  yield { type: 'retry', problems, notice: translate(CHECK_MESSAGES, 'retryNotice', o.language, { problems }) };
  let corrected = '';
  for await (const d of o.provider.stream(correctionRequest(o.request, answer, problems, o.language), o.signal)) {
    if (d.type === 'content') corrected += d.text;
    yield d;
  }
  yield { type: 'check', round: 2, report: await checkSql(corrected, { ...o.hooks, signal: o.signal }) };
}
