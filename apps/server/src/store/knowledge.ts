/**
 * Knowledge items (migration 0013). Every read and write names the organisation: an item of another
 * organisation does not exist for the caller. Updates are conditional on the organisation (and bump
 * `version`), deletes likewise.
 */
import type { Kysely } from 'kysely';
import type { KnowledgeFields, KnowledgeItem, KnowledgeKind } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import { knowledgeDb, type KnowledgeDb } from './knowledge-schema.js';

/** An item as stored: the list's item without the data source's name (the service adds it). */
export type KnowledgeRow = Omit<KnowledgeItem, 'dataSourceName'>;
export type { KnowledgeFields };

export interface KnowledgeFilter {
  kind?: KnowledgeKind;
  /** Items bound to this source, plus the global ones. */
  dataSourceId?: number;
  /** Only global items and items bound to these sources (what the caller can see). */
  visibleSources: number[];
  searchKey?: string;
  ids?: number[];
}

type Raw = { id: number; kind: string; name: string; content: string; data_source_id: number | null; table_name: string | null; created_at: string; updated_at: string };
const toRow = (r: Raw): KnowledgeRow => ({ id: r.id, kind: r.kind as KnowledgeKind, name: r.name, content: r.content, dataSourceId: r.data_source_id, tableName: r.table_name, createdAt: r.created_at, updatedAt: r.updated_at });
const COLUMNS = ['id', 'kind', 'name', 'content', 'data_source_id', 'table_name', 'created_at', 'updated_at'] as const;

export class KnowledgeRepo {
  private readonly k: KnowledgeDb;
  constructor(db: StoreDb | Kysely<any>) {
    this.k = knowledgeDb(db);
  }

  private filtered(organizationId: number, f: KnowledgeFilter) {
    let q = this.k.selectFrom('knowledge_items').where('organization_id', '=', organizationId);
    if (f.kind) q = q.where('kind', '=', f.kind);
    const visible = f.visibleSources;
    q = q.where((eb) => (visible.length ? eb.or([eb('data_source_id', 'is', null), eb('data_source_id', 'in', visible)]) : eb('data_source_id', 'is', null)));
    if (f.dataSourceId != null) q = q.where((eb) => eb.or([eb('data_source_id', 'is', null), eb('data_source_id', '=', f.dataSourceId!)]));
    if (f.ids) q = q.where('id', 'in', f.ids.length ? f.ids : [-1]);
    const key = f.searchKey?.trim().toLowerCase();
    if (key) {
      const like = `%${key}%`; // % and _ act as wildcards here, in both stores alike
      q = q.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['content']), 'like', like)]));
    }
    return q;
  }

  async page(organizationId: number, f: KnowledgeFilter, pageNo: number, pageSize: number): Promise<{ rows: KnowledgeRow[]; total: number }> {
    const base = this.filtered(organizationId, f);
    const [rows, count] = await Promise.all([
      base.select(COLUMNS).orderBy('id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
  }

  /** Every matching item, oldest first (export, retrieval). */
  async all(organizationId: number, f: KnowledgeFilter, limit = 100_000): Promise<KnowledgeRow[]> {
    const rows = await this.filtered(organizationId, f).select(COLUMNS).orderBy('id').limit(limit).execute();
    return rows.map(toRow);
  }

  async get(organizationId: number, id: number): Promise<KnowledgeRow | null> {
    const r = await this.k.selectFrom('knowledge_items').select(COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
    return r ? toRow(r) : null;
  }

  /** Inserts the items in one transaction; answers their ids in order. */
  async createMany(organizationId: number, userId: number, items: KnowledgeFields[]): Promise<number[]> {
    if (!items.length) return [];
    const now = nowIso();
    return this.k.transaction().execute(async (tx) => {
      const ids: number[] = [];
      // Chunks keep each INSERT well under SQLite's bound-parameter limit.
      for (let i = 0; i < items.length; i += 200) {
        const values = items.slice(i, i + 200).map((it) => ({
          organization_id: organizationId, kind: it.kind, name: it.name, content: it.content, data_source_id: it.dataSourceId, table_name: it.tableName,
          created_by: userId, updated_by: userId, version: 1, created_at: now, updated_at: now,
        }));
        const rows = await tx.insertInto('knowledge_items').values(values).returning('id').execute();
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    });
  }

  /** Changes an item of the organisation; false when there is none with this id. */
  async update(organizationId: number, userId: number, id: number, it: KnowledgeFields): Promise<boolean> {
    const r = await this.k
      .updateTable('knowledge_items')
      .set((eb) => ({ kind: it.kind, name: it.name, content: it.content, data_source_id: it.dataSourceId, table_name: it.tableName, updated_by: userId, updated_at: nowIso(), version: eb('version', '+', 1) }))
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes the organisation's items among `ids`; answers how many went. */
  async delete(organizationId: number, ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const r = await this.k.deleteFrom('knowledge_items').where('organization_id', '=', organizationId).where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
