/** Server messages of "Change AI table info", in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const tableInfoMessages = defineMessages({
  CONFLICT: {
    'en-US': 'Someone else changed the AI info of this table since you opened it. Reload it and make your changes again.',
    'zh-CN': '自您打开以来，其他人已修改了这张表的 AI 信息。请重新加载后再修改。',
    'ja-JP': 'このテーブルの AI 情報は、開いた後に他のユーザーによって変更されました。再読み込みしてからもう一度変更してください。',
  },
  UNKNOWN_COLUMN: {
    'en-US': 'Table {table} has no column {column}',
    'zh-CN': '表 {table} 没有列 {column}',
    'ja-JP': 'テーブル {table} に列 {column} はありません',
  },
  COLUMN_NOT_READABLE: {
    'en-US': 'You cannot describe column {column} of {table}: your data permissions do not let you read it',
    'zh-CN': '您不能描述 {table} 的列 {column}：您的数据权限不允许读取该列',
    'ja-JP': '{table} の列 {column} は説明できません：データ権限でこの列を読み取れません',
  },
  SOURCE_INFO_READ_ONLY: {
    'en-US': "Only the data source's creator or a team admin can change its AI table info. Add the table to one of your AI data collections to describe it there.",
    'zh-CN': '只有数据源的创建者或团队管理员可以修改其 AI 表信息。您可以把这张表加入自己的 AI 数据集，在那里描述它。',
    'ja-JP': 'データソースの AI テーブル情報を変更できるのは、作成者またはチーム管理者だけです。テーブルを自分の AI データコレクションに追加して、そこで説明してください。',
  },
  NOT_IN_COLLECTION: {
    'en-US': 'Table {table} is not in this AI data collection',
    'zh-CN': '该 AI 数据集中没有表 {table}',
    'ja-JP': 'テーブル {table} はこの AI データコレクションにありません',
  },
  EXCLUDED_COLUMN: {
    'en-US': 'This statement reads {table}.{column}, which the AI table info keeps from the AI: list the columns you need without it',
    'zh-CN': '该语句读取了 {table}.{column}，而 AI 表信息规定它不能提供给 AI：请只列出需要的其他列',
    'ja-JP': 'このステートメントは {table}.{column} を読み取りますが、AI テーブル情報でこの列は AI から除外されています：それ以外の必要な列を指定してください',
  },
  EXCLUDED_UNVERIFIABLE: {
    'en-US': 'Columns here are excluded from the AI, and this statement cannot be checked for them ({reason})',
    'zh-CN': '此处有列被排除在 AI 之外，而该语句无法据此检查（{reason}）',
    'ja-JP': 'ここには AI から除外された列があり、このステートメントはその確認ができません（{reason}）',
  },
  TABLE_NOT_FOUND: {
    'en-US': 'Table {table} was not found',
    'zh-CN': '未找到表 {table}',
    'ja-JP': 'テーブル {table} が見つかりません',
  },
});

export type TableInfoMessageKey = keyof typeof tableInfoMessages;
export const tableInfoMsg = (lang: Language, key: TableInfoMessageKey, params?: Record<string, string | number>) => translate(tableInfoMessages, key, lang, params);
