/**
 * The MySQL wire driver: MySQL and MariaDB, and the engines that speak their protocol and
 * information_schema: TiDB, OceanBase (MySQL mode), Doris, StarRocks.
 */
import { dialectFor } from '@askdb/sql';
import type { ConnectionConfig, DatabaseDriver } from '../driver.js';
import { connectMysqlTarget, openMysql } from './connect.js';
import { MysqlConnection } from './connection.js';

export const mysqlDriver: DatabaseDriver = {
  types: ['MYSQL', 'MARIADB', 'TIDB', 'OCEANBASE', 'DORIS', 'STARROCKS'],
  async connect(config: ConnectionConfig) {
    const { target, options, conn } = await connectMysqlTarget(config);
    return new MysqlConnection({
      conn,
      dialect: dialectFor(config.type),
      tunnel: target.tunnel,
      defaultDatabase: target.database || null,
      openSide: () => openMysql(options, target),
    });
  },
};

export default mysqlDriver;
