/**
 * What the conformance suite needs to know about one engine: how to get a fresh database, the
 * SQL for each scenario in the engine's own syntax, and which catalog features it has.
 */
import type { ColumnType, DatabaseType } from '@askdb/contracts';
import type { ConnectionConfig } from '../../src/driver.js';

export interface ValueCase {
  /** Column type in CREATE TABLE. */
  type: string;
  /** SQL literal inserted. */
  literal: string;
  /** What the user must see (the engine's own text form; 0x hex for binary; null for NULL). */
  expected: string | null;
  /** The spec column type the header must carry. */
  dataType?: ColumnType;
}

export interface Sandbox {
  config: ConnectionConfig;
  /** Where the test schema lives. */
  loc: { databaseName?: string; schemaName?: string };
  cleanup(): Promise<void>;
}

export interface EngineFixture {
  name: string;
  type: DatabaseType;
  /** Checks the server is there (see services.ts); embedded engines are always there. */
  available(): Promise<boolean>;
  sandbox(): Promise<Sandbox>;
  /** Statements run on a connection before value checks (e.g. fix the session time zone). */
  sessionSetup?: string[];
  values: ValueCase[];
  /** A query returning `n` rows of (int, text). */
  manyRows(n: number): string;
  /** A query that runs for many seconds unless cancelled. */
  longQuery: string;
  malformed: { sql: string; messageIncludes: RegExp; position: { line: number; column: number } };
  /** Creates customers/orders/big_orders (+ routines and a trigger where the engine has them) in `loc`. */
  schemaScript: string;
  features: {
    comments: boolean;
    checkConstraints: boolean;
    partialIndexes: boolean;
    descIndexes: boolean;
    fkActions: boolean;
    functions: boolean;
    procedures: boolean;
    triggers: boolean;
  };
  /** Drops the schema script's order_count function (and reset_status procedure), to re-create them from their definitions. */
  dropRoutines?: string;
  /** Kills a session from another connection: how to read its id, how to kill it. */
  kill?: { processIdSql: string; killSql: (processId: string) => string };
  /** Connect failures (network engines). */
  connectErrors?: {
    badAuth: ConnectionConfig;
    refused: ConnectionConfig;
    unknownHost: ConnectionConfig;
    timeout: (port: number) => ConnectionConfig;
    tlsMismatch?: ConnectionConfig;
    unknownDatabase?: ConnectionConfig;
  };
  /** File engines: a path that does not exist. */
  missingFile?: ConnectionConfig;
}
