import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWithCodeCache, type CodeCache } from './code-cache.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-code-cache-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeBundle(body: string): string {
  const file = path.join(dir, 'bundle.cjs');
  fs.writeFileSync(file, body);
  return file;
}

const BUNDLE = `
const path = require('node:path');
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
module.exports = { where: path.basename(__filename), dir: __dirname, fib10: fib(10), self: typeof module.exports };
`;

describe('runWithCodeCache', () => {
  it('runs the bundle as CommonJS, saves the cache, and uses it on the next start', () => {
    const file = writeBundle(BUNDLE);
    const cache: CodeCache = { path: path.join(dir, 'bundle.v8cache'), key: 'build-1' };
    const first = runWithCodeCache(file, cache);
    expect(first.cacheUsed).toBe(false);
    expect(first.exports).toEqual({ where: 'bundle.cjs', dir, fib10: 55, self: 'object' });
    expect(first.save()).toBe(true);
    expect(fs.statSync(cache.path).size).toBeGreaterThan(0);

    const second = runWithCodeCache(file, cache);
    expect(second.cacheUsed).toBe(true);
    expect(second.exports).toEqual(first.exports);
  });

  it('a corrupt cache is ignored: the bundle still runs and the cache can be rewritten', () => {
    const file = writeBundle(BUNDLE);
    const cache: CodeCache = { path: path.join(dir, 'bundle.v8cache'), key: 'build-1' };
    fs.writeFileSync(cache.path, Buffer.concat([Buffer.from('askdb-code-cache build-1\n'), Buffer.alloc(4096, 7)]));
    const r = runWithCodeCache(file, cache);
    expect(r.cacheUsed).toBe(false);
    expect((r.exports as { fib10: number }).fib10).toBe(55);
    expect(r.save()).toBe(true);
    expect(runWithCodeCache(file, cache).cacheUsed).toBe(true);
  });

  it('a cache made for another build is never used, even for a bundle of the same length', () => {
    // V8 itself would accept it (it checks only the length) and run the old code.
    const file = writeBundle('module.exports = { v: 1 };');
    runWithCodeCache(file, { path: path.join(dir, 'bundle.v8cache'), key: 'build-1' }).save();
    writeBundle('module.exports = { v: 2 };');
    const r = runWithCodeCache(file, { path: path.join(dir, 'bundle.v8cache'), key: 'build-2' });
    expect(r.cacheUsed).toBe(false);
    expect(r.exports).toEqual({ v: 2 });
  });

  it('with no cache file name it neither reads nor writes', () => {
    const file = writeBundle(BUNDLE);
    const r = runWithCodeCache(file, null);
    expect(r.cacheUsed).toBe(false);
    expect(r.save()).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['bundle.cjs']);
  });

  it('a cache that cannot be written is skipped, not fatal', () => {
    const file = writeBundle(BUNDLE);
    const r = runWithCodeCache(file, { path: path.join(dir, 'missing-folder', 'bundle.v8cache'), key: 'k' });
    expect(r.save()).toBe(false);
  });
});
