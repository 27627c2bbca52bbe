/** Messages of the organisations area, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const orgMessages = defineMessages({
  TEAM_CODE_FORMAT: { 'en-US': 'Please enter an 8-digit team code', 'zh-CN': '请输入 8 位数字的团队码', 'ja-JP': '8 桁のチームコードを入力してください' },
  NAME_REQUIRED: { 'en-US': 'Please enter a name', 'zh-CN': '请输入名称', 'ja-JP': '名前を入力してください' },
  INVALID_TEAM_CODE: { 'en-US': 'Invalid team code', 'zh-CN': '团队码无效', 'ja-JP': 'チームコードが無効です' },
  MUST_AGREE: { 'en-US': 'Please agree to the service terms and the organization terms', 'zh-CN': '请同意服务条款和组织条款', 'ja-JP': 'サービス規約と組織規約に同意してください' },
  ORGANIZATION_NOT_FOUND: { 'en-US': 'Organization {id} not found', 'zh-CN': '组织 {id} 不存在', 'ja-JP': '組織 {id} が見つかりません' },
  NOT_A_MEMBER: { 'en-US': 'You are not a member of this organization', 'zh-CN': '您不是该组织的成员', 'ja-JP': 'この組織のメンバーではありません' },
  NOT_A_TEAM: { 'en-US': 'This action is only for team organizations', 'zh-CN': '此操作仅适用于团队组织', 'ja-JP': 'この操作はチーム組織でのみ行えます' },
  MEMBER_NOT_FOUND: { 'en-US': 'User {id} is not a member of this organization', 'zh-CN': '用户 {id} 不是该组织的成员', 'ja-JP': 'ユーザー {id} はこの組織のメンバーではありません' },
  ALREADY_MEMBER: { 'en-US': 'You are already a member of this team', 'zh-CN': '您已经是该团队的成员', 'ja-JP': 'すでにこのチームのメンバーです' },
  JOIN_PENDING: { 'en-US': 'Your request to join this team is already waiting for an admin', 'zh-CN': '您加入该团队的申请已在等待管理员审批', 'ja-JP': 'このチームへの参加申請はすでに管理者の承認待ちです' },
  OWNER_ROLE_FIXED: { 'en-US': "The owner's role cannot be changed here; transfer the team instead", 'zh-CN': '不能在此修改所有者的角色，请改用转让团队', 'ja-JP': 'ここでは所有者のロールを変更できません。チームの譲渡を行ってください' },
  OWNER_NOT_REMOVABLE: { 'en-US': 'The owner cannot be removed from the team', 'zh-CN': '不能将所有者移出团队', 'ja-JP': '所有者をチームから削除することはできません' },
  ROLE_NOT_ASSIGNABLE: { 'en-US': 'Only admin or member can be set here; the super admin is the owner', 'zh-CN': '此处只能设置为管理员或成员；超级管理员即所有者', 'ja-JP': 'ここで設定できるのは管理者またはメンバーのみです。スーパー管理者は所有者です' },
  TRANSFER_TO_SELF: { 'en-US': 'You already own this team', 'zh-CN': '您已是该团队的所有者', 'ja-JP': 'すでにこのチームの所有者です' },
  REMOVE_SELF: { 'en-US': 'You cannot remove yourself from the team', 'zh-CN': '不能将自己移出团队', 'ja-JP': '自分自身をチームから削除することはできません' },
  JOIN_REQUEST_NOT_FOUND: { 'en-US': 'Join request {id} not found', 'zh-CN': '加入申请 {id} 不存在', 'ja-JP': '参加申請 {id} が見つかりません' },
  JOIN_REQUEST_DECIDED: { 'en-US': 'This join request has already been decided', 'zh-CN': '该加入申请已处理', 'ja-JP': 'この参加申請はすでに処理されています' },
  INVALID_INVITATION: { 'en-US': 'This invitation link is invalid or has expired', 'zh-CN': '该邀请链接无效或已过期', 'ja-JP': 'この招待リンクは無効か期限切れです' },
  AVATAR_TOO_LARGE: { 'en-US': 'File must be smaller than 1MB!', 'zh-CN': '文件必须小于 1MB！', 'ja-JP': 'ファイルは 1MB 未満にしてください！' },
  AVATAR_TYPE: { 'en-US': 'You can only upload a JPG, GIF or PNG file!', 'zh-CN': '只能上传 JPG、GIF 或 PNG 文件！', 'ja-JP': 'JPG、GIF、PNG ファイルのみアップロードできます！' },
  SHARED_NEEDS_ADMIN: { 'en-US': 'Only team admins can create or change shared connections', 'zh-CN': '只有团队管理员可以创建或修改共享连接', 'ja-JP': '共有接続を作成・変更できるのはチーム管理者のみです' },
  INVITE_MAIL_SUBJECT: { 'en-US': 'You are invited to join the team "{team}" on AskDB', 'zh-CN': '邀请您加入 AskDB 上的团队“{team}”', 'ja-JP': 'AskDB のチーム「{team}」への招待' },
  INVITE_MAIL_TEXT: {
    'en-US': '{inviter} invites you to join the team "{team}" on AskDB.\n\nOpen this link to ask to join (an admin approves the request):\n{url}\n\nThe link expires in {days} days.',
    'zh-CN': '{inviter} 邀请您加入 AskDB 上的团队“{team}”。\n\n打开此链接申请加入（需管理员审批）：\n{url}\n\n链接 {days} 天后过期。',
    'ja-JP': '{inviter} さんが AskDB のチーム「{team}」に招待しています。\n\n参加を申請するには次のリンクを開いてください（管理者の承認が必要です）：\n{url}\n\nリンクの有効期限は {days} 日です。',
  },
  TEAMS_NEED_SERVER: { 'en-US': 'Teams need an AskDB server: this local install has a single user. Run AskDB in server mode to create or join a team.', 'zh-CN': '团队功能需要 AskDB 服务器：本地安装只有一个用户。请以服务器模式运行 AskDB 来创建或加入团队。', 'ja-JP': 'チーム機能には AskDB サーバーが必要です。このローカル版は単一ユーザーです。チームを作成・参加するには AskDB をサーバーモードで実行してください。' },
  MAIL_FAILED: { 'en-US': 'The invitation e-mail could not be sent ({reason}); the invite link below still works', 'zh-CN': '邀请邮件发送失败（{reason}）；下面的邀请链接仍然有效', 'ja-JP': '招待メールを送信できませんでした（{reason}）。下の招待リンクは引き続き使えます' },
  MAIL_NOT_CONFIGURED: { 'en-US': 'E-mail is not set up on this server; copy the invite link and send it yourself', 'zh-CN': '此服务器未配置邮件；请复制邀请链接自行发送', 'ja-JP': 'このサーバーではメールが設定されていません。招待リンクをコピーしてご自身で送ってください' },
});

export type OrgMessageKey = keyof typeof orgMessages;
export const orgMsg = (lang: Language, key: OrgMessageKey, params?: Record<string, string | number>) => translate(orgMessages, key, lang, params);
