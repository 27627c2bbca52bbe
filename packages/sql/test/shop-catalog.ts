/** Test schemas: the demo shop (MySQL-style names) and a PostgreSQL-style schema, both with foreign keys. */
import type { CatalogColumn, CatalogTable, SchemaCatalog } from '../src/catalog/catalog.js';

const col = (name: string, columnType: string, dataType: string, extra: Partial<CatalogColumn> = {}): CatalogColumn => ({
  name, columnType, dataType, nullable: true, primaryKey: false, comment: null, ...extra,
});
const pk = (name = 'id') => col(name, 'integer', 'NUMERIC', { primaryKey: true, nullable: false, comment: 'Primary key' });
const fk = (column: string, table: string, refColumn = 'id') => ({
  name: `fk_${column}`, type: 'FOREIGN', columns: [column], referencedTable: table, referencedColumns: [refColumn],
});

export function shopCatalog(): SchemaCatalog {
  const tables: CatalogTable[] = [
    { name: 'customers', comment: 'People who buy', columns: [pk(), col('name', 'varchar(100)', 'STRING', { comment: 'Full name' }), col('email', 'varchar(200)', 'STRING'), col('city', 'varchar(100)', 'STRING'), col('created_at', 'datetime', 'DATETIME')], keys: [{ name: 'PRIMARY', type: 'PRIMARY', columns: ['id'] }], ddl: 'CREATE TABLE customers (\n  id INTEGER PRIMARY KEY,\n  name VARCHAR(100)\n)' },
    { name: 'categories', comment: 'Product categories', columns: [pk(), col('name', 'varchar(100)', 'STRING'), col('parent_id', 'integer', 'NUMERIC')], keys: [] },
    { name: 'products', comment: 'What we sell', columns: [pk(), col('name', 'varchar(200)', 'STRING'), col('category_id', 'integer', 'NUMERIC'), col('price', 'decimal(10,2)', 'NUMERIC', { comment: 'Unit price' }), col('stock', 'integer', 'NUMERIC')], keys: [fk('category_id', 'categories')] },
    { name: 'orders', comment: 'Customer orders', columns: [pk(), col('customer_id', 'integer', 'NUMERIC'), col('status', 'varchar(20)', 'STRING'), col('total', 'decimal(12,2)', 'NUMERIC'), col('created_at', 'datetime', 'DATETIME')], keys: [fk('customer_id', 'customers')] },
    { name: 'order_items', comment: 'Lines of an order', columns: [pk(), col('order_id', 'integer', 'NUMERIC'), col('product_id', 'integer', 'NUMERIC'), col('quantity', 'integer', 'NUMERIC'), col('unit_price', 'decimal(10,2)', 'NUMERIC')], keys: [fk('order_id', 'orders'), fk('product_id', 'products')] },
  ];
  return {
    databaseName: 'shop',
    schemaName: null,
    tables,
    views: [{ name: 'order_summary', comment: 'Totals per order', columns: [col('order_id', 'integer', 'NUMERIC'), col('customer_name', 'varchar(100)', 'STRING'), col('item_count', 'bigint', 'NUMERIC'), col('amount', 'decimal(12,2)', 'NUMERIC')] }],
    functions: [{ name: 'order_total', parameters: [{ parameterName: 'order_id', parameterType: 'integer' }], returnType: 'numeric', comment: 'Sum of an order' }],
    procedures: [{ name: 'refresh_stats', parameters: [], returnType: null, comment: 'Recompute statistics' }],
  };
}

/** A PostgreSQL-style schema (`app`), snake_case with an upper-case table that needs quoting. */
export function pgCatalog(): SchemaCatalog {
  const tables: CatalogTable[] = [
    { name: 'accounts', comment: 'Tenants', columns: [pk('account_id'), col('display_name', 'text', 'STRING'), col('plan', 'text', 'STRING'), col('created_at', 'timestamptz', 'DATETIME')], keys: [] },
    { name: 'users', comment: 'Login users', columns: [pk('user_id'), col('account_id', 'bigint', 'NUMERIC'), col('email', 'text', 'STRING'), col('full_name', 'text', 'STRING'), col('last_login', 'timestamptz', 'DATETIME')], keys: [fk('account_id', 'accounts', 'account_id')] },
    { name: 'projects', comment: 'Projects', columns: [pk('project_id'), col('account_id', 'bigint', 'NUMERIC'), col('owner_id', 'bigint', 'NUMERIC'), col('title', 'text', 'STRING'), col('archived', 'boolean', 'BOOLEAN')], keys: [fk('account_id', 'accounts', 'account_id'), fk('owner_id', 'users', 'user_id')] },
    { name: 'tasks', comment: 'Tasks', columns: [pk('task_id'), col('project_id', 'bigint', 'NUMERIC'), col('assignee_id', 'bigint', 'NUMERIC'), col('summary', 'text', 'STRING'), col('due_date', 'date', 'DATETIME'), col('payload', 'jsonb', 'DOCUMENT')], keys: [fk('project_id', 'projects', 'project_id'), fk('assignee_id', 'users', 'user_id')] },
    { name: 'AuditLog', comment: 'Mixed-case table', columns: [pk('audit_id'), col('user_id', 'bigint', 'NUMERIC'), col('Action', 'text', 'STRING')], keys: [fk('user_id', 'users', 'user_id')] },
  ];
  return { databaseName: 'appdb', schemaName: 'app', tables, views: [{ name: 'open_tasks', comment: null, columns: [col('task_id', 'bigint', 'NUMERIC'), col('summary', 'text', 'STRING')] }], functions: [], procedures: [] };
}
