/**
 * The knowledge an AI question gets (issue 17 point 4): the caller's organisation's items that
 * apply (global ones, and those bound to the question's data source), ranked for the question
 * (retrieve.ts), as the prompt's section within its token budget; the question the schema linker
 * should read (with the definitions of the terms it uses); and the catalog with the table
 * annotations. The annotated catalog is kept per catalog object and item set, so the linker's
 * per-catalog index cache keeps working across requests.
 */
import type { Catalog } from '@askdb/ai';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { viewerOf } from '../access.js';
import { KnowledgeService } from './items.js';
import { annotateCatalog, knowledgeSection, questionForLinking, rankKnowledge, type KnowledgeDoc } from './retrieve.js';

/** Items read for one question at most (the newest win when an organisation has more). */
const MAX_ITEMS = 5000;

export interface ChatKnowledge {
  /** The prompt's knowledge section ('' when nothing applies). */
  text: string;
  linkingQuestion: string;
  annotate(catalog: Catalog): Catalog;
}

const annotated = new WeakMap<Catalog, { key: string; catalog: Catalog }>();

export async function chatKnowledge(deps: Pick<AppDeps, 'store' | 'dataSources'>, req: FastifyRequest, dataSourceId: number | null, question: string): Promise<ChatKnowledge> {
  const v = viewerOf(req);
  const svc = new KnowledgeService(deps);
  const { rows } = await svc.items({ userId: v.id, organizationId: v.organizationId, lang: req.ctx.lang }, dataSourceId != null ? { dataSourceId } : {});
  const items: KnowledgeDoc[] = rows.filter((r) => r.dataSourceId === null || r.dataSourceId === dataSourceId).slice(-MAX_ITEMS);
  const ranked = rankKnowledge(items, question);
  const notes = items.filter((i) => i.kind === 'TABLE_ANNOTATION');
  const key = notes.map((n) => `${n.id}:${(n as { updatedAt?: string }).updatedAt ?? ''}`).join(',');
  return {
    text: knowledgeSection(ranked).text,
    linkingQuestion: questionForLinking(question, ranked),
    annotate(catalog) {
      if (!notes.length) return catalog;
      const hit = annotated.get(catalog);
      if (hit && hit.key === key) return hit.catalog;
      const out = annotateCatalog(catalog, notes);
      annotated.set(catalog, { key, catalog: out });
      return out;
    },
  };
}
