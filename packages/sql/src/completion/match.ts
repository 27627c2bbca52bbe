/**
 * Prefix and fuzzy matching of completion candidates: `ord` matches order_items by prefix, `items`
 * by word start, `ordit` fuzzily (each typed character in order, starting at a word start).
 * Higher scores are better; -1 means no match.
 */

/** Score of `candidate` (lower case) for the typed `prefix` (lower case). */
export function matchScore(candidate: string, prefix: string): number {
  const n = prefix.length;
  if (n === 0) return 0;
  const m = candidate.length;
  if (m < n) return -1;
  const c0 = prefix.charCodeAt(0);
  if (candidate.charCodeAt(0) === c0 && candidate.startsWith(prefix)) return 3000 - Math.min(m - n, 999);
  const w = wordStartScore(candidate, prefix);
  if (w >= 0) return w;
  return candidate.charCodeAt(0) === c0 ? fuzzy(candidate, prefix) : -1;
}

/** The prefix starts a later word of the candidate (`items` in order_items): 2000-2999, else -1. */
export function wordStartScore(candidate: string, prefix: string): number {
  for (let i = candidate.indexOf(prefix, 1); i > 0; i = candidate.indexOf(prefix, i + 1)) {
    if (isWordStart(candidate, i)) return 2000 - Math.min(candidate.length - prefix.length, 999);
  }
  return -1;
}

export function fuzzyScore(candidate: string, prefix: string): number {
  return prefix.length <= candidate.length && candidate.charCodeAt(0) === prefix.charCodeAt(0) ? fuzzy(candidate, prefix) : -1;
}

function isWordStart(s: string, i: number): boolean {
  const p = s.charCodeAt(i - 1);
  return p === 95 /* _ */ || p === 46 /* . */ || p === 36 /* $ */ || p === 45 /* - */ || p === 32;
}

/**
 * Subsequence match anchored at the candidate's first character: characters that start a word or
 * continue a run earn most, gaps inside a word least (`ordit` → order_items, `usr` → users).
 */
function fuzzy(candidate: string, prefix: string): number {
  const m = candidate.length;
  const n = prefix.length;
  if (candidate.charCodeAt(0) !== prefix.charCodeAt(0)) return -1;
  let score = 0;
  let j = 0;
  let prevMatched = -2;
  for (let i = 0; i < m && j < n; i++) {
    if (candidate.charCodeAt(i) !== prefix.charCodeAt(j)) continue;
    const wordStart = i === 0 || isWordStart(candidate, i);
    score += wordStart ? 10 : prevMatched === i - 1 ? 5 : 1;
    prevMatched = i;
    j++;
  }
  if (j < n) return -1;
  return 1000 + Math.min(score, 500) - Math.min(m - n, 400);
}

/** Upper/lower case for keywords (spec 01 §9 keywordCase; 'off' keeps the dictionary's case). */
export function applyCase(word: string, keywordCase: 'off' | 'upper' | 'lower' | undefined): string {
  if (keywordCase === 'upper') return word.toUpperCase();
  if (keywordCase === 'lower') return word.toLowerCase();
  return word;
}
