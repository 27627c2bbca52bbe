/**
 * Completion on a big PostgreSQL schema while its bulk catalog is still being read (held back here
 * until the test lets it finish): table names and the columns of the tables a statement names come
 * first, paged answers are capped and flagged incomplete, and they narrow as the prefix grows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, TipPage } from '@askdb/contracts';
import type { Connection } from '@askdb/drivers';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';

const TABLES = 1200;
const name = (i: number) => `t_${String(i).padStart(4, '0')}`;

describe('completion on a big schema while its catalog loads', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof scratchPgDatabase>> | undefined;
  let ds: number;
  let release!: () => void;
  const bulkRead = new Promise<void>((r) => (release = r));
  let bulkFinished = false;

  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_staged', `DO $$ BEGIN FOR i IN 1..${TABLES} LOOP
      EXECUTE format('CREATE TABLE t_%s (id int, name text, amount numeric(12,2), created_at timestamptz)', lpad(i::text, 4, '0'));
    END LOOP; END $$;`);
    t = await testApp({ demo: false });
    ds = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('big', db.name))).body.data as number;
    // The bulk catalog read answers only when the test says so.
    const conns = t.deps.connections;
    const realWith = conns.with.bind(conns);
    conns.with = ((record, fn) => realWith(record, (c: Connection) => fn(holdCatalog(c)))) as typeof conns.with;
    function holdCatalog(c: Connection): Connection {
      const metadata = Object.create(c.metadata) as Connection['metadata'];
      metadata.catalog = async (loc) => {
        const cat = await c.metadata.catalog(loc);
        await bulkRead;
        bulkFinished = true;
        return cat;
      };
      return Object.assign(Object.create(c) as Connection, { metadata });
    }
  }, 120_000);

  afterAll(async () => {
    release?.();
    await t?.close();
    await db?.drop();
  });

  const body = (text: string, extra: object = {}) => {
    const at = text.indexOf('|');
    return { consoleId: 1, dataSourceId: ds, databaseName: db!.name, schemaName: 'public', beforeSql: text.slice(0, at), afterSql: text.slice(at + 1), ...extra };
  };
  const paged = async (text: string) => (await t.json<TipPage>('POST', '/api/sql_parser/context/tip', body(text, { paged: true }))).body.data;
  /** Asks as the editor does (every keystroke while incomplete) until `ok`, for at most 10 s. */
  async function until(text: string, ok: (p: TipPage) => boolean): Promise<TipPage> {
    const end = Date.now() + 10_000;
    for (;;) {
      const p = await paged(text);
      if (ok(p) || Date.now() > end) return p;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const labels = (items: CompletionItem[], kind: string) => items.filter((i) => i.kind === kind).map((i) => i.label);

  it('tips the columns of a table the statement names before the bulk catalog is in', async () => {
    const page = await until(`SELECT t.| FROM ${name(1101)} t`, (p) => p.items.length > 0);
    expect(labels(page.items, 'column')).toEqual(['id', 'name', 'amount', 'created_at']);
    expect(page.items[0]!.detail).toBe(`integer · ${name(1101)}`);
    expect(page.incomplete).toBe(true);
    expect(bulkFinished).toBe(false);
    // Another table named later: its columns are read on its first tip.
    const other = await until(`SELECT | FROM ${name(1101)} a JOIN ${name(42)} b ON a.id = b.id`, (p) => labels(p.items, 'column').length >= 8);
    expect(labels(other.items, 'column')).toEqual(expect.arrayContaining(['name', 'created_at']));
    expect(other.items.filter((i) => i.kind === 'column' && i.detail?.endsWith(name(42))).length).toBe(4);
    expect(bulkFinished).toBe(false);
  });

  it('caps the table list with the incomplete flag, narrowing as the prefix grows; whole-array clients get every table', async () => {
    const all = await until('SELECT * FROM |', (p) => p.items.some((i) => i.kind === 'table'));
    expect(labels(all.items, 'table')).toHaveLength(500);
    expect(labels(all.items, 'table').slice(0, 2)).toEqual([name(1), name(2)]);
    expect(all.items.some((i) => i.kind === 'schema')).toBe(true); // small groups are not cut
    expect(all.incomplete).toBe(true);
    const whole = await t.json<CompletionItem[]>('POST', '/api/sql_parser/context/tip', body('SELECT * FROM |'));
    expect(Array.isArray(whole.body.data)).toBe(true);
    expect(labels(whole.body.data, 'table')).toHaveLength(TABLES);

    release();
    const any = await until('SELECT * FROM t_|', (p) => p.items.length > 0 && bulkFinished);
    expect(any.items).toHaveLength(500);
    expect(any.incomplete).toBe(true); // all 1,200 match
    const t11 = await until('SELECT * FROM t_11|', (p) => !p.incomplete);
    // Prefix matches first (t_1100 … t_1199), then the fuzzy ones; the whole list now fits.
    expect(t11.items.length).toBeLessThan(500);
    expect(labels(t11.items, 'table').slice(0, 100).every((l) => l.startsWith('t_11'))).toBe(true);
    const t110 = await paged('SELECT * FROM t_110|');
    expect([labels(t110.items, 'table').slice(0, 10), t110.incomplete]).toEqual([Array.from({ length: 10 }, (_, k) => name(1100 + k)), false]);
  });
});
