import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';

describe('routine definitions on PostgreSQL', () => {
  let t: TestApp;
  let id: number;
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  const q = (url: string) => t.json('GET', `${url}${url.includes('?') ? '&' : '?'}dataSourceId=${id}&databaseName=${db.name}&schemaName=public`);

  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_meta', `
      CREATE FUNCTION twice(x int) RETURNS int LANGUAGE sql AS $$ SELECT x * 2 $$;
      CREATE FUNCTION twice(x text) RETURNS text LANGUAGE sql AS $$ SELECT x || x $$;
      CREATE PROCEDURE note(msg text) LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE '%', msg; END $$;`);
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('pg', db.name))).body.data;
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('one overload by its specific name, or every overload by name', async () => {
    const list = (await q('/api/rdb/function/list')).body.data as { functionName: string; specificName: string; parameters: { parameterType: string }[] }[];
    const textOne = list.find((f) => f.functionName === 'twice' && f.parameters[0]!.parameterType === 'text')!;
    const one = await q(`/api/rdb/function/detail?functionName=twice&specificName=${encodeURIComponent(textOne.specificName)}`);
    expect(one.status).toBe(200);
    expect(one.body.data.name).toBe('twice');
    expect(one.body.data.definition).toMatch(/^CREATE OR REPLACE FUNCTION public\.twice\(x text\)[\s\S]*x \|\| x[\s\S]*;$/);
    expect(one.body.data.definition).not.toMatch(/x \* 2/);
    const all = await q('/api/rdb/function/detail?functionName=twice');
    expect(all.body.data.definition).toMatch(/x \* 2[\s\S]*x \|\| x|x \|\| x[\s\S]*x \* 2/);
  });

  it('a procedure, an unknown name (null) and a missing name (400)', async () => {
    const proc = await q('/api/rdb/procedure/detail?procedureName=note');
    expect(proc.body.data.definition).toMatch(/CREATE OR REPLACE PROCEDURE public\.note\((IN )?msg text\)[\s\S]*RAISE NOTICE/);
    expect((await q('/api/rdb/function/detail?functionName=nope')).body.data.definition).toBeNull();
    const missing = await q('/api/rdb/procedure/detail');
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessage).toMatch(/procedureName/);
  });
});
