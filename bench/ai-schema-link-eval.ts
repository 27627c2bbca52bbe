/**
 * Quick figures for schema-linking work (not a benchmark: the runner only picks `*.bench.ts`):
 * Spider and Spider-Syn, per database and merged, tuning and held-out parts, in one table.
 * Bundle it like a bench and call `evaluate()`. `ASKDB_LINK_MISSES=n` also lists n misses
 * (top 3, per database) of the Spider-Syn TUNING part — never the held-out part.
 */
import type { LinkWeights } from '@askdb/ai';
import { allIn, ourRanking, recall, setup, type Case } from './ai-schema-link.bench.js';

const pct = (x: number) => (x * 100).toFixed(1).padStart(5);

export async function evaluate(weights?: Partial<LinkWeights>): Promise<string[]> {
  const s = await setup();
  const out: string[] = ['set                 part     top3  top5 | merged top3  top5 top10'];
  const sets: [string, Case[], Case[]][] = [['Spider', s.perDb, s.merged], ['Spider-Syn', s.perDbSyn, s.mergedSyn]];
  for (const [label, per, merged] of sets) {
    for (const part of ['tune', 'heldout'] as const) {
      const a = recall(per.filter((c) => c.part === part), (c) => ourRanking(c, weights), [3, 5]);
      const b = recall(merged.filter((c) => c.part === part), (c) => ourRanking(c, weights), [3, 5, 10]);
      out.push(`${label.padEnd(20)}${part.padEnd(8)} ${pct(a[3]!)} ${pct(a[5]!)} |      ${pct(b[3]!)} ${pct(b[5]!)} ${pct(b[10]!)}`);
    }
  }
  if (process.env.ASKDB_LINK_PER_DB) {
    const byDb = new Map<string, [number, number, number]>();
    s.perDbSyn.forEach((c, i) => {
      const db = `${c.part} ${c.catalog.tables.length}t ${s.dbOf[i]}`;
      const e = byDb.get(db) ?? [0, 0, 0];
      e[0]++;
      if (allIn(c.gold, ourRanking(c, weights), 3)) e[1]++;
      if (allIn(s.perDb[i]!.gold, ourRanking(s.perDb[i]!, weights), 3)) e[2]++;
      byDb.set(db, e);
    });
    for (const [db, [n, syn, orig]] of [...byDb].sort()) out.push(`${db.padEnd(50)} ${n} syn ${pct(syn / n)} spider ${pct(orig / n)}`);
  }
  const misses = Number(process.env.ASKDB_LINK_MISSES ?? 0);
  if (misses > 0) {
    const pool = process.env.ASKDB_LINK_MISSES_MERGED ? s.mergedSyn : s.perDbSyn;
    const k = process.env.ASKDB_LINK_MISSES_MERGED ? 10 : 3;
    let shown = 0;
    for (const c of pool.filter((c) => c.part === 'tune')) {
      const r = ourRanking(c, weights);
      if (allIn(c.gold, r, k)) continue;
      const ranks = c.gold.map((g) => r.findIndex((x) => x.toLowerCase() === g.toLowerCase()) + 1);
      out.push(`MISS ${c.question} | gold ${c.gold.join(',')} at ${ranks.join(',')} | got ${r.slice(0, 4).join(',')}`);
      if (++shown >= misses) break;
    }
  }
  return out;
}
