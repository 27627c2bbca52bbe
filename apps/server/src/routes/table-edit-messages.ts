/** Messages of the table editor endpoints, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

const messages = defineMessages({
  UNSUPPORTED: {
    'en-US': 'The table editor does not support {type} yet.',
    'zh-CN': '表编辑器暂不支持 {type}。',
    'ja-JP': 'テーブルエディターは {type} にまだ対応していません。',
  },
  TABLE_NOT_FOUND: {
    'en-US': 'Table {name} was not found.',
    'zh-CN': '未找到表 {name}。',
    'ja-JP': 'テーブル {name} が見つかりません。',
  },
  COLLATION: {
    'en-US': 'Column {name}: "{collation}" is not a collation name.',
    'zh-CN': '列 {name}：“{collation}”不是排序规则名称。',
    'ja-JP': '列 {name}：「{collation}」は照合順序の名前ではありません。',
  },
  SPARSE_KEY: {
    'en-US': 'Column {name}: a primary key column cannot be SPARSE.',
    'zh-CN': '列 {name}：主键列不能是 SPARSE 列。',
    'ja-JP': '列 {name}：主キーの列は SPARSE にできません。',
  },
  TABLE_NAME: {
    'en-US': 'Give the table a name.',
    'zh-CN': '请输入表名。',
    'ja-JP': 'テーブル名を入力してください。',
  },
  NO_COLUMNS: {
    'en-US': 'Add at least one column.',
    'zh-CN': '请至少添加一列。',
    'ja-JP': '列を 1 つ以上追加してください。',
  },
  COLUMN_NAME: {
    'en-US': 'Every column needs a name.',
    'zh-CN': '每一列都需要名称。',
    'ja-JP': 'すべての列に名前が必要です。',
  },
  DUPLICATE_COLUMN: {
    'en-US': 'Two columns are named {name}.',
    'zh-CN': '有两列都名为 {name}。',
    'ja-JP': '{name} という名前の列が 2 つあります。',
  },
  COLUMN_TYPE: {
    'en-US': 'Column {name} needs a type.',
    'zh-CN': '列 {name} 需要类型。',
    'ja-JP': '列 {name} に型が必要です。',
  },
  INDEX_NAME: {
    'en-US': 'Every index needs a name.',
    'zh-CN': '每个索引都需要名称。',
    'ja-JP': 'すべてのインデックスに名前が必要です。',
  },
  INDEX_EMPTY: {
    'en-US': 'Index {name} has no columns.',
    'zh-CN': '索引 {name} 没有列。',
    'ja-JP': 'インデックス {name} に列がありません。',
  },
  INDEX_COLUMN: {
    'en-US': 'Index {name} uses column {column}, which the table does not have.',
    'zh-CN': '索引 {name} 使用了列 {column}，但表中没有该列。',
    'ja-JP': 'インデックス {name} は列 {column} を使っていますが、テーブルにその列はありません。',
  },
  INDEX_METHOD: {
    'en-US': 'Index {name}: "{method}" is not an index method of this database (choose one of: {methods}).',
    'zh-CN': '索引 {name}：“{method}”不是此数据库的索引方法（可选：{methods}）。',
    'ja-JP': 'インデックス {name}：「{method}」はこのデータベースのインデックス方式ではありません（選択肢：{methods}）。',
  },
  OPTIONS_MYSQL_ONLY: {
    'en-US': 'Table options (engine, character set, collation, auto-increment value) apply to MySQL-family databases only.',
    'zh-CN': '表选项（引擎、字符集、排序规则、自增值）仅适用于 MySQL 系列数据库。',
    'ja-JP': 'テーブルオプション（エンジン、文字セット、照合順序、自動採番の値）は MySQL 系のデータベースにのみ適用できます。',
  },
});

export type TableEditMessage = keyof typeof messages;
export const tableEditMsg = (lang: Language, key: TableEditMessage, params?: Record<string, string | number>) => translate(messages, key, lang, params);
