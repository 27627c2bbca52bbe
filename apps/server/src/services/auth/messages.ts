/** Sign-in and account messages a user reads, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const authMessages = defineMessages({
  WRONG_CREDENTIALS: { 'en-US': 'Wrong account or password', 'zh-CN': '账号或密码错误', 'ja-JP': 'アカウントまたはパスワードが正しくありません' },
  ACCOUNT_DISABLED: { 'en-US': 'This account is disabled; ask the operator of this server', 'zh-CN': '该账号已被停用，请联系此服务器的管理员', 'ja-JP': 'このアカウントは無効化されています。このサーバーの運用者に問い合わせてください' },
  WEAK_PASSWORD: { 'en-US': 'The password needs at least 8 characters with an upper-case letter, a lower-case letter and a digit', 'zh-CN': '密码至少 8 位，且须包含大写字母、小写字母和数字', 'ja-JP': 'パスワードは 8 文字以上で、大文字・小文字・数字をそれぞれ含めてください' },
  PASSWORD_REQUIRED: { 'en-US': 'Please enter the password', 'zh-CN': '请输入密码', 'ja-JP': 'パスワードを入力してください' },
  PASSCODE_REQUIRED: { 'en-US': 'Please enter the 6-digit code we sent to {target}', 'zh-CN': '请输入发送到 {target} 的 6 位验证码', 'ja-JP': '{target} に送信した 6 桁のコードを入力してください' },
  PASSCODE_INVALID: { 'en-US': 'Wrong code; {left} attempts left', 'zh-CN': '验证码错误，还可尝试 {left} 次', 'ja-JP': 'コードが正しくありません。残り {left} 回' },
  PASSCODE_EXPIRED: { 'en-US': 'This code has expired or was already used; ask for a new one', 'zh-CN': '验证码已过期或已被使用，请重新获取', 'ja-JP': 'このコードは期限切れか使用済みです。新しいコードを取得してください' },
  PASSCODE_TOO_SOON: { 'en-US': 'A code was just sent; you can ask for a new one in {seconds} s', 'zh-CN': '验证码刚刚已发送，{seconds} 秒后可重新获取', 'ja-JP': 'コードを送信したばかりです。{seconds} 秒後に再送できます' },
  PASSCODE_NO_SENDER: { 'en-US': 'This server cannot send codes by {channel}; ask its operator', 'zh-CN': '此服务器无法通过{channel}发送验证码，请联系管理员', 'ja-JP': 'このサーバーは{channel}でコードを送信できません。運用者に問い合わせてください' },
  PASSCODE_SEND_FAILED: { 'en-US': 'The code could not be sent ({reason}); try again later', 'zh-CN': '验证码发送失败（{reason}），请稍后重试', 'ja-JP': 'コードを送信できませんでした（{reason}）。しばらくしてから再試行してください' },
  TOO_MANY_ATTEMPTS: { 'en-US': 'Too many attempts; try again in {seconds} s', 'zh-CN': '尝试次数过多，请 {seconds} 秒后重试', 'ja-JP': '試行回数が多すぎます。{seconds} 秒後に再試行してください' },
  ACCOUNT_EXISTS: { 'en-US': 'An account with this {what} already exists; sign in instead', 'zh-CN': '该{what}已注册，请直接登录', 'ja-JP': 'この{what}のアカウントは既に存在します。ログインしてください' },
  REGISTRATION_CLOSED: { 'en-US': 'Registration is closed on this server', 'zh-CN': '此服务器已关闭注册', 'ja-JP': 'このサーバーでは登録を受け付けていません' },
  INVITATION_REQUIRED: { 'en-US': 'This server registers by invitation only; open the invitation link you received', 'zh-CN': '此服务器仅限受邀注册，请打开您收到的邀请链接', 'ja-JP': 'このサーバーは招待制です。受け取った招待リンクを開いてください' },
  INVITATION_INVALID: { 'en-US': 'This invitation is invalid, expired or meant for another e-mail', 'zh-CN': '该邀请无效、已过期或属于其他邮箱', 'ja-JP': 'この招待は無効か期限切れ、または別のメールアドレス宛てです' },
  WRONG_OLD_PASSWORD: { 'en-US': 'The current password is wrong', 'zh-CN': '当前密码错误', 'ja-JP': '現在のパスワードが正しくありません' },
  FILE_TOO_LARGE: { 'en-US': 'File must be smaller than 1MB!', 'zh-CN': '文件必须小于 1MB！', 'ja-JP': 'ファイルは 1MB 未満にしてください！' },
  AVATAR_TYPE: { 'en-US': 'The avatar must be a JPG, GIF or PNG image', 'zh-CN': '头像必须是 JPG、GIF 或 PNG 图片', 'ja-JP': 'アバターは JPG・GIF・PNG 画像にしてください' },
  SESSION_NOT_FOUND: { 'en-US': 'That session is already signed out', 'zh-CN': '该会话已退出登录', 'ja-JP': 'そのセッションは既にログアウトしています' },
  API_KEY_NOT_FOUND: { 'en-US': 'API key {id} not found', 'zh-CN': 'API 密钥 {id} 不存在', 'ja-JP': 'API キー {id} が見つかりません' },
  NOT_IN_LOCAL_MODE: { 'en-US': 'Not available in local mode: there is one user and no sign-in', 'zh-CN': '本地模式下不可用：只有一个用户，无需登录', 'ja-JP': 'ローカルモードでは使えません：ユーザーは 1 人でログインはありません' },
  PROVIDER_NOT_CONFIGURED: { 'en-US': 'Sign-in with {provider} is not set up on this server', 'zh-CN': '此服务器未配置 {provider} 登录', 'ja-JP': 'このサーバーでは {provider} でのログインは設定されていません' },
  OAUTH_FAILED: { 'en-US': 'Sign-in with {provider} failed: {reason}', 'zh-CN': '{provider} 登录失败：{reason}', 'ja-JP': '{provider} でのログインに失敗しました：{reason}' },
  WECHAT_TICKET_UNKNOWN: { 'en-US': 'This QR code is unknown or has expired; refresh it', 'zh-CN': '二维码无效或已过期，请刷新', 'ja-JP': 'この QR コードは無効か期限切れです。更新してください' },
  WECHAT_DEV_ONLY: { 'en-US': 'The WeChat development confirm step is off (ASKDB_WECHAT_DEV=1 turns it on)', 'zh-CN': '微信开发确认步骤未开启（设置 ASKDB_WECHAT_DEV=1 开启）', 'ja-JP': 'WeChat の開発用確認ステップは無効です（ASKDB_WECHAT_DEV=1 で有効化）' },
  CHANNEL_EMAIL: { 'en-US': 'e-mail', 'zh-CN': '邮件', 'ja-JP': 'メール' },
  CHANNEL_PHONE: { 'en-US': 'SMS', 'zh-CN': '短信', 'ja-JP': 'SMS' },
  WHAT_EMAIL: { 'en-US': 'e-mail', 'zh-CN': '邮箱', 'ja-JP': 'メールアドレス' },
  WHAT_PHONE: { 'en-US': 'phone number', 'zh-CN': '手机号', 'ja-JP': '電話番号' },
  MAIL_SUBJECT: { 'en-US': 'Your AskDB code: {code}', 'zh-CN': '您的 AskDB 验证码：{code}', 'ja-JP': 'AskDB の確認コード：{code}' },
  MAIL_BODY: {
    'en-US': 'Your AskDB verification code is {code}.\nIt expires in {minutes} minutes. If you did not ask for it, ignore this e-mail.',
    'zh-CN': '您的 AskDB 验证码是 {code}。\n{minutes} 分钟内有效。如果不是您本人操作，请忽略此邮件。',
    'ja-JP': 'AskDB の確認コードは {code} です。\n{minutes} 分間有効です。心当たりがない場合はこのメールを無視してください。',
  },
});

export type AuthMessageKey = keyof typeof authMessages;
export const authMsg = (lang: Language, key: AuthMessageKey, params?: Record<string, string | number>) => translate(authMessages, key, lang, params);
