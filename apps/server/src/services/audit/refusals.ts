/**
 * Refused attempts in the SQL audit (issue 24 point 5): a statement refused before it ran — no
 * permission, held for an approved script by the team's policy, not read-only where only reads are
 * allowed — is as much a part of the audit as a run. One hook sees every such refusal an HTTP route
 * throws for a body naming `dataSourceId` and `sql`, and records it as a failed entry whose message
 * says it was refused and why. Paths that refuse without an HTTP error call `recordRefusal` directly.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { auditActor, type AuditActor } from '../../http/audit-actor.js';
import { AppError } from '../../http/errors.js';

/** The refusals the audit records, and the reason written with each. */
export const AUDITED_REFUSALS: Record<string, string> = {
  [ERROR_CODES.NO_DATA_ACCESS_PERMISSION]: 'no permission',
  [ERROR_CODES.NO_SCRIPT_PERMISSION]: 'held for approval',
  MCP_READ_ONLY: 'read-only',
  CHART_NOT_READ_ONLY: 'read-only',
};

export interface Refusal {
  actor: AuditActor;
  dataSourceId: number;
  dbType: string;
  databaseName: string | null;
  schemaName: string | null;
  sql: string;
  /** The error code and the message the user was shown. */
  code: string;
  message: string;
}

/** The audit entry's message: `REFUSED (<reason>, <code>): <message shown>`. */
export function refusalMessage(code: string, message: string): string {
  return `REFUSED (${AUDITED_REFUSALS[code] ?? 'refused'}, ${code}): ${message}`;
}

export function recordRefusal(deps: Pick<AppDeps, 'audit'>, r: Refusal): void {
  deps.audit.log.record({
    actor: r.actor,
    dataSourceId: r.dataSourceId,
    dbType: r.dbType,
    databaseName: r.databaseName,
    schemaName: r.schemaName,
    sql: r.sql,
    startTime: Date.now(),
    durationMs: 0,
    rowCount: null,
    success: false,
    message: refusalMessage(r.code, r.message),
  });
}

interface SqlBody { dataSourceId?: unknown; sql?: unknown; databaseName?: unknown; schemaName?: unknown }

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Records `error` when it is one of the audited refusals of `sql` on a data source (the rest are not
 * attempts to run SQL). Never throws: the refusal the user sees matters more than its audit row.
 */
export async function auditIfRefused(deps: Pick<AppDeps, 'audit' | 'dataSources'>, req: FastifyRequest, error: unknown, attempt: SqlBody): Promise<void> {
  if (!(error instanceof AppError) || !(String(error.errorCode) in AUDITED_REFUSALS)) return;
  const dataSourceId = Number(attempt.dataSourceId);
  const sql = text(attempt.sql);
  const actor = auditActor(req);
  if (!sql || !Number.isInteger(dataSourceId) || !actor) return;
  try {
    const record = await deps.dataSources.get(dataSourceId);
    if (!record) return;
    recordRefusal(deps, {
      actor, dataSourceId, dbType: record.input.type, sql, code: String(error.errorCode), message: error.message,
      databaseName: text(attempt.databaseName) ?? record.input.databaseName ?? null,
      schemaName: text(attempt.schemaName) ?? record.input.schemaName ?? null,
    });
  } catch (e) {
    req.log.warn({ err: e }, 'sql audit: could not record a refused attempt');
  }
}

/** Every route whose body names `dataSourceId` and `sql`: its refusals are audited. */
export function registerRefusalAudit(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onError', async (req: FastifyRequest, _reply, error) => auditIfRefused(deps, req, error, (req.body ?? {}) as SqlBody));
}
