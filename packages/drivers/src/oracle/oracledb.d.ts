/**
 * The few oracledb declarations the Oracle driver uses (@types/oracledb is not installed in this
 * workspace; replace this file with it when it is).
 */
declare module 'oracledb' {
  interface DbType { num: number; name: string }
  interface Metadata { name: string; dbType?: DbType; dbTypeName?: string; precision?: number; scale?: number; byteSize?: number; nullable?: boolean }
  interface ResultSet { getRows(n: number): Promise<unknown[]>; close(): Promise<void> }
  interface Result { rows?: unknown[]; resultSet?: ResultSet; metaData?: Metadata[]; rowsAffected?: number }
  interface ExecuteOptions {
    resultSet?: boolean; outFormat?: number; fetchArraySize?: number; autoCommit?: boolean;
    fetchTypeHandler?: (meta: Metadata) => { type: unknown } | undefined;
  }
  interface Connection {
    execute(sql: string, binds?: unknown, options?: ExecuteOptions): Promise<Result>;
    break(): Promise<void>;
    close(): Promise<void>;
    isHealthy(): boolean;
  }
  interface ConnectionAttributes { user?: string; password?: string; connectString?: string; connectTimeout?: number; transportConnectTimeout?: number; sslServerDNMatch?: boolean }
  class IntervalYM { years: number; months: number; constructor(v?: Partial<IntervalYM>) }
  class IntervalDS { days: number; hours: number; minutes: number; seconds: number; fseconds: number; constructor(v?: Partial<IntervalDS>) }
  const oracledb: {
    getConnection(attrs: ConnectionAttributes): Promise<Connection>;
    IntervalYM: typeof IntervalYM;
    IntervalDS: typeof IntervalDS;
    STRING: unknown; BUFFER: unknown;
    OUT_FORMAT_ARRAY: number; OUT_FORMAT_OBJECT: number;
    DB_TYPE_NUMBER: DbType; DB_TYPE_BINARY_INTEGER: DbType; DB_TYPE_CLOB: DbType; DB_TYPE_NCLOB: DbType; DB_TYPE_LONG: DbType;
    DB_TYPE_LONG_NVARCHAR: DbType; DB_TYPE_ROWID: DbType; DB_TYPE_XMLTYPE: DbType; DB_TYPE_BLOB: DbType; DB_TYPE_LONG_RAW: DbType;
    DB_TYPE_DATE: DbType; DB_TYPE_TIMESTAMP: DbType; DB_TYPE_TIMESTAMP_TZ: DbType; DB_TYPE_VARCHAR: DbType;
  };
  namespace oracledb { export type { Connection, Metadata, Result } }
  export default oracledb;
}
