/**
 * Scratch databases for the survival corpus, each used by a limited account: a MariaDB database
 * with a user that has privileges on it only, and a PostgreSQL database owned by a non-superuser
 * role. Both accounts carry a statement time limit, so a corpus `SLEEP(100)` cannot stall the run.
 */
import crypto from 'node:crypto';

const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
const PG_URL = process.env.ASKDB_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Scratch {
  /** The data source input (POST /api/connection/datasource/create) as the limited account. */
  source: Record<string, unknown>;
  /** Undoes what the corpus may do to its own account (MariaDB: `SET PASSWORD = OLD_PASSWORD(…)`). */
  repair(): Promise<void>;
  drop(): Promise<void>;
}

const suffix = () => `${process.pid}_${Date.now().toString(36)}_${crypto.randomBytes(2).toString('hex')}`;

export async function scratchMariadb(): Promise<Scratch> {
  const { default: mysql } = await import('mysql2/promise');
  const name = `askdb_surv_${suffix()}`;
  const password = crypto.randomBytes(12).toString('hex');
  const admin = await mysql.createConnection({ host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password) });
  await admin.query(`CREATE DATABASE \`${name}\``);
  await admin.query(`CREATE USER '${name}'@'%' IDENTIFIED BY '${password}' WITH MAX_STATEMENT_TIME 5 MAX_USER_CONNECTIONS 20`);
  await admin.query(`GRANT ALL PRIVILEGES ON \`${name}\`.* TO '${name}'@'%'`);
  const repair = async () => {
    await admin.query(`ALTER USER '${name}'@'%' IDENTIFIED BY '${password}'`);
    // A prepared XA transaction (main/xa*.test) outlives its connection and holds its locks:
    // every later DDL on those tables would wait. The corpus server is a test server.
    const [xids] = await admin.query(`XA RECOVER FORMAT='SQL'`);
    for (const x of xids as { data: string }[]) await admin.query(`XA ROLLBACK ${x.data}`).catch(() => undefined);
  };
  return {
    repair,
    source: { alias: 'survival maria', type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: name, password, databaseName: name },
    async drop() {
      await repair().catch(() => undefined);
      await admin.query(`DROP USER IF EXISTS '${name}'@'%'`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => undefined);
      await admin.end();
    },
  };
}

export async function scratchPostgres(): Promise<Scratch> {
  const { default: pg } = await import('pg');
  const name = `askdb_surv_${suffix()}`;
  const password = crypto.randomBytes(12).toString('hex');
  const admin = new pg.Client({ connectionString: PG_URL });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query(`CREATE ROLE ${name} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
  await admin.query(`ALTER ROLE ${name} SET statement_timeout = '5s'`);
  await admin.query(`ALTER ROLE ${name} SET lock_timeout = '5s'`);
  await admin.query(`CREATE DATABASE ${name} OWNER ${name}`);
  const server = new URL(PG_URL);
  return {
    repair: async () => void (await admin.query(`ALTER ROLE ${name} PASSWORD '${password}'`)),
    source: { alias: 'survival pg', type: 'POSTGRESQL', host: server.hostname, port: Number(server.port || 5432), user: name, password, databaseName: name },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.query(`DROP OWNED BY ${name} CASCADE`).catch(() => undefined);
      await admin.query(`DROP ROLE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    },
  };
}
