import { describe, expect, it } from 'vitest';
import { layoutEr, type ErTable } from './layout';

const t = (name: string, n = 3): ErTable => ({ name, columns: Array.from({ length: n }, (_, i) => ({ name: `c${i}`, type: 'int', pk: i === 0, fk: false })) });

describe('ER layout', () => {
  it('puts referenced tables left of the tables that reference them, without overlaps', () => {
    const tables = [t('order_items'), t('orders'), t('customers'), t('products'), t('categories'), t('audit_log', 40)];
    const edges = [
      { from: 'orders', fromColumns: ['c1'], to: 'customers', toColumns: ['c0'] },
      { from: 'order_items', fromColumns: ['c1'], to: 'orders', toColumns: ['c0'] },
      { from: 'order_items', fromColumns: ['c2'], to: 'products', toColumns: ['c0'] },
      { from: 'products', fromColumns: ['c1'], to: 'categories', toColumns: ['c0'] },
    ];
    const l = layoutEr(tables, edges);
    const at = (n: string) => l.tables.find((x) => x.name === n)!;
    expect(at('customers').x).toBeLessThan(at('orders').x);
    expect(at('orders').x).toBeLessThan(at('order_items').x);
    expect(at('categories').x).toBeLessThan(at('products').x);
    expect(at('audit_log').y).toBeGreaterThan(Math.max(...['orders', 'customers', 'products'].map((n) => at(n).y + at(n).height)));
    expect(at('audit_log').hidden).toBe(40 - 14);
    for (const a of l.tables) for (const b of l.tables) {
      if (a === b) continue;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
    }
  });

  it('survives reference cycles and self references', () => {
    const l = layoutEr([t('a'), t('b')], [
      { from: 'a', fromColumns: ['c1'], to: 'b', toColumns: ['c0'] },
      { from: 'b', fromColumns: ['c1'], to: 'a', toColumns: ['c0'] },
      { from: 'a', fromColumns: ['c2'], to: 'a', toColumns: ['c0'] },
    ]);
    expect(l.tables).toHaveLength(2);
  });
});
