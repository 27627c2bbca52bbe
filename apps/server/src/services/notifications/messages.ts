/** Server messages of notifications, feedback and uploads, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const noticeMessages = defineMessages({
  NOTIFICATION_NOT_FOUND: { 'en-US': 'Notification {id} not found', 'zh-CN': '通知 {id} 不存在', 'ja-JP': '通知 {id} が見つかりません' },
  POP_NOT_FOUND: { 'en-US': 'Notice {id} not found', 'zh-CN': '公告 {id} 不存在', 'ja-JP': 'お知らせ {id} が見つかりません' },
  TAKE_ACTION_TARGET: { 'en-US': 'Name a notification (id) or all', 'zh-CN': '请指定通知（id）或全部', 'ja-JP': '通知（id）またはすべてを指定してください' },
  CONTACT_INVALID: { 'en-US': 'Please enter a valid contact (an email address or a phone number)', 'zh-CN': '请输入有效的联系方式（邮箱或手机号）', 'ja-JP': '有効な連絡先（メールアドレスまたは電話番号）を入力してください' },
  FIELD_REQUIRED: { 'en-US': 'This field is required! ({field})', 'zh-CN': '此项为必填项！（{field}）', 'ja-JP': 'この項目は必須です！（{field}）' },
  FIELD_INVALID: { 'en-US': '{field} must be one of {allowed}', 'zh-CN': '{field} 必须是 {allowed} 之一', 'ja-JP': '{field} は {allowed} のいずれかにしてください' },
  TOO_MANY_IMAGES: { 'en-US': 'At most {max} images can be attached', 'zh-CN': '最多只能上传 {max} 张图片', 'ja-JP': '添付できる画像は最大 {max} 枚です' },
  IMAGE_TOO_LARGE: { 'en-US': 'Image {name} must be smaller than 2MB', 'zh-CN': '图片 {name} 必须小于 2MB', 'ja-JP': '画像 {name} は 2MB 未満にしてください' },
  NOT_AN_IMAGE: { 'en-US': '{name} is not a PNG, JPEG, GIF or WebP image', 'zh-CN': '{name} 不是 PNG、JPEG、GIF 或 WebP 图片', 'ja-JP': '{name} は PNG・JPEG・GIF・WebP 画像ではありません' },
  NOT_MULTIPART: { 'en-US': 'Send the feedback as a multipart form', 'zh-CN': '请以 multipart 表单提交反馈', 'ja-JP': 'フィードバックは multipart フォームで送信してください' },
  UNKNOWN_PART: { 'en-US': 'Unexpected form field {field}', 'zh-CN': '表单字段 {field} 无法识别', 'ja-JP': '想定外のフォーム項目 {field} です' },
  LINK_EXPIRED: { 'en-US': 'This link has expired or is not valid', 'zh-CN': '该链接已过期或无效', 'ja-JP': 'このリンクは期限切れか無効です' },
  FILE_MISSING: { 'en-US': 'The file is no longer available', 'zh-CN': '文件已不存在', 'ja-JP': 'ファイルはもう利用できません' },
});
export type NoticeMessageKey = keyof typeof noticeMessages;
export const ntMsg = (lang: Language, key: NoticeMessageKey, params?: Record<string, string | number>) => translate(noticeMessages, key, lang, params);
