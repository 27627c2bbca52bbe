/** Messages of the spec-named calls we answer with a refusal or a check (issue 29 items 20 and 22), in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const specMessages = defineMessages({
  WECHAT_AI_LOGIN_OFF: {
    'en-US': 'The AI is not unlocked by a WeChat official-account scan here: choose an AI provider in Settings → AI',
    'zh-CN': '此处的 AI 无需扫码关注公众号解锁：请在“设置 → AI”中选择 AI 服务',
    'ja-JP': 'ここでは WeChat 公式アカウントのスキャンで AI を有効にしません：設定 → AI で AI サービスを選んでください',
  },
  EMBEDDING_OFF: {
    'en-US': 'Tables are matched to questions from the live catalog; no embedding index is built',
    'zh-CN': '表与问题的匹配直接基于实时元数据，不构建向量索引',
    'ja-JP': 'テーブルと質問の対応付けはライブのカタログから行い、埋め込みインデックスは作成しません',
  },
  LOGIN_TOKEN_OFF: {
    'en-US': 'Sign-in with a desktop login token is not offered: sign in with your account, or use an API key',
    'zh-CN': '不支持使用桌面登录令牌登录：请使用账号登录，或使用 API 密钥',
    'ja-JP': 'デスクトップのログイントークンによるサインインは提供していません：アカウントでサインインするか API キーを使ってください',
  },
  STOP_OFF: {
    'en-US': 'The server is not stopped through the API: stop its process (or quit the desktop app)',
    'zh-CN': '不能通过 API 停止服务：请停止其进程（或退出桌面应用）',
    'ja-JP': 'API からサーバーは停止できません：プロセスを停止してください（またはデスクトップアプリを終了してください）',
  },
  ANALYTICS_OFF: {
    'en-US': 'This product does not collect usage analytics',
    'zh-CN': '本产品不收集使用统计数据',
    'ja-JP': 'この製品は利用状況の統計を収集しません',
  },
  UNKNOWN_CONFIG: { 'en-US': 'There is no setting named {code}', 'zh-CN': '不存在名为 {code} 的配置', 'ja-JP': '{code} という設定はありません' },
  UNKNOWN_COUNTRY: { 'en-US': '{code} is not a country or region code', 'zh-CN': '{code} 不是国家或地区代码', 'ja-JP': '{code} は国・地域コードではありません' },
  NOT_A_SELECT: { 'en-US': 'Only a single SELECT statement can be counted', 'zh-CN': '只能统计单条 SELECT 语句', 'ja-JP': '件数を数えられるのは単一の SELECT 文だけです' },
  TRIGGER_NOT_FOUND: { 'en-US': 'Trigger {name} not found', 'zh-CN': '触发器 {name} 不存在', 'ja-JP': 'トリガー {name} が見つかりません' },
  NOTICE_NOT_FOUND: { 'en-US': 'Notification {id} not found', 'zh-CN': '通知 {id} 不存在', 'ja-JP': '通知 {id} が見つかりません' },
  LOG_NOT_FOUND: { 'en-US': 'Operation log {id} not found', 'zh-CN': '操作记录 {id} 不存在', 'ja-JP': '操作ログ {id} が見つかりません' },
  NO_KEY_COLUMNS: { 'en-US': 'Name the key columns that identify a row', 'zh-CN': '请指定用于定位行的主键列', 'ja-JP': '行を特定するキー列を指定してください' },
  SIGNATURE_ERROR: { 'en-US': 'Get signature error!', 'zh-CN': '获取签名错误！', 'ja-JP': '署名の取得に失敗しました！' },
  UPLOAD_TOO_LARGE: { 'en-US': 'The file is too large (at most {max})', 'zh-CN': '文件过大（最大 {max}）', 'ja-JP': 'ファイルが大きすぎます（最大 {max}）' },
  LINK_EXPIRED: { 'en-US': 'This link has expired or is not valid', 'zh-CN': '该链接已过期或无效', 'ja-JP': 'このリンクは期限切れか無効です' },
  UPLOAD_NO_FILE: { 'en-US': 'Attach one file (field "file")', 'zh-CN': '请附加一个文件（字段 "file"）', 'ja-JP': 'ファイルを 1 つ添付してください（フィールド "file"）' },
  UPLOAD_WRONG_KIND: { 'en-US': '{name} is not allowed for {type}', 'zh-CN': '{type} 不允许上传 {name}', 'ja-JP': '{type} には {name} をアップロードできません' },
});
export type SpecMessageKey = keyof typeof specMessages;
export const specMsg = (lang: Language, key: SpecMessageKey, params?: Record<string, string | number>) => translate(specMessages, key, lang, params);
