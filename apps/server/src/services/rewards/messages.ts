/** Messages of invitations and withdrawals, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const rewardMessages = defineMessages({
  INVALID_CODE: { 'en-US': 'Invalid invitation code', 'zh-CN': '邀请码无效', 'ja-JP': '招待コードが無効です' },
  NAME_LENGTH: { 'en-US': 'Please enter your name (2 to 50 characters)', 'zh-CN': '请输入姓名（2 至 50 个字符）', 'ja-JP': '氏名を入力してください（2〜50 文字）' },
  ID_NUMBER: { 'en-US': 'Please enter a valid 18-character ID number', 'zh-CN': '请输入有效的 18 位身份证号码', 'ja-JP': '有効な 18 桁の身分証番号を入力してください' },
  ALIPAY_REQUIRED: { 'en-US': 'Please enter your Alipay account', 'zh-CN': '请输入支付宝账号', 'ja-JP': 'Alipay アカウントを入力してください' },
  PHONE: { 'en-US': 'Please enter a valid phone number', 'zh-CN': '请输入有效的手机号码', 'ja-JP': '有効な電話番号を入力してください' },
  CURRENCY_REQUIRED: { 'en-US': 'You have balances in several currencies; choose the currency to withdraw', 'zh-CN': '您有多种币种的余额，请选择要提现的币种', 'ja-JP': '複数の通貨に残高があります。出金する通貨を選んでください' },
  ABOVE_BALANCE: { 'en-US': 'The amount is above your withdrawable balance ({balance})', 'zh-CN': '金额超过可提现余额（{balance}）', 'ja-JP': '金額が出金可能残高（{balance}）を超えています' },
  NOTHING_TO_WITHDRAW: { 'en-US': 'You have nothing to withdraw yet', 'zh-CN': '暂无可提现金额', 'ja-JP': '出金できる金額はまだありません' },
  WITHDRAWAL_NOT_FOUND: { 'en-US': 'Withdrawal {id} not found', 'zh-CN': '提现记录 {id} 不存在', 'ja-JP': '出金 {id} が見つかりません' },
  REVERSAL_NOTE: { 'en-US': 'Cancelled: the invited order {orderId} was credited back to its buyer', 'zh-CN': '已取消：受邀订单 {orderId} 已退款给买家', 'ja-JP': '取り消し：招待による注文 {orderId} は購入者に返金されました' },
  WITHDRAWAL_STATE: { 'en-US': 'Withdrawal {id} is {status} and cannot become {target}', 'zh-CN': '提现记录 {id} 当前为 {status}，不能变为 {target}', 'ja-JP': '出金 {id} は {status} のため {target} にできません' },
});

export type RewardMessageKey = keyof typeof rewardMessages;
export const rwMsg = (lang: Language, key: RewardMessageKey, params?: Record<string, string | number>) => translate(rewardMessages, key, lang, params);
