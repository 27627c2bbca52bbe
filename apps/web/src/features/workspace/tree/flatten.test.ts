import { describe, expect, it } from 'vitest';
import { flatten } from './flatten';
import type { TreeNode } from './types';

const n = (key: string, type: TreeNode['treeNodeType'], title: string, extra: Partial<TreeNode> = {}): TreeNode => ({ key, originalTitle: title, treeNodeType: type, isLeaf: false, extraParams: {}, ...extra });

const children: Record<string, TreeNode[]> = {
  '': [n('ds:1', 'DATA_SOURCE', 'Shop'), n('ds:2', 'DATA_SOURCE', 'Locked', { isLeaf: true, extraParams: { hasPermission: false } })],
  'ds:1': [n('ds:1/tables', 'TABLES', 'Tables')],
  'ds:1/tables': Array.from({ length: 30_000 }, (_, i) => n(`ds:1/tables/t:t${i}`, 'TABLE', `t${i}`, { decorativeParams: { comment: i === 7 ? 'the invoices' : null } })),
};

describe('tree flatten', () => {
  it('lists only expanded levels, in order, with depths', () => {
    expect(flatten({ children, expanded: {} }).map((r) => r.node.key)).toEqual(['ds:1', 'ds:2']);
    const rows = flatten({ children, expanded: { 'ds:1': true, 'ds:1/tables': true } });
    expect(rows).toHaveLength(30_003);
    expect(rows[2]).toMatchObject({ depth: 2, node: { key: 'ds:1/tables/t:t0' } });
    expect(rows.at(-1)!.node.key).toBe('ds:2');
  });
  it('hides sources without permission on request', () => {
    expect(flatten({ children, expanded: {}, hideNoPermission: true }).map((r) => r.node.key)).toEqual(['ds:1']);
  });
  it("hides tables a member's grants do not cover on request, keeping the others", () => {
    const locked: Record<string, TreeNode[]> = {
      '': [n('ds:1', 'DATA_SOURCE', 'Shop', { extraParams: { hasPermission: true } })],
      'ds:1': [n('ds:1/t:a', 'TABLE', 'a', { extraParams: { hasPermission: true } }), n('ds:1/t:b', 'TABLE', 'b', { isLeaf: true, extraParams: { hasPermission: false } })],
    };
    expect(flatten({ children: locked, expanded: { 'ds:1': true } }).map((r) => r.node.key)).toEqual(['ds:1', 'ds:1/t:a', 'ds:1/t:b']);
    expect(flatten({ children: locked, expanded: { 'ds:1': true }, hideNoPermission: true }).map((r) => r.node.key)).toEqual(['ds:1', 'ds:1/t:a']);
  });
  it('search shows matches (by name or comment) with their path, even in collapsed folders', () => {
    const rows = flatten({ children, expanded: {}, search: 'INVOICE' });
    expect(rows.map((r) => [r.node.key, r.open])).toEqual([['ds:1', true], ['ds:1/tables', true], ['ds:1/tables/t:t7', false]]);
    expect(flatten({ children, expanded: {}, search: 't2999' }).map((r) => r.node.originalTitle)).toEqual(['Shop', 'Tables', 't2999', 't29990', 't29991', 't29992', 't29993', 't29994', 't29995', 't29996', 't29997', 't29998', 't29999']);
    expect(flatten({ children, expanded: {}, search: 'nothing like this' })).toEqual([]);
  });
  it('while searching, shows catalog matches under a folder whose children were never loaded', () => {
    const kids = { '': [n('ds:3', 'DATA_SOURCE', 'Warehouse')], 'ds:3': [n('ds:3/tables', 'TABLES', 'Tables')] };
    const searchHits = { 'ds:3/tables': [n('ds:3/tables/t:order_items', 'TABLE', 'order_items', { isLeaf: true })] };
    expect(flatten({ children: kids, expanded: {}, search: 'order' }).map((r) => r.node.key)).toEqual([]);
    expect(flatten({ children: kids, expanded: {}, search: 'order', searchHits }).map((r) => r.node.key)).toEqual(['ds:3', 'ds:3/tables', 'ds:3/tables/t:order_items']);
    // Without a search the hits are not part of the tree.
    expect(flatten({ children: kids, expanded: {}, searchHits }).map((r) => r.node.key)).toEqual(['ds:3']);
  });
});
