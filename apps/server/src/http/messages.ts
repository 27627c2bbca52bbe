/** Server messages a user reads, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const serverMessages = defineMessages({
  AUTH_FAILED: { 'en-US': 'Authentication failed: wrong user name or password', 'zh-CN': '认证失败：用户名或密码错误', 'ja-JP': '認証に失敗しました：ユーザー名またはパスワードが違います' },
  HOST_NOT_FOUND: { 'en-US': 'Unknown host: the host name could not be resolved', 'zh-CN': '未知主机：无法解析主机名', 'ja-JP': '不明なホスト：ホスト名を解決できません' },
  CONNECTION_REFUSED: { 'en-US': 'Connection refused: nothing is listening on that host and port', 'zh-CN': '连接被拒绝：该主机和端口上没有服务在监听', 'ja-JP': '接続が拒否されました：そのホストとポートで待ち受けているサービスがありません' },
  TIMEOUT: { 'en-US': 'Connection timed out', 'zh-CN': '连接超时', 'ja-JP': '接続がタイムアウトしました' },
  TLS_ERROR: { 'en-US': 'TLS/SSL negotiation failed', 'zh-CN': 'TLS/SSL 握手失败', 'ja-JP': 'TLS/SSL ネゴシエーションに失敗しました' },
  DATABASE_NOT_FOUND: { 'en-US': 'The database does not exist', 'zh-CN': '数据库不存在', 'ja-JP': 'データベースが存在しません' },
  FILE_NOT_FOUND: { 'en-US': 'The database file does not exist', 'zh-CN': '数据库文件不存在', 'ja-JP': 'データベースファイルが存在しません' },
  UNSUPPORTED: { 'en-US': 'This database type is not supported yet', 'zh-CN': '暂不支持该数据库类型', 'ja-JP': 'このデータベース種別はまだサポートされていません' },
  CANCELLED: { 'en-US': 'The execution was cancelled', 'zh-CN': '执行已取消', 'ja-JP': '実行はキャンセルされました' },
  CONNECTION_LOST: { 'en-US': 'The connection to the database was lost', 'zh-CN': '与数据库的连接已断开', 'ja-JP': 'データベースとの接続が切断されました' },
  QUERY_FAILED: { 'en-US': 'The statement failed', 'zh-CN': '语句执行失败', 'ja-JP': 'ステートメントの実行に失敗しました' },
  CONFIG_INVALID: { 'en-US': 'The connection settings are incomplete', 'zh-CN': '连接配置不完整', 'ja-JP': '接続設定が不完全です' },
  DATA_SOURCE_NOT_FOUND: { 'en-US': 'Data source {id} not found', 'zh-CN': '数据源 {id} 不存在', 'ja-JP': 'データソース {id} が見つかりません' },
  NO_DATA_ACCESS_PERMISSION: { 'en-US': 'You do not have permission to access this data source', 'zh-CN': '您没有访问该数据源的权限', 'ja-JP': 'このデータソースにアクセスする権限がありません' },
  CONSOLE_NOT_FOUND: { 'en-US': 'Console {id} not found', 'zh-CN': '控制台 {id} 不存在', 'ja-JP': 'コンソール {id} が見つかりません' },
  CONSOLE_CONFLICT: { 'en-US': 'This console was changed in another tab or window; the newer version was kept', 'zh-CN': '该控制台已在其他标签页或窗口中修改，已保留较新的版本', 'ja-JP': 'このコンソールは別のタブまたはウィンドウで変更されました。新しいバージョンが保持されています' },
  GROUP_NOT_FOUND: { 'en-US': 'Group {id} not found', 'zh-CN': '分组 {id} 不存在', 'ja-JP': 'グループ {id} が見つかりません' },
  GROUP_CYCLE: { 'en-US': 'A group cannot be moved into itself or one of its subgroups', 'zh-CN': '分组不能移动到自身或其子分组中', 'ja-JP': 'グループを自分自身またはそのサブグループに移動することはできません' },
  CURSOR_EXPIRED: { 'en-US': 'The result cursor has expired; run the statement again', 'zh-CN': '结果游标已过期，请重新执行语句', 'ja-JP': '結果カーソルの有効期限が切れました。ステートメントを再実行してください' },
  EXECUTION_NOT_FOUND: { 'en-US': 'No running execution with that id', 'zh-CN': '没有该 ID 的正在运行的执行', 'ja-JP': 'その ID の実行中の処理はありません' },
  NOTHING_TO_RUN: { 'en-US': 'Please select the SQL to run', 'zh-CN': '请选择要执行的 SQL', 'ja-JP': '実行する SQL を選択してください' },
});

export type ServerMessageKey = keyof typeof serverMessages;
export const msg = (lang: Language, key: ServerMessageKey, params?: Record<string, string | number>) => translate(serverMessages, key, lang, params);
