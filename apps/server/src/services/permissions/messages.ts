/** What members and admins read about grants, refusals and the script policy, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const permissionMessages = defineMessages({
  NO_GRANT: {
    'en-US': 'You have no permission on the data source "{source}". Apply for permission to use it.',
    'zh-CN': '您没有数据源“{source}”的权限，请申请权限后使用。',
    'ja-JP': 'データソース「{source}」の権限がありません。権限を申請してください。',
  },
  NO_GRANT_HERE: {
    'en-US': 'You have no permission on {place} of the data source "{source}". Apply for permission to use it.',
    'zh-CN': '您没有数据源“{source}”中 {place} 的权限，请申请权限后使用。',
    'ja-JP': 'データソース「{source}」の {place} の権限がありません。権限を申請してください。',
  },
  NO_TABLE_ACCESS: {
    'en-US': 'You have no permission to {action} the table {table}. The statement was not run.',
    'zh-CN': '您没有{action}表 {table} 的权限，语句未执行。',
    'ja-JP': 'テーブル {table} を{action}権限がありません。ステートメントは実行されませんでした。',
  },
  NO_COLUMN_ACCESS: {
    'en-US': 'You have no permission to {action} the column(s) {columns} of the table {table}. The statement was not run.',
    'zh-CN': '您没有{action}表 {table} 的列 {columns} 的权限，语句未执行。',
    'ja-JP': 'テーブル {table} の列 {columns} を{action}権限がありません。ステートメントは実行されませんでした。',
  },
  NO_ALL_COLUMNS: {
    'en-US': 'This statement touches every column of the table {table} (for example through *), but you may only {action} some of them. Name the columns you are allowed to use. The statement was not run.',
    'zh-CN': '该语句涉及表 {table} 的所有列（例如通过 *），但您只能{action}其中部分列。请写明您有权限的列。语句未执行。',
    'ja-JP': 'このステートメントはテーブル {table} のすべての列に及びます（例：*）が、{action}ことができるのは一部の列だけです。権限のある列を指定してください。ステートメントは実行されませんでした。',
  },
  NO_DDL_HERE: {
    'en-US': 'You have no permission to change the structure of {place}. The statement was not run.',
    'zh-CN': '您没有修改 {place} 结构的权限，语句未执行。',
    'ja-JP': '{place} の構造を変更する権限がありません。ステートメントは実行されませんでした。',
  },
  UNRESOLVED: {
    'en-US': 'AskDB cannot tell which tables and columns this statement touches ({reason}), and your permission on this data source is limited to some of its databases, schemas, tables or columns, so it was not run. Apply for permission on the whole data source, or rewrite the statement.',
    'zh-CN': 'AskDB 无法确定该语句涉及哪些表和列（{reason}），而您在该数据源上的权限仅限于部分数据库、模式、表或列，因此语句未执行。请申请整个数据源的权限，或改写语句。',
    'ja-JP': 'AskDB はこのステートメントが扱うテーブルと列を特定できません（{reason}）。このデータソースでのあなたの権限は一部のデータベース・スキーマ・テーブル・列に限られているため、実行しませんでした。データソース全体の権限を申請するか、ステートメントを書き直してください。',
  },
  NEEDS_APPROVAL: {
    'en-US': 'Your team requires an approved script for {kind} statements. Apply for permission with this script; once approved, it runs once, exactly as approved.',
    'zh-CN': '您的团队要求 {kind} 类语句须经审批后执行。请用此脚本申请权限，审批通过后可按原样执行一次。',
    'ja-JP': 'チームでは {kind} ステートメントの実行に承認済みスクリプトが必要です。このスクリプトで権限を申請してください。承認後、承認どおりの内容で 1 回実行できます。',
  },
  NO_WHOLE_SCHEMA: {
    'en-US': 'This needs permission on the whole of {place}; yours covers only some of its tables or columns.',
    'zh-CN': '此操作需要 {place} 整体的权限，而您的权限仅覆盖其中部分表或列。',
    'ja-JP': 'この操作には {place} 全体の権限が必要ですが、あなたの権限は一部のテーブルまたは列に限られています。',
  },
  OTHER_ORGANIZATION_SOURCE: {
    'en-US': 'The data source {id} belongs to another organisation. Grants are given on shared data sources of the current team only.',
    'zh-CN': '数据源 {id} 属于其他组织。只能对当前团队的共享数据源授权。',
    'ja-JP': 'データソース {id} は別の組織のものです。権限は現在のチームの共有データソースにのみ付与できます。',
  },
  NOT_SHARED: {
    'en-US': 'The data source "{source}" is private. Share it with the team before granting access to it.',
    'zh-CN': '数据源“{source}”是私有的。请先将其共享给团队，再进行授权。',
    'ja-JP': 'データソース「{source}」は非公開です。権限を付与する前にチームと共有してください。',
  },
  NOT_A_MEMBER: {
    'en-US': 'User {id} is not an active member of this team.',
    'zh-CN': '用户 {id} 不是本团队的有效成员。',
    'ja-JP': 'ユーザー {id} はこのチームの有効なメンバーではありません。',
  },
  TEAM_ONLY: {
    'en-US': 'Grants are for teams: switch to a team to manage data permissions.',
    'zh-CN': '授权仅适用于团队：请切换到团队后管理数据权限。',
    'ja-JP': '権限付与はチーム向けの機能です。データ権限を管理するにはチームに切り替えてください。',
  },
  EXPIRY_PAST: {
    'en-US': 'The expiry date must be in the future (or leave it empty for a permanent grant).',
    'zh-CN': '有效期必须晚于当前时间（留空表示永久有效）。',
    'ja-JP': '有効期限は未来の日時にしてください（空欄にすると無期限になります）。',
  },
  COLUMNS_NEED_TABLE: {
    'en-US': 'Choose the table whose columns you grant.',
    'zh-CN': '请选择要授权其列的表。',
    'ja-JP': '列の権限を付与するテーブルを選択してください。',
  },
  TABLE_NEEDS_PARENT: {
    'en-US': 'Choose the {what} the table is in.',
    'zh-CN': '请选择该表所在的{what}。',
    'ja-JP': 'テーブルが属する{what}を選択してください。',
  },
  AUTHORIZATION_NOT_FOUND: {
    'en-US': 'Authorization {id} not found',
    'zh-CN': '授权 {id} 不存在',
    'ja-JP': '権限付与 {id} が見つかりません',
  },
  read: { 'en-US': 'read', 'zh-CN': '读取', 'ja-JP': '読み取る' },
  write: { 'en-US': 'change', 'zh-CN': '修改', 'ja-JP': '変更する' },
  ddl: { 'en-US': 'change the structure of', 'zh-CN': '变更结构于', 'ja-JP': '構造を変更する' },
  database: { 'en-US': 'database', 'zh-CN': '数据库', 'ja-JP': 'データベース' },
  schema: { 'en-US': 'schema', 'zh-CN': '模式', 'ja-JP': 'スキーマ' },
  permanent: { 'en-US': 'Permanent', 'zh-CN': '永久', 'ja-JP': '無期限' },
  wholeSource: { 'en-US': 'whole data source', 'zh-CN': '整个数据源', 'ja-JP': 'データソース全体' },
  allColumns: { 'en-US': 'all columns', 'zh-CN': '所有列', 'ja-JP': 'すべての列' },
  READ: { 'en-US': 'read', 'zh-CN': '读取', 'ja-JP': '読み取り' },
  WRITE: { 'en-US': 'write data', 'zh-CN': '写数据', 'ja-JP': 'データ書き込み' },
  DDL: { 'en-US': 'change structure', 'zh-CN': '变更结构', 'ja-JP': '構造変更' },
  OTHER: { 'en-US': 'other', 'zh-CN': '其他', 'ja-JP': 'その他' },
});

export type PermissionMessageKey = keyof typeof permissionMessages;
export const permMsg = (lang: Language, key: PermissionMessageKey, params?: Record<string, string | number>) => translate(permissionMessages, key, lang, params);
