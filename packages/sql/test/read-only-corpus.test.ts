/**
 * The read-only check on the stored corpus (statements PostgreSQL's and MariaDB's own test suites ran,
 * see corpus/build-corpus.ts): of the plain SELECTs in it, none is refused. A plain SELECT is one the
 * statement analysis reads as a SELECT that writes nothing, and whose text calls no refused function,
 * locks no rows and selects INTO nothing (those are refused on purpose, and counted apart).
 */
import { describe, expect, it } from 'vitest';
import { dialectFor } from '../src/dialects/registry.js';
import { statementAccess } from '../src/access/statement-access.js';
import { readOnlyRefusal } from '../src/access/read-only.js';
import { loadCorpus, type CorpusDialect } from './corpus/corpus.js';

const TYPE: Record<CorpusDialect, string> = { postgresql: 'POSTGRESQL', mysql: 'MARIADB' };

describe.each(['postgresql', 'mysql'] as CorpusDialect[])('readOnlyRefusal on the %s corpus', (name) => {
  const corpus = loadCorpus(name);
  const type = TYPE[name];
  const selects = corpus.statements.map(([, sql]) => sql).filter((sql) => {
    const a = statementAccess(sql, dialectFor(type));
    return a.kind === 'SELECT' && a.category === 'READ' && !a.writes.length && !a.unresolved.some((u) => u.startsWith('statement:'));
  });

  it('refuses none of its SELECTs but for a reason the text shows', () => {
    expect(selects.length).toBeGreaterThan(500);
    const wrong: string[] = [];
    for (const sql of selects) {
      const r = readOnlyRefusal(sql, type);
      if (!r) continue;
      const shown = r.reason === 'SIDE_EFFECT_FUNCTION' ? sql.toLowerCase().includes(r.detail.split('.').pop()!.toLowerCase())
        : r.reason === 'LOCKS_ROWS' ? /\b(for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|lock\s+in\s+share\s+mode)\b/i.test(sql)
          : r.reason === 'SELECT_INTO' ? /\binto\b/i.test(sql)
            // MySQL executable comments are code the server may or may not run (issue 24): refused on purpose.
            : r.reason === 'NOT_VERIFIABLE' ? /\/\*M?!/.test(sql)
              : false;
      if (!shown) wrong.push(`${r.reason} ${r.detail}: ${sql.slice(0, 160)}`);
    }
    expect(wrong, wrong.slice(0, 10).join('\n')).toEqual([]);
  });
});
