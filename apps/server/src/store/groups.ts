/** Tree groups of data sources: nestable, per owner within an organisation. */
import type { StoreDb } from './db.js';
import type { OwnerScope } from './scope.js';

export interface GroupRow { id: number; name: string; parentId: number | null; sortOrder: number }

export class GroupRepo {
  constructor(private readonly db: StoreDb) {}
  async list(scope: OwnerScope): Promise<GroupRow[]> {
    const rows = await this.db.selectFrom('ds_groups').selectAll().where('organization_id', '=', scope.organizationId).where('owner_id', '=', scope.userId).orderBy('sort_order').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id, sortOrder: r.sort_order }));
  }
  async get(id: number, scope: OwnerScope): Promise<GroupRow | null> {
    const r = await this.db.selectFrom('ds_groups').selectAll().where('id', '=', id).where('organization_id', '=', scope.organizationId).where('owner_id', '=', scope.userId).executeTakeFirst();
    return r ? { id: r.id, name: r.name, parentId: r.parent_id, sortOrder: r.sort_order } : null;
  }
  async create(name: string, parentId: number | null, scope: OwnerScope): Promise<number> {
    const r = await this.db.insertInto('ds_groups').values({ name, parent_id: parentId, owner_id: scope.userId, organization_id: scope.organizationId, sort_order: 0 }).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }
  async update(id: number, patch: { name?: string; parentId?: number | null }): Promise<void> {
    const set: Record<string, unknown> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.parentId !== undefined) set.parent_id = patch.parentId;
    if (Object.keys(set).length) await this.db.updateTable('ds_groups').set(set).where('id', '=', id).execute();
  }
  /** Deleting a group moves its children (groups and data sources) to its parent. */
  async delete(id: number, scope: OwnerScope): Promise<void> {
    const g = await this.get(id, scope);
    if (!g) return;
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('ds_groups').set({ parent_id: g.parentId }).where('parent_id', '=', id).execute();
      await tx.updateTable('data_sources').set({ group_id: g.parentId }).where('group_id', '=', id).execute();
      await tx.deleteFrom('ds_groups').where('id', '=', id).execute();
    });
  }
}
