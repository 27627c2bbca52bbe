/** applyTableInfo and mergeInfo: what the AI catalog becomes (excluded columns and every key naming them gone; names, comments, examples in). */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '@askdb/ai';
import { applyTableInfo, infoLookup, promptView } from './table-info-apply.js';
import { mergeInfo, type AiTableInfo } from './table-info-schema.js';

const catalog: Catalog = {
  tables: [
    { name: 'person', comment: 'db comment', columns: [{ name: 'id', primaryKey: true }, { name: 'ssn', comment: 'social security number' }, { name: 'nm' }] },
    { name: 'badge', columns: [{ name: 'id', primaryKey: true }, { name: 'owner_ssn' }], foreignKeys: [{ columns: ['owner_ssn'], referencedTable: 'person', referencedColumns: ['ssn'] }] },
    { name: 'untouched', columns: [{ name: 'id' }] },
  ],
};

describe('applyTableInfo', () => {
  it('drops an excluded column and the keys that name it, here and in other tables, and leaves other tables as they were', () => {
    const infos = new Map<string, AiTableInfo>([['PERSON', { aiTableName: 'people', columns: [{ name: 'ssn', excluded: true }, { name: 'nm', aliasName: 'full name', enumValues: ['Ada'], exampleData: 'Bob, Eve' }, { name: 'id', aliasName: 'person number, member no' }] }]]);
    const out = applyTableInfo(catalog, infoLookup(infos));
    const person = out.tables[0]!;
    expect(person.columns.map((c) => c.name)).toEqual(['id', 'nm']);
    expect(person.aliases).toEqual(['people']);
    // Names are names for linking (no "AI name" label in every comment); the prompt's view writes them in front.
    expect(person.comment).toBe('db comment');
    expect(person.columns[1]).toMatchObject({ aliases: ['full name'], comment: 'values: Ada; e.g. Bob, Eve', samples: ['Ada', 'Bob', 'Eve'] });
    const shown = promptView(out, [{ tableName: 'person' }]);
    expect(shown.tables.map((t) => t.name)).toEqual(['person']);
    expect(shown.tables[0]!.comment).toBe('AI name: people. db comment');
    expect(shown.tables[0]!.columns[1]!.comment).toBe('AI name: full name; values: Ada; e.g. Bob, Eve');
    expect(person.columns[0]!.aliases).toEqual(['person number', 'member no']);
    expect(out.tables[1]!.foreignKeys).toEqual([]);
    expect(JSON.stringify(out)).not.toContain('"ssn"');
    expect(out.tables[2]).toBe(catalog.tables[2]);
    expect(applyTableInfo(catalog, () => undefined)).toBe(catalog);
  });

  it('adds the foreign key a user names, once', () => {
    const out = applyTableInfo(catalog, infoLookup(new Map([['untouched', { columns: [{ name: 'id', foreignTable: 'person', foreignColumn: 'id' }] }]])));
    expect(out.tables[2]!.foreignKeys).toEqual([{ columns: ['id'], referencedTable: 'person', referencedColumns: ['id'] }]);
  });
});

describe('mergeInfo', () => {
  it("a collection overrides the source field by field but cannot un-exclude a column", () => {
    const merged = mergeInfo(
      { aiTableName: 'src', columns: [{ name: 'a', excluded: true, aliasName: 'A' }, { name: 'b', aliasName: 'B' }] },
      { aiTableComment: 'mine', columns: [{ name: 'a', aliasName: 'AA' }, { name: 'b', excluded: true }] },
    )!;
    expect(merged).toEqual({ aiTableName: 'src', aiTableComment: 'mine', columns: [{ name: 'a', excluded: true, aliasName: 'AA' }, { name: 'b', aliasName: 'B', excluded: true }] });
  });
});
