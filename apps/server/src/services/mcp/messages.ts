/** Messages of the MCP server (tool refusals), in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const mcpMessages = defineMessages({
  READ_ONLY: {
    'en-US': 'Only read-only queries run through MCP: "{kind}" statements (INSERT, UPDATE, DELETE, DDL and the like) are refused',
    'zh-CN': '通过 MCP 只能运行只读查询：“{kind}”类语句（INSERT、UPDATE、DELETE、DDL 等）被拒绝',
    'ja-JP': 'MCP で実行できるのは読み取り専用のクエリだけです。「{kind}」文（INSERT、UPDATE、DELETE、DDL など）は拒否されます',
  },
  NOT_VERIFIABLE: {
    'en-US': 'This statement cannot be verified as read-only ({reason}), so it is refused',
    'zh-CN': '无法确认该语句为只读（{reason}），已拒绝',
    'ja-JP': 'この文が読み取り専用であることを確認できないため（{reason}）、拒否されました',
  },
  NOT_READ_ONLY: {
    'en-US': 'Only read-only queries run through MCP; this one is refused: {reason}',
    'zh-CN': '通过 MCP 只能运行只读查询；该查询被拒绝：{reason}',
    'ja-JP': 'MCP で実行できるのは読み取り専用のクエリだけです。このクエリは拒否されました：{reason}',
  },
  ONE_STATEMENT: { 'en-US': 'Send exactly one SQL statement', 'zh-CN': '请只发送一条 SQL 语句', 'ja-JP': 'SQL 文は 1 つだけ送ってください' },
  QUERY_FAILED: { 'en-US': 'The query failed: {message}', 'zh-CN': '查询失败：{message}', 'ja-JP': 'クエリが失敗しました：{message}' },
});

export const mcpMsg = (lang: Language, key: keyof typeof mcpMessages, params?: Record<string, string | number>) => translate(mcpMessages, key, lang, params);
