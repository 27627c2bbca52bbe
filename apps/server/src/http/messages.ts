/** Server messages a user reads, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const serverMessages = defineMessages({
  DATA_SOURCE_NOT_FOUND: { 'en-US': 'Data source {id} not found', 'zh-CN': '数据源 {id} 不存在', 'ja-JP': 'データソース {id} が見つかりません' },
  NO_DATA_ACCESS_PERMISSION: { 'en-US': 'You do not have permission to access this data source', 'zh-CN': '您没有访问该数据源的权限', 'ja-JP': 'このデータソースにアクセスする権限がありません' },
  FORBIDDEN_HOST: { 'en-US': 'Refused: this AskDB server does not answer to the host name "{host}". Open it at 127.0.0.1 or localhost, or add the name to ASKDB_ALLOWED_HOSTS.', 'zh-CN': '已拒绝：此 AskDB 服务器不响应主机名“{host}”。请通过 127.0.0.1 或 localhost 打开，或将该名称加入 ASKDB_ALLOWED_HOSTS。', 'ja-JP': '拒否しました：この AskDB サーバーはホスト名「{host}」には応答しません。127.0.0.1 または localhost で開くか、その名前を ASKDB_ALLOWED_HOSTS に追加してください。' },
  FORBIDDEN_ORIGIN: { 'en-US': 'Refused a request sent from another site ({origin}): AskDB accepts changes only from its own pages.', 'zh-CN': '已拒绝来自其他站点（{origin}）的请求：AskDB 只接受来自其自身页面的修改。', 'ja-JP': '別のサイト（{origin}）から送られたリクエストを拒否しました：AskDB は自身のページからの変更のみを受け付けます。' },
  FILE_ENGINES_OFF: { 'en-US': 'SQLite and DuckDB data sources are turned off on this server. The operator can allow them in chosen folders with ASKDB_FILE_ENGINES=1 and ASKDB_FILE_DIRS.', 'zh-CN': '此服务器已关闭 SQLite 和 DuckDB 数据源。运维方可通过 ASKDB_FILE_ENGINES=1 和 ASKDB_FILE_DIRS 在指定目录中启用。', 'ja-JP': 'このサーバーでは SQLite と DuckDB のデータソースは無効です。運用者は ASKDB_FILE_ENGINES=1 と ASKDB_FILE_DIRS で指定フォルダー内に限り有効にできます。' },
  FILE_OUTSIDE_DIRS: { 'en-US': 'The file "{path}" is outside the folders this server allows for data sources ({dirs}).', 'zh-CN': '文件“{path}”不在此服务器允许用作数据源的目录（{dirs}）内。', 'ja-JP': 'ファイル「{path}」は、このサーバーがデータソースに許可しているフォルダー（{dirs}）の外にあります。' },
  FILE_IN_HOME: { 'en-US': 'The file "{path}" is inside AskDB\'s own folder ({home}), which holds its store and secret key, so it cannot be a data source. Copy it to another folder.', 'zh-CN': '文件“{path}”位于 AskDB 自身的目录（{home}）内，该目录保存其存储和密钥，因此不能作为数据源。请将其复制到其他目录。', 'ja-JP': 'ファイル「{path}」は AskDB 自身のフォルダー（{home}）内にあり、そこにはストアと秘密鍵が保存されているため、データソースにできません。別のフォルダーにコピーしてください。' },
  CONSOLE_NOT_FOUND: { 'en-US': 'Console {id} not found', 'zh-CN': '控制台 {id} 不存在', 'ja-JP': 'コンソール {id} が見つかりません' },
  CONSOLE_CONFLICT: { 'en-US': 'This console was changed in another tab or window; the newer version was kept', 'zh-CN': '该控制台已在其他标签页或窗口中修改，已保留较新的版本', 'ja-JP': 'このコンソールは別のタブまたはウィンドウで変更されました。新しいバージョンが保持されています' },
  GROUP_NOT_FOUND: { 'en-US': 'Group {id} not found', 'zh-CN': '分组 {id} 不存在', 'ja-JP': 'グループ {id} が見つかりません' },
  GROUP_CYCLE: { 'en-US': 'A group cannot be moved into itself or one of its subgroups', 'zh-CN': '分组不能移动到自身或其子分组中', 'ja-JP': 'グループを自分自身またはそのサブグループに移動することはできません' },
  CURSOR_EXPIRED: { 'en-US': 'The result cursor has expired; run the statement again', 'zh-CN': '结果游标已过期，请重新执行语句', 'ja-JP': '結果カーソルの有効期限が切れました。ステートメントを再実行してください' },
  EXECUTION_NOT_FOUND: { 'en-US': 'No running execution with that id', 'zh-CN': '没有该 ID 的正在运行的执行', 'ja-JP': 'その ID の実行中の処理はありません' },
  BODY_NOT_JSON: { 'en-US': 'Invalid body: not valid JSON', 'zh-CN': '请求体无效：不是合法的 JSON', 'ja-JP': 'リクエスト本文が無効です：正しい JSON ではありません' },
  BODY_MEDIA_TYPE: { 'en-US': 'Invalid body: send application/json', 'zh-CN': '请求体无效：请以 application/json 发送', 'ja-JP': 'リクエスト本文が無効です：application/json で送信してください' },
  BODY_TOO_LARGE: { 'en-US': 'Invalid body: too large', 'zh-CN': '请求体无效：内容过大', 'ja-JP': 'リクエスト本文が無効です：大きすぎます' },
  INTERNAL_ERROR: { 'en-US': 'Internal error', 'zh-CN': '内部错误', 'ja-JP': '内部エラー' },
  NEED_LOGGED_IN: { 'en-US': 'Please sign in', 'zh-CN': '请先登录', 'ja-JP': 'ログインしてください' },
  PERMISSION_DENIED: { 'en-US': 'No permission', 'zh-CN': '没有权限', 'ja-JP': '権限がありません' },
  NOTHING_TO_RUN: { 'en-US': 'Please select the SQL to run', 'zh-CN': '请选择要执行的 SQL', 'ja-JP': '実行する SQL を選択してください' },
  FORMAT_FAILED: { 'en-US': 'Formatting failed, please check whether the sql is correct', 'zh-CN': '格式化失败，请检查 SQL 是否正确', 'ja-JP': 'フォーマットに失敗しました。SQL が正しいか確認してください' },
  SQL_TOO_LARGE_TO_FORMAT: { 'en-US': 'This script is too large to format within {seconds} seconds; format a selection or fewer statements at a time.', 'zh-CN': '该脚本过大，无法在 {seconds} 秒内完成格式化；请选中部分内容或分批格式化较少的语句。', 'ja-JP': 'このスクリプトは大きすぎて {seconds} 秒以内に整形できません。選択範囲や少ない数のステートメントごとに整形してください。' },
});

export type ServerMessageKey = keyof typeof serverMessages;
export const msg = (lang: Language, key: ServerMessageKey, params?: Record<string, string | number>) => translate(serverMessages, key, lang, params);
