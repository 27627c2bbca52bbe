/** Strings of the ER diagram tab. */
import type { FeatureStrings } from '../../i18n/types';

export const erStrings: FeatureStrings = {
  'en-US': {
    'er.zoomIn': 'Zoom in',
    'er.zoomOut': 'Zoom out',
    'er.fit': 'Fit',
    'er.summary': '{{tables}} tables, {{relations}} foreign keys',
    'er.hint': 'Drag to move, scroll to zoom, double-click a table to open its data',
    'er.loading': 'Reading tables {{done}} / {{total}}…',
    'er.capped': 'The diagram shows the first {{shown}} of {{total}} tables.',
    'er.empty': 'This schema has no tables.',
    'er.more': '… {{count}} more columns',
  },
  'zh-CN': {
    'er.zoomIn': '放大',
    'er.zoomOut': '缩小',
    'er.fit': '适应窗口',
    'er.summary': '{{tables}} 张表，{{relations}} 个外键',
    'er.hint': '拖动可移动，滚轮可缩放，双击表可打开数据',
    'er.loading': '正在读取表 {{done}} / {{total}}…',
    'er.capped': '图中只显示 {{total}} 张表中的前 {{shown}} 张。',
    'er.empty': '此模式中没有表。',
    'er.more': '… 另有 {{count}} 列',
  },
  'ja-JP': {
    'er.zoomIn': '拡大',
    'er.zoomOut': '縮小',
    'er.fit': '全体を表示',
    'er.summary': 'テーブル {{tables}} 個、外部キー {{relations}} 個',
    'er.hint': 'ドラッグで移動、スクロールで拡大縮小、テーブルをダブルクリックでデータを開く',
    'er.loading': 'テーブルを読み込み中 {{done}} / {{total}}…',
    'er.capped': '{{total}} 個のうち最初の {{shown}} 個のテーブルを表示しています。',
    'er.empty': 'このスキーマにはテーブルがありません。',
    'er.more': '… ほか {{count}} 列',
  },
};
