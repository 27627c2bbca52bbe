/**
 * Weight search for schema linking on the TUNING part of the Spider split only (`spiderPart`):
 * coordinate search over the ranking weights, one weight at a time over a few multiples of its
 * current value, keeping a change when the objective (mean of per-database top-3 and merged
 * top-3/5/10 recall; with `ASKDB_TUNE_SYN=1` averaged with the same on Spider-Syn's tuning part)
 * improves. The held-out part is never scored here. Not a benchmark
 * (the runner only picks `*.bench.ts`): run it by bundling it like a bench and calling `tune()`.
 */
import { DEFAULT_LINK_WEIGHTS, type LinkWeights } from '@askdb/ai';
import { ourRanking, recall, setup, type Case } from './ai-schema-link.bench.js';

const FACTORS = [0, 0.5, 1.5, 2];

function objective(per: Case[], merged: Case[], w: Partial<LinkWeights>, syn?: { per: Case[]; merged: Case[] }): number {
  const a = recall(per, (c) => ourRanking(c, w), [3]);
  const b = recall(merged, (c) => ourRanking(c, w), [3, 5, 10]);
  const spider = (a[3]! + b[3]! + b[5]! + b[10]!) / 4;
  return syn ? (spider + objective(syn.per, syn.merged, w)) / 2 : spider;
}

/** `ASKDB_TUNE_START`: JSON weights to start from (default: the current defaults); `ASKDB_TUNE_KEYS`: comma-separated weights to search. */
export async function tune(rounds = 1): Promise<string[]> {
  const s = await setup();
  const per = s.perDb.filter((c) => c.part === 'tune');
  const merged = s.merged.filter((c) => c.part === 'tune');
  // `ASKDB_TUNE_SYN=1`: the objective is the mean of Spider's and Spider-Syn's (tuning parts both).
  const syn = process.env.ASKDB_TUNE_SYN ? { per: s.perDbSyn.filter((c) => c.part === 'tune'), merged: s.mergedSyn.filter((c) => c.part === 'tune') } : undefined;
  const w: LinkWeights = { ...DEFAULT_LINK_WEIGHTS, ...(JSON.parse(process.env.ASKDB_TUNE_START ?? '{}') as Partial<LinkWeights>) };
  let best = objective(per, merged, w, syn);
  const log = [`start ${best.toFixed(4)} ${JSON.stringify(w)}`];
  const keys = (process.env.ASKDB_TUNE_KEYS?.split(',') ?? Object.keys(w).filter((k) => k !== 'semantic' && k !== 'value')) as (keyof LinkWeights)[];
  for (let r = 0; r < rounds; r++) {
    for (const k of keys) {
      const base = w[k];
      for (const f of FACTORS) {
        const v = k === 'bridgeTop' ? Math.round(base * f) : Math.round(base * f * 1000) / 1000;
        if (v === base) continue;
        const score = objective(per, merged, { ...w, [k]: v }, syn);
        if (score > best + 1e-9) {
          best = score;
          w[k] = v;
          log.push(`${k}=${v} → ${best.toFixed(4)}`);
        }
      }
    }
  }
  log.push(`end ${best.toFixed(4)} ${JSON.stringify(w)}`);
  return log;
}
