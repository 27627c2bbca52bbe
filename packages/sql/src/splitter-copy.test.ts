import { describe, expect, it } from 'vitest';
import { dialectFor } from './dialects/registry.js';
import { splitStatements } from './splitter.js';
import { streamSplitter } from './stream-splitter.js';

const pg = dialectFor('POSTGRESQL');
const split = (sql: string, type = 'POSTGRESQL') => splitStatements(sql, dialectFor(type)).map((s) => s.sql);

const SCRIPT = `SET client_encoding = 'UTF8';
COPY public.t (id, name) FROM stdin;
1\t'quoted; text'
2\t$$not a body$$ -- nor a comment
\\.
copy t from STDIN with (format csv, delimiter ';');
3;"a;b"
\\.
COPY (select 1 from stdin_like) TO STDOUT;
SELECT 4`;

describe('splitter: COPY … FROM STDIN keeps its data lines (PostgreSQL, as psql)', () => {
  it('a COPY statement runs to its \\. line; quotes and comments in the data are data', () => {
    expect(split(SCRIPT)).toEqual([
      "SET client_encoding = 'UTF8'",
      "COPY public.t (id, name) FROM stdin;\n1\t'quoted; text'\n2\t$$not a body$$ -- nor a comment\n\\.",
      "copy t from STDIN with (format csv, delimiter ';');\n3;\"a;b\"\n\\.",
      'COPY (select 1 from stdin_like) TO STDOUT',
      'SELECT 4',
    ]);
  });

  it('without a \\. line the data runs to the end of the script; a bare COPY FROM STDIN keeps its semicolon', () => {
    expect(split('copy t from stdin;\n1\n2\n\n')).toEqual(['copy t from stdin;\n1\n2']);
    expect(split('copy t from stdin;')).toEqual(['copy t from stdin;']);
    expect(split('copy t to stdout; select 1')).toEqual(['copy t to stdout', 'select 1']);
  });

  it('other engines split as before', () => {
    expect(split('copy t from stdin;\n1\n\\.', 'MYSQL')).toEqual(['copy t from stdin', '1\n\\.']);
  });

  it('the streaming splitter gives the same statements at any cut', () => {
    const whole = splitStatements(SCRIPT, pg);
    for (let c = 0; c <= SCRIPT.length; c++) {
      const sp = streamSplitter(pg);
      const out = [...sp.push(SCRIPT.slice(0, c)), ...sp.push(SCRIPT.slice(c)), ...sp.end()];
      expect(out, `cut at ${c}`).toEqual(whole);
    }
  });
});
