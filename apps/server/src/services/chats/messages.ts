/** Server messages of the named AI chats, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const chatMessages = defineMessages({
  NOT_FOUND: { 'en-US': 'Chat {id} not found', 'zh-CN': '对话 {id} 不存在', 'ja-JP': 'チャット {id} が見つかりません' },
  DELETED: { 'en-US': 'This chat has been deleted', 'zh-CN': '该对话已被删除', 'ja-JP': 'このチャットは削除されました' },
  SHARE_NOT_FOUND: { 'en-US': 'This share link is not valid', 'zh-CN': '该分享链接无效', 'ja-JP': 'この共有リンクは無効です' },
  VIEW_ONLY: { 'en-US': 'This chat is shared with you as view only', 'zh-CN': '该对话仅以只读方式分享给你', 'ja-JP': 'このチャットは閲覧のみで共有されています' },
  OWNER_ONLY: { 'en-US': 'Only the owner of the chat can do this', 'zh-CN': '只有对话的创建者可以执行此操作', 'ja-JP': 'チャットの所有者のみが実行できます' },
  ANSWER_NOT_FOUND: { 'en-US': 'Answer {id} not found', 'zh-CN': '回答 {id} 不存在', 'ja-JP': '回答 {id} が見つかりません' },
  FILE_TOO_LARGE: { 'en-US': 'File must be smaller than {mb}MB!', 'zh-CN': '文件必须小于 {mb}MB！', 'ja-JP': 'ファイルは {mb}MB 未満である必要があります！' },
  ONE_FILE: { 'en-US': 'Upload one file only', 'zh-CN': '只能上传一个文件', 'ja-JP': 'アップロードできるファイルは 1 つだけです' },
  FILE_TYPE: { 'en-US': 'Only xlsx, xls or csv files can be uploaded', 'zh-CN': '只能上传 xlsx、xls 或 csv 文件', 'ja-JP': 'xlsx、xls、csv ファイルのみアップロードできます' },
  NO_FILE: { 'en-US': 'Choose a file to upload', 'zh-CN': '请选择要上传的文件', 'ja-JP': 'アップロードするファイルを選択してください' },

  FILE_CORRUPT: {
    'en-US': 'The file could not be read as an Excel workbook: {reason}',
    'zh-CN': '无法将该文件读取为 Excel 工作簿：{reason}',
    'ja-JP': 'ファイルを Excel ブックとして読み込めませんでした：{reason}',
  },
  FILE_EMPTY: { 'en-US': 'The file has no rows', 'zh-CN': '文件中没有数据行', 'ja-JP': 'ファイルに行がありません' },
  UPLOAD_NOT_FOUND: { 'en-US': 'The uploaded file has expired; upload it again', 'zh-CN': '上传的文件已过期，请重新上传', 'ja-JP': 'アップロードしたファイルの有効期限が切れました。再度アップロードしてください' },
  VERTICAL_TOO_LARGE: {
    'en-US': 'A vertical header works for sheets up to {cells} cells; this one is larger',
    'zh-CN': '纵向表头仅支持不超过 {cells} 个单元格的工作表，此表过大',
    'ja-JP': '縦方向ヘッダーは {cells} セル以下のシートのみ対応しています。このシートは大きすぎます',
  },
  STEP_NOT_RETRIABLE: { 'en-US': 'Step {step} cannot be run again: only a failed step, after steps that succeeded, can be', 'zh-CN': '无法重新运行第 {step} 步：只有前面步骤都成功的失败步骤才能重试', 'ja-JP': 'ステップ {step} は再実行できません：再実行できるのは、前のステップが成功した失敗ステップだけです' },
  NOT_LOADED: { 'en-US': 'The file is still loading ({progress}%)', 'zh-CN': '文件仍在加载中（{progress}%）', 'ja-JP': 'ファイルを読み込み中です（{progress}%）' },
  FILE_NOT_STORED: {
    'en-US': "This chat's file is no longer stored (it was uploaded before files were kept in the app store); upload the file again in a new chat",
    'zh-CN': '该对话的文件已不在存储中（它是在文件保存到应用存储之前上传的）；请在新对话中重新上传文件',
    'ja-JP': 'このチャットのファイルは保存されていません（ファイルをアプリのストアに保存する前にアップロードされました）。新しいチャットでファイルを再度アップロードしてください',
  },
  LOAD_FAILED: { 'en-US': 'The file could not be loaded: {reason}', 'zh-CN': '文件加载失败：{reason}', 'ja-JP': 'ファイルを読み込めませんでした：{reason}' },
  NOT_READ_ONLY: {
    'en-US': 'The SQL is not a plain read; a chat only runs queries that read ({reason})',
    'zh-CN': '该 SQL 不是只读查询；对话中只运行只读查询（{reason}）',
    'ja-JP': 'この SQL は読み取りだけのクエリではありません。チャットでは読み取りクエリのみ実行します（{reason}）',
  },
  NO_SQL: {
    'en-US': 'Sorry, AI failed to generate the report, please re-enter',
    'zh-CN': '抱歉，AI 生成报告失败，请重新输入',
    'ja-JP': '申し訳ありません。AI がレポートを生成できませんでした。もう一度入力してください',
  },
  NO_CHART: { 'en-US': 'No chart matched, please retry.', 'zh-CN': '没有匹配的图表，请重试。', 'ja-JP': '一致するグラフがありません。再試行してください。' },
  CHART_NOT_ASKED: { 'en-US': 'No chart was asked for (/query_table)', 'zh-CN': '未要求图表（/query_table）', 'ja-JP': 'グラフは要求されていません（/query_table）' },
  SUMMARY_NOT_ASKED: { 'en-US': 'No summary was asked for', 'zh-CN': '未要求总结', 'ja-JP': '要約は要求されていません' },
  PREVIOUS_FAILED: { 'en-US': 'An earlier step failed', 'zh-CN': '前面的步骤失败了', 'ja-JP': '前のステップが失敗しました' },
  RERUN_HIDDEN: {
    'en-US': 'The summary is hidden: the query could not run with your data permissions',
    'zh-CN': '总结已隐藏：该查询无法以你的数据权限运行',
    'ja-JP': 'クエリをあなたのデータ権限で実行できなかったため、要約は表示されません',
  },
  TABLES: { 'en-US': 'Tables used: {tables}', 'zh-CN': '使用的表：{tables}', 'ja-JP': '使用するテーブル：{tables}' },
  NO_TABLES: { 'en-US': 'No table of the dataset matched the question', 'zh-CN': '数据集中没有与问题匹配的表', 'ja-JP': 'データセットに質問と一致するテーブルがありません' },
});

export type ChatMessageKey = keyof typeof chatMessages;
export const chatMsg = (lang: Language, key: ChatMessageKey, params?: Record<string, string | number>) => translate(chatMessages, key, lang, params);
