/** SQL audit texts a user reads (CSV column names, refusals), in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

const messages = defineMessages({
  RANGE_REVERSED: {
    'en-US': 'The start of the time range ({from}) is after its end ({to}).',
    'zh-CN': '时间范围的开始（{from}）晚于结束（{to}）。',
    'ja-JP': '期間の開始（{from}）が終了（{to}）より後になっています。',
  },
  id: { 'en-US': 'ID', 'zh-CN': 'ID', 'ja-JP': 'ID' },
  startTime: { 'en-US': 'Start time', 'zh-CN': '开始时间', 'ja-JP': '開始時刻' },
  userName: { 'en-US': 'User', 'zh-CN': '用户', 'ja-JP': 'ユーザー' },
  userId: { 'en-US': 'User ID', 'zh-CN': '用户 ID', 'ja-JP': 'ユーザー ID' },
  dataSourceId: { 'en-US': 'Data source ID', 'zh-CN': '数据源 ID', 'ja-JP': 'データソース ID' },
  databaseName: { 'en-US': 'Database', 'zh-CN': '数据库', 'ja-JP': 'データベース' },
  schemaName: { 'en-US': 'Schema', 'zh-CN': '模式', 'ja-JP': 'スキーマ' },
  statementType: { 'en-US': 'Type', 'zh-CN': '类型', 'ja-JP': '種類' },
  sql: { 'en-US': 'SQL', 'zh-CN': 'SQL', 'ja-JP': 'SQL' },
  duration: { 'en-US': 'Duration (ms)', 'zh-CN': '耗时（毫秒）', 'ja-JP': '所要時間（ミリ秒）' },
  rowCount: { 'en-US': 'Rows', 'zh-CN': '行数', 'ja-JP': '行数' },
  success: { 'en-US': 'Result', 'zh-CN': '结果', 'ja-JP': '結果' },
  succeeded: { 'en-US': 'Succeeded', 'zh-CN': '成功', 'ja-JP': '成功' },
  failed: { 'en-US': 'Failed', 'zh-CN': '失败', 'ja-JP': '失敗' },
  message: { 'en-US': 'Message', 'zh-CN': '信息', 'ja-JP': 'メッセージ' },
  clientIp: { 'en-US': 'Client address', 'zh-CN': '客户端地址', 'ja-JP': 'クライアントアドレス' },
});

export type AuditMessageKey = keyof typeof messages;
export const auditMsg = (lang: Language, key: AuditMessageKey, params?: Record<string, string>) => translate(messages, key, lang, params);
