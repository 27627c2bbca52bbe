/**
 * Route-table rows of the named AI chats (issue 17). Routes naming a chat or answer id answer 404 to
 * anyone it is not shared with, so with an id nobody owns they are 'signedIn' here; the owner /
 * member / other-organisation cases with real ids are in routes/ai-chats-v2-share.test.ts.
 * Creating a chat over a dataset names the team's data sources.
 */
import type { Rows } from './types.js';

const NONE = 999999;

export default {
  'GET /api/v2/ai/chat/list': { rule: 'signedIn' },
  'GET /api/v2/ai/chat/get': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
  'GET /api/v2/ai/chat/getChatBrief': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
  'POST /api/ai/chat/create': { rule: 'team', call: (fx, who) => ({ body: { name: `chat of ${who}`, sourceType: 'DATABASE', dataset: { dataSourceId: fx.of(who).ds } } }) },
  'POST /api/ai/chat/update': { rule: 'signedIn', call: () => ({ body: { id: NONE, name: 'renamed' } }) },
  'DELETE /api/ai/chat/delete': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
  'POST /api/ai/chat/share': { rule: 'signedIn', call: () => ({ body: { id: NONE, scope: 'ALL_MEMBERS', permission: 'VIEW' } }) },
  'GET /api/ai/chat/share/resolve': { rule: 'signedIn', call: () => ({ url: '?token=nosuchtokennosuchtoken' }) },
  'POST /api/ai/chat/excel': { rule: 'signedIn' },
  'POST /api/ai/chat/ask': { rule: 'signedIn', call: () => ({ body: { chatId: NONE, question: 'how many orders?' } }) },
  'POST /api/ai/chat/answer/retry': { rule: 'signedIn', call: () => ({ body: { answerId: NONE, step: 1 } }) },
  'POST /api/ai/parts/answer/update': { rule: 'signedIn', call: () => ({ body: { answerId: NONE, step: 1, content: 'select 1' } }) },
  'POST /api/ai/chat/answer/feedback': { rule: 'signedIn', call: () => ({ body: { answerId: NONE, helpful: true } }) },
} satisfies Rows;
