/** Knowledge management on the real PostgreSQL store (server mode): CRUD and its scoping, checks, xlsx template/import/export. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, makeTeam, type TeamFixture } from '../test/org-fixtures.js';
import { nowIso } from '../store/db.js';

const BOUNDARY = '----askdbKnowledgeTest';
function multipart(file: Buffer, name = 'knowledge.xlsx'): { payload: Buffer; headers: Record<string, string> } {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  return { payload: Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

async function workbook(rows: (string | null)[][], header = ['Kind', 'Name', 'Content', 'Data source', 'Table']): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Knowledge');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function sheetRows(file: Buffer): Promise<{ values: string[][]; types: number[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const values: string[][] = [];
  const types: number[][] = [];
  ws.eachRow((row) => {
    values.push([1, 2, 3, 4, 5].map((i) => String(row.getCell(i).value ?? '')));
    types.push([1, 2, 3, 4, 5].map((i) => row.getCell(i).type));
  });
  return { values, types };
}

describe('knowledge management (server mode, PostgreSQL store)', () => {
  let t: TestApp;
  let team: TeamFixture;
  let dropStore: () => Promise<void>;
  let sharedSource: number;
  let outsiderSource: number;

  const upload = async (who: TeamFixture['admin'], file: Buffer, lang?: string) => {
    const m = multipart(file);
    const res = await t.app.inject({ method: 'POST', url: '/api/knowledge/import', payload: m.payload, headers: { ...who.headers, ...m.headers, ...(lang ? { 'accept-language': lang } : {}) } });
    return { status: res.statusCode, body: res.json() };
  };
  const download = async (who: TeamFixture['admin'], url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return res.rawPayload;
  };
  const list = async (who: TeamFixture['admin'], q = '') => (await as(t, who, 'GET', `/api/knowledge/list?pageSize=200${q}`)).body.data;

  beforeAll(async () => {
    const scratch = await scratchPgDatabase('askdb_knowledge');
    dropStore = scratch.drop;
    const url = new URL(PG_URL);
    url.pathname = `/${scratch.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    team = await makeTeam(t, 'Know');
    const now = nowIso();
    const source = (alias: string, owner: number, space: number) =>
      t.deps.store.db.insertInto('data_sources').values({ alias, type: 'POSTGRESQL', config_json: '{}', secret_enc: null, owner_id: owner, space_id: space, group_id: null, visibility: 'SHARED', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    sharedSource = (await source('warehouse', team.owner.userId, team.teamId)).id;
    outsiderSource = (await source('rival', team.outsider.userId, team.outsiderTeamId)).id;
  });
  afterAll(async () => {
    await t?.close();
    await dropStore?.();
  });

  it('an admin writes items the whole team reads; another organisation neither sees nor changes them; members cannot write', async () => {
    const created = await as(t, team.admin, 'POST', '/api/knowledge/create', { kind: 'TERMINOLOGY', name: 'GMV', content: 'Gross merchandise value: sum of orders.total', dataSourceId: sharedSource });
    expect(created.status).toBe(200);
    const id = created.body.data as number;
    const seen = await list(team.operator);
    expect(seen.data.map((i: { id: number }) => i.id)).toContain(id);
    expect(seen.data.find((i: { id: number }) => i.id === id)).toMatchObject({ kind: 'TERMINOLOGY', name: 'GMV', dataSourceId: sharedSource, dataSourceName: 'warehouse' });

    expect((await list(team.outsider)).total).toBe(0);
    const foreignUpdate = await as(t, team.outsider, 'POST', '/api/knowledge/update', { id, kind: 'TERMINOLOGY', name: 'hacked', content: 'x' });
    expect(foreignUpdate.status).toBe(404);
    expect((await as(t, team.outsider, 'POST', '/api/knowledge/delete', { ids: [id] })).body.data).toEqual({ deleted: 0 });
    const foreignExport = await sheetRows(await download(team.outsider, '/api/knowledge/export'));
    expect(foreignExport.values).toHaveLength(1); // the header only

    const memberWrite = await as(t, team.operator, 'POST', '/api/knowledge/create', { kind: 'TERMINOLOGY', name: 'x', content: 'y' });
    expect([memberWrite.status, memberWrite.body.errorCode]).toEqual([403, 'PERMISSION_DENIED']);

    expect((await as(t, team.admin, 'POST', '/api/knowledge/update', { id, kind: 'BUSINESS_LOGIC', name: 'GMV rule', content: 'Exclude cancelled orders', dataSourceId: null })).status).toBe(200);
    expect((await list(team.owner)).data.find((i: { id: number }) => i.id === id)).toMatchObject({ kind: 'BUSINESS_LOGIC', name: 'GMV rule', dataSourceId: null });
    expect((await list(team.owner, '&kind=TERMINOLOGY')).data.find((i: { id: number }) => i.id === id)).toBeUndefined();
    expect((await as(t, team.admin, 'POST', '/api/knowledge/delete', { ids: [id] })).body.data).toEqual({ deleted: 1 });
    expect((await list(team.owner)).data.find((i: { id: number }) => i.id === id)).toBeUndefined();
  });

  it('refuses an incomplete item (in the user\'s language) and a data source of another organisation', async () => {
    const empty = await as(t, team.admin, 'POST', '/api/knowledge/create', { kind: 'TERMINOLOGY', name: 'ARPU', content: '  ' }, 'zh-CN');
    expect([empty.status, empty.body.errorMessage]).toEqual([400, '请填写内容']);
    const noTable = await as(t, team.admin, 'POST', '/api/knowledge/create', { kind: 'TABLE_ANNOTATION', name: 'orders', content: 'one row per order' });
    expect([noTable.status, noTable.body.errorMessage]).toEqual([400, 'A table annotation needs the table it annotates']);
    const foreign = await as(t, team.admin, 'POST', '/api/knowledge/create', { kind: 'TERMINOLOGY', name: 'ARPU', content: 'revenue per user', dataSourceId: outsiderSource });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorMessage).toContain(`No data source "${outsiderSource}"`);
  });

  it('the template filled in imports; the export escapes formula-like cells and imports back to the same items', async () => {
    const template = await sheetRows(await download(team.admin, '/api/knowledge/template'));
    expect(template.values).toEqual([['Kind', 'Name', 'Content', 'Data source (empty = global)', 'Table']]);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(team.admin, '/api/knowledge/template')) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const filled: string[][] = [
      ['TERMINOLOGY', 'churned customer', 'A customer with no order in the last 90 days', '', ''],
      ['TABLE_ANNOTATION', 'orders', 'One row per checkout; total in cents', 'warehouse', 'orders'],
      ['BUSINESS_LOGIC', 'payload', "=cmd|' /C calc'!A0", '', ''],
    ];
    filled.forEach((r, i) => ws.getRow(i + 2).values = r);
    const before = (await list(team.admin)).total;
    const imported = await upload(team.admin, Buffer.from(await wb.xlsx.writeBuffer()));
    expect([imported.status, imported.body.data]).toEqual([200, { created: 3 }]);
    const items = (await list(team.admin)).data as { name: string; content: string; dataSourceName: string | null; tableName: string | null }[];
    expect(items.find((i) => i.name === 'orders')).toMatchObject({ dataSourceName: 'warehouse', tableName: 'orders', content: 'One row per checkout; total in cents' });
    expect(items.find((i) => i.name === 'payload')!.content).toBe("=cmd|' /C calc'!A0");

    const exported = await download(team.admin, '/api/knowledge/export');
    const sheet = await sheetRows(exported);
    const payloadRow = sheet.values.findIndex((r) => r[1] === 'payload');
    expect(sheet.values[payloadRow]![2]).toBe("'=cmd|' /C calc'!A0");
    expect(sheet.types[payloadRow]![2]).toBe(ExcelJS.ValueType.String); // text, never a formula
    expect(sheet.values.slice(1).map((r) => r.join('|')).sort()).toEqual(filled.map((r) => (r[2]!.startsWith('=') ? [...r.slice(0, 2), `'${r[2]}`, ...r.slice(3)] : r).join('|')).sort());

    // The export imports back: the same three items again, the formula text restored.
    const again = await upload(team.admin, exported);
    expect(again.body.data).toEqual({ created: 3 });
    const after = (await list(team.admin)).data as { name: string; content: string }[];
    expect(after.length).toBe(before + 6);
    expect(after.filter((i) => i.name === 'payload').map((i) => i.content)).toEqual(["=cmd|' /C calc'!A0", "=cmd|' /C calc'!A0"]);
  });

  it('an import with invalid rows reports each by row and column and imports nothing', async () => {
    const before = (await list(team.admin)).total;
    const file = await workbook([
      ['TERMINOLOGY', 'net revenue', 'Revenue after refunds', '', ''],
      ['GLOSSARY', 'x', 'y', '', ''],
      ['BUSINESS_LOGIC', 'no content', '', '', ''],
      ['TERMINOLOGY', 'elsewhere', 'bound to a source we cannot use', 'rival', ''],
      [null, null, null, null, null],
      ['TABLE_ANNOTATION', 'customers', 'who buys', '', ''],
    ]);
    const r = await upload(team.admin, file, 'ja-JP');
    expect([r.status, r.body.errorCode]).toEqual([400, 'KNOWLEDGE_IMPORT_INVALID']);
    expect(r.body.errorMessage).toBe('ファイルの 4 行が無効なため、何もインポートされませんでした');
    expect(r.body.data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([[3, 'kind'], [4, 'content'], [5, 'dataSource'], [7, 'table']]);
    expect((await list(team.admin)).total).toBe(before);

    const junk = await upload(team.admin, Buffer.from('not a workbook'));
    expect([junk.status, junk.body.errorMessage]).toEqual([400, 'The file is not a readable xlsx workbook']);
  });
});
