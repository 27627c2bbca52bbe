/**
 * Where a worker thread's entry is. The build puts each next to the server bundle
 * (`dist/<name>-worker.cjs`, scripts/lib/bundle-server.mjs); running from source (tests) or bundled
 * into a benchmark, there is no such file and worker threads cannot load TypeScript, so the entry is
 * bundled here once per process with esbuild (a dev dependency) into node_modules/.cache.
 * Workers: SQL intelligence (this folder) and schema linking (services/ai/schema-link-worker.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each worker: its source (from the repository root) and the file the build writes next to the bundle. */
export const WORKERS = {
  'sql-intel': { source: 'apps/server/src/services/sql-intel/worker.ts', built: 'sql-intel-worker.cjs' },
  'schema-link': { source: 'apps/server/src/services/ai/schema-link-worker.ts', built: 'schema-link-worker.cjs' },
} as const;
export type WorkerName = keyof typeof WORKERS;
export const WORKER_FILE_NAME = WORKERS['sql-intel'].built;

const found = new Map<WorkerName, Promise<string>>();

export function workerFile(name: WorkerName = 'sql-intel'): Promise<string> {
  let p = found.get(name);
  if (!p) {
    p = locate(name).catch((e) => {
      found.delete(name);
      throw e;
    });
    found.set(name, p);
  }
  return p;
}

async function locate(name: WorkerName): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, WORKERS[name].built);
  if (fs.existsSync(built)) return built;
  // From source, or bundled into something else (a benchmark): the entry in the repository.
  const root = repoRoot(here);
  const source = path.join(root, WORKERS[name].source);
  if (!fs.existsSync(source)) throw new Error(`${name} worker not found: ${built}`);
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [source],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
    outfile: 'worker.cjs',
    plugins: [{
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@askdb/') ? undefined : { path: args.path, external: true }));
      },
    }],
  });
  const code = out.outputFiles[0]!.contents;
  const dir = path.join(root, 'node_modules', '.cache', 'askdb');
  const file = path.join(dir, `${name}-worker-${crypto.createHash('sha1').update(code).digest('hex').slice(0, 12)}.cjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    // Written under a temporary name and renamed: test processes running side by side may build it too.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
  }
  return file;
}

function repoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).workspaces) return dir;
    if (path.dirname(dir) === dir) throw new Error(`repository root not found from ${from}`);
  }
}
