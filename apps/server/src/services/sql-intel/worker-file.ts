/**
 * Where the worker threads' entry is. The build puts it next to the server bundle
 * (`dist/sql-intel-worker.cjs`, scripts/lib/bundle-server.mjs); running from source (tests) or bundled
 * into a benchmark, there is no such file and worker threads cannot load TypeScript, so the entry is
 * bundled here once per process with esbuild (a dev dependency) into node_modules/.cache.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WORKER_FILE_NAME = 'sql-intel-worker.cjs';

let found: Promise<string> | undefined;

export function workerFile(): Promise<string> {
  found ??= locate().catch((e) => {
    found = undefined;
    throw e;
  });
  return found;
}

async function locate(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, WORKER_FILE_NAME);
  if (fs.existsSync(built)) return built;
  // From source, or bundled into something else (a benchmark): the entry in the repository.
  const root = repoRoot(here);
  const source = [path.join(here, 'worker.ts'), path.join(root, 'apps/server/src/services/sql-intel/worker.ts')].find((f) => fs.existsSync(f));
  if (!source) throw new Error(`SQL-intelligence worker not found: ${built}`);
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
  const file = path.join(dir, `sql-intel-worker-${crypto.createHash('sha1').update(code).digest('hex').slice(0, 12)}.cjs`);
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
