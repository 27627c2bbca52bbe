/** The JobQueue of a deployment: pg-boss on the store in server mode, in process in local mode. */
import type { AppConfig } from '../../config.js';
import { InProcessJobQueue } from './in-process.js';
import { PgBossJobQueue } from './pg-boss.js';
import type { JobQueue } from './types.js';

export type { JobQueue, JobHandler, JobOptions } from './types.js';
export { InProcessJobQueue } from './in-process.js';
export { PgBossJobQueue } from './pg-boss.js';

interface Logger { error(obj: unknown, msg?: string): void }

export function createJobQueue(config: Pick<AppConfig, 'mode' | 'databaseUrl'>, log: Logger): JobQueue {
  if (config.mode === 'server' && config.databaseUrl) return new PgBossJobQueue({ connectionString: config.databaseUrl }, log);
  return new InProcessJobQueue(log);
}
