/**
 * The services every route module receives, built once by the composition root (app.ts).
 * A low module of its own so services and routes depend on this type, never on app.ts.
 */
import type { AppConfig } from './config.js';
import type { Store } from './store/db.js';
import type { SecretBox } from './store/secret.js';
import type { DataSourceRepo } from './store/data-sources.js';
import type { KvRepo } from './store/kv.js';
import type { ConnectionService } from './services/connections.js';
import type { SessionService } from './services/sessions.js';
import type { CatalogCache } from './services/catalog-cache.js';
import type { ExecutionService } from './services/execution.js';
import type { ContextResolver } from './http/context.js';
import type { AuditService } from './services/audit/index.js';
import type { JobQueue } from './services/jobs/types.js';
import type { SchemaLinker } from './services/ai/schema-linker.js';
import type { ReadCache } from './store/read-cache.js';

export interface AppDeps {
  config: AppConfig;
  store: Store;
  secrets: SecretBox;
  dataSources: DataSourceRepo;
  kv: KvRepo;
  connections: ConnectionService;
  sessions: SessionService;
  catalogs: CatalogCache;
  execution: ExecutionService;
  /** Who is asking: turns a request's cookie or API key into the request context (services/auth). */
  identity: ContextResolver;
  /** The SQL audit: the writer the execution service records into, its rows, retention. */
  audit: AuditService;
  /** Background and scheduled work (services/jobs): pg-boss in server mode, in process in local mode. */
  jobs: JobQueue;
  /** Schema linking for the AI: big catalogs ranked in a worker thread (services/ai/schema-linker.ts). */
  linker: SchemaLinker;
  /** Server mode on PostgreSQL: what every request reads, kept until the store's change feed says it changed (store/read-cache.ts). */
  readCache?: ReadCache;
}
