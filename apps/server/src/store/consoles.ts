/** Saved consoles and their drafts (spec 01 §3, §4). */
import type { SavedConsole } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import type { ConsolesTable } from './schema.js';
import type { Selectable } from 'kysely';
import type { OwnerScope } from './scope.js';

export interface ConsoleFields {
  name?: string; status?: 'DRAFT' | 'RELEASE'; ddl?: string; dataSourceId?: number | null; databaseName?: string | null; schemaName?: string | null;
  type?: string | null; tabOpened?: boolean; operationType?: string; connectable?: boolean;
}

function toConsole(r: Selectable<ConsolesTable>): SavedConsole {
  return {
    id: r.id, name: r.name, status: r.status === 'RELEASE' ? 'RELEASE' : 'DRAFT', ddl: r.ddl, dataSourceId: r.data_source_id,
    databaseName: r.database_name, schemaName: r.schema_name, type: r.type, tabOpened: !!r.tab_opened, operationType: r.operation_type,
    connectable: !!r.connectable, version: r.version, gmtModified: r.updated_at,
  };
}

function columns(f: ConsoleFields): Partial<Record<keyof ConsolesTable, unknown>> {
  const c: Partial<Record<keyof ConsolesTable, unknown>> = {};
  if (f.name !== undefined) c.name = f.name;
  if (f.status !== undefined) c.status = f.status;
  if (f.ddl !== undefined) c.ddl = f.ddl;
  if (f.dataSourceId !== undefined) c.data_source_id = f.dataSourceId;
  if (f.databaseName !== undefined) c.database_name = f.databaseName;
  if (f.schemaName !== undefined) c.schema_name = f.schemaName;
  if (f.type !== undefined) c.type = f.type;
  if (f.tabOpened !== undefined) c.tab_opened = f.tabOpened ? 1 : 0;
  if (f.operationType !== undefined) c.operation_type = f.operationType;
  if (f.connectable !== undefined) c.connectable = f.connectable ? 1 : 0;
  return c;
}

export class ConsoleRepo {
  constructor(private readonly db: StoreDb) {}

  async create(f: ConsoleFields, scope: OwnerScope): Promise<number> {
    const now = nowIso();
    const r = await this.db
      .insertInto('consoles')
      .values({
        name: f.name ?? 'console', status: f.status ?? 'DRAFT', ddl: f.ddl ?? '', data_source_id: f.dataSourceId ?? null, database_name: f.databaseName ?? null,
        schema_name: f.schemaName ?? null, type: f.type ?? null, tab_opened: f.tabOpened === false ? 0 : 1, operation_type: f.operationType ?? 'CONSOLE',
        connectable: f.connectable === false ? 0 : 1, owner_id: scope.userId, organization_id: scope.organizationId, version: 1, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async get(id: number, scope: OwnerScope): Promise<SavedConsole | null> {
    const r = await this.db.selectFrom('consoles').selectAll().where('id', '=', id).where('owner_id', '=', scope.userId).where('organization_id', '=', scope.organizationId).executeTakeFirst();
    return r ? toConsole(r) : null;
  }

  /**
   * Applies the fields as one atomic compare-and-set on the version: with a base version, the row is
   * written where its version is still that one (no conflict); when another writer got there first the
   * save still lands (the later save wins, as the editor expects) but is told so. Either way the version
   * is bumped in the same statement, so concurrent saves each get a version of their own and exactly
   * one of those made from one base version is free of conflict.
   */
  async update(id: number, scope: OwnerScope, f: ConsoleFields, baseVersion?: number): Promise<{ version: number; conflict: boolean } | null> {
    const write = (expected?: number) => {
      let q = this.db
        .updateTable('consoles')
        .set((eb) => ({ ...columns(f), version: eb('version', '+', 1), updated_at: nowIso() }) as never)
        .where('id', '=', id)
        .where('owner_id', '=', scope.userId)
        .where('organization_id', '=', scope.organizationId);
      if (expected !== undefined) q = q.where('version', '=', expected);
      return q.returning('version').executeTakeFirst();
    };
    if (baseVersion !== undefined) {
      const won = await write(baseVersion);
      if (won) return { version: won.version, conflict: false };
    }
    const r = await write();
    return r ? { version: r.version, conflict: baseVersion !== undefined } : null;
  }

  async list(scope: OwnerScope, q: { status?: string; type?: string; tabOpened?: boolean; searchKey?: string; pageNo: number; pageSize: number; orderByDesc?: boolean }) {
    let query = this.db.selectFrom('consoles').where('owner_id', '=', scope.userId).where('organization_id', '=', scope.organizationId);
    if (q.status) query = query.where('status', '=', q.status);
    // The spec's list sends type=console (01 §7); operation types are stored upper case.
    if (q.type) query = query.where((eb) => eb(eb.fn('upper', ['operation_type']), '=', q.type!.toUpperCase()));
    if (q.tabOpened !== undefined) query = query.where('tab_opened', '=', q.tabOpened ? 1 : 0);
    if (q.searchKey) query = query.where('name', 'like', `%${q.searchKey.replace(/[%_\\]/g, '\\$&')}%`);
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query
      .selectAll()
      .orderBy('updated_at', q.orderByDesc === false ? 'asc' : 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute();
    return { data: rows.map(toConsole), pageNo: q.pageNo, pageSize: q.pageSize, total, hasNextPage: q.pageNo * q.pageSize < total };
  }

  /** The console and its drafts together, or nothing when it is not in the scope. */
  async delete(id: number, scope: OwnerScope): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx.deleteFrom('consoles').where('id', '=', id).where('owner_id', '=', scope.userId).where('organization_id', '=', scope.organizationId).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) return false;
      await tx.deleteFrom('console_drafts').where('console_id', '=', id).execute();
      return true;
    });
  }

  async getDraft(consoleId: number, userId: number): Promise<{ ddl: string; updatedAt: string } | null> {
    const r = await this.db.selectFrom('console_drafts').selectAll().where('console_id', '=', consoleId).where('user_id', '=', userId).executeTakeFirst();
    return r ? { ddl: r.ddl, updatedAt: r.updated_at } : null;
  }
  async setDraft(consoleId: number, userId: number, ddl: string): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('console_drafts')
      .values({ console_id: consoleId, user_id: userId, ddl, updated_at: now })
      .onConflict((oc) => oc.columns(['console_id', 'user_id']).doUpdateSet({ ddl, updated_at: now }))
      .execute();
  }
  async deleteDraft(consoleId: number, userId: number): Promise<void> {
    await this.db.deleteFrom('console_drafts').where('console_id', '=', consoleId).where('user_id', '=', userId).execute();
  }
}
