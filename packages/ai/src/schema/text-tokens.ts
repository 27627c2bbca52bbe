/**
 * Words of questions and identifiers for lexical schema linking: identifiers split on
 * snake_case, camelCase, digits and punctuation; lower case; light English stemming (plurals,
 * -ing, -ed); Chinese/Japanese text as character bigrams so CJK comments and questions can
 * match each other. No synonyms: what matches is what is written.
 */

const STOPWORDS = new Set(
  (
    'a an the of in on at to for from by with about as into onto over under than then and or not no nor but if ' +
    'is are was were be been being am do does did done have has had having will would shall should can could may might must ' +
    'what which who whom whose where when why how many much all any each every some most more less least few ' +
    'i me my we us our you your he him his she her it its they them their this that these those there here ' +
    'show list give find return display get tell select sorted ordered name names number count ' +
    'also only just other others same different both either neither such own very so too ' +
    'please want need let s t per one two three descending ascending asc desc different distinct ' +
    'value values record records info information data table tables ' +
    'equal equals greater larger bigger smaller lower higher above below'
  ).split(/\s+/),
);

/** Words too weak to count in a question (they still count inside identifiers). */
export function isStopword(w: string): boolean {
  return STOPWORDS.has(w);
}

/** Split an identifier or text into raw lower-case words (no stemming). */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  // camelCase and ABBRCase boundaries, then anything not a letter/digit separates.
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2');
  for (const part of spaced.split(/[^\p{L}\p{N}]+/u)) {
    if (!part) continue;
    if (/[\u3040-\u30ff\u3400-\u9fff]/.test(part)) out.push(...cjkBigrams(part));
    else out.push(part.toLowerCase());
  }
  return out;
}

function cjkBigrams(s: string): string[] {
  const out: string[] = [];
  // Latin runs inside CJK text stay words; CJK runs become overlapping bigrams.
  for (const run of s.match(/[\u3040-\u30ff\u3400-\u9fff]+|[^\u3040-\u30ff\u3400-\u9fff]+/g) ?? []) {
    if (!/[\u3040-\u30ff\u3400-\u9fff]/.test(run)) {
      out.push(run.toLowerCase());
      continue;
    }
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  return out;
}

/** Light stemmer: plural and verb endings only, so "countries"→"country", "managed"→"manag". */
export function stem(w: string): string {
  if (w.length <= 3 || /[^a-z]/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y';
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (/(x|ch|sh|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is|ous)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) return undouble(w.slice(0, -3));
  if (w.endsWith('ed') && w.length > 4) return undouble(w.slice(0, -2));
  return w;
}

/** Irregular English forms (`won` → `win`, `spoken` → `speak`, `children` → `child`) the suffix rules cannot reach. */
const IRREGULAR_FORMS: Record<string, string> = {
  won: 'win', winning: 'win', winner: 'win', lost: 'lose', losing: 'lose', loser: 'lose', spoke: 'speak', spoken: 'speak',
  speaking: 'speak', sold: 'sell', bought: 'buy', paid: 'pay', made: 'make', built: 'build', wrote: 'write',
  written: 'write', taught: 'teach', held: 'hold', led: 'lead', ran: 'run', took: 'take', taken: 'take', gave: 'give',
  given: 'give', born: 'birth', birthday: 'birth', died: 'death', dead: 'death', death: 'death', children: 'child',
  people: 'person', men: 'man', women: 'woman', feet: 'foot', teeth: 'tooth', mice: 'mouse', geese: 'goose',
  data: 'datum', media: 'medium', criteria: 'criterion', analyses: 'analysis', indices: 'index', matrices: 'matrix',
  oldest: 'old', older: 'old', youngest: 'young', younger: 'young', largest: 'large', biggest: 'big',
  highest: 'high', lowest: 'low', longest: 'long', shortest: 'short', heaviest: 'heavy', richest: 'rich',
};

const IRREGULAR = new Map(Object.entries(IRREGULAR_FORMS).map(([k, v]) => [k, stem(v)]));

/** The base form of a raw lower-case word: irregular forms first, then the suffix stemmer. */
export function lemma(word: string): string {
  return IRREGULAR.get(word) ?? stem(word);
}

function undouble(w: string): string {
  return /([bdfgmnprt])\1$/.test(w) ? w.slice(0, -1) : w;
}

/** Stemmed words of an identifier or a comment (stopwords kept: `in` in `singer_in_concert` is harmless). */
export function identifierTerms(text: string): string[] {
  return splitWords(text).map(lemma);
}

/** A question term and the word(s) it was written as (`singers` → `singer`; a joined pair as `home_town`). */
export interface QuestionTerm {
  term: string;
  word: string;
}

/**
 * Stemmed query terms of a question with their written words: stopwords and bare numbers
 * dropped; adjacent word pairs are also offered joined ("home town" → "hometown") to meet
 * identifiers written as one word.
 */
export function questionTermForms(text: string): QuestionTerm[] {
  const words = splitWords(withoutNoteWording(withoutSortWording(text)));
  const out: QuestionTerm[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!/^\d+$/.test(w) && !isStopword(w) && w.length > 1) out.push({ term: lemma(w), word: w });
    const next = words[i + 1];
    if (next && /^[a-z]+$/.test(w + next) && !isStopword(w) && !isStopword(next)) out.push({ term: stem(w + next), word: `${w}_${next}` });
  }
  return out;
}

/**
 * "In descending order", "in alphabetical order", "order by", "sorted by": how to sort the
 * answer, not the schema's `orders` (the sort key named after them still counts).
 */
const SORT_WORDING = /\b(?:(?:in|into)\s+(?:the\s+)?)?(?:(?:ascending|descending|increasing|decreasing|alphabetical|alphabetic|reverse|chronological|numerical|lexicographic(?:al)?)\s+order|order(?:ed)?\s+(?:by|of)|in\s+(?:the\s+)?order\s+of|sort(?:ed)?\s+(?:by|in))\b/gi;

export function withoutSortWording(text: string): string {
  return text.replace(SORT_WORDING, ' ');
}

/**
 * The wording of evidence notes that come with questions ("gold card refers to type = 'gold'",
 * "rate = DIVIDE(SUM(x), COUNT(y))"): the connective and SQL written in capitals say how, not
 * what (`refers` would otherwise meet every `…Ref` column). The names in the note still count.
 */
const NOTE_WORDING = /\b(?:refers?|referring|referred)\s+to\b|\bstands?\s+for\b/gi;
const NOTE_SQL = /\b(?:DIVIDE|SUBTRACT|MULTIPLY|ADD|SUM|AVG|COUNT|MAX|MIN|CAST|IIF|SUBSTR|STRFTIME|ROUND|ABS|LENGTH|REAL|INTEGER|DISTINCT|CASE|WHEN|THEN|ELSE|END|AND|OR|NOT|NULL|IS|LIKE|IN|BETWEEN|AS|WHERE|SELECT|FROM)\b/g;

export function withoutNoteWording(text: string): string {
  return text.replace(NOTE_WORDING, ' ').replace(NOTE_SQL, ' ');
}

/** Stemmed query terms of a question (questionTermForms without the written words). */
export function questionTerms(text: string): string[] {
  return questionTermForms(text).map((t) => t.term);
}

/** Token estimate for budgets: ~4 characters per token for Latin text, one per CJK character. */
export function estimateTokens(text: string): number {
  const cjk = (text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g) ?? []).length;
  return Math.ceil((text.length - cjk) / 4) + cjk;
}
