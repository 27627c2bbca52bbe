/** Messages of approval flows, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const approvalMessages = defineMessages({
  REASON_REQUIRED: { 'en-US': 'Please enter a reason for your application', 'zh-CN': '请填写申请理由', 'ja-JP': '申請理由を入力してください' },
  SCRIPT_REQUIRED: { 'en-US': 'Please enter the script you want to run', 'zh-CN': '请填写要执行的脚本', 'ja-JP': '実行したいスクリプトを入力してください' },
  NEEDS_TEAM: { 'en-US': 'Applications are made in a team; in your personal space you already have every permission', 'zh-CN': '申请需在团队中提交；在个人空间中您已拥有全部权限', 'ja-JP': '申請はチームで行います。個人スペースではすべての権限をすでに持っています' },
  DATA_SOURCE_NOT_FOUND: { 'en-US': 'Data source {id} not found in this team', 'zh-CN': '该团队中不存在数据源 {id}', 'ja-JP': 'このチームにデータソース {id} が見つかりません' },
  APPROVAL_NOT_FOUND: { 'en-US': 'Approval {id} not found', 'zh-CN': '审批 {id} 不存在', 'ja-JP': '承認 {id} が見つかりません' },
  SELF_APPROVAL: { 'en-US': 'You cannot approve or decide your own application', 'zh-CN': '不能审批自己的申请', 'ja-JP': '自分の申請を承認・処理することはできません' },
  ALREADY_APPROVED: { 'en-US': 'This application has already been approved', 'zh-CN': '该申请已被批准', 'ja-JP': 'この申請はすでに承認されています' },
  ALREADY_REJECTED: { 'en-US': 'This application has already been rejected', 'zh-CN': '该申请已被拒绝', 'ja-JP': 'この申請はすでに却下されています' },
  ALREADY_REVOKED: { 'en-US': 'The applicant revoked this application; it can no longer be approved', 'zh-CN': '申请人已撤回该申请，无法再审批', 'ja-JP': '申請者がこの申請を取り消したため、承認できません' },
  ALREADY_FINISHED: { 'en-US': 'This application is already finished', 'zh-CN': '该申请已完成', 'ja-JP': 'この申請はすでに完了しています' },
  NOT_ASSIGNED: { 'en-US': 'This application is waiting for another approver', 'zh-CN': '该申请正在等待其他审批人处理', 'ja-JP': 'この申請は別の承認者の対応待ちです' },
  NOT_APPROVER: { 'en-US': 'Only admins of the team can decide applications', 'zh-CN': '只有团队管理员可以审批申请', 'ja-JP': '申請を処理できるのはチームの管理者のみです' },
  APPROVER_INVALID: { 'en-US': 'User {id} is not an admin of this team and cannot approve', 'zh-CN': '用户 {id} 不是该团队的管理员，无法审批', 'ja-JP': 'ユーザー {id} はこのチームの管理者ではないため承認できません' },
  APPROVER_IS_APPLICANT: { 'en-US': 'The applicant cannot approve their own application', 'zh-CN': '申请人不能审批自己的申请', 'ja-JP': '申請者は自分の申請を承認できません' },
  APPROVER_IS_SELF: { 'en-US': 'Choose another approver than yourself', 'zh-CN': '请选择您以外的审批人', 'ja-JP': '自分以外の承認者を選んでください' },
  TRANSFER_TARGET_REQUIRED: { 'en-US': 'Choose the approver to transfer this application to', 'zh-CN': '请选择要转交的审批人', 'ja-JP': '転送先の承認者を選んでください' },
  SIGNERS_REQUIRED: { 'en-US': 'Choose at least one approver to add', 'zh-CN': '请至少选择一位加签审批人', 'ja-JP': '追加する承認者を少なくとも 1 人選んでください' },
  NOT_APPLICANT: { 'en-US': 'Only the applicant can revoke an application', 'zh-CN': '只有申请人可以撤回申请', 'ja-JP': '申請を取り消せるのは申請者のみです' },
  SCOPE_NOT_ASKED: { 'en-US': '{table} was not asked for in this application; you can only narrow what was asked', 'zh-CN': '该申请未申请 {table}；您只能缩小申请的范围', 'ja-JP': 'この申請では {table} は申請されていません。申請された範囲を狭めることしかできません' },
  SCOPE_EMPTY: { 'en-US': 'Keep at least one table, or reject the application', 'zh-CN': '请至少保留一张表，或拒绝该申请', 'ja-JP': '少なくとも 1 つのテーブルを残すか、申請を却下してください' },
  EXPIRY_PAST: { 'en-US': 'The expiry must be in the future', 'zh-CN': '到期时间必须晚于当前时间', 'ja-JP': '有効期限は未来の日時にしてください' },
  EXPIRY_LONGER: { 'en-US': 'The expiry cannot be later than the one asked for ({asked})', 'zh-CN': '到期时间不能晚于申请的到期时间（{asked}）', 'ja-JP': '有効期限は申請された期限（{asked}）より後にはできません' },
  TITLE_DATA: { 'en-US': 'Data permission: {target}', 'zh-CN': '数据权限：{target}', 'ja-JP': 'データ権限：{target}' },
  TITLE_SCRIPT: { 'en-US': 'Script execution: {target}', 'zh-CN': '脚本执行：{target}', 'ja-JP': 'スクリプト実行：{target}' },
  TITLE_JOIN: { 'en-US': 'Join the team: {target}', 'zh-CN': '加入团队：{target}', 'ja-JP': 'チームへの参加：{target}' },
});

export type ApprovalMessageKey = keyof typeof approvalMessages;
export const apMsg = (lang: Language, key: ApprovalMessageKey, params?: Record<string, string | number>) => translate(approvalMessages, key, lang, params);
