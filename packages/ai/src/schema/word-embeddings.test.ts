import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSchemaIndex, rankTables } from './schema-link.js';
import { compactWordVectors, wordVectorsFromCompact, wordVectorsFromJsonFile, wordVectorsFromJsonFileAsync } from './word-embeddings.js';
import { loadWordNet } from './wordnet.js';
import { writeWordNetFiles } from './wordnet-files.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-word-vectors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A file in the form the embeddings package ships: each vector, then its norm and index. */
function writeVectors(file: string, vectors: Record<string, number[]>): void {
  const words = Object.keys(vectors);
  const entries = Object.fromEntries(words.map((w, i) => [w, [...vectors[w]!, Math.hypot(...vectors[w]!), i]]));
  fs.writeFileSync(file, JSON.stringify({ precision: 8, l2NormIndex: 3, wordIndex: 4, size: words.length, dimensions: 3, words, vectors: entries, unkVector: [0, 0, 0, 0, -1] }));
}

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0) / (Math.hypot(...a) * Math.hypot(...b));

const VECTORS: Record<string, number[]> = {
  the: [0.2, 0.2, 0.2],
  amount: [1, 0.1, 0],
  ',': [0.5, 0.5, 0.5],
  sum: [0.9, 0.3, 0.05],
  list: [0, 0.1, 1],
  'e-mail': [0.3, 0.3, 0.3],
};
const jsonFile = path.join(dir, 'vectors.json');
writeVectors(jsonFile, VECTORS);

describe('word vectors', () => {
  it('keeps the first lower-case words of the package file, their cosines within int8 rounding, and reads back from the compact file', async () => {
    const v = wordVectorsFromJsonFile(jsonFile);
    expect(v.size).toBe(4);
    expect(v.rowOf(',')).toBe(-1);
    expect(v.rowOf('e-mail')).toBe(-1);
    expect(v.cosine(v.rowOf('amount'), v.rowOf('sum'))).toBeCloseTo(cosine(VECTORS.amount!, VECTORS.sum!), 2);
    expect(v.cosine(v.rowOf('amount'), v.rowOf('list'))).toBeCloseTo(cosine(VECTORS.amount!, VECTORS.list!), 2);
    const few = await wordVectorsFromJsonFileAsync(jsonFile, 2);
    expect([few.size, few.rowOf('amount'), few.rowOf('sum')]).toEqual([2, 1, -1]);
    const words = ['the', 'amount', 'sum', 'list'];
    const rows = new Int8Array([10, 10, 10, 127, 13, 0, 120, 40, 7, 0, 13, 127]);
    const back = wordVectorsFromCompact(compactWordVectors(words, rows, 3));
    expect(back.rowOf('sum')).toBe(2);
    expect(back.cosine(1, 2)).toBeCloseTo(cosine([127, 13, 0], [120, 40, 7]), 6);
  });

  it('a lexicon relation between words that usage keeps apart weighs less', () => {
    // WordNet relates "amount" to both `list` and `sum` alike (made up: two narrower words); usage says `sum`.
    const wnDir = path.join(dir, 'wordnet');
    fs.mkdirSync(wnDir);
    writeWordNetFiles(wnDir, [
      { id: 'amount', pos: 'n', words: ['amount'], pointers: [['~', 'list'], ['~', 'sum']] },
      { id: 'list', pos: 'n', words: ['list'], pointers: [['@', 'amount']] },
      { id: 'sum', pos: 'n', words: ['sum'], pointers: [['@', 'amount']] },
    ]);
    const lexicon = loadWordNet(wnDir);
    const index = buildSchemaIndex({
      tables: [
        { name: 'playlists', columns: [{ name: 'playlist_id' }, { name: 'list' }] },
        { name: 'payments', columns: [{ name: 'payment_id' }, { name: 'sum' }] },
        ...['rooms', 'terms', 'fees'].map((name) => ({ name, columns: [{ name: 'id' }, { name: 'code' }] })),
      ],
    });
    const q = 'What is the amount of each one?';
    const without = rankTables(index, q, { lexicon, wordVectors: null });
    expect(without.find((t) => t.tableName === 'playlists')!.score).toBe(without.find((t) => t.tableName === 'payments')!.score);
    const withUsage = rankTables(index, q, { lexicon, wordVectors: wordVectorsFromJsonFile(jsonFile) });
    expect(withUsage[0]!.tableName).toBe('payments');
    expect(withUsage.find((t) => t.tableName === 'playlists')!.score).toBeLessThan(withUsage[0]!.score);
    expect(withUsage.find((t) => t.tableName === 'playlists')!.score).toBeGreaterThan(0);
  });
});
