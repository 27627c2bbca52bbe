/**
 * Parsing a script just under the parser's 50,000-character limit (~950 statements) with schema checks:
 * @askdb/sql `parseSql` vs sql-formatter `format` (which also tokenizes and parses every statement) on
 * the same script, same run. Target: median ≤ 25 ms.
 */
import { format } from 'sql-formatter';
import { dialectFor, parseSql, type SchemaCatalog } from '@askdb/sql';
import { median, type BenchLine } from './lib.js';
import { benchScript } from './sql-script.js';

const col = (name: string) => ({ name, columnType: 'integer', dataType: 'NUMERIC' });
const catalog: SchemaCatalog = {
  databaseName: 'shop',
  tables: [
    { name: 'customers', columns: ['id', 'name', 'email'].map(col) },
    { name: 'orders', columns: ['id', 'customer_id', 'status', 'total', 'name'].map(col) },
    { name: 'order_items', columns: ['id', 'order_id', 'name'].map(col) },
    { name: 'products', columns: ['id', 'name', 'price'].map(col) },
    { name: 'categories', columns: ['id', 'name'].map(col) },
  ],
};

export default async function run(): Promise<BenchLine[]> {
  const script = benchScript(1000, 50_000);
  const dialect = dialectFor('MYSQL');
  const result = parseSql(script, dialect, { catalog });
  const statements = result.sqlStatementList.length;
  if (!statements || result.markMessageList.length) throw new Error(`unexpected parse result: ${statements} statements, ${result.markMessageList.length} markers`);
  for (let i = 0; i < 10; i++) {
    parseSql(script, dialect, { catalog });
    format(script, { language: 'mysql' });
  }
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let r = 0; r < 15; r++) {
    let t0 = performance.now();
    parseSql(script, dialect, { catalog });
    ours.push(performance.now() - t0);
    t0 = performance.now();
    format(script, { language: 'mysql' });
    theirs.push(performance.now() - t0);
  }
  return [{
    name: `sql parse + schema check (${script.length} chars, ${statements} statements)`,
    unit: 'ms',
    median: median(ours),
    baselineName: 'sql-formatter format',
    baselineMedian: median(theirs),
    target: 'median ≤ 25 ms',
  }];
}
