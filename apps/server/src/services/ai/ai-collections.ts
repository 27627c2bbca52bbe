/**
 * AI data collections (spec 01 §3): a user's named set of tables and views from any data source,
 * which a chat can be bound to. Each element may carry a free-text annotation ("what this table
 * means") that schema linking reads; annotations live in the kv store keyed by element id.
 */
import type { StoreDb } from '../../store/db.js';
import { nowIso } from '../../store/db.js';
import { AiTableInfoRepo } from '../../store/ai-table-info.js';
import type { KvRepo } from '../../store/kv.js';
import type { OwnerScope } from '../../store/scope.js';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { scopeOf } from '../access.js';
import { aiMsg } from './ai-messages.js';

export interface CollectionElementInput {
  type: 'TABLE' | 'VIEW';
  tableName: string;
  dataSourceId: number;
  databaseName?: string | null;
  schemaName?: string | null;
}

export interface CollectionElement extends CollectionElementInput {
  id: number;
  collectionId: number;
  annotation?: string;
}

const ANNOTATION_SCOPE = 'ai.annotation';

export class AiCollectionRepo {
  constructor(private readonly db: StoreDb, private readonly kv: KvRepo) {}

  async list(scope: OwnerScope): Promise<{ id: number; title: string }[]> {
    return this.db.selectFrom('ai_collections').select(['id', 'title']).where('owner_id', '=', scope.userId).where('organization_id', '=', scope.organizationId).orderBy('id').execute();
  }

  async get(id: number): Promise<{ id: number; title: string; ownerId: number; organizationId: number | null } | undefined> {
    const r = await this.db.selectFrom('ai_collections').select(['id', 'title', 'owner_id', 'organization_id']).where('id', '=', id).executeTakeFirst();
    return r ? { id: r.id, title: r.title, ownerId: r.owner_id, organizationId: r.organization_id } : undefined;
  }

  async create(title: string, scope: OwnerScope): Promise<number> {
    const r = await this.db.insertInto('ai_collections').values({ title, owner_id: scope.userId, organization_id: scope.organizationId, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async rename(id: number, title: string): Promise<void> {
    await this.db.updateTable('ai_collections').set({ title }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    const elements = await this.elements(id);
    for (const e of elements) await this.kv.delete(ANNOTATION_SCOPE, String(e.id));
    await this.db.deleteFrom('ai_collection_elements').where('collection_id', '=', id).execute();
    await new AiTableInfoRepo(this.db).deleteCollection(id);
    await this.db.deleteFrom('ai_collections').where('id', '=', id).execute();
  }

  async elements(collectionId: number): Promise<CollectionElement[]> {
    const rows = await this.db.selectFrom('ai_collection_elements').selectAll().where('collection_id', '=', collectionId).orderBy('id').execute();
    const out: CollectionElement[] = [];
    for (const r of rows) {
      const annotation = await this.kv.get(ANNOTATION_SCOPE, String(r.id));
      out.push({
        id: r.id,
        collectionId: r.collection_id,
        type: r.type === 'VIEW' ? 'VIEW' : 'TABLE',
        tableName: r.table_name,
        dataSourceId: r.data_source_id,
        databaseName: r.database_name,
        schemaName: r.schema_name,
        ...(annotation ? { annotation } : {}),
      });
    }
    return out;
  }

  /** Add elements, skipping ones already in the collection; returns the ids of the new ones. */
  async addElements(collectionId: number, elements: CollectionElementInput[]): Promise<number[]> {
    const existing = await this.elements(collectionId);
    const key = (e: CollectionElementInput) => [e.dataSourceId, e.databaseName ?? '', e.schemaName ?? '', e.tableName].join('\u0000');
    const have = new Set(existing.map(key));
    const ids: number[] = [];
    for (const e of elements) {
      if (have.has(key(e))) continue;
      have.add(key(e));
      const r = await this.db
        .insertInto('ai_collection_elements')
        .values({ collection_id: collectionId, type: e.type, data_source_id: e.dataSourceId, database_name: e.databaseName ?? null, schema_name: e.schemaName ?? null, table_name: e.tableName })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(r.id);
    }
    return ids;
  }

  async removeElement(collectionId: number, elementId: number): Promise<boolean> {
    const r = await this.db.deleteFrom('ai_collection_elements').where('collection_id', '=', collectionId).where('id', '=', elementId).executeTakeFirst();
    await this.kv.delete(ANNOTATION_SCOPE, String(elementId));
    return Number(r.numDeletedRows) > 0;
  }

  async annotate(collectionId: number, elementId: number, annotation: string): Promise<boolean> {
    const el = await this.db.selectFrom('ai_collection_elements').select('id').where('collection_id', '=', collectionId).where('id', '=', elementId).executeTakeFirst();
    if (!el) return false;
    if (annotation.trim()) await this.kv.set(ANNOTATION_SCOPE, String(elementId), annotation.trim());
    else await this.kv.delete(ANNOTATION_SCOPE, String(elementId));
    return true;
  }
}

/** The collection of the request's user in its current organisation: 404 when it is not there for them, 403 when it is another member's. */
export async function requireCollection(deps: AppDeps, repo: AiCollectionRepo, req: FastifyRequest, id: number) {
  const scope = scopeOf(req);
  const c = await repo.get(id);
  // Another organisation's collection is not there at all for this user.
  if (!c || c.organizationId !== scope.organizationId) throw new AppError(404, ERROR_CODES.NOT_FOUND, aiMsg(req.ctx.lang, 'COLLECTION_NOT_FOUND', { id }));
  if (c.ownerId !== scope.userId) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, aiMsg(req.ctx.lang, 'COLLECTION_FORBIDDEN'));
  return c;
}
