/**
 * The PostgreSQL wire driver. PostgreSQL itself, and the engines that speak its protocol and
 * catalog closely enough to share it: CockroachDB, Redshift, openGauss, Kingbase, GaussDB.
 */
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { connectTarget, openPgClient } from './connect.js';
import { PgConnection } from './connection.js';

export const postgresDriver: DatabaseDriver = {
  types: ['POSTGRESQL', 'COCKROACHDB', 'REDSHIFT', 'OPENGAUSS', 'KINGBASE', 'GAUSSDB'],
  databasePerConnection: true,
  async connect(config: ConnectionConfig) {
    const { target, clientConfig, client } = await connectTarget(config);
    return new PgConnection({
      client,
      database: String(clientConfig.database),
      dialect: dialectFor(config.type),
      tunnel: target.tunnel,
      defaultSchema: config.schemaName || 'public',
      open: (database) => openPgClient(database ? { ...clientConfig, database } : clientConfig, target),
    });
  },
};

export default postgresDriver;
