/** @askdb/drivers — the DatabaseDriver contract, its engines, the registry and the connection pool. */
export * from './driver.js';
export { driverFor, isSupported } from './registry.js';
export { driverMessages, driverError } from './messages.js';
export { ConnectionPool, type PoolOptions, type PooledConnection } from './pool.js';
export { openSshTunnel, type Tunnel } from './shared/ssh-tunnel.js';
export { parseConnectionUrl } from './shared/endpoint.js';
export { databaseFilePath, realFilePath, isInside } from './shared/file-path.js';
export { openDuckdbLoader, type DuckdbLoader } from './duckdb/file-loader.js';
