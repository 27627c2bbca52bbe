// `npm test`: the same set-up as `npm start`, then every test: type check, unit and integration tests
// (Vitest, against the real services of DESIGN.md), and end-to-end tests (Playwright in Debian's Chromium).
// Ends with one summary line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, ensureBuilt, root } from './lib/steps.mjs';
import { ensureChromium } from './lib/chromium.mjs';

ensureInstalled();
await ensureBuilt();

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

if (want('typecheck')) {
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  const ok = step('type check (packages, server, bench)', tsc, ['-p', 'tsconfig.json', '--noEmit']) & step('type check (web)', tsc, ['-p', 'apps/web/tsconfig.json', '--noEmit']);
  ok ? passed++ : (failed++, failures.push('type check'));
}

if (want('unit')) {
  const json = path.join(out, 'vitest.json');
  const ok = step('unit and integration tests (vitest)', path.join(root, 'node_modules/.bin/vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]);
  if (fs.existsSync(json)) {
    const r = JSON.parse(fs.readFileSync(json, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (!ok && !(r.numFailedTests > 0)) { failed++; failures.push('vitest (suite error)'); }
  } else if (!ok) { failed++; failures.push('vitest'); }
}

const noBrowser = want('e2e') ? ensureChromium() : null;
if (noBrowser) {
  console.log(`\n${noBrowser}`);
  failed++;
  failures.push('playwright (no Chromium)');
} else if (want('e2e')) {
  const json = path.join(out, 'playwright.json');
  const ok = step('end-to-end tests (playwright, chromium)', path.join(root, 'node_modules/.bin/playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
  if (fs.existsSync(json)) {
    const r = JSON.parse(fs.readFileSync(json, 'utf8'));
    passed += r.stats?.expected ?? 0;
    failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0) * 0;
    skipped += r.stats?.skipped ?? 0;
    if (!ok && !(r.stats?.unexpected > 0)) { failed++; failures.push('playwright (run error)'); }
  } else if (!ok) { failed++; failures.push('playwright'); }
}

if (failures.length) console.log(`\nfailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
