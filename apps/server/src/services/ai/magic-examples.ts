/**
 * Example questions for a schema (spec 02 §7 "Magic prompts: example"), built deterministically from
 * the catalog: the tables with the most foreign keys first, then by name; for each, "… per
 * {referenced table}", "Top 10 … by {numeric column}" and "How many … are there?" (one per table
 * first, then the rest), at most five.
 */
import type { Catalog, CatalogTable } from '@askdb/ai';
import type { Language } from '@askdb/contracts';

type Kind = 'per' | 'top' | 'count';
const TEMPLATES: Record<Language, Record<Kind, string>> = {
  'en-US': { per: '{t} per {r}', top: 'Top 10 {t} by {c}', count: 'How many {t} are there?' },
  'zh-CN': { per: '每个 {r} 的 {t} 数量', top: '按 {c} 排名前 10 的 {t}', count: '{t} 一共有多少条？' },
  'ja-JP': { per: '{r} ごとの {t} の件数', top: '{c} の上位 10 件の {t}', count: '{t} は何件ありますか？' },
};

const NUMERIC = /int|num|dec|real|float|double|money/i;
const shortName = (name: string) => name.split('.').at(-1)!;
const isKey = (c: { name: string; primaryKey?: boolean }) => c.primaryKey || /(^|_)id$/i.test(c.name);

export function exampleQuestions(catalog: Catalog, lang: Language, max = 5): string[] {
  const tpl = TEMPLATES[lang] ?? TEMPLATES['en-US'];
  const fill = (kind: Kind, v: Record<string, string>) => tpl[kind].replace(/\{(\w)\}/g, (_, k: string) => v[k] ?? '');
  const ranked = [...catalog.tables]
    .filter((t) => t.kind !== 'VIEW')
    .sort((a, b) => (b.foreignKeys?.length ?? 0) - (a.foreignKeys?.length ?? 0) || a.name.localeCompare(b.name));
  const out: string[] = [];
  const push = (q: string) => {
    if (out.length < max && !out.includes(q)) out.push(q);
  };
  // One question per table first (the most connected tables), then the others in the same order.
  const perTable = ranked.map((table) => questionsOf(table, fill));
  for (let round = 0; out.length < max && perTable.some((qs) => qs.length > round); round++) for (const qs of perTable) if (qs[round]) push(qs[round]);
  return out;
}

function questionsOf(table: CatalogTable, fill: (kind: Kind, v: Record<string, string>) => string): string[] {
  const t = shortName(table.name);
  const qs: string[] = [];
  const fk = table.foreignKeys?.find((f) => shortName(f.referencedTable) !== t);
  if (fk) qs.push(fill('per', { t, r: shortName(fk.referencedTable) }));
  const numeric = table.columns.find((c) => !isKey(c) && NUMERIC.test(c.type ?? ''));
  if (numeric) qs.push(fill('top', { t, c: numeric.name }));
  qs.push(fill('count', { t }));
  return qs;
}
