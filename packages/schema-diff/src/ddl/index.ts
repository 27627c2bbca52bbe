/** The DDL generator for a database type. */
import type { DatabaseType } from '@askdb/contracts';
import { dialectFor } from '@askdb/sql';
import { engineFamily } from '../engine.js';
import type { EngineFamily } from '../model.js';
import type { DdlGenerator, DdlOptions } from './base.js';
import { DuckdbDdl } from './duckdb.js';
import { MysqlDdl } from './mysql.js';
import { OracleDdl } from './oracle.js';
import { PostgresDdl } from './postgresql.js';
import { SqliteDdl } from './sqlite.js';
import { SqlServerDdl } from './sqlserver.js';

const GENERATORS: Record<EngineFamily, new (...args: ConstructorParameters<typeof PostgresDdl>) => DdlGenerator> = {
  postgresql: PostgresDdl, mysql: MysqlDdl, sqlite: SqliteDdl, duckdb: DuckdbDdl, sqlserver: SqlServerDdl, oracle: OracleDdl,
};

/** The generator for `type`, or null when schema sync does not support the engine. */
export function ddlGeneratorFor(type: DatabaseType, options: DdlOptions = {}): DdlGenerator | null {
  const family = engineFamily(type);
  return family ? new GENERATORS[family](dialectFor(type), options) : null;
}
