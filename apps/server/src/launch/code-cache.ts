/**
 * Runs a CommonJS bundle through V8's code cache: what Node 22's `module.enableCompileCache()` does,
 * for Node 20, which lacks it. The first start compiles the bundle as usual and, once the program has
 * warmed up, saves V8's compiled code beside it; later starts load that instead of parsing and compiling
 * megabytes of JavaScript again.
 *
 * V8 checks only the source's length, so a cache must never meet another bundle: each cache file starts
 * with a key line (the bundle's content hash and the V8 version) and one with another key is ignored.
 * A cache V8 rejects is rewritten; one that cannot be read or written is skipped — the bundle always runs.
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

export interface CodeCache {
  path: string;
  /** Names the exact bundle and V8 the cache was made for. */
  key: string;
}

export interface CachedRun {
  /** What the bundle put in `module.exports`. */
  exports: unknown;
  /** V8 accepted a saved cache for this start. */
  cacheUsed: boolean;
  /** Save the code compiled so far. False when there is no cache or it could not be written. */
  save(): boolean;
}

interface ModuleInternals {
  wrap(src: string): string;
  _nodeModulePaths(dir: string): string[];
}

function header(key: string): Buffer {
  return Buffer.from(`askdb-code-cache ${key}\n`);
}

function readCache(cache: CodeCache | null): Buffer | undefined {
  if (!cache) return undefined;
  try {
    const bytes = fs.readFileSync(cache.path);
    const head = header(cache.key);
    return bytes.subarray(0, head.length).equals(head) ? bytes.subarray(head.length) : undefined;
  } catch {
    return undefined;
  }
}

export function runWithCodeCache(file: string, cache: CodeCache | null): CachedRun {
  const source = fs.readFileSync(file, 'utf8');
  const cachedData = readCache(cache);
  const internals = Module as unknown as ModuleInternals;
  const script = new vm.Script(internals.wrap(source), { filename: file, cachedData });
  const cacheUsed = cachedData !== undefined && script.cachedDataRejected === false;
  const mod = new Module(file);
  mod.filename = file;
  mod.paths = internals._nodeModulePaths(path.dirname(file));
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  return {
    exports: mod.exports,
    cacheUsed,
    save() {
      if (!cache) return false;
      const tmp = `${cache.path}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(tmp, Buffer.concat([header(cache.key), script.createCachedData()]));
        fs.renameSync(tmp, cache.path); // atomic: two starts at once never read half a file
        return true;
      } catch {
        fs.rmSync(tmp, { force: true });
        return false;
      }
    },
  };
}
