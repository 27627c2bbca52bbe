/** A realistic mixed script for the SQL benchmarks: ~50,000 characters, ~1,000 statements. */
export function benchScript(targetStatements = 1000): string {
  const parts: string[] = [];
  const tables = ['customers', 'orders', 'order_items', 'products', 'categories'];
  for (let i = 0; parts.length < targetStatements; i++) {
    const t = tables[i % tables.length]!;
    switch (i % 8) {
      case 0:
        parts.push(`SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id;`);
        break;
      case 1:
        parts.push(`-- row ${i}\nINSERT INTO ${t} (id, name) VALUES (${i}, 'it''s; ${i}');`);
        break;
      case 2:
        parts.push(`UPDATE products SET price = price * 1.1 WHERE id = ${i};`);
        break;
      case 3:
        parts.push(`/* n; */ SELECT count(*) FROM orders\nGROUP BY status;`);
        break;
      case 4:
        parts.push(`DELETE FROM order_items WHERE order_id = ${i};`);
        break;
      case 5:
        parts.push(`SELECT CASE WHEN price > 9 THEN 'a' ELSE 'b' END FROM products;`);
        break;
      case 6:
        parts.push(`WITH r AS (SELECT * FROM orders) SELECT id FROM r;`);
        break;
      default:
        parts.push(`SELECT id FROM customers WHERE email = 'u${i}@x.io';`);
    }
  }
  return parts.join('\n');
}
