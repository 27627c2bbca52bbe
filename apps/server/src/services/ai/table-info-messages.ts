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
  TABLE_NOT_FOUND: {
    'en-US': 'Table {table} was not found',
    'zh-CN': '未找到表 {table}',
    'ja-JP': 'テーブル {table} が見つかりません',
  },
});

export type TableInfoMessageKey = keyof typeof tableInfoMessages;
export const tableInfoMsg = (lang: Language, key: TableInfoMessageKey, params?: Record<string, string | number>) => translate(tableInfoMessages, key, lang, params);
