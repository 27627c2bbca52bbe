/**
 * Embeddings for schema linking, when the configured provider has an OpenAI-compatible
 * embeddings endpoint (`POST …/v1/embeddings`, `{model, input: [...]}` → `{data: [{index,
 * embedding}]}`): one short text per table (name, columns, comments), embedded once per schema
 * and cached, then one call per question. The cosine of the question with each table feeds
 * `rankTables({ semantic })`.
 *
 * The cache key is the endpoint, the model and the texts themselves, so a changed schema or
 * model is embedded again; at most `maxSchemas` schemas are kept (least recently used goes).
 */
import { createHash } from 'node:crypto';
import { AiError, errorForNetwork, errorForStatus } from '../errors.js';
import { readText } from '../http.js';
import { parseBaseUrl } from '../providers/base-url.js';
import type { Catalog, CatalogTable } from './catalog.js';

export interface EmbeddingsConfig {
  /** Base URL as configured for chat (`https://host/v1`, with or without `/v1`, or the full `/embeddings` URL). */
  apiHost: string;
  apiKey?: string;
  model: string;
  /** Whole-request timeout (default 30 s). */
  timeoutMs?: number;
  /** Texts per request (default 64). */
  batchSize?: number;
}

const MAX_TABLE_TEXT = 1000;
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export function embeddingsUrl(host: string): URL {
  const url = parseBaseUrl(host);
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith('/embeddings')) return url;
  url.pathname = (path === '' ? '/v1' : path.replace(/\/chat\/completions$/, '')) + '/embeddings';
  return url;
}

/** The text a table is embedded as: `orders (sales orders): id, customer_id, total (net amount)`. */
export function tableText(t: CatalogTable): string {
  const note = [t.comment, t.annotation].filter(Boolean).join('; ');
  const cols = t.columns.map((c) => (c.comment ? `${c.name} (${c.comment})` : c.name)).join(', ');
  const text = `${t.name}${note ? ` (${note})` : ''}: ${cols}`.replace(/\s+/g, ' ');
  return text.length > MAX_TABLE_TEXT ? text.slice(0, MAX_TABLE_TEXT) : text;
}

/** Embed texts in batches; vectors come back in input order. */
export async function embed(config: EmbeddingsConfig, texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const url = embeddingsUrl(config.apiHost);
  const size = Math.max(1, config.batchSize ?? 64);
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += size) out.push(...(await embedBatch(config, url, texts.slice(i, i + size), signal)));
  return out;
}

async function embedBatch(config: EmbeddingsConfig, url: URL, input: string[], signal?: AbortSignal): Promise<number[][]> {
  const timeout = AbortSignal.timeout(config.timeoutMs ?? 30_000);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ model: config.model, input }), signal: combined });
  } catch (e) {
    throw errorForNetwork(e, url);
  }
  const body = await readText(response, MAX_RESPONSE_BYTES);
  if (!response.ok) throw errorForStatus(response.status, body, [config.apiKey]);
  let data: { index?: number; embedding?: unknown }[] | undefined;
  try {
    data = (JSON.parse(body) as { data?: typeof data }).data;
  } catch {
    /* not JSON: reported below */
  }
  const vectors: number[][] = new Array(input.length);
  for (const [k, d] of (Array.isArray(data) ? data : []).entries()) {
    const at = typeof d.index === 'number' ? d.index : k;
    if (Array.isArray(d.embedding) && d.embedding.every((x) => typeof x === 'number') && at >= 0 && at < input.length) vectors[at] = d.embedding as number[];
  }
  const dims = vectors[0]?.length;
  if (!dims || vectors.length !== input.length || [...vectors].some((v) => !v || v.length !== dims)) {
    throw new AiError('AI_SERVICE_ERROR', 'emptyBody', { detail: body.slice(0, 200) });
  }
  return vectors;
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * (b[i] ?? 0);
    na += a[i]! * a[i]!;
    nb += (b[i] ?? 0) * (b[i] ?? 0);
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Table vectors cached per schema; question vectors are not cached. */
export class SchemaEmbeddings {
  private readonly cache = new Map<string, Promise<number[][]>>();

  constructor(private readonly maxSchemas = 16) {}

  /** Cosine of the question with every table of the catalog, in catalog order. */
  async similarities(config: EmbeddingsConfig, catalog: Catalog, question: string, signal?: AbortSignal): Promise<number[]> {
    const [tables, [q]] = await Promise.all([this.tableVectors(config, catalog, signal), embed(config, [question], signal)]);
    return tables.map((v) => cosine(q!, v));
  }

  tableVectors(config: EmbeddingsConfig, catalog: Catalog, signal?: AbortSignal): Promise<number[][]> {
    const texts = catalog.tables.map(tableText);
    const key = createHash('sha256').update(`${embeddingsUrl(config.apiHost).href}\u0000${config.model}\u0000${texts.join('\u0001')}`).digest('hex');
    let hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    hit = embed(config, texts, signal);
    // A failed call is not remembered: the next question tries again.
    hit.catch(() => this.cache.delete(key));
    this.cache.set(key, hit);
    while (this.cache.size > this.maxSchemas) this.cache.delete(this.cache.keys().next().value!);
    return hit;
  }
}
