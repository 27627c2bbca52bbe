import type { FeatureStrings } from '../../i18n/types';

export const tableEditorStrings: FeatureStrings = {
  'en-US': {
    'tableEditor.drop.title': 'Drop table {{name}}',
    'tableEditor.drop.body': 'The table and all its rows are deleted for good. This runs:',
    'tableEditor.drop.typeName': 'Type {{name}} to confirm',
    'tableEditor.drop.mismatch': 'The name you typed does not match the table name.',
    'tableEditor.drop.ok': 'Drop table',
    'tableEditor.drop.done': 'Table {{name}} dropped',
  },
  'zh-CN': {
    'tableEditor.drop.title': '删除表 {{name}}',
    'tableEditor.drop.body': '表及其所有数据将被永久删除。将执行：',
    'tableEditor.drop.typeName': '输入 {{name}} 以确认',
    'tableEditor.drop.mismatch': '输入的名称与表名不一致。',
    'tableEditor.drop.ok': '删除表',
    'tableEditor.drop.done': '表 {{name}} 已删除',
  },
  'ja-JP': {
    'tableEditor.drop.title': 'テーブル {{name}} を削除',
    'tableEditor.drop.body': 'テーブルとそのすべての行が完全に削除されます。実行される SQL：',
    'tableEditor.drop.typeName': '確認のため {{name}} と入力してください',
    'tableEditor.drop.mismatch': '入力した名前がテーブル名と一致しません。',
    'tableEditor.drop.ok': 'テーブルを削除',
    'tableEditor.drop.done': 'テーブル {{name}} を削除しました',
  },
};
