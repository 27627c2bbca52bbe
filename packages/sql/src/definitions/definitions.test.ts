import { describe, expect, it } from 'vitest';
import { ALL_FUNCTION_ROWS, dialectDefinition, functionHelp, functionHelpList } from './index.js';
import { PARAMS } from './params.js';
import type { DefinitionName } from '../dialects/registry.js';

const MAIN: DefinitionName[] = ['mysql', 'postgresql', 'sqlite', 'sqlserver'];

describe('dialect definitions', () => {
  it('have the spec shape with priority entries first and no duplicates', () => {
    for (const name of ['mysql', 'postgresql', 'sqlite', 'sqlserver', 'oracle', 'duckdb', 'clickhouse'] as DefinitionName[]) {
      const d = dialectDefinition(name);
      expect(d.type).toBe(name);
      expect(d.priority_keywords.length).toBeGreaterThanOrEqual(25);
      expect(d.keywords.slice(0, d.priority_keywords.length)).toEqual(d.priority_keywords);
      expect(new Set(d.keywords.map((k) => k.toUpperCase())).size).toBe(d.keywords.length);
      expect(d.functions.length).toBeGreaterThan(50);
      for (const f of d.priority_functions) expect(d.functions.map((x) => x.toUpperCase())).toContain(f.toUpperCase());
    }
    expect(dialectDefinition('mysql').keywords.length).toBeGreaterThanOrEqual(200);
    expect(dialectDefinition('postgresql').priority_keywords[0]).toBe('SELECT');
    expect(dialectDefinition('sqlserver').priority_keywords[0]).toBe('SELECT');
  });

  it('cover string, numeric, date/time, aggregate, window, JSON and cast help for the four main engines', () => {
    for (const def of MAIN) {
      const cats = new Map<string, number>();
      for (const h of functionHelpList(def)) cats.set(h.category, (cats.get(h.category) ?? 0) + 1);
      for (const c of ['string', 'numeric', 'datetime', 'aggregate', 'window', 'json', 'cast']) {
        expect(cats.get(c) ?? 0, `${def} ${c}`).toBeGreaterThanOrEqual(c === 'cast' ? 1 : 3);
      }
    }
  });

  it('write every entry in three languages with documented parameters', () => {
    for (const r of ALL_FUNCTION_ROWS) {
      const [en, zh, ja] = r.text;
      expect(en, r.name).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(en.length, r.name).toBeGreaterThan(5);
      expect(zh, r.name).toMatch(/[\u4e00-\u9fff]/);
      expect(ja, r.name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(r.engines).toMatch(/^[mpstodc]+$/);
      for (const p of r.params ? r.params.split(',') : []) {
        const name = p.trim().split(':')[0]!.replace(/\.\.\.$|\?$/, '');
        expect(PARAMS[name], `${r.name} parameter ${name}`).toBeDefined();
      }
    }
  });

  it('pick the engine-specific entry and language', () => {
    const my = functionHelp('length', 'mysql')!;
    expect(my.description).toMatch(/bytes/);
    expect(functionHelp('LENGTH', 'postgresql')!.description).toMatch(/characters/);
    expect(functionHelp('datediff', 'sqlserver')!.parameters.map((p) => p.name)).toEqual(['unit', 'start', 'end']);
    expect(functionHelp('datediff', 'mysql')!.parameters.map((p) => p.name)).toEqual(['end', 'start']);
    expect(functionHelp('LEN', 'mysql')).toBeUndefined();
    const sub = functionHelp('substring', 'mysql', 'zh-CN')!;
    expect(sub.signature).toBe('SUBSTRING(str, pos[, len])');
    expect(sub.description).toBe('从指定位置截取字符串的一部分');
    expect(sub.parameters[2]).toEqual({ name: 'len', type: 'INT', optional: true, description: '字符个数' });
    expect(functionHelp('concat', 'postgresql', 'ja-JP')!.signature).toBe('CONCAT(strs, …)');
    expect(functionHelp('cast', 'sqlite')!.signature).toBe('CAST(expr AS type)');
    expect(functionHelp('LOG', 'sqlserver')!.signature).toBe('LOG(x[, base])');
  });
});
