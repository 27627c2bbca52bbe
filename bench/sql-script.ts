/**
 * A realistic mixed script for the SQL benchmarks: ~1,000 statements of ~50 characters. `maxChars`
 * stops early so the text stays under a limit (the parser skips 50,000 characters or more).
 */
export function benchScript(targetStatements = 1000, maxChars = Infinity): string {
  const parts: string[] = [];
  let length = 0;
  const tables = ['customers', 'orders', 'order_items', 'products', 'categories'];
  for (let i = 0; parts.length < targetStatements; i++) {
    if (parts.length) length += parts[parts.length - 1]!.length + 1;
    if (length + 80 >= maxChars) break;
    const t = tables[i % tables.length]!;
    switch (i % 8) {
      case 0:
        parts.push(`SELECT c.name FROM customers c JOIN orders o ON o.customer_id = c.id;`);
        break;
      case 1:
        parts.push(`-- x\nINSERT INTO ${t} (id, name) VALUES (${i}, 'a;');`);
        break;
      case 2:
        parts.push(`UPDATE products SET price = 2 WHERE id = ${i};`);
        break;
      case 3:
        parts.push(`/* ; */ SELECT count(*) FROM orders GROUP BY status;`);
        break;
      case 4:
        parts.push(`DELETE FROM order_items WHERE order_id = ${i};`);
        break;
      case 5:
        parts.push(`SELECT CASE WHEN price > 9 THEN 1 END FROM products;`);
        break;
      case 6:
        parts.push(`WITH r AS (SELECT id FROM orders) SELECT id FROM r;`);
        break;
      default:
        parts.push(`SELECT id FROM customers WHERE email = 'u${i}';`);
    }
  }
  return parts.join('\n');
}
