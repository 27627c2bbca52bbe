import { describe, expect, it } from 'vitest';
import type { Catalog } from './catalog.js';
import { renderSchema } from './render-schema.js';
import { linkSchema } from './schema-link.js';
import { estimateTokens } from './text-tokens.js';

const catalog: Catalog = {
  tables: [
    {
      name: 'customers',
      comment: 'people who buy',
      columns: [
        { name: 'id', type: 'INTEGER', primaryKey: true, nullable: false },
        { name: 'city', type: 'VARCHAR(40)', samples: ['Paris', 'Lyon', "Saint-Étienne d'Or", 'Nice'] },
        { name: 'note', type: 'TEXT', samples: ['x'.repeat(100)] },
      ],
    },
    {
      name: 'orders',
      columns: [
        { name: 'id', type: 'INTEGER', primaryKey: true },
        { name: 'customer_id', type: 'INTEGER', nullable: false },
        ...Array.from({ length: 60 }, (_, i) => ({ name: `extra_column_number_${i}`, type: 'VARCHAR(255)' })),
        { name: 'total', type: 'NUMERIC(10,2)' },
      ],
      foreignKeys: [{ columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] }],
    },
  ],
};

describe('renderSchema', () => {
  const linked = linkSchema(catalog, 'order total per customer city');

  it('privacy NOTHING sends no schema at all', () => {
    expect(renderSchema(catalog, linked, { privacy: 'NOTHING' })).toEqual({ text: '', tokens: 0, tables: [] });
  });

  it('SCHEMA_ONLY renders DDL with keys and comments but no values', () => {
    const r = renderSchema(catalog, linked, { privacy: 'SCHEMA_ONLY' });
    expect(r.text).toContain('CREATE TABLE customers (');
    expect(r.text).toContain('id INTEGER PRIMARY KEY');
    expect(r.text).toContain('FOREIGN KEY (customer_id) REFERENCES customers(id)');
    expect(r.text).toContain('-- people who buy');
    expect(r.text).not.toContain('Paris');
  });

  it('SCHEMA_AND_SAMPLES adds at most 3 short, quoted sample values per column', () => {
    const r = renderSchema(catalog, linked, { privacy: 'SCHEMA_AND_SAMPLES' });
    expect(r.text).toContain("e.g. 'Paris', 'Lyon', 'Saint-Étienne d''Or'");
    expect(r.text).not.toContain('Nice');
    expect(r.text).not.toContain('x'.repeat(41));
  });

  it('fits the budget: a wide table keeps its keys and the matched columns and says what it left out', () => {
    const r = renderSchema(catalog, linked, { privacy: 'SCHEMA_ONLY', tokenBudget: 200 });
    expect(r.tokens).toBeLessThanOrEqual(200);
    expect(r.text).toContain('customer_id');
    expect(r.text).toContain('total');
    expect(r.text).toMatch(/-- \d+ more columns not shown/);
  });

  it('quotes names that need it', () => {
    const c: Catalog = { tables: [{ name: 'Order Items', columns: [{ name: 'unit price', type: 'REAL' }] }] };
    const r = renderSchema(c, linkSchema(c, 'unit price of order items'), { privacy: 'SCHEMA_ONLY' });
    expect(r.text).toContain('CREATE TABLE "Order Items" (');
    expect(r.text).toContain('"unit price" REAL');
    expect(estimateTokens(r.text)).toBe(r.tokens);
  });
});
