/**
 * A second English lexicon beside WordNet: the OpenOffice MyThes English thesaurus as the
 * `thesaurus` npm package ships it (`lib/th_en_US_new.js`: `module.exports = { "word": [
 * "synonym", …], … }`, one entry per lower-case word, its synonyms and broader words, most
 * frequent sense first). It reaches words WordNet's short walk from a word's first senses does
 * not ("airways" → airline, "workers" → employee, "edition" → version, "division" →
 * department), so its words join WordNet's (wordnet.ts) at a lower weight, the first few only.
 *
 * The file (~16 MB) is kept as text with each entry's position; an entry is parsed when first
 * asked for. Nothing here knows any schema or benchmark.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { WordNet } from './wordnet.js';

export interface ThesaurusOptions {
  /** Weight of the first listed word; later ones fall linearly to half of it. */
  weight: number;
  /** Listed words kept per entry, at most (the first senses' words come first). */
  cap: number;
}

/** Measured on the tuning part of Spider-Syn (bench/ai-schema-link-tune.ts): below WordNet's own weights (0.4 … 1). */
export const DEFAULT_THESAURUS_OPTIONS: ThesaurusOptions = { weight: 0.6, cap: 12 };

/** Words whose relations are kept (the memo starts over beyond it). */
const MEMO_WORDS = 5_000;

/** An entry's key: a string followed by a colon and the opening bracket of its list (`"word": [`). */
const ENTRY = /"([^"\\]*)"\s*:\s*\[/g;
/** Characters scanned between two yields of the event loop (thesaurusFromTextAsync): a few ms each. */
const SLICE_CHARS = 64 * 1024;

/** Records the entries starting in [from, from + chars) of the text; returns where the scan stopped (text.length when done). */
function scanEntries(text: string, at: Map<string, number>, from: number, chars: number): number {
  const re = new RegExp(ENTRY.source, 'g');
  re.lastIndex = from;
  const stop = from + chars;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const key = m[1]!.toLowerCase();
    if (key && !at.has(key)) at.set(key, m.index + m[0].length - 1);
    if (re.lastIndex >= stop) return re.lastIndex;
  }
  return text.length;
}

/** The thesaurus in MyThes-as-JavaScript form (`module.exports = { "word": ["synonym", …], … }`). */
export function thesaurusFromText(text: string, options: ThesaurusOptions = DEFAULT_THESAURUS_OPTIONS): WordNet {
  const at = new Map<string, number>();
  scanEntries(text, at, 0, text.length);
  return fromEntries(text, at, options);
}

/** thesaurusFromText, its ~150,000 entries found a slice at a time so the event loop is never held for long. */
export async function thesaurusFromTextAsync(text: string, options: ThesaurusOptions = DEFAULT_THESAURUS_OPTIONS): Promise<WordNet> {
  const at = new Map<string, number>();
  for (let from = 0; from < text.length; ) {
    from = scanEntries(text, at, from, SLICE_CHARS);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return fromEntries(text, at, options);
}

function fromEntries(text: string, at: Map<string, number>, options: ThesaurusOptions): WordNet {
  const listed = (word: string): string[] | undefined => {
    const start = at.get(word);
    if (start === undefined) return undefined;
    const end = text.indexOf(']', start);
    try {
      return (JSON.parse(text.slice(start, end + 1)) as unknown[]).filter((x): x is string => typeof x === 'string');
    } catch {
      return undefined;
    }
  };
  const memo = new Map<string, ReadonlyMap<string, number>>();
  return {
    label: 'thesaurus',
    related(word) {
      const w = word.toLowerCase().replace(/_/g, ' ');
      const hit = memo.get(w);
      if (hit) return hit;
      const out = new Map<string, number>();
      const base = entryForms(w).find((f) => at.has(f));
      const list = base === undefined ? [] : (listed(base) ?? []);
      const kept = list.slice(0, options.cap);
      // The word's own forms (the listed one, or all when none is): what a schema word's entry may list.
      for (const f of base === undefined ? entryForms(w) : [base]) out.set(f.replace(/ /g, '_'), 1);
      kept.forEach((x, i) => {
        const key = x.toLowerCase().replace(/ /g, '_');
        const weight = options.weight * (1 - (0.5 * i) / Math.max(1, kept.length - 1));
        if (weight > (out.get(key) ?? 0)) out.set(key, weight);
      });
      if (memo.size >= MEMO_WORDS) memo.clear();
      memo.set(w, out);
      return out;
    },
  };
}

/** The forms a word may be listed under: itself, then without a plural ending (`airways` → `airway`, `companies` → `company`). */
function entryForms(w: string): string[] {
  const out = [w];
  if (w.endsWith('ies') && w.length > 4) out.push(w.slice(0, -3) + 'y');
  if (/(x|ch|sh|ss)es$/.test(w)) out.push(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss')) out.push(w.slice(0, -1));
  return out;
}

/**
 * Both lexicons as one: each word's WordNet relations, and the thesaurus's words where they
 * weigh more. Either may be missing; null when both are.
 */
export function combineLexicons(first: WordNet | null, second: WordNet | null): WordNet | null {
  if (!first || !second) return first ?? second;
  const memo = new Map<string, ReadonlyMap<string, number>>();
  return {
    label: `${first.label ?? 'lexicon'} + ${second.label ?? 'lexicon'}`,
    related(word) {
      const hit = memo.get(word);
      if (hit) return hit;
      const out = new Map(first.related(word));
      for (const [x, weight] of second.related(word)) if (weight > (out.get(x) ?? 0)) out.set(x, weight);
      if (memo.size >= MEMO_WORDS) memo.clear();
      memo.set(word, out);
      return out;
    },
  };
}

/** Where the thesaurus file is: `ASKDB_THESAURUS_FILE`, else the installed `thesaurus` package's (throws when neither). */
export function thesaurusFile(): string {
  if (process.env.ASKDB_THESAURUS_FILE) return process.env.ASKDB_THESAURUS_FILE;
  // Bundled as CommonJS (the schema-link worker) there is a `require` and no import.meta.url.
  const req = typeof require === 'function' ? require : createRequire(import.meta.url);
  return path.join(path.dirname(req.resolve('thesaurus/package.json')), 'lib', 'th_en_US_new.js');
}

/** The installed thesaurus, or null when it is not there (or not in the expected form). */
export function loadInstalledThesaurus(): WordNet | null {
  try {
    return thesaurusFromText(fs.readFileSync(thesaurusFile(), 'latin1'));
  } catch {
    return null;
  }
}

/** loadInstalledThesaurus without blocking the event loop while its ~16 MB are read. */
export async function loadInstalledThesaurusAsync(): Promise<WordNet | null> {
  try {
    return await thesaurusFromTextAsync(await fs.promises.readFile(thesaurusFile(), 'latin1'));
  } catch {
    return null;
  }
}
