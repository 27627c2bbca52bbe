/**
 * A cheap model pass for schemas too large for the prompt: the lexical ranking's best
 * `candidates` tables go to the model as a compact list (one line per table: its name and its
 * most relevant columns), and the model answers with the names of the tables the question
 * needs. Those come first, in the model's order; the rest keep the lexical order. Names the
 * list does not hold are ignored (the model cannot add a table), and when the call fails the
 * lexical ranking stands unchanged, with the error returned for the caller to log or show.
 */
import { collectReply, type ChatMessage, type LlmProvider } from '../provider.js';
import type { Catalog } from './catalog.js';
import type { LinkedTable } from './schema-link.js';

export interface ModelPickOptions {
  /** How many of the lexically best tables the model sees (default 60). */
  candidates?: number;
  /** Columns shown per table (default 12, most relevant first). */
  columnsPerTable?: number;
  /** At most this many tables picked (default 10). */
  maxPick?: number;
  model?: string;
  signal?: AbortSignal;
}

export interface ModelPick {
  linked: LinkedTable[];
  /** The tables the model picked, in its order (empty when it picked none or failed). */
  picked: string[];
  error?: unknown;
}

/** `orders: id, customer_id, total, …` — one line per table, its most relevant columns first. */
export function compactList(linked: LinkedTable[], count: number, columnsPerTable: number): string {
  return linked
    .slice(0, count)
    .map((t) => `${t.tableName}: ${t.columns.slice(0, columnsPerTable).join(', ')}${t.columns.length > columnsPerTable ? ', …' : ''}`)
    .join('\n');
}

export function pickMessages(question: string, list: string, maxPick: number): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You choose the database tables needed to answer a question with SQL. Answer only with a JSON array of table names ' +
        `copied exactly from the list, most important first, at most ${maxPick}; include tables needed only for joins.`,
    },
    { role: 'user', content: `Tables:\n${list}\n\nQuestion: ${question}` },
  ];
}

/** Table names of the list that the reply names: its JSON array when it has one, else names in order of mention. */
export function parsePicked(reply: string, names: string[], maxPick: number): string[] {
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  let said: string[] = [];
  const array = reply.match(/\[[\s\S]*?\]/);
  if (array) {
    try {
      const parsed: unknown = JSON.parse(array[0]);
      if (Array.isArray(parsed)) said = parsed.filter((x): x is string => typeof x === 'string');
    } catch {
      /* not JSON: fall back to mentions */
    }
  }
  if (said.length === 0) {
    const lower = reply.toLowerCase();
    said = names
      .map((n) => ({ n, at: lower.search(new RegExp(`(^|[^\\p{L}\\p{N}_])${escape(n.toLowerCase())}($|[^\\p{L}\\p{N}_])`, 'u')) }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => a.at - b.at)
      .map((x) => x.n);
  }
  const out: string[] = [];
  for (const s of said) {
    const name = byLower.get(s.trim().replace(/^["`[]|["`\]]$/g, '').toLowerCase());
    if (name && !out.includes(name)) out.push(name);
  }
  return out.slice(0, maxPick);
}

/** A quick estimate of the whole schema's prompt size (~4 characters a token), without rendering it. */
export function schemaTokenEstimate(catalog: Catalog): number {
  let chars = 0;
  for (const t of catalog.tables) {
    chars += t.name.length + 20 + (t.comment?.length ?? 0) + (t.annotation?.length ?? 0);
    for (const c of t.columns) chars += c.name.length + (c.type?.length ?? 4) + 6 + (c.comment?.length ?? 0);
  }
  return Math.ceil(chars / 4);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function pickTablesWithModel(
  provider: LlmProvider, linked: LinkedTable[], question: string, options: ModelPickOptions = {},
): Promise<ModelPick> {
  const count = options.candidates ?? 60;
  const maxPick = options.maxPick ?? 10;
  const list = compactList(linked, count, options.columnsPerTable ?? 12);
  try {
    const reply = await collectReply(provider.stream({ model: options.model, messages: pickMessages(question, list, maxPick), temperature: 0 }, options.signal));
    const picked = parsePicked(reply.content, linked.slice(0, count).map((t) => t.tableName), maxPick);
    const chosen = new Set(picked);
    const first = picked.map((n) => ({ ...linked.find((t) => t.tableName === n)!, matched: true }));
    return { linked: [...linked.filter((t) => t.mentioned), ...first.filter((t) => !t.mentioned), ...linked.filter((t) => !t.mentioned && !chosen.has(t.tableName))], picked };
  } catch (error) {
    return { linked, picked: [], error };
  }
}
