import type { Catalog, CatalogTable, ColumnInfo, SchemaObjectInfo } from '@askdb/drivers';
import { describe, expect, it } from 'vitest';
import { scriptOf, syncPlan } from './sync.js';

const col = (name: string, columnType: string, extra: Partial<ColumnInfo> = {}): ColumnInfo => ({
  name, columnType, dataType: 'STRING', nullable: true, defaultValue: null, comment: null, primaryKey: false, autoIncrement: false, ...extra,
});
const tbl = (name: string, columns: ColumnInfo[]): CatalogTable => ({ name, comment: null, columns, keys: [], indexes: [] });
const catalog = (tables: CatalogTable[], objects: SchemaObjectInfo[] = []): Catalog => ({ databaseName: 'd', schemaName: 'public', tables, views: [], functions: [], procedures: [], objects });
const part = (bound: string): SchemaObjectInfo => ({
  kind: 'partition', identity: 'table p2024', name: 'p2024', table: 'events', create: [`CREATE TABLE p2024 PARTITION OF events ${bound}`], drop: 'DROP TABLE p2024', dependsOn: ['table events'], phase: 'afterTables',
});

describe('sync plan items', () => {
  it('marks drops of what only the target has as destructive, by kind, and a script without them keeps the rest', () => {
    const plan = syncPlan(catalog([tbl('a', [col('id', 'integer')])]), catalog([tbl('a', [col('id', 'integer')]), tbl('legacy', [col('x', 'integer')])], [
      { kind: 'function', identity: 'function f()', name: 'f', create: ['CREATE FUNCTION f() …'], drop: 'DROP FUNCTION public.f()', dependsOn: [], phase: 'beforeTables', replaceable: true },
    ]), 'POSTGRESQL');
    expect(plan.items.map((i) => [i.kind, i.destructive, i.sql])).toEqual([
      ['table', true, 'DROP TABLE public.legacy'],
      ['function', true, 'DROP FUNCTION public.f()'],
    ]);
    expect(scriptOf('POSTGRESQL', plan.items.filter((i) => i.kind !== 'function'))).toBe('DROP TABLE public.legacy;\n');
  });

  it('says in the script when a change is not made in place: a type that converts values, a partition bound', () => {
    const from = catalog([tbl('t', [col('id', 'integer'), col('code', 'text')])], [part("FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')")]);
    const to = catalog([tbl('t', [col('id', 'integer'), col('code', 'integer')])], [part("FOR VALUES FROM ('2024-01-01') TO ('2024-07-01')")]);
    const plan = syncPlan(to, from, 'POSTGRESQL', { lang: 'en-US' });
    expect(plan.text).toContain('-- Not in place: t.code changes from text to integer; every value is converted, and one that does not convert stops this statement.\nALTER TABLE public.t ALTER COLUMN code TYPE integer USING code::integer;');
    expect(plan.text).toContain('-- Not in place: the bounds of partition p2024 cannot be altered; it is dropped and created again (move its rows out first to keep them).\nDROP TABLE p2024;');
    expect(plan.items.filter((i) => i.destructive)).toEqual([]);
    // A widening is done in place without a note.
    expect(syncPlan(catalog([tbl('t', [col('id', 'bigint')])]), catalog([tbl('t', [col('id', 'integer')])]), 'POSTGRESQL').text).not.toContain('--');
  });

  it('says when SQLite rebuilds a table to make a change ALTER TABLE cannot', () => {
    const t = (checks: boolean): CatalogTable => ({ ...tbl('items', [col('id', 'INTEGER'), col('n', 'INTEGER')]), keys: checks ? [{ name: 'ck', type: 'CHECK', columns: [], checkExpression: 'n > 0' }] : [] });
    const plan = syncPlan(catalog([t(true)]), catalog([t(false)]), 'SQLITE', { lang: 'ja-JP' });
    expect(plan.text).toContain('-- その場では変更できません：ALTER TABLE では items にこの変更ができないため、テーブルを再構築します（新規作成、行のコピー、旧テーブルの削除）。\nCREATE TABLE __askdb_new_items (');
  });
});
