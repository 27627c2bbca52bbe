import { describe, expect, it } from 'vitest';
import { diffSchemas } from './diff.js';
import type { ColumnModel, SchemaModel, TableModel } from './model.js';
import type { Operation } from './operations.js';

const col = (name: string, type = 'integer', extra: Partial<ColumnModel> = {}): ColumnModel => ({
  name, type, nullable: true, default: null, identity: null, collation: null, comment: null, ...extra,
});
const table = (name: string, columns: ColumnModel[], extra: Partial<TableModel> = {}): TableModel => ({
  name, comment: null, columns, primaryKey: { name: `${name}_pkey`, columns: [columns[0]!.name] }, uniques: [], checks: [], foreignKeys: [], indexes: [], ...extra,
});
const schema = (tables: TableModel[], extra: Partial<SchemaModel> = {}): SchemaModel => ({
  engine: 'postgresql', databaseName: null, schemaName: 'public', tables, views: [], sequences: [], ...extra,
});
const fk = (name: string, columns: string[], refTable: string, refColumns = ['id']) => ({
  name, columns, refSchema: null, refTable, refColumns, onDelete: 'NO ACTION' as const, onUpdate: 'NO ACTION' as const,
});
const summary = (ops: Operation[]) => ops.map((op) => {
  switch (op.kind) {
    case 'createTable': case 'dropTable': return `${op.kind} ${op.table.name}`;
    case 'createView': case 'dropView': return `${op.kind} ${op.view.name}`;
    case 'addColumn': case 'dropColumn': return `${op.kind} ${op.table}.${op.column.name}`;
    case 'alterColumn': return `alterColumn ${op.table}.${op.to.name} ${op.changes.join('+')}`;
    case 'addForeignKey': case 'dropForeignKey': return `${op.kind} ${op.table}.${op.foreignKey.name}`;
    case 'addIndex': case 'dropIndex': return `${op.kind} ${op.index.name}`;
    case 'renameColumn': return `renameColumn ${op.table}.${op.from}>${op.to}`;
    case 'renameTable': return `renameTable ${op.from}>${op.to}`;
    case 'createSequence': case 'dropSequence': return `${op.kind} ${op.sequence.name}`;
    default: return op.kind;
  }
});

const customers = table('customers', [col('id'), col('name', 'text')]);
const orders = table('orders', [col('id'), col('customer_id')], { foreignKeys: [fk('orders_customer_fk', ['customer_id'], 'customers')] });

describe('diffSchemas', () => {
  it('is empty for equal schemas', () => {
    expect(diffSchemas(schema([customers, orders]), schema([customers, orders])).operations).toEqual([]);
  });

  it('creates parents and children first, then their foreign keys', () => {
    const ops = diffSchemas(schema([orders, customers]), schema([])).operations;
    expect(summary(ops)).toEqual(['createTable orders', 'createTable customers', 'addForeignKey orders.orders_customer_fk']);
    const created = ops[0]!.kind === 'createTable' ? ops[0].table : null;
    expect(created?.foreignKeys).toEqual([]);
  });

  it('drops dependent foreign keys before the tables they point at', () => {
    const ops = summary(diffSchemas(schema([]), schema([customers, orders])).operations);
    expect(ops).toEqual(['dropForeignKey orders.orders_customer_fk', 'dropTable customers', 'dropTable orders']);
  });

  it('re-creates a foreign key when the referenced column changes type', () => {
    const bigCustomers = table('customers', [col('id', 'bigint'), col('name', 'text')]);
    const bigOrders = table('orders', [col('id'), col('customer_id', 'bigint')], { foreignKeys: orders.foreignKeys });
    const ops = summary(diffSchemas(schema([bigCustomers, bigOrders]), schema([customers, orders])).operations);
    expect(ops).toEqual([
      'dropForeignKey orders.orders_customer_fk',
      'alterColumn customers.id type', 'alterColumn orders.customer_id type',
      'addForeignKey orders.orders_customer_fk',
    ]);
  });

  it('drops views before the tables under them change and re-creates them after', () => {
    const view = { name: 'v_orders', definition: 'SELECT id, customer_id FROM orders', comment: null };
    const top = { name: 'v_top', definition: 'SELECT id FROM v_orders', comment: null };
    const wider = table('orders', [col('id'), col('customer_id', 'bigint')], { foreignKeys: orders.foreignKeys });
    const ops = summary(diffSchemas(schema([customers, wider], { views: [top, view] }), schema([customers, orders], { views: [view, top] })).operations);
    expect(ops[0]).toBe('dropView v_top');
    expect(ops[1]).toBe('dropView v_orders');
    expect(ops.slice(-2)).toEqual(['createView v_orders', 'createView v_top']);
  });

  it('leaves views alone with includeViews false unless their tables change', () => {
    const v1 = { name: 'v', definition: 'SELECT 1', comment: null };
    const v2 = { name: 'v', definition: 'SELECT 2', comment: null };
    expect(diffSchemas(schema([], { views: [v2] }), schema([], { views: [v1] }), { includeViews: false }).operations).toEqual([]);
    expect(summary(diffSchemas(schema([], { views: [v2] }), schema([], { views: [v1] })).operations)).toEqual(['dropView v', 'createView v']);
  });

  it('keeps what only the target has with noDrops', () => {
    const extra = table('extra', [col('id')]);
    const wide = table('customers', [col('id'), col('name', 'text'), col('legacy', 'text')]);
    const d = diffSchemas(schema([customers]), schema([wide, extra]), { noDrops: true });
    expect(d.operations).toEqual([]);
    expect(d.desired.tables.map((t) => t.name).sort()).toEqual(['customers', 'extra']);
  });

  it('matches names ignoring case when asked', () => {
    const upper = table('Customers', [col('ID'), col('Name', 'text')], { primaryKey: { name: 'customers_pkey', columns: ['ID'] } });
    expect(diffSchemas(schema([upper]), schema([customers]), { caseSensitive: false }).operations).toEqual([]);
    expect(summary(diffSchemas(schema([upper]), schema([customers])).operations)).toEqual(['dropTable customers', 'createTable Customers']);
  });

  it('detects renames only when asked', () => {
    const renamed = table('clients', [col('id'), col('full_name', 'text')]);
    expect(summary(diffSchemas(schema([renamed]), schema([customers])).operations)).toEqual(['dropTable customers', 'createTable clients']);
    const ops = summary(diffSchemas(schema([table('customers', [col('id'), col('full_name', 'text')])]), schema([customers]), { detectRenames: true }).operations);
    expect(ops).toEqual(['renameColumn customers.name>full_name']);
    const tableRename = summary(diffSchemas(schema([{ ...customers, name: 'clients', primaryKey: { name: 'customers_pkey', columns: ['id'] } }]), schema([customers]), { detectRenames: true }).operations);
    expect(tableRename).toEqual(['renameTable customers>clients']);
  });

  it('lets foreign keys follow a renamed table and column instead of re-creating them', () => {
    const clients = table('clients', [col('cid'), col('name', 'text')], { primaryKey: { name: 'customers_pkey', columns: ['cid'] } });
    const renamedOrders = table('orders', [col('id'), col('customer_id')], { foreignKeys: [fk('orders_customer_fk', ['customer_id'], 'clients', ['cid'])] });
    const ops = summary(diffSchemas(schema([renamedOrders, clients]), schema([customers, orders]), {
      renames: { tables: { customers: 'clients' }, columns: { clients: { id: 'cid' } } },
    }).operations);
    expect(ops).toEqual(['renameTable customers>clients', 'renameColumn clients.id>cid']);
  });

  it('orders column changes, constraint changes and indexes', () => {
    const before = table('t', [col('id'), col('a', 'text'), col('gone')], {
      indexes: [{ name: 'ix_a', unique: false, method: null, where: null, columns: [{ name: 'a', order: 'ASC' }] }],
      checks: [{ name: 't_a_check', expression: "a <> ''" }],
    });
    const after = table('t', [col('id'), col('a', 'text', { nullable: false, default: "'x'" }), col('added', 'text')], {
      indexes: [{ name: 'ix_a', unique: true, method: null, where: null, columns: [{ name: 'a', order: 'ASC' }] }],
      checks: [{ name: 't_a_check', expression: "length(a) > 0" }],
    });
    expect(summary(diffSchemas(schema([after]), schema([before])).operations)).toEqual([
      'dropIndex ix_a', 'dropCheck', 'dropColumn t.gone', 'alterColumn t.a nullable+default', 'addColumn t.added', 'addCheck', 'addIndex ix_a',
    ]);
  });

  it('creates sequences before tables and drops them last', () => {
    const seq = { name: 's', dataType: 'bigint', start: '1', increment: '1', minValue: null, maxValue: null, cycle: false };
    const withDefault = table('t', [col('id', 'bigint', { default: "nextval('s'::regclass)" })]);
    expect(summary(diffSchemas(schema([withDefault], { sequences: [seq] }), schema([])).operations)).toEqual(['createSequence s', 'createTable t']);
    expect(summary(diffSchemas(schema([]), schema([withDefault], { sequences: [seq] })).operations)).toEqual(['dropTable t', 'dropSequence s']);
  });
});

