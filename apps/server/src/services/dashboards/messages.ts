/** Server messages of dashboards and charts, in the three languages (spec 02 §5, §8). */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const dashboardMessages = defineMessages({
  NAME_REQUIRED: { 'en-US': 'This field is required! (name)', 'zh-CN': '此项为必填项！（名称）', 'ja-JP': 'この項目は必須です！（名前）' },
  DATASET_REQUIRED: {
    'en-US': 'This field is required! (AI dataset: an AI data collection or a data source)',
    'zh-CN': '此项为必填项！（AI 数据集：AI 数据集合或数据源）',
    'ja-JP': 'この項目は必須です！（AI データセット：AI データコレクションまたはデータソース）',
  },
  DASHBOARD_NOT_FOUND: { 'en-US': 'Dashboard {id} not found', 'zh-CN': '仪表盘 {id} 不存在', 'ja-JP': 'ダッシュボード {id} が見つかりません' },
  CHART_NOT_FOUND: { 'en-US': 'Chart {id} not found', 'zh-CN': '图表 {id} 不存在', 'ja-JP': 'グラフ {id} が見つかりません' },
  SQL_REQUIRED: { 'en-US': 'This field is required! (SQL)', 'zh-CN': '此项为必填项！（SQL）', 'ja-JP': 'この項目は必須です！（SQL）' },
  SOURCE_REQUIRED: {
    'en-US': 'Choose the data source this chart queries',
    'zh-CN': '请选择此图表查询的数据源',
    'ja-JP': 'このグラフが問い合わせるデータソースを選んでください',
  },
  SOURCE_GONE: {
    'en-US': 'The data source of this chart was deleted (id {id}). Pick another data source for the chart or remove it.',
    'zh-CN': '此图表的数据源已被删除（id {id}）。请为图表选择其他数据源或将其删除。',
    'ja-JP': 'このグラフのデータソースは削除されました（id {id}）。別のデータソースを選ぶか、グラフを削除してください。',
  },
  NOT_READ_ONLY: {
    'en-US': 'A chart query is read-only: only one SELECT (or WITH … SELECT) statement is allowed ({reason})',
    'zh-CN': '图表查询为只读：只允许一条 SELECT（或 WITH … SELECT）语句（{reason}）',
    'ja-JP': 'グラフのクエリは読み取り専用です：SELECT（または WITH … SELECT）文を 1 つだけ使えます（{reason}）',
  },
  TRUNCATED: {
    'en-US': 'Showing the first {max} rows only: the query returned more. Aggregate in SQL (GROUP BY) for a complete chart.',
    'zh-CN': '仅显示前 {max} 行：查询返回了更多行。请在 SQL 中聚合（GROUP BY）以得到完整图表。',
    'ja-JP': '最初の {max} 行のみ表示しています（クエリはさらに多くの行を返しました）。完全なグラフには SQL で集計（GROUP BY）してください。',
  },
  RULE_MINUTES_RANGE: { 'en-US': 'Every N minutes: N must be a whole number from 1 to 1440', 'zh-CN': '每 N 分钟：N 必须是 1 到 1440 之间的整数', 'ja-JP': 'N 分ごと：N は 1〜1440 の整数にしてください' },
  RULE_TIME_FORMAT: { 'en-US': 'Every day at: give the time as HH:MM (24-hour)', 'zh-CN': '每天定时：请以 HH:MM（24 小时制）填写时间', 'ja-JP': '毎日の時刻：HH:MM（24 時間制）で入力してください' },
  RULE_CRON_EMPTY: { 'en-US': 'This field is required! (cron expression)', 'zh-CN': '此项为必填项！（cron 表达式）', 'ja-JP': 'この項目は必須です！（cron 式）' },
  RULE_CRON_FIELDS: {
    'en-US': 'A cron expression has 5 fields: minute hour day-of-month month day-of-week (no seconds)',
    'zh-CN': 'cron 表达式有 5 个字段：分 时 日 月 周（不含秒）',
    'ja-JP': 'cron 式は 5 つのフィールドです：分 時 日 月 曜日（秒は使えません）',
  },
  RULE_CRON_INVALID: { 'en-US': 'Invalid cron expression: {detail}', 'zh-CN': '无效的 cron 表达式：{detail}', 'ja-JP': 'cron 式が無効です：{detail}' },
  RULE_CRON_TOO_OFTEN: {
    'en-US': 'A dashboard refreshes at most once a minute',
    'zh-CN': '仪表盘最多每分钟刷新一次',
    'ja-JP': 'ダッシュボードの更新は 1 分に 1 回までです',
  },
  RULE_TIMEZONE: { 'en-US': 'Unknown time zone {detail}', 'zh-CN': '未知时区 {detail}', 'ja-JP': '不明なタイムゾーン {detail}' },
  NO_CHART_MATCHED: { 'en-US': 'No chart matched, please retry', 'zh-CN': '没有匹配的图表，请重试', 'ja-JP': '一致するグラフがありません。もう一度お試しください' },
  AI_REPORT_FAILED: {
    'en-US': 'Sorry, AI failed to generate the report, please re-enter',
    'zh-CN': '抱歉，AI 生成报告失败，请重新输入',
    'ja-JP': '申し訳ありません。AI がレポートを生成できませんでした。もう一度入力してください',
  },
  AI_ABNORMAL: { 'en-US': 'Error: AI service is abnormal, please try again', 'zh-CN': '错误：AI 服务异常，请重试', 'ja-JP': 'エラー：AI サービスに異常があります。もう一度お試しください' },
  QUESTION_REQUIRED: { 'en-US': 'This field is required! (question)', 'zh-CN': '此项为必填项！（问题）', 'ja-JP': 'この項目は必須です！（質問）' },
});

export type DashboardMessageKey = keyof typeof dashboardMessages;
export const dashMsg = (lang: Language, key: DashboardMessageKey, params?: Record<string, string | number>) => translate(dashboardMessages, key, lang, params);
