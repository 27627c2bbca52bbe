/**
 * User-visible texts of driver errors, keyed by DriverErrorCode, in the three languages. A
 * DriverError carries the en-US text in `message` and its placeholders in `params`, so the
 * server can `translate(driverMessages, error.code, lang, error.params)`.
 */
import { defineMessages, format } from '@askdb/contracts';
import { DriverError, type DriverErrorCode } from './driver.js';

export const driverMessages = defineMessages({
  AUTH_FAILED: {
    'en-US': 'Authentication failed for user "{user}": wrong user name or password.',
    'zh-CN': '用户“{user}”认证失败：用户名或密码错误。',
    'ja-JP': 'ユーザー「{user}」の認証に失敗しました：ユーザー名またはパスワードが正しくありません。',
  },
  HOST_NOT_FOUND: {
    'en-US': 'Host "{host}" could not be found: check the host name (DNS lookup failed).',
    'zh-CN': '找不到主机“{host}”：请检查主机名（DNS 解析失败）。',
    'ja-JP': 'ホスト「{host}」が見つかりません：ホスト名を確認してください（DNS 解決に失敗）。',
  },
  CONNECTION_REFUSED: {
    'en-US': 'Connection to {host}:{port} was refused: no database is listening there, or a firewall rejects it.',
    'zh-CN': '到 {host}:{port} 的连接被拒绝：该端口没有数据库在监听，或被防火墙拒绝。',
    'ja-JP': '{host}:{port} への接続が拒否されました：そのポートでデータベースが待ち受けていないか、ファイアウォールに拒否されています。',
  },
  TIMEOUT: {
    'en-US': 'No answer from {host}:{port} within {seconds} s: the server or the network is not responding.',
    'zh-CN': '{host}:{port} 在 {seconds} 秒内没有响应：服务器或网络无应答。',
    'ja-JP': '{host}:{port} から {seconds} 秒以内に応答がありません：サーバーまたはネットワークが応答していません。',
  },
  TLS_ERROR: {
    'en-US': 'Secure connection (SSL/TLS) to {host}:{port} failed: {reason}',
    'zh-CN': '到 {host}:{port} 的安全连接（SSL/TLS）失败：{reason}',
    'ja-JP': '{host}:{port} への安全な接続（SSL/TLS）に失敗しました：{reason}',
  },
  DATABASE_NOT_FOUND: {
    'en-US': 'Database "{database}" does not exist.',
    'zh-CN': '数据库“{database}”不存在。',
    'ja-JP': 'データベース「{database}」は存在しません。',
  },
  FILE_NOT_FOUND: {
    'en-US': 'Database file "{path}" does not exist or cannot be opened.',
    'zh-CN': '数据库文件“{path}”不存在或无法打开。',
    'ja-JP': 'データベースファイル「{path}」が存在しないか、開けません。',
  },
  UNSUPPORTED: {
    'en-US': '{type} is not supported yet: AskDB has no driver for it.',
    'zh-CN': '暂不支持 {type}：AskDB 尚无该数据库的驱动。',
    'ja-JP': '{type} はまだサポートされていません：AskDB にはそのドライバーがありません。',
  },
  CANCELLED: {
    'en-US': 'The statement was cancelled.',
    'zh-CN': '语句已取消。',
    'ja-JP': 'ステートメントはキャンセルされました。',
  },
  CONNECTION_LOST: {
    'en-US': 'The connection to the database was lost: {reason}',
    'zh-CN': '与数据库的连接已断开：{reason}',
    'ja-JP': 'データベースとの接続が切断されました：{reason}',
  },
  QUERY_FAILED: {
    'en-US': '{reason}',
    'zh-CN': '{reason}',
    'ja-JP': '{reason}',
  },
  CONFIG_INVALID: {
    'en-US': 'The data source settings are incomplete or invalid: {reason}',
    'zh-CN': '数据源配置不完整或无效：{reason}',
    'ja-JP': 'データソースの設定が不完全または無効です：{reason}',
  },
  FILE_NOT_ALLOWED: {
    'en-US': 'Refused to reach the file "{path}": a SQLite or DuckDB data source may only use files next to the database it opened (on a server, in the folders the operator allows), and never AskDB\'s own store or key. Name the file by a plain path inside those folders; on your own computer ASKDB_FILE_DIRS adds folders.',
    'zh-CN': '已拒绝访问文件“{path}”：SQLite 或 DuckDB 数据源只能使用其所打开数据库旁边的文件（服务器上为运维方允许的目录），且绝不能访问 AskDB 自身的存储和密钥。请使用这些目录内的普通路径；在本机上可通过 ASKDB_FILE_DIRS 添加目录。',
    'ja-JP': 'ファイル「{path}」へのアクセスを拒否しました：SQLite / DuckDB データソースが使えるのは、開いたデータベースと同じフォルダーのファイル（サーバーでは運用者が許可したフォルダー）だけで、AskDB 自身のストアや鍵には決してアクセスできません。それらのフォルダー内の単純なパスで指定してください。自分のコンピューターでは ASKDB_FILE_DIRS でフォルダーを追加できます。',
  },
} satisfies Record<DriverErrorCode, unknown>);

/** Builds a DriverError whose en-US message comes from the table above. */
export function driverError(code: DriverErrorCode, params: Record<string, string | number>, detail?: string): DriverError {
  return new DriverError(format(driverMessages[code]['en-US'], params), code, detail, params);
}
