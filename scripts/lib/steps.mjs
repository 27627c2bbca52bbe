// Set-up steps shared by `npm start`, `npm test` and `npm run bench`: install when needed, build when
// sources changed. Plain Node (no dependencies), because it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, warmCodeCache } from './bundle-server.mjs';
import { precompressDir } from './precompress.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`askdb: ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

function hashFiles(paths) {
  const h = crypto.createHash('sha1');
  for (const p of paths) {
    h.update(p);
    h.update(fs.readFileSync(path.join(root, p)));
  }
  return h.digest('hex');
}

function walk(dir, out, skip) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return out;
  for (const e of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = path.join(dir, e.name);
    if (skip(e.name)) continue;
    if (e.isDirectory()) walk(rel, out, skip);
    else out.push(rel);
  }
  return out;
}
const skipNames = (n) => n === 'node_modules' || n === 'dist' || n.startsWith('.') || n.endsWith('.test.ts') || n.endsWith('.test.tsx');

/** npm ci on a fresh clone, npm install when package-lock.json changed since the last install. */
export function ensureInstalled() {
  const lock = path.join(root, 'package-lock.json');
  const stampFile = path.join(root, 'node_modules', '.askdb-install-stamp');
  const want = fs.existsSync(lock) ? hashFiles(['package-lock.json', 'package.json']) : 'none';
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === want) return false;
  const fresh = !fs.existsSync(path.join(root, 'node_modules'));
  console.log(fresh ? 'askdb: installing dependencies (first run)…' : 'askdb: dependencies changed, installing…');
  run('npm', [fresh && fs.existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund', '--loglevel=error']);
  fs.writeFileSync(stampFile, want);
  return true;
}

const serverInputs = () => ['package-lock.json', 'scripts/lib/steps.mjs', 'scripts/lib/bundle-server.mjs', ...walk('apps/server/src', [], skipNames), ...['contracts', 'sql', 'drivers', 'schema-diff', 'ai'].flatMap((p) => walk(`packages/${p}/src`, [], skipNames))];
const webInputs = () => ['package-lock.json', 'apps/web/index.html', 'apps/web/vite.config.ts', 'scripts/lib/precompress.mjs', ...walk('apps/web/src', [], skipNames), ...walk('apps/web/public', [], skipNames), ...walk('packages/contracts/src', [], skipNames), ...walk('packages/sql/src', [], skipNames)].filter((p) => fs.existsSync(path.join(root, p)));

function upToDate(stampPath, inputs) {
  const want = hashFiles(inputs);
  const abs = path.join(root, stampPath);
  return { ok: fs.existsSync(abs) && fs.readFileSync(abs, 'utf8') === want, want, abs };
}

/**
 * Packages left outside the server bundle: native addons, packages with optional native parts or many dynamic
 * requires, and heavy ones loaded only on demand. Everything else is bundled, which roughly halves
 * start-up time (one file to parse instead of hundreds to resolve).
 */
const EXTERNAL = [
  'better-sqlite3', '@duckdb/node-api', '@duckdb/node-bindings', 'oracledb', 'ssh2', 'cpu-features', 'mongodb', 'mssql', 'tedious',
  'exceljs', 'pg-native', 'kerberos', 'snappy', 'socks', 'aws4', 'mongodb-client-encryption', '@mongodb-js/zstd', 'gcp-metadata', '@aws-sdk/credential-providers',
  'playwright-core', '@playwright/test', 'dbgate-query-splitter', 'esbuild', 'vite', 'pg', 'pg-cursor',
  // Big and needed only for one engine or one action: required from node_modules when first used.
  'mysql2', 'ioredis', '@clickhouse/client', 'sql-formatter',
  // Starts its worker threads from its own files.
  'piscina',
];
const isExternal = (p) => EXTERNAL.some((e) => p === e || p.startsWith(e + '/')) || p.startsWith('node:');

/** Bundle a TypeScript entry for Node (the benchmarks): workspace packages inlined, npm packages left to Node. */
export async function bundleNode(entry, outfile) {
  const esbuild = await import('esbuild');
  // Chunk names carry content hashes: clear old ones so the folder holds one build.
  fs.rmSync(path.join(root, path.dirname(outfile), 'chunks'), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(root, entry)],
    outdir: path.join(root, path.dirname(outfile)),
    entryNames: path.basename(outfile).replace(/\.m?js$/, ''),
    outExtension: { '.js': path.extname(outfile) || '.js' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    keepNames: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'error',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __askdbCreateRequire } from 'node:module'; const require = __askdbCreateRequire(import.meta.url);" },
    plugins: [{
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          return args.path.startsWith('@askdb/') ? undefined : { path: args.path, external: true };
        });
      },
    }],
  });
}

export async function ensureBuilt({ web = true } = {}) {
  const s = upToDate('apps/server/dist/.build-stamp', serverInputs());
  if (!s.ok) {
    console.log('askdb: building the server…');
    await bundleServer(root, isExternal);
    await warmCodeCache(root);
    fs.writeFileSync(s.abs, s.want);
  }
  if (web && fs.existsSync(path.join(root, 'apps/web/index.html'))) {
    const w = upToDate('apps/web/dist/.build-stamp', webInputs());
    if (!w.ok) {
      console.log('askdb: building the web app…');
      run(path.join(root, 'apps/web/node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web') });
      // Brotli and gzip twins of every text asset, made once here instead of on every request.
      const { raw, br } = precompressDir(path.join(root, 'apps/web/dist'));
      console.log(`askdb: web app precompressed (${(raw / 1e6).toFixed(1)} MB → ${(br / 1e6).toFixed(1)} MB brotli)`);
      fs.writeFileSync(w.abs, w.want);
    }
  }
}
