import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../test/scripted-llm-server.js';
import { createProvider } from '../providers/registry.js';
import type { CatalogTable } from './catalog.js';
import { compactList, parsePicked, pickTablesWithModel } from './model-pick.js';
import { linkSchema } from './schema-link.js';

let llm: ScriptedLlmServer;
beforeAll(async () => {
  llm = await startScriptedLlmServer();
});
afterAll(() => llm.close());

const col = (name: string) => ({ name, type: 'TEXT' });
const TABLES: CatalogTable[] = [
  { name: 'mv_sales_2023', columns: [col('region'), col('amount')] },
  { name: 'customers', columns: [col('id'), col('name')] },
  { name: 'acct_ledger', columns: [col('acct'), col('debit'), col('credit')] },
  { name: 'notes', columns: [col('body')] },
];

describe('model pick', () => {
  it('lists candidates compactly and reads the model’s JSON array or mentions, ignoring unknown names', () => {
    const linked = linkSchema({ tables: TABLES }, 'x');
    expect(compactList(linked, 2, 1)).toBe('mv_sales_2023: region, …\ncustomers: id, …');
    const names = TABLES.map((t) => t.name);
    expect(parsePicked('```json\n["acct_ledger", "Customers", "ghost"]\n```', names, 10)).toEqual(['acct_ledger', 'customers']);
    expect(parsePicked('You need notes and then mv_sales_2023.', names, 10)).toEqual(['notes', 'mv_sales_2023']);
    expect(parsePicked('["notes","customers"]', names, 1)).toEqual(['notes']);
  });

  it('puts the tables the model picked first and sends the question with the compact list', async () => {
    const provider = createProvider({ source: 'OPENAI', apiHost: llm.openAiBase, model: 'cheap-model' });
    const linked = linkSchema({ tables: TABLES }, 'what is the balance of each account');
    llm.reply({ content: ['["acct_ledger"]'] });
    const r = await pickTablesWithModel(provider, linked, 'what is the balance of each account');
    expect(r.picked).toEqual(['acct_ledger']);
    expect(r.linked[0]).toMatchObject({ tableName: 'acct_ledger', matched: true });
    expect(r.linked).toHaveLength(TABLES.length);
    expect(llm.lastPromptText()).toContain('acct_ledger: acct, debit, credit');
    expect(llm.lastPromptText()).toContain('Question: what is the balance of each account');
  });

  it('keeps the lexical ranking when the model call fails', async () => {
    const provider = createProvider({ source: 'OPENAI', apiHost: llm.openAiBase, model: 'cheap-model' });
    const linked = linkSchema({ tables: TABLES }, 'customers');
    llm.reply({ status: 500, errorBody: { error: { message: 'down' } } });
    const r = await pickTablesWithModel(provider, linked, 'customers');
    expect(r.linked).toEqual(linked);
    expect(r.error).toBeDefined();
  });
});
