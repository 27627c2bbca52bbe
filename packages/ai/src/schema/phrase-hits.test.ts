import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogTable } from './catalog.js';
import { identifierCandidates, phraseHits, phraseKey } from './phrase-hits.js';
import { buildSchemaIndex, linkSchema, rankTables } from './schema-link.js';
import { loadWordNet } from './wordnet.js';
import { writeWordNetFiles } from './wordnet-files.js';

// A tiny WordNet with terms of two words: "given name" and its synonyms.
const wordNetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-phrase-wordnet-'));
afterAll(() => fs.rmSync(wordNetDir, { recursive: true, force: true }));
writeWordNetFiles(wordNetDir, [
  { id: 'first_name', pos: 'n', words: ['first_name', 'given_name', 'forename'], pointers: [['@', 'name']] },
  { id: 'name', pos: 'n', words: ['name'], pointers: [['~', 'first_name']] },
]);
const wordNet = loadWordNet(wordNetDir);

const cols = (...names: string[]) => names.map((name) => ({ name }));

// Two subjects sharing generic words: only the evidence note's names tell them apart.
const SCHOOLS: CatalogTable[] = [
  { name: 'frpm', columns: cols('CDSCode', 'Free Meal Count (K-12)', 'Enrollment (K-12)', 'County Name') },
  { name: 'schools', columns: cols('CDSCode', 'School', 'County', 'Phone', 'Zip') },
  { name: 'satscores', columns: cols('cds', 'sname', 'NumTstTakr', 'AvgScrMath') },
  { name: 'cards', columns: cols('id', 'type', 'disp_id') },
  { name: 'loans', columns: cols('id', 'amount', 'status', 'account_id') },
];

describe('names the question spells out', () => {
  it('compares names by their words, case, separators and a plural aside', () => {
    expect(phraseKey(['free', 'meal', 'counts'])).toBe(phraseKey(['Free', 'Meal', 'Count'].map((w) => w.toLowerCase())));
    expect(identifierCandidates("gold card refers to type = 'gold'; MAX(Height) of T1.player_name")).toEqual(
      expect.arrayContaining(['type', 'Height', 'T1.player_name', 'player_name']),
    );
  });

  it('an evidence note naming a column picks its table, though no question word does', () => {
    const q = 'Which school has the highest eligible free rate?';
    const evidence = 'Eligible free rate = `Free Meal Count (K-12)` / `Enrollment (K-12)`';
    const index = buildSchemaIndex({ tables: SCHOOLS });
    const without = rankTables(index, q, { weights: { phrase: 0, phraseWords: 0 } }).map((t) => t.tableName);
    const withNote = rankTables(index, `${q} ${evidence}`).map((t) => t.tableName);
    expect(without[0]).toBe('schools');
    expect(withNote.slice(0, 2).sort()).toEqual(['frpm', 'schools']);
    expect(withNote.indexOf('frpm')).toBeLessThan(without.indexOf('frpm'));
    // The matched columns come first in the table's column list.
    expect(rankTables(index, `${q} ${evidence}`).find((t) => t.tableName === 'frpm')!.columns.slice(0, 2).sort()).toEqual(['Enrollment (K-12)', 'Free Meal Count (K-12)']);
  });

  it('a comparison in the note names its column, over a table named by the value word', () => {
    const index = buildSchemaIndex({ tables: [...SCHOOLS, { name: 'gold_prices', columns: cols('day', 'price') }] });
    const q = "How many gold ones are there? gold refers to type = 'gold'";
    expect(rankTables(index, q)[0]!.tableName).toBe('cards');
    expect(rankTables(index, q, { weights: { phrase: 0 } })[0]!.tableName).toBe('gold_prices');
  });

  it('"X refers to Y" names columns on either side, coded names included', () => {
    const tables: CatalogTable[] = [
      ...SCHOOLS,
      { name: 'district', columns: cols('district_id', 'A2', 'A3', 'A11') },
      { name: 'client', columns: cols('client_id', 'gender', 'birth_date', 'district_id') },
      { name: 'salary_grades', columns: cols('grade', 'salary') },
    ];
    const index = buildSchemaIndex({ tables });
    const q = 'Which region has the highest average salary? A11 refers to average salary; A3 refers to region';
    expect(identifierCandidates(q)).toEqual(expect.arrayContaining(['A11', 'A3', 'region', 'average salary']));
    expect(rankTables(index, q)[0]!.tableName).toBe('district');
    expect(rankTables(index, q, { weights: { phrase: 0 } })[0]!.tableName).toBe('salary_grades');
  });

  it('a short column comment is matched as the column’s name', () => {
    const tables: CatalogTable[] = [
      { name: 'district', columns: [{ name: 'A2', comment: 'district name' }, { name: 'A11', comment: 'average salary' }] },
      { name: 'salary_grades', columns: cols('grade', 'salary') },
    ];
    const index = buildSchemaIndex({ tables });
    const q = 'Which district has the highest average salary? A11 refers to average salary';
    expect(phraseHits(index, q).map((h) => h.key)).toEqual(expect.arrayContaining(['averagesalary', 'a11']));
    expect(rankTables(index, q)[0]).toMatchObject({ tableName: 'district', columns: ['A11', 'A2'] });
  });

  it('aliases users gave count like names, whole and by their words', () => {
    const tables: CatalogTable[] = [
      { name: 't_a01', aliases: ['vocalists'], columns: [{ name: 'c1', aliases: ['stage name'] }] },
      { name: 't_b02', columns: cols('c1', 'c2') },
    ];
    expect(linkSchema({ tables }, 'list every vocalist').map((t) => t.tableName)[0]).toBe('t_a01');
    const r = linkSchema({ tables }, 'what is the stage name of each?');
    expect(r[0]).toMatchObject({ tableName: 't_a01', columns: ['c1'] });
  });

  it('a run of words the lexicon knows as one term meets the names of its synonyms', () => {
    const tables: CatalogTable[] = [
      { name: 'teachers', columns: cols('teacher_id', 'name', 'title') },
      { name: 'students', columns: cols('student_id', 'first_name', 'middle_name', 'surname') },
      ...['courses', 'rooms', 'terms', 'fees'].map((name) => ({ name, columns: cols('id', 'code', 'note') })),
    ];
    const index = buildSchemaIndex({ tables });
    const q = 'What is the given name of each?';
    // No word of the question is a schema word: without a lexicon nothing sets the two apart.
    expect(rankTables(index, q, { lexicon: null })[0]!.tableName).toBe('teachers');
    expect(phraseHits(index, q, wordNet).map((h) => [h.key, h.weight])).toEqual([['firstname', undefined]]);
    expect(rankTables(index, q, { lexicon: wordNet })[0]).toMatchObject({ tableName: 'students', columns: ['first_name', 'student_id', 'middle_name', 'surname'] });
  });

  it('a run the schema itself uses as a name is not read as its synonyms', () => {
    const tables: CatalogTable[] = [
      { name: 'people', columns: cols('person_id', 'given_name') },
      { name: 'players', columns: cols('player_id', 'first_name') },
    ];
    const index = buildSchemaIndex({ tables });
    expect(phraseHits(index, 'the given name of each', wordNet).map((h) => h.key)).toEqual(['givenname']);
  });
});
