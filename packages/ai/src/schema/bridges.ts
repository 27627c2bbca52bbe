/**
 * Bridge tables: a join between two tables the question is about often runs through a table
 * that shares no word with the question (`singer_in_concert` between `singer` and `concert`,
 * `order_items` between `orders` and `products`). A table with foreign keys to (or from) two
 * of the best-ranked tables is lifted to just below the weaker of the two.
 */

/**
 * @param scores score of each table (higher is better)
 * @param neighbours FK neighbours of each table (undirected)
 * @param top how many of the best tables count as "what the question is about"
 * @param share the lifted score as a share of the weaker endpoint's score
 */
export function liftBridges(scores: number[], neighbours: number[][], top = 4, share = 0.95): number[] {
  const best = scores
    .map((s, i) => ({ s, i }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, top)
    .map((x) => x.i);
  const inBest = new Set(best);
  const out = [...scores];
  for (let b = 0; b < scores.length; b++) {
    if (inBest.has(b)) continue;
    const ends = [...new Set(neighbours[b] ?? [])].filter((j) => inBest.has(j));
    if (ends.length < 2) continue;
    const weaker = ends.map((j) => scores[j]!).sort((x, y) => y - x)[1]!;
    out[b] = Math.max(out[b]!, weaker * share);
  }
  return out;
}
