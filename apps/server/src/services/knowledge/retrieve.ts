/**
 * Knowledge retrieval (issue 17 point 4): which of an organisation's knowledge items a question
 * needs, ranked with the schema linker's own lexical machinery (packages/ai: the same term
 * lemmatisation, prefix and synonym expansion, and BM25F, with an item's name as the "name" field
 * and its content as the "text" field), then fitted into a token budget for the prompt.
 *
 * Two uses feed schema linking:
 * - a TERMINOLOGY item whose term the question uses ("vocalists" for the item "vocalist") adds its
 *   definition (and its table, if it names one) to the question the linker sees, so the question's
 *   private word reaches the schema's words;
 * - TABLE_ANNOTATION items become the annotations of their tables in the catalog (indexed like a
 *   comment, and shown in the prompt's DDL).
 * Pure: no store, no HTTP (the benchmark uses it as is).
 */
import { bm25fScores, buildSchemaIndex, estimateTokens, questionExpansions, questionTerms, type Catalog } from '@askdb/ai';
import type { KnowledgeKind } from '@askdb/contracts';

export interface KnowledgeDoc {
  id: number;
  kind: KnowledgeKind;
  name: string;
  content: string;
  tableName: string | null;
}

export interface RankedKnowledge<T extends KnowledgeDoc = KnowledgeDoc> {
  item: T;
  score: number;
  /** Every word of the item's name is in the question (the question uses the term). */
  termHit: boolean;
}

/** Tokens of the prompt the knowledge section may take. */
export const KNOWLEDGE_TOKEN_BUDGET = 800;
/** Items that can feed the linker at most (the question grows by their definitions). */
const MAX_LINK_TERMS = 8;

const KIND_LABEL: Record<KnowledgeKind, string> = {
  TERMINOLOGY: 'Term',
  BUSINESS_LOGIC: 'Business rule',
  CASE_OPTIMIZATION: 'Worked case',
  TABLE_ANNOTATION: 'Table note',
};

function relatives(a: string, b: string): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  return s.length >= 4 && l.startsWith(s) && s.length * 2 >= l.length;
}

/** Whether the question uses every word of the term (lemmatised; prefix relatives count, as in linking). */
export function usesTerm(questionWords: Set<string>, term: string): boolean {
  const words = [...new Set(questionTerms(term))];
  if (!words.length) return false;
  return words.every((w) => questionWords.has(w) || [...questionWords].some((q) => relatives(q, w)));
}

/** Items relevant to the question, best first: those whose term the question uses, then by BM25F score. Items with no evidence are left out. */
export function rankKnowledge<T extends KnowledgeDoc>(items: readonly T[], question: string): RankedKnowledge<T>[] {
  if (!items.length || !question.trim()) return [];
  const catalog: Catalog = { tables: items.map((it) => ({ name: it.name, annotation: [it.content, it.tableName ?? ''].join(' '), columns: [] })) };
  const index = buildSchemaIndex(catalog);
  const scores = bm25fScores(index, questionExpansions(index, question));
  const words = new Set(questionTerms(question));
  return items
    .map((item, i) => ({ item, score: Math.round(scores[i]! * 1000) / 1000, termHit: usesTerm(words, item.name) }))
    .filter((r) => r.termHit || r.score > 0)
    .sort((a, b) => Number(b.termHit) - Number(a.termHit) || b.score - a.score || a.item.id - b.item.id);
}

function entry(it: KnowledgeDoc): string {
  const table = it.tableName ? ` (table ${it.tableName})` : '';
  return `- ${KIND_LABEL[it.kind]}: ${it.name}${table}: ${it.content.replace(/\s+/g, ' ').trim()}`;
}

/** The prompt's knowledge section: the best items that fit the budget, in rank order ('' when none). */
export function knowledgeSection(ranked: readonly RankedKnowledge[], budget = KNOWLEDGE_TOKEN_BUDGET): { text: string; used: KnowledgeDoc[] } {
  const lines: string[] = [];
  const used: KnowledgeDoc[] = [];
  let left = budget;
  for (const r of ranked) {
    const line = entry(r.item);
    const cost = estimateTokens(line) + 1;
    if (cost > left) continue; // a smaller one further down may still fit
    lines.push(line);
    used.push(r.item);
    left -= cost;
  }
  return { text: lines.join('\n'), used };
}

/** The question as the schema linker should read it: with the definitions of the terms it uses. */
export function questionForLinking(question: string, ranked: readonly RankedKnowledge[]): string {
  const extra = ranked
    .filter((r) => r.termHit && (r.item.kind === 'TERMINOLOGY' || r.item.kind === 'BUSINESS_LOGIC'))
    .slice(0, MAX_LINK_TERMS)
    .map((r) => [r.item.content, r.item.tableName ?? ''].join(' ').trim());
  return extra.length ? `${question}\n${extra.join('\n')}` : question;
}

/** The catalog with each TABLE_ANNOTATION item added to its table's annotation (matched case-insensitively, also by the last dotted part). */
export function annotateCatalog(catalog: Catalog, items: readonly KnowledgeDoc[]): Catalog {
  const notes = items.filter((i) => i.kind === 'TABLE_ANNOTATION' && i.tableName);
  if (!notes.length) return catalog;
  const key = (n: string) => n.toLowerCase();
  const last = (n: string) => key(n).split('.').pop()!;
  return {
    ...catalog,
    tables: catalog.tables.map((t) => {
      const mine = notes.filter((n) => key(n.tableName!) === key(t.name) || last(n.tableName!) === last(t.name));
      if (!mine.length) return t;
      const text = mine.map((n) => `${n.name}: ${n.content}`).join(' ');
      return { ...t, annotation: t.annotation ? `${t.annotation} ${text}` : text };
    }),
  };
}
