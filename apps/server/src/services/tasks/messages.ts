/** Server messages of import / export tasks and connection files, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const taskMessages = defineMessages({
  TASK_NOT_FOUND: { 'en-US': 'Task {id} not found', 'zh-CN': '任务 {id} 不存在', 'ja-JP': 'タスク {id} が見つかりません' },
  TASK_FINISHED: { 'en-US': 'Task {id} has already ended', 'zh-CN': '任务 {id} 已结束', 'ja-JP': 'タスク {id} はすでに終了しています' },
  TASK_RUNNING: { 'en-US': 'Task {id} is still running; stop it before deleting it', 'zh-CN': '任务 {id} 仍在运行，请先停止再删除', 'ja-JP': 'タスク {id} はまだ実行中です。削除する前に停止してください' },
  NO_FILE: { 'en-US': 'The task has no file to download', 'zh-CN': '该任务没有可下载的文件', 'ja-JP': 'このタスクにはダウンロードできるファイルがありません' },
  NOT_MULTIPART: { 'en-US': 'Send the file as a multipart form (field "file")', 'zh-CN': '请以 multipart 表单（字段 "file"）上传文件', 'ja-JP': 'ファイルは multipart フォーム（フィールド "file"）で送信してください' },
  UPLOAD_TOO_LARGE: { 'en-US': 'The file must be smaller than {mb} MB', 'zh-CN': '文件必须小于 {mb} MB', 'ja-JP': 'ファイルは {mb} MB 未満にしてください' },
  UPLOAD_NOT_FOUND: { 'en-US': 'The uploaded file is gone; upload it again', 'zh-CN': '上传的文件已不存在，请重新上传', 'ja-JP': 'アップロードしたファイルがありません。もう一度アップロードしてください' },
  TABLE_REQUIRED: { 'en-US': 'Name the table to import into', 'zh-CN': '请指定要导入的表', 'ja-JP': 'インポート先のテーブルを指定してください' },
  IMPORT_UNSUPPORTED: { 'en-US': 'Files cannot be imported into {type} data sources yet (PostgreSQL and MySQL families can)', 'zh-CN': '暂不支持向 {type} 数据源导入文件（支持 PostgreSQL 和 MySQL 系列）', 'ja-JP': '{type} データソースへのファイルのインポートにはまだ対応していません（PostgreSQL 系と MySQL 系は対応）' },
  DATABASE_EXPORT_FORMAT: { 'en-US': 'A whole database exports as SQL INSERTs or a SQL dump', 'zh-CN': '整个数据库只能导出为 SQL INSERT 语句或 SQL 转储', 'ja-JP': 'データベース全体は SQL INSERT 文または SQL ダンプとしてエクスポートされます' },
  EXPORT_TARGET: { 'en-US': 'Name the {what} to export', 'zh-CN': '请指定要导出的{what}', 'ja-JP': 'エクスポートする{what}を指定してください' },
  FILE_INVALID: { 'en-US': 'The file cannot be read: {reason}', 'zh-CN': '无法读取文件：{reason}', 'ja-JP': 'ファイルを読み取れません：{reason}' },
  CONNECTION_FILE_INVALID: { 'en-US': 'Not a connection file AskDB can read: {reason}', 'zh-CN': '不是 AskDB 可读取的连接文件：{reason}', 'ja-JP': 'AskDB が読み取れる接続ファイルではありません：{reason}' },
  PASSPHRASE_REQUIRED: { 'en-US': 'Enter a passphrase of at least 8 characters to export secrets', 'zh-CN': '导出密码等机密信息需输入至少 8 个字符的口令', 'ja-JP': 'シークレットをエクスポートするには 8 文字以上のパスフレーズを入力してください' },
  PASSPHRASE_WRONG: { 'en-US': 'The passphrase is wrong, or the file was changed', 'zh-CN': '口令错误，或文件已被修改', 'ja-JP': 'パスフレーズが違うか、ファイルが変更されています' },
});
export type TaskMessageKey = keyof typeof taskMessages;
export const taskMsg = (lang: Language, key: TaskMessageKey, params?: Record<string, string | number>) => translate(taskMessages, key, lang, params);
