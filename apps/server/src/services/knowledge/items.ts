/**
 * Knowledge items of the caller's organisation (issue 17 point 4): list, create, update, delete,
 * and the checks every write shares (spec 02 §5: complete before save). An item bound to a data
 * source names one the caller can use in the organisation; items bound to a source the caller cannot
 * see are not listed to them (a member's private source stays private, name included).
 */
import { ERROR_CODES, KNOWLEDGE_KINDS, KNOWLEDGE_LIMITS, type KnowledgeItem, type KnowledgeKind, type Language } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { KnowledgeRepo, type KnowledgeFields, type KnowledgeFilter, type KnowledgeRow } from '../../store/knowledge.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import { kMsg } from './messages.js';

export interface KnowledgeActor {
  userId: number;
  organizationId: number;
  lang: Language;
}

/** Raw fields as a form or an import row gives them. */
export interface KnowledgeDraft {
  kind: string;
  name: string;
  content: string;
  dataSourceId?: number | null;
  tableName?: string | null;
}

export interface FieldProblem {
  column: 'kind' | 'name' | 'content' | 'dataSource' | 'table';
  message: string;
}

/** The sources an actor can use in the organisation, by id and by alias. */
export class VisibleSources {
  readonly byId: Map<number, DataSourceRecord>;
  constructor(records: DataSourceRecord[]) {
    this.byId = new Map(records.map((r) => [r.id, r]));
  }
  ids(): number[] {
    return [...this.byId.keys()];
  }
  name(id: number | null): string | null {
    return id == null ? null : (this.byId.get(id)?.input.alias ?? null);
  }
  /** A cell of an import file: the alias (case-insensitive) or the numeric id. */
  resolve(text: string): number | undefined {
    const t = text.trim();
    if (/^\d+$/.test(t) && this.byId.has(Number(t))) return Number(t);
    const lower = t.toLowerCase();
    for (const r of this.byId.values()) if (r.input.alias.toLowerCase() === lower) return r.id;
    return undefined;
  }
}

/** Checks and normalises one draft; answers the fields or the problems, each naming its column. */
export function checkDraft(d: KnowledgeDraft, sources: VisibleSources, lang: Language): { fields?: KnowledgeFields; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const kind = d.kind.trim().toUpperCase();
  if (!(KNOWLEDGE_KINDS as readonly string[]).includes(kind)) problems.push({ column: 'kind', message: kMsg(lang, 'KIND_INVALID', { value: d.kind, kinds: KNOWLEDGE_KINDS.join(', ') }) });
  const name = d.name.trim();
  const content = d.content.trim();
  const tableName = d.tableName?.trim() || null;
  if (!name) problems.push({ column: 'name', message: kMsg(lang, 'NAME_REQUIRED') });
  else if (name.length > KNOWLEDGE_LIMITS.name) problems.push({ column: 'name', message: kMsg(lang, 'TOO_LONG', { field: kMsg(lang, 'COL_NAME'), max: KNOWLEDGE_LIMITS.name }) });
  if (!content) problems.push({ column: 'content', message: kMsg(lang, 'CONTENT_REQUIRED') });
  else if (content.length > KNOWLEDGE_LIMITS.content) problems.push({ column: 'content', message: kMsg(lang, 'TOO_LONG', { field: kMsg(lang, 'COL_CONTENT'), max: KNOWLEDGE_LIMITS.content }) });
  if (kind === 'TABLE_ANNOTATION' && !tableName) problems.push({ column: 'table', message: kMsg(lang, 'TABLE_REQUIRED') });
  if (tableName && tableName.length > KNOWLEDGE_LIMITS.tableName) problems.push({ column: 'table', message: kMsg(lang, 'TOO_LONG', { field: kMsg(lang, 'COL_TABLE'), max: KNOWLEDGE_LIMITS.tableName }) });
  const dataSourceId = d.dataSourceId ?? null;
  if (dataSourceId != null && !sources.byId.has(dataSourceId)) problems.push({ column: 'dataSource', message: kMsg(lang, 'DATA_SOURCE_UNKNOWN', { value: String(dataSourceId) }) });
  if (problems.length) return { problems };
  return { fields: { kind: kind as KnowledgeKind, name, content, dataSourceId, tableName }, problems };
}

export class KnowledgeService {
  readonly repo: KnowledgeRepo;
  constructor(private readonly deps: Pick<AppDeps, 'store' | 'dataSources'>) {
    this.repo = new KnowledgeRepo(deps.store.db);
  }

  async sources(a: KnowledgeActor): Promise<VisibleSources> {
    return new VisibleSources(await this.deps.dataSources.listVisible(a.organizationId, a.userId));
  }

  view(r: KnowledgeRow, sources: VisibleSources): KnowledgeItem {
    return { ...r, dataSourceName: sources.name(r.dataSourceId) };
  }

  async list(a: KnowledgeActor, q: { kind?: KnowledgeKind; dataSourceId?: number; searchKey?: string; pageNo: number; pageSize: number }) {
    const sources = await this.sources(a);
    const { rows, total } = await this.repo.page(a.organizationId, { ...q, visibleSources: sources.ids() }, q.pageNo, q.pageSize);
    return { data: rows.map((r) => this.view(r, sources)), pageNo: q.pageNo, pageSize: q.pageSize, total, hasNextPage: q.pageNo * q.pageSize < total };
  }

  /** Items for export or retrieval: what the actor can see, optionally narrowed. */
  async items(a: KnowledgeActor, f: Omit<KnowledgeFilter, 'visibleSources'>): Promise<{ rows: KnowledgeRow[]; sources: VisibleSources }> {
    const sources = await this.sources(a);
    return { rows: await this.repo.all(a.organizationId, { ...f, visibleSources: sources.ids() }), sources };
  }

  private fieldsOrThrow(d: KnowledgeDraft, sources: VisibleSources, lang: Language): KnowledgeFields {
    const { fields, problems } = checkDraft(d, sources, lang);
    if (!fields) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, problems.map((p) => p.message).join('; '));
    return fields;
  }

  async create(a: KnowledgeActor, d: KnowledgeDraft): Promise<number> {
    const fields = this.fieldsOrThrow(d, await this.sources(a), a.lang);
    return (await this.repo.createMany(a.organizationId, a.userId, [fields]))[0]!;
  }

  async update(a: KnowledgeActor, id: number, d: KnowledgeDraft): Promise<void> {
    const sources = await this.sources(a);
    const old = await this.repo.get(a.organizationId, id);
    if (!old || (old.dataSourceId != null && !sources.byId.has(old.dataSourceId))) throw new AppError(404, ERROR_CODES.NOT_FOUND, kMsg(a.lang, 'ITEM_NOT_FOUND', { id }));
    const fields = this.fieldsOrThrow(d, sources, a.lang);
    if (!(await this.repo.update(a.organizationId, a.userId, id, fields))) throw new AppError(404, ERROR_CODES.NOT_FOUND, kMsg(a.lang, 'ITEM_NOT_FOUND', { id }));
  }

  /** Deletes the actor's organisation's items among `ids` (others' ids are ignored); answers how many went. */
  async delete(a: KnowledgeActor, ids: number[]): Promise<number> {
    const { rows } = await this.items(a, { ids });
    return this.repo.delete(a.organizationId, rows.map((r) => r.id));
  }
}
