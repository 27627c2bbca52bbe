/**
 * Issue 24 point 1, each reproduction: what the access analysis must see however the statement is
 * written — MySQL executable comments and `#`, PostgreSQL U& names and `#`, qualified stars inside
 * expressions, sequence calls as writes.
 */
import { describe, expect, it } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import type { SchemaCatalog } from '../catalog/catalog.js';
import { statementAccess, type StatementAccess } from './statement-access.js';
import { readOnlyRefusal } from './read-only.js';
import { canonicalSql, decodeUnicode } from './canonical.js';

const pg = dialectFor('POSTGRESQL');
const maria = dialectFor('MARIADB');
const col = (name: string) => ({ name, type: 'int', nullable: true });
const catalog: SchemaCatalog = { databaseName: 'hr', schemaName: 'public', tables: [{ name: 'emp', columns: ['id', 'name', 'ssn', 'salary'].map(col) }], views: [] };
const opts = { catalog, databaseName: 'hr', schemaName: 'public' };

function columnsOf(a: StatementAccess, list: 'reads' | 'writes' = 'reads'): string[] | '*' {
  const t = a[list].find((r) => r.table.name === 'emp');
  return !t ? [] : t.columns === '*' ? '*' : [...t.columns].sort();
}
/** The statement reaches ssn, or the analysis says it cannot vouch for it. */
function reachesSsnOrDoubts(a: StatementAccess): boolean {
  const c = columnsOf(a);
  return c === '*' || c.includes('ssn') || a.unresolved.length > 0;
}

describe('MySQL/MariaDB executable comments are code', () => {
  it.each([
    'select id /*!, ssn */ from emp',
    'select id from emp /*!50000 union select ssn from emp */',
    'select id /*M!100100 , ssn */ from emp',
  ])('%s reads ssn and is marked as not fully verifiable', (sql) => {
    const a = statementAccess(sql, maria, opts);
    expect(columnsOf(a)).toContain('ssn');
    expect(a.unresolved).toContain('executable-comment');
  });

  it('a comment that is a whole statement is that statement', () => {
    const users = statementAccess('/*! select user, authentication_string from mysql.user */', maria, opts);
    expect(users.reads.map((r) => r.table)).toContainEqual({ database: 'mysql', name: 'user' });
    const upd = statementAccess('/*!50000 update emp set salary=999 where id=1 */', maria, opts);
    expect(upd).toMatchObject({ kind: 'UPDATE', category: 'WRITE' });
    expect(columnsOf(upd, 'writes')).toEqual(['salary']);
    expect(statementAccess('/*! create table x(i int) */', maria, opts)).toMatchObject({ category: 'DDL', ddl: true });
    expect(statementAccess('/*! drop table x */', maria, opts)).toMatchObject({ category: 'DDL', ddl: true });
    expect(statementAccess('select 1 /*! ; drop table emp */', maria, opts)).toMatchObject({ category: 'DDL' });
  });

  it('optimizer hints and plain comments stay comments; `#` comments end a word', () => {
    expect(statementAccess('select /*+ MAX_EXECUTION_TIME(1000) */ id from emp', maria, opts)).toMatchObject({ unresolved: [] });
    expect(columnsOf(statementAccess('select /* ssn */ id from emp', maria, opts))).toEqual(['id']);
    const hash = statementAccess('select ssn#x\nfrom emp', maria, opts);
    expect(columnsOf(hash)).toEqual(['ssn']);
    expect(columnsOf(statementAccess('select id # , ssn\nfrom emp', maria, opts))).toEqual(['id']);
  });

  it('reads "x" as a name too (ANSI_QUOTES may be on) and backslashes both ways; a SET_VAR hint is a doubt', () => {
    expect(columnsOf(statementAccess('select "ssn" from emp', maria, opts))).toEqual(['ssn']);
    expect(statementAccess('select "hello", id from emp', maria, opts)).toMatchObject({ unresolved: [] });
    expect(columnsOf(statementAccess("select 'a\\', ssn, '' from emp", maria, opts))).toContain('ssn');
    expect(statementAccess("select 'a\\'; drop table emp; -- '", maria, opts).category).toBe('DDL');
    expect(statementAccess("select /*+ SET_VAR(sql_mode='ANSI_QUOTES') */ id from emp", maria, opts).unresolved).toContain('optimizer-hint');
  });

  it('read-only paths refuse them', () => {
    expect(readOnlyRefusal('select id /*!, sleep(5) */ from emp', 'MARIADB')?.reason).toBe('NOT_VERIFIABLE');
    expect(readOnlyRefusal('/*!50000 update emp set salary=1 */', 'MARIADB')?.reason).toBe('WRITES');
    expect(readOnlyRefusal('select id /* plain */ from emp', 'MARIADB')).toBeNull();
  });

  it('in PostgreSQL /*! is a plain comment', () => {
    expect(columnsOf(statementAccess('select id /*!, ssn */ from emp', pg, opts))).toEqual(['id']);
  });
});

describe('PostgreSQL names and stars', () => {
  it('decodes U& identifiers, with UESCAPE', () => {
    expect(columnsOf(statementAccess('select U&"\\0073sn" from emp', pg, opts))).toEqual(['ssn']);
    expect(columnsOf(statementAccess('select u&"!0073sn" uescape \'!\' from emp', pg, opts))).toEqual(['ssn']);
    expect(columnsOf(statementAccess('select U&"\\+000073sn" from emp', pg, opts))).toEqual(['ssn']);
    expect(decodeUnicode('d\\0061t\\\\', '\\')).toBe('dat\\');
    expect(statementAccess('select U&"\\zz" from emp', pg, opts).unresolved).toContain('unicode-identifier');
  });

  it('`#` is an operator, not part of a name', () => {
    expect(columnsOf(statementAccess('select id #ssn from emp', pg, opts))).toEqual(['id', 'ssn']);
    expect(columnsOf(statementAccess('select id#ssn from emp', pg, opts))).toEqual(['id', 'ssn']);
    expect(canonicalSql('select a #> b', pg).text).toBe('select a #> b');
  });

  it.each([
    'select row(e.*)::text from emp e',
    'select to_jsonb(e.*) from emp e',
    'select json_agg(e.*) from emp e',
    "select concat_ws(',', e.*) from emp e",
    'select array[e.*]::text from emp e',
    "select jsonb_build_object('a', e.*) from emp e",
    'select (e.*)::text from emp e',
    'select (emp.*)::text from emp',
    'select to_jsonb(public.emp.*) from public.emp',
  ])('%s reads every column of e', (sql) => {
    expect(columnsOf(statementAccess(sql, pg, opts))).toEqual(['id', 'name', 'salary', 'ssn']);
  });

  it('a name the engine would read and the analysis cannot place is a doubt', () => {
    expect(statementAccess('select nosuch from emp', pg, opts).unresolved).toContain('column:nosuch');
    expect(statementAccess('select id, name from emp', pg, opts).unresolved).toEqual([]);
  });
});

describe('sequence calls change data', () => {
  it('setval/nextval are writes to the sequence, for grants and for the policy', () => {
    const a = statementAccess("select setval('public.emp_id_seq', 1)", pg, opts);
    expect(a.category).toBe('WRITE');
    expect(a.writes).toEqual([{ table: { schema: 'public', name: 'emp_id_seq' }, columns: '*' }]);
    expect(statementAccess("select nextval('emp_id_seq'::regclass), id from emp", pg, opts)).toMatchObject({ category: 'WRITE', unresolved: [] });
    expect(statementAccess('select nextval(name) from emp', pg, opts).unresolved).toContain('function:nextval');
    expect(statementAccess('select nextval(s)', maria, opts)).toMatchObject({ category: 'WRITE', writes: [{ table: { name: 's' }, columns: '*' }] });
    expect(statementAccess('select next value for s', maria, opts).category).toBe('WRITE');
  });

  it('other state-changing calls are writes the analysis cannot vouch for', () => {
    for (const sql of ['select pg_advisory_lock(1)', "select lo_unlink(1)", "select dblink_exec('x', 'delete from t')"]) {
      const a = statementAccess(sql, pg, opts);
      expect(a.category, sql).toBe('WRITE');
      expect(a.unresolved.length, sql).toBeGreaterThan(0);
    }
    expect(statementAccess('select pg_sleep(1)', pg, opts).category).toBe('READ');
  });
});

describe('no reachable column hides from the analysis', () => {
  it.each([
    ['select id from emp /*!50000 union select ssn from emp */', maria],
    ['select id /*!, ssn */ from emp', maria],
    ['select ssn#\nfrom emp', maria],
    ['select U&"\\0073sn" from emp', pg],
    ['select to_jsonb(e.*) from emp e', pg],
  ] as const)('%s', (sql, d) => {
    expect(reachesSsnOrDoubts(statementAccess(sql, d, opts))).toBe(true);
  });
});
