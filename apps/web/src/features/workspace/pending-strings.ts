/** Strings of the "changes not applied" question (closing a tab, leaving, signing out) in en-US, zh-CN, ja-JP. */
import type { FeatureStrings } from '../../i18n/types';

export const pendingStrings: FeatureStrings = {
  'en-US': {
    'pending.title.one': 'Apply the changes in {{tab}}?',
    'pending.title.many': '{{count}} tabs have changes that are not applied',
    'pending.body': 'They are not in the database yet. Discarded changes are lost.',
    'pending.changes_one': '{{count}} pending change',
    'pending.changes_other': '{{count}} pending changes',
    'pending.apply': 'Apply',
    'pending.discard': 'Discard',
    'pending.cancel': 'Cancel',
  },
  'zh-CN': {
    'pending.title.one': '要应用“{{tab}}”中的修改吗？',
    'pending.title.many': '{{count}} 个标签页有尚未应用的修改',
    'pending.body': '这些修改尚未写入数据库。放弃的修改将会丢失。',
    'pending.changes_other': '{{count}} 处待应用的修改',
    'pending.apply': '应用',
    'pending.discard': '放弃',
    'pending.cancel': '取消',
  },
  'ja-JP': {
    'pending.title.one': '「{{tab}}」の変更を適用しますか？',
    'pending.title.many': '{{count}} 個のタブに未適用の変更があります',
    'pending.body': 'これらの変更はまだデータベースに反映されていません。破棄した変更は失われます。',
    'pending.changes_other': '未適用の変更 {{count}} 件',
    'pending.apply': '適用',
    'pending.discard': '破棄',
    'pending.cancel': 'キャンセル',
  },
};
