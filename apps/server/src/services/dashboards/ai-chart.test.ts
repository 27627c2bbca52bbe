/**
 * AI chart against the scripted OpenAI-protocol model server: a question → checked SQL → rows from
 * the real PostgreSQL data source → the model's chart choice; the one repair round; and the spec's
 * messages when no SQL works ("Sorry, AI failed…") or no chart fits ("No chart matched, please retry").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../../packages/ai/test/scripted-llm-server.js';

const GOOD_SQL = '```sql\nselect region, sum(amount) as total from sales group by region order by region\n```';

describe('AI chart (scripted model, PostgreSQL data)', () => {
  let t: TestApp;
  let llm: ScriptedLlmServer;
  let data: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let dashboardId: number;

  beforeAll(async () => {
    data = await scratchPgDatabase('askdb_dash_ai', `create table sales (region text, month int, amount int);
      insert into sales values ('north', 1, 10), ('north', 2, 14), ('south', 1, 7), ('east', 1, 3);`);
    llm = await startScriptedLlmServer();
    t = await testApp({ demo: false });
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-test', model: 'scripted-model', privacy: 'SCHEMA_ONLY' });
    const ds = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('sales', data.name))).body.data;
    dashboardId = (await t.json('POST', '/api/dashboard/create', { name: 'AI', dataset: { dataSourceId: ds } })).body.data;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    await data?.drop();
  });

  const ask = (question: string, lang = 'en-US') => t.json('POST', '/api/chart/ai', { dashboardId, question }, { 'accept-language': lang });

  it('turns a question into checked SQL, rows and the chart the model picks', async () => {
    const before = llm.requests.length;
    llm.reply({ content: [GOOD_SQL] }, { content: ['{"type": "PIE", "name": "Sales by region", "groupField": "region", "angleField": "total"}'] });
    const r = await ask('sales per region');
    expect(r.body.errorMessage).toBeUndefined();
    expect(r.body.data).toMatchObject({ type: 'PIE', name: 'Sales by region', settings: { groupField: 'region', angleField: 'total' } });
    expect(r.body.data.sql).toContain('sum(amount)');
    expect(r.body.data.result.dataList).toEqual([['east', '3'], ['north', '24'], ['south', '7']]);
    expect(llm.requests.length - before).toBe(2);
    // The SQL prompt carried the linked schema of the dataset.
    expect(JSON.stringify(llm.requests[before]!.body)).toContain('sales');
  });

  it('repairs SQL that fails the check once, then charts it', async () => {
    const before = llm.requests.length;
    llm.reply(
      { content: ['```sql\nselect regio, sum(amount) as total from sales group by regio\n```'] },
      { content: [GOOD_SQL] },
      { content: ['{"type": "COLUMN", "xField": "region", "yFields": ["total"]}'] },
    );
    const r = await ask('sales per region as columns');
    expect(r.body.errorMessage).toBeUndefined();
    expect(r.body.data).toMatchObject({ type: 'COLUMN', settings: { xField: 'region', ySeries: [{ field: 'total' }] } });
    expect(llm.requests.length - before).toBe(3);
    expect(JSON.stringify(llm.requests[before + 1]!.body)).toContain('failed the check');
  });

  it('says "No chart matched, please retry" when the chosen mapping does not fit the result', async () => {
    llm.reply({ content: [GOOD_SQL] }, { content: ['{"type": "LINE", "xField": "total", "yFields": ["region"]}'] });
    const r = await ask('sales per region');
    expect(r.body).toMatchObject({ success: false, errorCode: 'NO_CHART_MATCHED', errorMessage: 'No chart matched, please retry' });
    llm.reply({ content: [GOOD_SQL] }, { content: ['I would draw a nice chart'] });
    expect((await ask('sales per region', 'zh-CN')).body.errorMessage).toBe('没有匹配的图表，请重试');
  });

  it('says the report failed when no SQL survives the repair round, and refuses SQL that changes data', async () => {
    const bad = { content: ['```sql\nselect nope from nowhere\n```'] };
    llm.reply(bad, bad);
    expect((await ask('sales per region')).body.errorMessage).toBe('Sorry, AI failed to generate the report, please re-enter');
    llm.reply({ content: ['```sql\ndelete from sales\n```'] }, { content: ['```sql\ndelete from sales\n```'] });
    expect((await ask('remove everything')).body.errorMessage).toBe('Sorry, AI failed to generate the report, please re-enter');
    const still = await t.json('POST', '/api/chart/execute', { dashboardId, sql: 'select count(*) from sales' });
    expect(still.body.data.dataList).toEqual([['4']]);
  });
});
