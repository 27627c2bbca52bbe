/**
 * The read-only check of packages/sql (`readOnlyRefusal`), with its refusal said in the user's
 * language: dashboards' chart queries, the MCP `run_query` tool and named AI chats all use it, each
 * under its own error code and message, with this reason inside.
 */
import { defineMessages, translate, type Language } from '@askdb/contracts';
import { readOnlyRefusal, type ReadOnlyOptions, type ReadOnlyRefusal } from '@askdb/sql';

const reasons = defineMessages({
  EMPTY: { 'en-US': 'no statement', 'zh-CN': '没有语句', 'ja-JP': '文がありません' },
  MULTIPLE_STATEMENTS: { 'en-US': '{detail} statements', 'zh-CN': '{detail} 条语句', 'ja-JP': '{detail} 個の文' },
  NOT_SELECT: { 'en-US': 'a {detail} statement is not a SELECT', 'zh-CN': '{detail} 语句不是 SELECT', 'ja-JP': '{detail} 文は SELECT ではありません' },
  WRITES: { 'en-US': 'changes data ({detail})', 'zh-CN': '会修改数据（{detail}）', 'ja-JP': 'データを変更します（{detail}）' },
  SELECT_INTO: { 'en-US': 'SELECT … INTO writes its rows', 'zh-CN': 'SELECT … INTO 会写入结果', 'ja-JP': 'SELECT … INTO は結果を書き込みます' },
  LOCKS_ROWS: { 'en-US': 'locks rows ({detail})', 'zh-CN': '会锁定行（{detail}）', 'ja-JP': '行をロックします（{detail}）' },
  SIDE_EFFECT_FUNCTION: {
    'en-US': 'the function {detail} has side effects or reaches outside the database',
    'zh-CN': '函数 {detail} 有副作用或会访问数据库之外的资源',
    'ja-JP': '関数 {detail} は副作用があるか、データベースの外部にアクセスします',
  },
  NOT_VERIFIABLE: { 'en-US': 'cannot be verified: {detail}', 'zh-CN': '无法确认：{detail}', 'ja-JP': '確認できません：{detail}' },
});

export interface LocalizedRefusal extends ReadOnlyRefusal {
  /** The reason in the user's language, for the feature's own message. */
  reasonText: string;
}

/** Why `sql` is not one read-only statement for a `type` database (the reason in `lang`), or null when it is. */
export function readOnlyCheck(sql: string, type: string, lang: Language, options?: ReadOnlyOptions): LocalizedRefusal | null {
  const r = readOnlyRefusal(sql, type, options);
  return r && { ...r, reasonText: translate(reasons, r.reason, lang, { detail: r.detail }) };
}
