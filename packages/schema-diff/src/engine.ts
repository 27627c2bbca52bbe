/** Which DDL family a spec database type belongs to, and what that family keeps about names. */
import type { DatabaseType } from '@askdb/contracts';
import type { EngineFamily } from './model.js';

const FAMILY: Partial<Record<DatabaseType, EngineFamily>> = {
  POSTGRESQL: 'postgresql', KINGBASE: 'postgresql', OPENGAUSS: 'postgresql', GAUSSDB: 'postgresql',
  COCKROACHDB: 'postgresql', REDSHIFT: 'postgresql',
  MYSQL: 'mysql', MARIADB: 'mysql', TIDB: 'mysql', OCEANBASE: 'mysql', DORIS: 'mysql', STARROCKS: 'mysql',
  SQLITE: 'sqlite',
  DUCKDB: 'duckdb',
  SQLSERVER: 'sqlserver',
  ORACLE: 'oracle', OCEANBASE_ORACLE: 'oracle', DM: 'oracle',
};

/** The DDL family of a database type, or null when schema sync does not support it. */
export function engineFamily(type: DatabaseType): EngineFamily | null {
  return FAMILY[type] ?? null;
}

export interface EngineTraits {
  /**
   * Constraint names the engine keeps and lets us set. Where a kind is not named (SQLite foreign
   * keys read through PRAGMA, MySQL's primary key), constraints are matched by their content.
   */
  namedPrimaryKey: boolean;
  namedUnique: boolean;
  namedCheck: boolean;
  namedForeignKey: boolean;
  /** RESTRICT and NO ACTION behave the same (MySQL), so they compare equal. */
  restrictIsNoAction: boolean;
}

const TRAITS: Record<EngineFamily, EngineTraits> = {
  postgresql: { namedPrimaryKey: true, namedUnique: true, namedCheck: true, namedForeignKey: true, restrictIsNoAction: false },
  mysql: { namedPrimaryKey: false, namedUnique: true, namedCheck: true, namedForeignKey: true, restrictIsNoAction: true },
  sqlite: { namedPrimaryKey: false, namedUnique: false, namedCheck: false, namedForeignKey: false, restrictIsNoAction: false },
  duckdb: { namedPrimaryKey: false, namedUnique: false, namedCheck: false, namedForeignKey: false, restrictIsNoAction: true },
  sqlserver: { namedPrimaryKey: true, namedUnique: true, namedCheck: true, namedForeignKey: true, restrictIsNoAction: false },
  oracle: { namedPrimaryKey: true, namedUnique: true, namedCheck: true, namedForeignKey: true, restrictIsNoAction: false },
};

export function engineTraits(engine: EngineFamily): EngineTraits {
  return TRAITS[engine];
}
