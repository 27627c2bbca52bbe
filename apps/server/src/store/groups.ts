/** Tree groups of data sources: nestable, per owner. */
import type { StoreDb } from './db.js';

export interface GroupRow { id: number; name: string; parentId: number | null; sortOrder: number }

export class GroupRepo {
  constructor(private readonly db: StoreDb) {}
  async list(ownerId: number): Promise<GroupRow[]> {
    const rows = await this.db.selectFrom('ds_groups').selectAll().where('owner_id', '=', ownerId).orderBy('sort_order').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id, sortOrder: r.sort_order }));
  }
  async get(id: number, ownerId: number): Promise<GroupRow | null> {
    const r = await this.db.selectFrom('ds_groups').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    return r ? { id: r.id, name: r.name, parentId: r.parent_id, sortOrder: r.sort_order } : null;
  }
  async create(name: string, parentId: number | null, ownerId: number): Promise<number> {
    const r = await this.db.insertInto('ds_groups').values({ name, parent_id: parentId, owner_id: ownerId, sort_order: 0 }).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }
  async update(id: number, patch: { name?: string; parentId?: number | null }): Promise<void> {
    const set: Record<string, unknown> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.parentId !== undefined) set.parent_id = patch.parentId;
    if (Object.keys(set).length) await this.db.updateTable('ds_groups').set(set).where('id', '=', id).execute();
  }
  /** Deleting a group moves its children (groups and data sources) to its parent. */
  async delete(id: number, ownerId: number): Promise<void> {
    const g = await this.get(id, ownerId);
    if (!g) return;
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('ds_groups').set({ parent_id: g.parentId }).where('parent_id', '=', id).execute();
      await tx.updateTable('data_sources').set({ group_id: g.parentId }).where('group_id', '=', id).execute();
      await tx.deleteFrom('ds_groups').where('id', '=', id).execute();
    });
  }
}
