/** Words used in hover texts, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

const LABELS = defineMessages({
  table: { 'en-US': 'table', 'zh-CN': '表', 'ja-JP': 'テーブル' },
  view: { 'en-US': 'view', 'zh-CN': '视图', 'ja-JP': 'ビュー' },
  column: { 'en-US': 'Column', 'zh-CN': '列', 'ja-JP': '列' },
  type: { 'en-US': 'Type', 'zh-CN': '类型', 'ja-JP': '型' },
  comment: { 'en-US': 'Comment', 'zh-CN': '注释', 'ja-JP': 'コメント' },
  primaryKey: { 'en-US': 'Primary key', 'zh-CN': '主键', 'ja-JP': '主キー' },
  optional: { 'en-US': 'optional', 'zh-CN': '可选', 'ja-JP': '省略可' },
  schema: { 'en-US': 'schema', 'zh-CN': '模式', 'ja-JP': 'スキーマ' },
  database: { 'en-US': 'database', 'zh-CN': '数据库', 'ja-JP': 'データベース' },
  datasource: { 'en-US': 'Data source', 'zh-CN': '数据源', 'ja-JP': 'データソース' },
});

export function hoverLabel(key: keyof typeof LABELS, lang: Language): string {
  return translate(LABELS, key, lang);
}
