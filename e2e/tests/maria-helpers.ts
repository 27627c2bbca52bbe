/** MariaDB for e2e specs: statements on the server itself (to set up and to check what the app did). */
import mysql from 'mysql2/promise';

export const MY_URL = process.env.ASKDB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export async function onMaria<T>(fn: (c: mysql.Connection) => Promise<T>, database?: string): Promise<T> {
  const u = new URL(MY_URL);
  const c = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password), database });
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The body of a MariaDB data source on the test server. */
export function mariaSource(alias: string, databaseName: string) {
  const u = new URL(MY_URL);
  return { alias, type: 'MARIADB', host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) || undefined, databaseName };
}
