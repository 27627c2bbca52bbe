/** Messages of commerce, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const commerceMessages = defineMessages({
  BILLING_OFF: { 'en-US': 'This server does not sell plans: every feature is already unlocked', 'zh-CN': '此服务器不提供购买：所有功能均已解锁', 'ja-JP': 'このサーバーではプランを販売していません。すべての機能が利用可能です' },
  PRODUCT_NOT_FOUND: { 'en-US': 'Product {id} not found', 'zh-CN': '商品 {id} 不存在', 'ja-JP': '商品 {id} が見つかりません' },
  SEATS_TEAM: { 'en-US': 'A team plan needs {min} to {max} seats', 'zh-CN': '团队版席位数须在 {min} 到 {max} 之间', 'ja-JP': 'チームプランの席数は {min}〜{max} です' },
  SEATS_OFFLINE: { 'en-US': 'An offline plan needs {min} to {max} devices', 'zh-CN': '离线版设备数须在 {min} 到 {max} 之间', 'ja-JP': 'オフラインプランの台数は {min}〜{max} です' },
  SEATS_PERSONAL: { 'en-US': 'A personal plan has exactly 1 seat', 'zh-CN': '个人版只有 1 个席位', 'ja-JP': '個人プランの席数は 1 です' },
  INVALID_INVITATION_CODE: { 'en-US': 'Invalid invitation code', 'zh-CN': '邀请码无效', 'ja-JP': '招待コードが無効です' },
  PAYMENT_METHOD_UNSUPPORTED: { 'en-US': 'Payment method {method} is not available for this product', 'zh-CN': '此商品不支持支付方式 {method}', 'ja-JP': 'この商品では支払い方法 {method} を利用できません' },
  ORDER_NOT_FOUND: { 'en-US': 'Order {id} not found', 'zh-CN': '订单 {id} 不存在', 'ja-JP': '注文 {id} が見つかりません' },
  TEAM_PLAN_NEEDS_TEAM: { 'en-US': 'A team plan is bought for a team you administer', 'zh-CN': '团队版只能为您管理的团队购买', 'ja-JP': 'チームプランは管理しているチームに対して購入します' },
  PERSONAL_PLAN_NEEDS_PERSONAL: { 'en-US': 'A personal plan is bought for your personal space', 'zh-CN': '个人版只能为个人空间购买', 'ja-JP': '個人プランは個人スペースに対して購入します' },
  NOT_A_MEMBER: { 'en-US': 'You are not a member of this organization', 'zh-CN': '您不是该组织的成员', 'ja-JP': 'この組織のメンバーではありません' },
  ADMIN_ONLY: { 'en-US': 'Only an admin of this team can do this', 'zh-CN': '只有该团队的管理员可以执行此操作', 'ja-JP': 'この操作はチームの管理者のみ行えます' },
  TRIAL_NOT_AVAILABLE: { 'en-US': 'The free trial has already been used', 'zh-CN': '免费试用已使用过', 'ja-JP': '無料トライアルはすでに利用済みです' },
  START_TIME_INVALID: { 'en-US': 'The start date must not be before now or after the current subscription ends', 'zh-CN': '开始日期不能早于现在，也不能晚于当前订阅的结束时间', 'ja-JP': '開始日は現在以降、かつ現在のサブスクリプション終了日以前にしてください' },
  WEBHOOK_SIGNATURE: { 'en-US': 'Webhook signature could not be verified', 'zh-CN': 'Webhook 签名校验失败', 'ja-JP': 'Webhook の署名を検証できませんでした' },
  WEBHOOK_UNKNOWN_ORDER: { 'en-US': 'No order matches this payment', 'zh-CN': '没有与此付款匹配的订单', 'ja-JP': 'この支払いに一致する注文がありません' },
  WEBHOOK_AMOUNT_MISMATCH: { 'en-US': 'The paid amount {paid} does not match the order ({expected}); the payment was recorded for a refund', 'zh-CN': '支付金额 {paid} 与订单金额（{expected}）不符；该付款已记录待退款', 'ja-JP': '支払額 {paid} が注文額（{expected}）と一致しません。返金のため記録しました' },
  PROVIDER_NOT_CONFIGURED: { 'en-US': 'Payment provider {provider} is not set up on this server', 'zh-CN': '此服务器未配置支付渠道 {provider}', 'ja-JP': 'このサーバーでは決済プロバイダー {provider} が設定されていません' },
  PROVIDER_ERROR: { 'en-US': 'The payment provider could not be reached; please try again', 'zh-CN': '无法连接支付渠道，请重试', 'ja-JP': '決済プロバイダーに接続できませんでした。もう一度お試しください' },
  SEATS_EXCEEDED: {
    'en-US': 'This team has {seats} paid seats and {members} members: buy more seats before adding members',
    'zh-CN': '该团队已购买 {seats} 个席位，现有 {members} 名成员：请先购买更多席位再添加成员',
    'ja-JP': 'このチームの購入済み席数は {seats}、メンバーは {members} 人です。メンバーを追加する前に席を追加購入してください',
  },
  SUBSCRIPTION_NOT_FOUND: { 'en-US': 'Subscription {id} not found', 'zh-CN': '订阅 {id} 不存在', 'ja-JP': 'サブスクリプション {id} が見つかりません' },
  SUBSCRIPTION_NOT_CANCELLABLE: { 'en-US': 'This subscription has ended or was cancelled already', 'zh-CN': '该订阅已结束或已取消', 'ja-JP': 'このサブスクリプションは終了済みかキャンセル済みです' },
  FEATURE_LOCKED: { 'en-US': 'Your plan does not include this feature: upgrade to use it', 'zh-CN': '您的套餐不包含此功能，请升级后使用', 'ja-JP': 'ご利用のプランにはこの機能が含まれていません。アップグレードしてご利用ください' },
  AI_USAGE_LIMIT: { 'en-US': 'AI usage limit reached: upgrade to continue', 'zh-CN': 'AI 使用次数已达上限，请升级后继续使用', 'ja-JP': 'AI の利用回数の上限に達しました。続けるにはアップグレードしてください' },
  AI_REPORT_LIMIT: { 'en-US': 'AI report limit reached: upgrade to continue', 'zh-CN': 'AI 报表次数已达上限，请升级后继续使用', 'ja-JP': 'AI レポートの上限に達しました。続けるにはアップグレードしてください' },
  CONNECTION_LIMIT: { 'en-US': 'Your plan allows {limit} connections: upgrade to add more', 'zh-CN': '您的套餐最多允许 {limit} 个连接，请升级以添加更多', 'ja-JP': 'ご利用のプランの接続数は {limit} までです。追加するにはアップグレードしてください' },
  SANDBOX_TITLE: { 'en-US': 'Sandbox payment (development)', 'zh-CN': '沙箱支付（开发用）', 'ja-JP': 'サンドボックス決済（開発用）' },
  SANDBOX_PAY: { 'en-US': 'Pay', 'zh-CN': '支付', 'ja-JP': '支払う' },
  SANDBOX_PAID: { 'en-US': 'Paid. You can close this page.', 'zh-CN': '已支付，可以关闭此页面。', 'ja-JP': '支払い済みです。このページを閉じてかまいません。' },
  SANDBOX_CANCELLED: { 'en-US': 'This order was cancelled.', 'zh-CN': '此订单已取消。', 'ja-JP': 'この注文はキャンセルされました。' },
});

export type CommerceMessageKey = keyof typeof commerceMessages;
export const commerceMsg = (lang: Language, key: CommerceMessageKey, params?: Record<string, string | number>) => translate(commerceMessages, key, lang, params);
