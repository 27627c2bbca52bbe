/** SQL audit settings from the environment (retention default, batching, queue bound). */
export interface AuditConfig {
  /** Days a row is kept when the operator set nothing (ASKDB_AUDIT_RETENTION_DAYS, default 180). */
  retentionDays: number;
  /** Longest wait before queued rows are written (ms). */
  flushMs: number;
  /** Rows per write; a queue this long is written at once. */
  batchSize: number;
  /** Rows held in memory while the store cannot take them; more are counted as lost and logged (ASKDB_AUDIT_MAX_QUEUE). */
  maxQueue: number;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of 1 or more, got "${raw}"`);
  return n;
}

export function auditConfigFromEnv(env: NodeJS.ProcessEnv): AuditConfig {
  return {
    retentionDays: positiveInt(env, 'ASKDB_AUDIT_RETENTION_DAYS', 180),
    flushMs: 250,
    batchSize: 500,
    maxQueue: positiveInt(env, 'ASKDB_AUDIT_MAX_QUEUE', 200_000),
  };
}
