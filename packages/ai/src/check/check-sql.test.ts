import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../test/scripted-llm-server.js';
import { createProvider } from '../providers/registry.js';
import { checkSql, type CheckHooks } from './check-sql.js';
import { checkedAnswer, type CheckedAnswerEvent } from './corrective-round.js';

// A real SQLite database is the source of truth for "exists" and for the dry run, as the server's data source would be.
let db: Database.Database;
let hooks: CheckHooks;
beforeAll(() => {
  db = new Database(':memory:');
  db.exec(`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
           CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), total NUMERIC, ordered_at TEXT);`);
  hooks = {
    databaseType: 'SQLITE',
    lookupTable: (name) => {
      const cols = db.prepare('SELECT name FROM pragma_table_info(?)').all(name.split('.').pop()!) as { name: string }[];
      return cols.length ? cols.map((c) => c.name) : undefined;
    },
    dryRun: async (sql) => {
      try {
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
        return null;
      } catch (e) {
        return (e as Error).message;
      }
    },
  };
});
afterAll(() => db.close());

describe('checkSql', () => {
  it('passes SQL that fits the database and runs its dry run', async () => {
    const r = await checkSql('```sql\nSELECT c.name, SUM(o.total) AS spent FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name ORDER BY spent DESC;\n```', hooks);
    expect(r.problems).toEqual([]);
    expect(r.statements).toHaveLength(1);
    expect(r.statements[0]).toMatchObject({ kind: 'READ', changesData: false, dryRunPassed: true, tables: ['customers', 'orders'] });
    expect(r.hasChanges).toBe(false);
  });

  it('flags unknown tables and columns, qualified or bare', async () => {
    const r = await checkSql('```sql\nSELECT o.totl, c.name FROM orders o JOIN customers c ON c.id = o.customer_id;\nSELECT * FROM invoices;\nSELECT amount FROM orders;\n```', hooks);
    expect(r.problems).toEqual([
      { kind: 'UNKNOWN_COLUMN', statement: 0, name: 'o.totl', table: 'o' },
      { kind: 'UNKNOWN_TABLE', statement: 1, name: 'invoices' },
      { kind: 'UNKNOWN_COLUMN', statement: 2, name: 'amount', table: 'orders' },
    ]);
  });

  it('keeps the database error of a failing dry run', async () => {
    const r = await checkSql('```sql\nSELECT name FROM customers GROUP BY HAVING 1\n```', hooks);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.kind).toBe('DRY_RUN_FAILED');
    expect(r.problems[0]!.error).toMatch(/syntax error/);
  });

  it('marks statements that change data or structure and does not dry-run them', async () => {
    const r = await checkSql('```sql\nUPDATE orders SET total = 0 WHERE id = 1;\nDROP TABLE customers;\nCREATE TABLE audit (id INTEGER);\nINSERT INTO audit (id) VALUES (1);\n```', hooks);
    expect(r.statements.map((s) => [s.kind, s.changesData, s.changesStructure])).toEqual([
      ['DATA_CHANGE', true, false],
      ['STRUCTURE_CHANGE', false, true],
      ['STRUCTURE_CHANGE', false, true],
      ['DATA_CHANGE', true, false],
    ]);
    expect(r.hasChanges).toBe(true);
    // `audit` is created by the answer itself: not an unknown table.
    expect(r.problems).toEqual([]);
    expect(r.statements.some((s) => s.dryRunPassed)).toBe(false);
  });

  it('reports a reply with no SQL as having none', async () => {
    const r = await checkSql('Use an index on orders.customer_id.', hooks);
    expect(r).toMatchObject({ hasSql: false, problems: [] });
  });
});

describe('corrective round', () => {
  let llm: ScriptedLlmServer;
  beforeAll(async () => {
    llm = await startScriptedLlmServer();
  });
  afterAll(() => llm.close());

  const run = async (language: 'en-US' | 'zh-CN' = 'en-US') => {
    const provider = createProvider({ source: 'OPENAI', apiHost: llm.openAiBase, model: 'm' });
    const request = { messages: [{ role: 'system' as const, content: 'schema…' }, { role: 'user' as const, content: 'total per customer' }] };
    const events: CheckedAnswerEvent[] = [];
    for await (const e of checkedAnswer({ provider, request, hooks, language })) events.push(e);
    return events;
  };

  it('sends the problem back once and relays the corrected answer', async () => {
    const before = llm.requests.length;
    llm.reply(
      { content: ['```sql\nSELECT c.name, SUM(o.amount) ', 'FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name\n```'] },
      { content: ['```sql\nSELECT c.name, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name\n```\nUsed `total`.'] },
    );
    const events = await run();
    expect(llm.requests.length - before).toBe(2);
    const second = llm.last().body.messages as { role: string; content: string }[];
    expect(second.at(-2)).toMatchObject({ role: 'assistant' });
    expect(second.at(-2)!.content).toContain('SUM(o.amount)');
    expect(second.at(-1)!.content).toContain('Column `o.amount` does not exist');
    const checks = events.filter((e) => e.type === 'check');
    expect(checks.map((c) => (c as { round: number }).round)).toEqual([1, 2]);
    expect((checks[1] as { report: { problems: unknown[] } }).report.problems).toEqual([]);
    const retry = events.find((e) => e.type === 'retry') as { notice: string };
    expect(retry.notice).toContain('o.amount');
    const content = events.filter((e) => e.type === 'content').map((e) => (e as { text: string }).text).join('');
    expect(content).toContain('SUM(o.total)');
  });

  it('sends a dry-run error back in the user language notice, and stops after one retry', async () => {
    const before = llm.requests.length;
    llm.reply({ content: ['```sql\nSELECT name FROM customers GROUP BY HAVING 1\n```'] }, { content: ['```sql\nSELECT nme FROM customers\n```'] });
    const events = await run('zh-CN');
    expect(llm.requests.length - before).toBe(2);
    expect(llm.last().body.messages.at(-1).content).toMatch(/dry run \(EXPLAIN\).*syntax error/);
    expect((events.find((e) => e.type === 'retry') as { notice: string }).notice).toContain('正在请模型修正');
    const last = events.filter((e) => e.type === 'check').at(-1) as { report: { problems: { name?: string }[] } };
    expect(last.report.problems[0]!.name).toBe('nme');
  });

  it('does not retry an answer without SQL or with good SQL', async () => {
    const before = llm.requests.length;
    llm.reply({ content: ['An index would help.'] }, { content: ['```sql\nSELECT id FROM orders\n```'] });
    await run();
    await run();
    expect(llm.requests.length - before).toBe(2);
  });
});
