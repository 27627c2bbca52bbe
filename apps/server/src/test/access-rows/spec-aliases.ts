/**
 * Route-table rows of the spec-named calls (routes/spec-*.ts, issue 29 items 20 and 22). An alias
 * has the rule of the route it calls: its own rule is checked first, then the target's.
 */
import type { Fixture, Who } from '../access-table-fixture.js';
import type { Call, Rows } from './types.js';

const NONE = 999999;
const meta = (fx: Fixture, extra: Record<string, string> = {}): Call => ({
  url: `?${new URLSearchParams({ dataSourceId: String(fx.shared), databaseName: fx.database, schemaName: 'public', tableName: 'orders', ...extra }).toString()}`,
});
const ds = (fx: Fixture, who: Who) => fx.of(who).ds;

export default {
  'POST /api/user/reset_password': { rule: 'public', call: () => ({ body: { account: 'nobody@example.test', passcode: '000000', password: 'Correct7horse' } }) },
  'POST /api/user/update': { rule: 'signedIn', call: () => ({ body: {} }) },
  'GET /api/user/list': { rule: 'signedIn' },
  // Both act on the caller's current organisation (the other organisation's owner invites to its own).
  'POST /api/user/invite': { rule: 'orgAdmin', call: () => ({ body: {} }) },
  'POST /api/organization/add': { rule: 'orgAdmin', call: () => ({ body: {} }) },
  'GET /api/user/wechat_qr': { rule: 'public' },
  'GET /api/oauth/get_app_config': { rule: 'public' },
  'POST /api/oauth/login_token': { rule: 'public' },
  'GET /api/oauth/get_countries': { rule: 'public' },
  'POST /api/oauth/set_country': { rule: 'signedIn', call: () => ({ body: { country: 'FR' } }) },
  'GET /api/ai/config/getLoginQrCode': { rule: 'signedIn' },
  'GET /api/ai/config/getLoginStatus': { rule: 'signedIn' },
  'GET /api/ai/config/getInviteQrCode': { rule: 'signedIn' },
  'POST /api/ai/embedding/datasource': { rule: 'signedIn' },
  'GET /api/config/embedding/white/check': { rule: 'signedIn' },
  'POST /api/ai/chat/update/answer': { rule: 'signedIn', call: () => ({ body: { answerId: NONE, step: 1, content: 'select 1' } }) },
  'GET /api/ai/chat/list/answer': { rule: 'signedIn', call: () => ({ url: `?chatId=${NONE}` }) },
  'GET /api/ai/chat/share/view': { rule: 'signedIn', call: () => ({ url: '?token=nosuchtokennosuchtoken' }) },
  'POST /api/ai/chat/share/edit': { rule: 'signedIn', call: () => ({ body: { id: NONE, scope: 'ALL_MEMBERS', permission: 'EDIT' } }) },
  'POST /api/ai/magic/slash_magic/query_table': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, question: 'orders total' } }) },
  'POST /api/ai/magic/slash_magic/query_chart': { rule: 'team', call: (fx, who) => ({ body: { dashboardId: fx.of(who).dashboard, question: 'orders per day' } }) },
  'GET /api/ai/data_collection/get': { rule: 'team', call: (fx, who) => ({ url: `?id=${fx.of(who).collection}` }) },
  'POST /api/ai/data_collection/update/brief': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).collection, title: 'renamed' } }) },
  'POST /api/ai/data_collection/sync': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).collection } }) },
  'POST /api/ai/data_collection/erase': { rule: 'team', call: async (fx, who) => ({ body: { id: await fx.fresh('collection', who) } }) },
  'POST /api/connection/close': { rule: 'team', call: (fx, who) => ({ body: { dataSourceId: ds(fx, who) } }) },
  'POST /api/connection/datasource/close': { rule: 'team', call: (fx, who) => ({ body: { id: ds(fx, who) } }) },
  'POST /api/connection/ssh/pre_connect': { rule: 'team', call: (fx, who) => ({ body: { id: ds(fx, who) } }) },
  'POST /api/rdb/dml/count': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, sql: 'select * from orders' } }) },
  'POST /api/rdb/dml/execute_update': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, sql: 'select count(*) from orders' } }) },
  'POST /api/rdb/dml/get_update_sql': { rule: 'signedIn', call: () => ({ body: { tableName: 't', changes: [] } }) },
  'POST /api/rdb/dml/valid_select': { rule: 'signedIn', call: () => ({ body: { sql: 'select 1' } }) },
  'GET /api/rdb/trigger/detail': { rule: 'granted', call: (fx) => meta(fx, { triggerName: 'no_such_trigger' }) },
  'POST /api/operation/log/create': { rule: 'signedIn', call: () => ({ body: { ddl: 'select 1' } }) },
  'GET /api/operation/log/list': { rule: 'signedIn' },
  'GET /api/operation/log/get': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
  'POST /api/system/stop': { rule: 'operator' },
  'GET /api/system/version': { rule: 'public' },
  'POST /api/system/spm/client/create': { rule: 'public' },
  'POST /api/system/active': { rule: 'operator', call: () => ({ body: { code: 'ASKDB-00000-00000-00000-00000', mode: 'online' } }) },
  'GET /api/config/system_config/:code': { rule: 'signedIn', call: () => ({ url: '/version' }) },
  'GET /api/config/system_config': { rule: 'signedIn' },
  'GET /api/notification/get': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
} satisfies Rows;
