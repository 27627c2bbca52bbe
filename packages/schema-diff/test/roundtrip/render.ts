/**
 * Fixture specs as each engine's own SQL, written by hand here (not by the generator under test):
 * CREATE statements for a schema, and INSERTs of rows that satisfy its keys and checks.
 */
import { dialectFor } from '@askdb/sql';
import type { Engine, Quote, SpecColumn, SpecDefault, SpecSchema, SpecTable, SpecType } from './spec.js';

const TYPE_OF = (engine: Engine, t: SpecType): string => {
  const m = /^(varchar|decimal)\((.+)\)$/.exec(t);
  if (m) return { postgresql: m[1] === 'decimal' ? `numeric(${m[2]})` : t, mysql: t, sqlite: t.toUpperCase(), duckdb: t.toUpperCase() }[engine];
  const table: Record<Engine, Record<string, string>> = {
    postgresql: { int: 'integer', bigint: 'bigint', text: 'text', date: 'date', timestamp: 'timestamp', bool: 'boolean' },
    mysql: { int: 'int', bigint: 'bigint', text: 'text', date: 'date', timestamp: 'datetime', bool: 'tinyint(1)' },
    sqlite: { int: 'INTEGER', bigint: 'BIGINT', text: 'TEXT', date: 'DATE', timestamp: 'TIMESTAMP', bool: 'BOOLEAN' },
    duckdb: { int: 'INTEGER', bigint: 'BIGINT', text: 'VARCHAR', date: 'DATE', timestamp: 'TIMESTAMP', bool: 'BOOLEAN' },
  };
  return table[engine][t]!;
};

const TYPE_FOR_DIALECT: Record<Engine, 'POSTGRESQL' | 'MARIADB' | 'SQLITE' | 'DUCKDB'> = {
  postgresql: 'POSTGRESQL', mysql: 'MARIADB', sqlite: 'SQLITE', duckdb: 'DUCKDB',
};

export function quoter(engine: Engine): Quote {
  const d = dialectFor(TYPE_FOR_DIALECT[engine]);
  return (name) => d.quoteIdentifier(name, true);
}

function defaultSql(engine: Engine, d: SpecDefault): string {
  if ('lit' in d) return `'${d.lit.replace(/'/g, "''")}'`;
  if ('num' in d) return String(d.num);
  if ('bool' in d) return engine === 'mysql' || engine === 'sqlite' ? (d.bool ? '1' : '0') : d.bool ? 'true' : 'false';
  return 'CURRENT_TIMESTAMP';
}

function autoIncrementPk(engine: Engine, t: SpecTable): SpecColumn | undefined {
  const c = t.columns.find((x) => x.identity);
  return c && engine === 'sqlite' && t.pk?.length === 1 && t.pk[0] === c.name ? c : undefined;
}

function columnSql(engine: Engine, t: SpecTable, c: SpecColumn, q: Quote): string {
  const sqliteAuto = autoIncrementPk(engine, t) === c;
  const parts = [q(c.name), sqliteAuto ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : TYPE_OF(engine, c.type)];
  const collation = c.collation?.[engine];
  if (collation) parts.push(engine === 'postgresql' ? `COLLATE "${collation}"` : `COLLATE ${collation}`);
  if (c.identity && engine === 'postgresql') parts.push(`GENERATED ${c.identity === 'always' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`);
  if (c.default) parts.push(`DEFAULT ${defaultSql(engine, c.default)}`);
  if (c.nullable === false) parts.push('NOT NULL');
  if (c.identity && engine === 'mysql') parts.push('AUTO_INCREMENT');
  if (c.comment && engine === 'mysql') parts.push(`COMMENT '${c.comment.replace(/'/g, "''")}'`);
  return parts.join(' ');
}

const INLINE_FKS: Record<Engine, boolean> = { postgresql: false, mysql: false, sqlite: true, duckdb: true };

export function renderSchema(engine: Engine, s: SpecSchema): string[] {
  const q = quoter(engine);
  const out: string[] = [];
  for (const seq of s.sequences ?? []) out.push(`CREATE SEQUENCE ${q(seq.name)} START WITH ${seq.start} INCREMENT BY ${seq.increment}`);
  const fkSql = (f: NonNullable<SpecTable['fks']>[number]) =>
    `CONSTRAINT ${q(f.name)} FOREIGN KEY (${f.columns.map(q).join(', ')}) REFERENCES ${q(f.ref)} (${f.refColumns.map(q).join(', ')})${f.onDelete ? ` ON DELETE ${f.onDelete}` : ''}`;
  for (const t of parentsFirst(s.tables)) {
    const parts = t.columns.map((c) => columnSql(engine, t, c, q));
    if (t.pk && !autoIncrementPk(engine, t)) parts.push(`CONSTRAINT ${q(`pk_${t.name}`)} PRIMARY KEY (${t.pk.map(q).join(', ')})`);
    for (const u of t.uniques ?? []) parts.push(`CONSTRAINT ${q(u.name)} UNIQUE (${u.columns.map(q).join(', ')})`);
    for (const c of t.checks ?? []) parts.push(`CONSTRAINT ${q(c.name)} CHECK (${c.expr(q)})`);
    if (INLINE_FKS[engine]) for (const f of t.fks ?? []) parts.push(fkSql(f));
    const comment = t.comment && engine === 'mysql' ? ` COMMENT='${t.comment.replace(/'/g, "''")}'` : '';
    out.push(`CREATE TABLE ${q(t.name)} (\n  ${parts.join(',\n  ')}\n)${comment}`);
    for (const ix of t.indexes ?? []) {
      const cols = ix.columns.map((c) => ('expr' in c ? `(${c.expr(q)})` : `${q(c.name)}${c.desc ? ' DESC' : ''}`)).join(', ');
      const using = ix.method ? ` USING ${ix.method}` : '';
      out.push(`CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX ${q(ix.name)} ON ${q(t.name)}${using} (${cols})${ix.where ? ` WHERE ${ix.where(q)}` : ''}`);
    }
    if (engine === 'postgresql' || engine === 'duckdb') {
      if (t.comment) out.push(`COMMENT ON TABLE ${q(t.name)} IS '${t.comment.replace(/'/g, "''")}'`);
      for (const c of t.columns) if (c.comment) out.push(`COMMENT ON COLUMN ${q(t.name)}.${q(c.name)} IS '${c.comment.replace(/'/g, "''")}'`);
    }
  }
  if (!INLINE_FKS[engine]) for (const t of s.tables) for (const f of t.fks ?? []) out.push(`ALTER TABLE ${q(t.name)} ADD ${fkSql(f)}`);
  for (const v of s.views ?? []) out.push(`CREATE VIEW ${q(v.name)} AS ${v.select(q)}`);
  return out;
}

/**
 * Tables in an order where each comes after the tables it references (a cycle keeps the given
 * order). With `requiredOnly`, only NOT NULL foreign keys count: rows can leave the others NULL.
 */
export function parentsFirst(tables: SpecTable[], requiredOnly = false): SpecTable[] {
  const out: SpecTable[] = [];
  const seen = new Set<string>();
  const required = (t: SpecTable, f: NonNullable<SpecTable['fks']>[number]) =>
    f.columns.every((c) => t.columns.find((x) => x.name === c)?.nullable === false);
  const visit = (t: SpecTable) => {
    if (seen.has(t.name)) return;
    seen.add(t.name);
    for (const f of t.fks ?? []) {
      if (requiredOnly && !required(t, f)) continue;
      const parent = tables.find((x) => x.name === f.ref);
      if (parent) visit(parent);
    }
    out.push(t);
  };
  tables.forEach(visit);
  return out;
}

export const ROWS = 4;

/** Row `i` (1-based) of a column: foreign key columns copy the referenced row's value. */
function value(engine: Engine, s: SpecSchema, t: SpecTable, c: SpecColumn, i: number, inserted: Set<string>): string {
  const fk = t.fks?.find((f) => f.columns.includes(c.name));
  if (fk) {
    // DuckDB checks a self-reference before the row itself is in: those stay NULL there.
    if (!inserted.has(fk.ref) && (fk.ref !== t.name || engine === 'duckdb')) return 'NULL';
    const parent = s.tables.find((x) => x.name === fk.ref)!;
    const refCol = parent.columns.find((x) => x.name === fk.refColumns[fk.columns.indexOf(c.name)])!;
    return value(engine, s, parent, refCol, i, inserted);
  }
  const seed = `${t.name.length}${i}`;
  switch (c.type) {
    case 'int': return c.name === 'qty' || c.name === 'select' ? String(i + 1) : String(i);
    case 'bigint': return String(i * 1000 + 7);
    case 'bool': return engine === 'mysql' || engine === 'sqlite' ? String(i % 2) : i % 2 ? 'true' : 'false';
    case 'date': return `'2024-0${i}-1${i}'`;
    case 'timestamp': return `'2024-0${i}-1${i} 10:2${i}:00'`;
    case 'text': return `'${c.name} ${seed} it''s'`;
    default: {
      const dec = /^decimal\((\d+),(\d+)\)$/.exec(c.type);
      if (dec) return `${i * 100 + 25}.5`;
      const len = Number(/\d+/.exec(c.type)![0]);
      return `'${`${c.name.slice(0, 3)}${i}${seed}`.slice(0, Math.min(len, 12))}'`;
    }
  }
}

export function renderRows(engine: Engine, s: SpecSchema, rows = ROWS): string[] {
  const q = quoter(engine);
  const inserted = new Set<string>();
  const out: string[] = [];
  for (const t of parentsFirst(s.tables, true)) {
    const cols = t.columns;
    const tuples = Array.from({ length: rows }, (_, k) => `(${cols.map((c) => value(engine, s, t, c, k + 1, inserted)).join(', ')})`);
    const override = engine === 'postgresql' && cols.some((c) => c.identity === 'always') ? ' OVERRIDING SYSTEM VALUE' : '';
    out.push(`INSERT INTO ${q(t.name)} (${cols.map((c) => q(c.name)).join(', ')})${override} VALUES ${tuples.join(', ')}`);
    inserted.add(t.name);
  }
  return out;
}
