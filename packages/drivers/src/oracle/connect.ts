/** Oracle (oracledb thin mode): connect settings from a data source, and connect failures as DriverErrors. */
import type { ConnectionConfig } from '../driver.js';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { sslModeOf, type ResolvedTarget } from '../shared/endpoint.js';
import { messageOf, networkError } from '../shared/network-errors.js';

export const DEFAULT_ORACLE_PORT = 1521;

export interface OracleConnectAttributes {
  user: string;
  password: string;
  connectString: string;
  connectTimeout: number;
  transportConnectTimeout: number;
  sslServerDNMatch?: boolean;
}

/**
 * The database name is the service name (Easy Connect `host:port/service`); `options.sid` connects
 * by SID instead. SSL uses TCPS; verify-full also matches the server certificate's DN.
 */
export function oracleAttributes(config: ConnectionConfig, target: ResolvedTarget): OracleConnectAttributes {
  const mode = sslModeOf(config, target.params);
  const protocol = mode === 'disable' ? 'TCP' : 'TCPS';
  const sid = target.params.sid;
  const service = target.database || target.params.serviceName || 'ORCL';
  const connectString = sid
    ? `(DESCRIPTION=(ADDRESS=(PROTOCOL=${protocol})(HOST=${target.host})(PORT=${target.port}))(CONNECT_DATA=(SID=${sid})))`
    : `${protocol === 'TCPS' ? 'tcps://' : ''}${target.host}:${target.port}/${service}`;
  const seconds = Math.max(1, Math.ceil(target.timeoutMs / 1000));
  return {
    user: target.user ?? 'system',
    password: target.password ?? '',
    connectString,
    connectTimeout: seconds,
    transportConnectTimeout: seconds,
    ...(mode === 'verify-full' ? { sslServerDNMatch: true } : {}),
  };
}

export function oracleConnectError(err: unknown, target: ResolvedTarget, attrs: OracleConnectAttributes): DriverError {
  if (err instanceof DriverError) return err;
  const text = messageOf(err);
  const at = { host: target.serverHost, port: target.serverPort };
  if (/ORA-01017|ORA-28000|ORA-01005/.test(text)) return driverError('AUTH_FAILED', { user: attrs.user }, text);
  if (/ORA-12514|ORA-12505|NJS-518/.test(text)) return driverError('DATABASE_NOT_FOUND', { database: attrs.connectString.split('/').pop() ?? '' }, text);
  if (/ECONNREFUSED|NJS-503.*refused|ORA-12541/i.test(text)) return driverError('CONNECTION_REFUSED', at, text);
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo|ORA-12545|NJS-530/i.test(text)) return driverError('HOST_NOT_FOUND', at, text);
  if (/NJS-510|NJS-501|timed? ?out|ORA-12170/i.test(text)) return driverError('TIMEOUT', { ...at, seconds: attrs.connectTimeout }, text);
  return networkError(err, { ...at, timeoutMs: attrs.connectTimeout * 1000 }) ?? new DriverError(text, 'QUERY_FAILED', text, { reason: text });
}
