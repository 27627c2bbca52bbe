import { describe, expect, it } from 'vitest';
import type { CatalogTable } from './catalog.js';
import { expandAbbreviation, synonymsOf } from './lexicon.js';
import { linkSchema } from './schema-link.js';
import { lemma } from './text-tokens.js';

const col = (name: string) => ({ name, type: 'TEXT' });
const top1 = (tables: CatalogTable[], q: string) => linkSchema({ tables }, q)[0]!.tableName;

describe('lexicon', () => {
  it('knows irregular forms, identifier abbreviations and synonyms in lemma form', () => {
    expect(lemma('won')).toBe('win');
    expect(lemma('spoken')).toBe('speak');
    expect(lemma('children')).toBe('child');
    expect(lemma('constructor')).toBe('constructor');
    expect(expandAbbreviation('qty')).toBe('quantity');
    expect(expandAbbreviation('dept')).toBe('department');
    expect(expandAbbreviation('order')).toBeUndefined();
    expect([...synonymsOf('nation')]).toContain('country');
    expect(synonymsOf('nation').has('nation')).toBe(false);
  });

  it('links a question to the table its abbreviated columns describe', () => {
    const tables: CatalogTable[] = [
      { name: 'notes', columns: [col('body')] },
      { name: 'stock', columns: [col('sku'), col('on_hand_qty')] },
      { name: 'staff', columns: [col('emp_no'), col('dept_code')] },
    ];
    expect(top1(tables, 'what is the total quantity')).toBe('stock');
    expect(top1(tables, 'how many employees in each department')).toBe('staff');
  });

  it('falls back to synonyms only when the schema does not use the question word', () => {
    const tables: CatalogTable[] = [
      { name: 'league', columns: [col('name'), col('founded')] },
      { name: 'country', columns: [col('code'), col('population')] },
    ];
    expect(top1(tables, 'which nations have the most inhabitants')).toBe('country');
    // `winner` in the schema meets "won" through the lemma, not a synonym.
    const games: CatalogTable[] = [
      { name: 'players', columns: [col('player_id'), col('first_name')] },
      { name: 'matches', columns: [col('winner_id'), col('loser_id'), col('year')] },
      { name: 'rankings', columns: [col('player_id'), col('points')] },
    ];
    expect(top1(games, 'Who won in 2013?')).toBe('matches');
  });
});
