import fs from 'node:fs';
import path from 'node:path';

/** Shared shape and helpers of benchmarks: every benchmark measures our code and a named baseline in the same run. */
export interface BenchLine {
  /** What is measured, e.g. "startup: first GET /api/system". */
  name: string;
  unit: string;
  median: number;
  baselineName: string;
  baselineMedian: number;
  /** median / baselineMedian unless the benchmark says otherwise (e.g. recall). */
  ratio?: number;
  target?: string;
  /** Extra figures worth printing (p95, RSS growth, recall…). */
  extra?: Record<string, string | number>;
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function formatLine(l: BenchLine): string {
  const ratio = l.ratio ?? l.median / l.baselineMedian;
  const extra = l.extra ? '  ' + Object.entries(l.extra).map(([k, v]) => `${k}=${v}`).join(' ') : '';
  return `${l.name}: median ${fmt(l.median)} ${l.unit} | baseline (${l.baselineName}) median ${fmt(l.baselineMedian)} ${l.unit} | ratio ${ratio.toFixed(3)}${l.target ? ` (target ${l.target})` : ''}${extra}`;
}
function fmt(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2);
}

/** The repository root, wherever the (bundled) benchmark runs from. */
export function repoRoot(): string {
  let dir = process.cwd();
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).workspaces) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('repository root not found from ' + process.cwd());
    dir = up;
  }
}
