#!/usr/bin/env node
/**
 * Writes apps/web/public/licences.json: every library bundled with AskDB (the production dependency
 * trees of the web app, the server and the shared packages), with its version and the licence its
 * package.json declares. Run: `npm run licences -w @askdb/web` (also before every web build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const starts = ['apps/web', 'apps/server', ...fs.readdirSync(path.join(root, 'packages')).map((p) => `packages/${p}`)];
const seen = new Map();

function licenceOf(pkg) {
  const l = pkg.license ?? pkg.licenses;
  if (typeof l === 'string') return l;
  if (Array.isArray(l)) return l.map((x) => (typeof x === 'string' ? x : x?.type)).filter(Boolean).join(' OR ') || 'UNKNOWN';
  if (l && typeof l === 'object' && l.type) return l.type;
  return 'UNKNOWN';
}

/** Node's lookup: the package's own node_modules, then each parent's. */
function resolve(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const p = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(p)) return p;
    if (dir === root || dir === path.dirname(dir)) return null;
  }
}

function walk(pkgDir, pkg) {
  for (const name of Object.keys({ ...(pkg.dependencies ?? {}), ...(pkg.optionalDependencies ?? {}) })) {
    if (name.startsWith('@askdb/')) continue;
    const file = resolve(name, pkgDir);
    if (!file) continue;
    const real = fs.realpathSync(file);
    if (seen.has(real)) continue;
    const dep = JSON.parse(fs.readFileSync(real, 'utf8'));
    seen.set(real, { name: dep.name ?? name, version: dep.version ?? '', licence: licenceOf(dep), homepage: typeof dep.homepage === 'string' ? dep.homepage : null });
    walk(path.dirname(real), dep);
  }
}

for (const s of starts) {
  const file = path.join(root, s, 'package.json');
  if (fs.existsSync(file)) walk(path.join(root, s), JSON.parse(fs.readFileSync(file, 'utf8')));
}
const list = [...new Map([...seen.values()].map((p) => [`${p.name}@${p.version}`, p])).values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
const out = path.join(root, 'apps/web/public/licences.json');
fs.writeFileSync(out, JSON.stringify(list, null, 0) + '\n');
console.log(`licences: ${list.length} packages → ${path.relative(root, out)}`);
