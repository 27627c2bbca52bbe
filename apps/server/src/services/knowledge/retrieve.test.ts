/** Knowledge retrieval: ranking, the prompt budget, the linker's question, table annotations; and terms that only an item defines reaching the right Spider tables. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSchemaIndex, rankTables, type Catalog } from '@askdb/ai';
import { annotateCatalog, knowledgeSection, questionForLinking, rankKnowledge, type KnowledgeDoc } from './retrieve.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const doc = (id: number, kind: KnowledgeDoc['kind'], name: string, content: string, tableName: string | null = null): KnowledgeDoc => ({ id, kind, name, content, tableName });

const ITEMS: KnowledgeDoc[] = [
  doc(1, 'TERMINOLOGY', 'GMV', 'Gross merchandise value: the sum of orders.total over paid orders'),
  doc(2, 'BUSINESS_LOGIC', 'Cancelled orders', 'Revenue figures never count orders whose status is CANCELLED'),
  doc(3, 'TERMINOLOGY', 'churned customer', 'A customer without any order in the last 90 days'),
  doc(4, 'CASE_OPTIMIZATION', 'Top products', 'Rank products by quantity sold with a window function over order_items'),
  doc(5, 'TABLE_ANNOTATION', 'order_items', 'One row per product in an order; price is the unit price at checkout', 'order_items'),
  doc(6, 'TERMINOLOGY', 'SKU', 'Stock keeping unit: products.code'),
];

describe('rankKnowledge', () => {
  it('puts the items whose term the question uses first, then the lexically related ones, and leaves out the rest', () => {
    const ranked = rankKnowledge(ITEMS, 'What was the GMV last month, without cancelled orders?');
    expect(ranked.slice(0, 2).map((r) => [r.item.id, r.termHit]).sort()).toEqual([[1, true], [2, true]]);
    expect(ranked.map((r) => r.item.id)).not.toContain(6);
    expect(rankKnowledge(ITEMS, 'How many churned customers do we have?')[0]!.item.id).toBe(3);
    expect(rankKnowledge(ITEMS, 'weather in Paris')).toEqual([]);
  });

  it('fits the prompt section into its token budget, best first, skipping an item too long for what is left', () => {
    const long = doc(7, 'TERMINOLOGY', 'GMV note', 'GMV '.repeat(400));
    const ranked = rankKnowledge([...ITEMS, long], 'GMV by month');
    expect(ranked.map((r) => r.item.id)).toEqual([1, 7]);
    const all = knowledgeSection(ranked, 10_000);
    expect(all.used.map((i) => i.id)).toContain(7);
    const small = knowledgeSection(ranked, 60);
    expect(small.used.map((i) => i.id)).not.toContain(7);
    expect(small.used[0]!.id).toBe(1);
    expect(small.text).toMatch(/^- Term: GMV: Gross merchandise value/);
  });

  it('the linker reads the definitions of the terms the question uses; table annotations join their tables', () => {
    const ranked = rankKnowledge(ITEMS, 'List every SKU');
    expect(questionForLinking('List every SKU', ranked)).toBe('List every SKU\nStock keeping unit: products.code');
    expect(questionForLinking('weather in Paris', rankKnowledge(ITEMS, 'weather in Paris'))).toBe('weather in Paris');
    const catalog: Catalog = { tables: [{ name: 'orders', columns: [] }, { name: 'shop.order_items', comment: 'lines', columns: [] }] };
    const annotated = annotateCatalog(catalog, ITEMS);
    expect(annotated.tables[1]!.annotation).toBe('order_items: One row per product in an order; price is the unit price at checkout');
    expect(annotated.tables[0]!.annotation).toBeUndefined();
  });
});

describe('terms defined only by a knowledge item reach the right tables (Spider dev schemas, all 20 in one catalog)', () => {
  // The 20 Spider dev databases (names, columns, foreign keys) merged into one 80-table catalog, names prefixed with the database.
  const dbs = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/spider-dev-schemas.json'), 'utf8')) as { db: string; tables: { name: string; columns: string[]; fks: [string, string, string][] }[] }[];
  const catalog: Catalog = {
    tables: dbs.flatMap((d) => d.tables.map((t) => ({
      name: `${d.db}__${t.name}`,
      columns: t.columns.map((name) => ({ name })),
      foreignKeys: t.fks.map(([column, table, ref]) => ({ columns: [column], referencedTable: `${d.db}__${table}`, referencedColumns: [ref] })),
    }))),
  };
  const index = buildSchemaIndex(catalog);
  // The benchmark's 100 items and questions (bench/knowledge-linking.bench.ts); all 100 items are in the knowledge base.
  const fixture = JSON.parse(fs.readFileSync(path.resolve(here, '../../../../../bench/fixtures/knowledge-terms.json'), 'utf8')) as { items: { name: string; content: string }[]; cases: { db: string; term: string; question: string; gold: string[] }[] };
  const items = fixture.items.map((it, i) => doc(i + 1, 'TERMINOLOGY', it.name, it.content));
  const top5 = (q: string) => rankTables(index, q, { limit: 5, lexicon: null }).map((t) => t.tableName.toLowerCase());

  for (const term of ['crooner', 'aerodrome', 'maestro', 'polity', 'jalopy', 'dossier']) {
    it(`"${term}": with the item the gold table is in the top 5, without it it is not`, () => {
      const c = fixture.cases.find((x) => x.term === term)!;
      const gold = c.gold.map((g) => `${c.db}__${g}`.toLowerCase());
      const ranked = rankKnowledge(items, c.question);
      expect(ranked[0]!.item.name).toBe(term);
      const withItem = top5(questionForLinking(c.question, ranked));
      const without = top5(c.question);
      expect(gold.every((g) => withItem.includes(g)), `${c.question} → ${withItem.join(', ')}`).toBe(true);
      expect(gold.some((g) => without.includes(g)), `${c.question} → ${without.join(', ')}`).toBe(false);
    });
  }
});
