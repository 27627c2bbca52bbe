/**
 * Issue 19 point 6: SQL the databases accept (checked on PostgreSQL 15 and MariaDB 10.11) must not get a
 * syntax marker; the same constructs written wrongly still do.
 */
import { describe, expect, it } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import { parseSql } from './parse-script.js';

const markers = (sql: string, type: string) => parseSql(sql, dialectFor(type)).markMessageList.map((m) => m.message);

const accepted: Record<string, Record<string, string[]>> = {
  POSTGRESQL: {
    "U&'…' UESCAPE strings and U&\"…\" names": [
      "SELECT U&'d\\0061t\\+000061' AS a, U&'d!0061t!+000061' UESCAPE '!' AS b",
      'SELECT U&"d\\0061t" FROM t',
    ],
    'WITH RECURSIVE … SEARCH / CYCLE': [
      'WITH RECURSIVE search_graph(f, t, label) AS (SELECT * FROM graph g UNION ALL SELECT g.* FROM graph g, search_graph sg WHERE g.f = sg.t) SEARCH DEPTH FIRST BY f, t SET seq SELECT * FROM search_graph ORDER BY seq',
      "WITH RECURSIVE search_graph(f, t, label) AS (SELECT * FROM graph g UNION ALL SELECT g.* FROM graph g, search_graph sg WHERE g.f = sg.t) CYCLE f, t SET is_cycle TO 'Y' DEFAULT 'N' USING path SELECT * FROM search_graph",
      'WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t) SEARCH BREADTH FIRST BY n SET o CYCLE n SET c USING p SELECT * FROM t',
    ],
    'table inheritance FROM t1* and ONLY': [
      'SELECT * FROM a_star*',
      'SELECT class, a FROM b_star* x WHERE x.a > 1',
      'SELECT p.name FROM ONLY person p',
    ],
    'column definition lists on set-returning functions': [
      'SELECT * FROM json_to_recordset(z) AS y("rank" int, name text)',
      "SELECT * FROM json_to_record('{\"a\":1}') AS x(a int, b text[], c numeric(10, 2))",
      "SELECT * FROM dblink('dbname=x', 'select 1') AS (id int)",
    ],
    'a column named interval': [
      'SELECT interval, sum(n) OVER (ORDER BY interval) FROM t',
      'SELECT max(x) OVER (PARTITION BY interval ORDER BY interval DESC) FROM t GROUP BY interval, x',
      "SELECT interval '1 day', interval '2' hour, now() - interval '3 days'",
    ],
    'typed literals': [
      "SELECT int2 '2' * int4 '3', polygon '((0,0),(1,1))', bool 't', timestamp with time zone '2001-12-27 04:05:06+08'",
      "SELECT time without time zone '04:05', double precision '1.5', character varying 'x'",
    ],
    'data-modifying CTEs, MERGE after WITH': [
      'WITH moved AS (DELETE FROM a WHERE x > 1 RETURNING *) INSERT INTO b SELECT * FROM moved',
      'WITH u AS (UPDATE t SET a = 1 RETURNING a) SELECT * FROM u',
      'WITH s AS (SELECT 1 AS k) MERGE INTO t USING s ON t.k = s.k WHEN MATCHED THEN DELETE',
    ],
    'joins, grouping sets, arrays, operators': [
      'SELECT * FROM a INNER JOIN b LEFT JOIN c ON b.x = c.x ON a.y = b.y',
      'SELECT * FROM j1 JOIN j2 USING (i) AS x WHERE x.i = 1',
      'SELECT a, b, sum(c) FROM t GROUP BY GROUPING SETS ((a, b), (a), ())',
      "UPDATE arrtest SET e[0] = '1.1', f[1:2] = '{1,2}'",
      "INSERT INTO arrtest (a[1:5], b[1:1][1:2]) VALUES ('{1,2,3,4,5}', '{{1,2}}')",
      'INSERT INTO t OVERRIDING SYSTEM VALUE VALUES (1)',
      'SELECT @@ b.f1, |/ 25, aggfns(a ORDER BY c USING ~<~) FROM b',
      'SELECT ((SELECT 2) UNION SELECT 3)',
      "SELECT collation for ('foo')",
      'SELECT * FROM ROWS FROM (json_to_recordset(j) AS (a int, b text), generate_series(1, 3)) WITH ORDINALITY AS x (p, q, s, o)',
      "SELECT (timestamptz '2000-11-27', interval '1 day') OVERLAPS (timestamptz '2000-11-27 12:00', interval '12 hours')",
      "SELECT interval(2) '1 day 01:23:45.6789', x IS NFC NORMALIZED, substring('abc' similar 'a%' escape '#'), schedule[:2][2:]",
      'SELECT * FROM t ORDER BY a OFFSET 10 LIMIT 5',
      'SELECT * FROM t ORDER BY a USING OPERATOR(public.<^), b FETCH FIRST 5 ROWS WITH TIES OFFSET 10',
      'SELECT UNION SELECT',
      "SELECT interval '1 2:03' day to second(2), f1::interval day to minute, char(20) 'x', timestamp(2) with time zone 'now'",
      'SELECT tx.ii FROM (j1 t1 (a, b) CROSS JOIN j2 t2 (d)) AS tx (ii, jj, kk)',
      'SELECT 1 AS U&"d*0061t" UESCAPE \'*\'',
    ],
  },
  MARIADB: {
    'SOUNDS LIKE': ["SELECT * FROM t WHERE name SOUNDS LIKE 'Robert' AND NOT (a SOUNDS LIKE b)"],
    'JSON_TABLE … COLUMNS (FOR ORDINALITY, PATH, NESTED PATH)': [
      "SELECT jt.* FROM t, JSON_TABLE(t.doc, '$[*]' COLUMNS (id FOR ORDINALITY, a INT PATH '$.a' DEFAULT '0' ON EMPTY, NESTED PATH '$.b[*]' COLUMNS (c INT PATH '$'))) AS jt",
    ],
    'multi-table DELETE … USING': [
      'DELETE FROM t1, t2 USING t1 INNER JOIN t2 INNER JOIN t3 WHERE t1.id = t2.id AND t2.id = t3.id',
      'DELETE FROM t1.*, t2.* USING t1, t2 WHERE t1.a = t2.a',
      'DELETE t1, t2 FROM t1 JOIN t2 ON t1.a = t2.a',
    ],
    'MariaDB clauses and expressions': [
      'SELECT * FROM t LIMIT 10 ROWS EXAMINED 1000',
      'SELECT a FROM t GROUP BY a DESC LIMIT 1 INTO @v',
      "INSERT INTO t1 (a) SELECT b FROM t2 ON DUPLICATE KEY UPDATE a = DEFAULT(b)",
      "SELECT * FROM t WHERE MATCH (a, b) AGAINST ('x' IN NATURAL LANGUAGE MODE WITH QUERY EXPANSION)",
      'UPDATE t1 SET id=-1 WHERE id=1',
      'INSERT INTO t1 PARTITION (p0, p1) VALUES (1)',
      '(VALUES (3), (7), (1) ORDER BY 1 LIMIT 2)',
      "SELECT _latin1 'a', _binary 0xFF, @`a b`",
      "SELECT * FROM t FOR SYSTEM_TIME AS OF TIMESTAMP @ts JOIN u FOR SYSTEM_TIME BETWEEN '2000-01-01' AND NOW() ON t.a = u.a",
      "DELETE FROM t FOR PORTION OF apptime FROM '2000-01-01' TO '2018-01-01'",
      'DELETE HISTORY FROM t BEFORE SYSTEM_TIME NOW()',
      'SELECT NEXT VALUE FOR s1, PREVIOUS VALUE FOR s1, SUBSTR(c1, start, length)',
      'CALL sp11(--1.00e+09, var1)',
      '(SELECT 1) UNION (SELECT 2) INTO @v',
      "SELECT a INTO OUTFILE 'x.txt' CHARACTER SET utf8 FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' FROM t",
      'INSERT INTO t1 SELECT 1, a FROM t2 NATURAL JOIN t3 ON DUPLICATE KEY UPDATE j = IF(VALUES(b) > t1.b, VALUES(b), t1.b)',
      'SELECT * FROM t1 WHERE a = ANY ((SELECT 1 UNION SELECT 1) UNION SELECT 1)',
    ],
  },
};

describe('parseSql: statements the databases accept get no syntax marker', () => {
  for (const [type, groups] of Object.entries(accepted)) {
    for (const [what, list] of Object.entries(groups)) {
      it(`${type}: ${what}`, () => {
        for (const sql of list) expect(markers(sql, type), sql).toEqual([]);
      });
    }
  }
});

describe('parseSql: the same constructs written wrongly are still flagged', () => {
  const rejected: [string, string][] = [
    ['POSTGRESQL', 'WITH RECURSIVE t(n) AS (SELECT 1) SEARCH DEPTH FIRST n SET o SELECT * FROM t'],
    ['POSTGRESQL', 'WITH RECURSIVE t(n) AS (SELECT 1) CYCLE n SET c SELECT * FROM t'],
    ['POSTGRESQL', 'SELECT * FROM json_to_recordset(z) AS y("rank" int'],
    ['POSTGRESQL', 'SELECT sum(n) OVER (ORDER BY interval FROM t'],
    ['POSTGRESQL', "UPDATE arrtest SET e[0 = '1.1'"],
    ['MARIADB', 'DELETE t1, t2 USING t1, t2 WHERE 1'],
    ['MARIADB', "SELECT * FROM t WHERE name SOUNDS 'Robert'"],
    ['MARIADB', "SELECT * FROM JSON_TABLE(doc, '$' COLUMNS (id FOR ORDINALITY) AS jt"],
    ['MARIADB', 'SELECT (SELECT 1 FROM t PROCEDURE ANALYSE())'],
    ['MARIADB', 'SELECT 1 INTO @a FROM t INTO @b'],
    ['MARIADB', 'INSERT INTO t1 PARTITION () VALUES (1)'],
    ['MARIADB', '(SELECT 1 FROM t1 INTO @v)'],
    ['MARIADB', 'SELECT 1 FROM t1 INTO @v LIMIT 1'],
    ['MARIADB', 'SELECT * FROM t1 PROCEDURE ANALYSE() UNION SELECT 1'],
    ['MARIADB', 'UPDATE t SET a = 1 LIMIT ROWS EXAMINED 0'],
  ];
  for (const [type, sql] of rejected) {
    it(`${type}: ${sql}`, () => expect(markers(sql, type).length).toBeGreaterThan(0));
  }
});
