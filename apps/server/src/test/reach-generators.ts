/**
 * Generators (fast-check) of the ways SQL can reach a column of `emp` (issue 24 point 1): aliases,
 * quoting, U& names, comments, stars inside expressions, casts, row constructors, functions over
 * whole rows, subqueries, CTEs, views, set operations, lateral, JSON/XML functions and dialect
 * comments — per engine. `reach(engine, 'ssn')` always reaches ssn (its value would come out as
 * text); `reach(engine, 'name')` builds the same shapes over an allowed column, as the control.
 */
import fc from 'fast-check';

export type EngineKind = 'POSTGRESQL' | 'MARIADB';
type Arb = fc.Arbitrary<string>;

const aliasArb = fc.constantFrom('e', 'x1', 'emp_alias', 't');
/** What separates words: a space, a block comment, a line comment, a tab. */
const spacerArb = fc.constantFrom(' ', ' /* c */ ', '\n-- c\n', '\t', '  ');

function uEscape(name: string, all: boolean, esc = '\\'): string {
  return [...name].map((ch, i) => (all || i === 0 ? `${esc}${ch.codePointAt(0)!.toString(16).padStart(4, '0')}` : ch)).join('');
}

/** A reference to column c of the source aliased a. */
function columnRef(engine: EngineKind, c: string): fc.Arbitrary<(a: string) => string> {
  const common = [(a: string) => `${a}.${c}`, () => c];
  if (engine === 'POSTGRESQL') {
    return fc.constantFrom(
      ...common,
      () => `"${c}"`,
      (a: string) => `${a}."${c}"`,
      (a: string) => `${a} . ${c}`,
      () => `U&"${uEscape(c, true)}"`,
      (a: string) => `${a}.U&"${uEscape(c, false)}"`,
      () => `U&"${uEscape(c, true, '!')}" UESCAPE '!'`,
    );
  }
  return fc.constantFrom(...common, () => `\`${c}\``, (a: string) => `${a}.\`${c}\``, (a: string) => `\`${a}\`.${c}`);
}

/** Text-valued expressions over a reference. */
function wrapper(engine: EngineKind): fc.Arbitrary<(r: string) => string> {
  const common = [(r: string) => r, (r: string) => `coalesce(${r}, '')`, (r: string) => `concat_ws(',', ${r})`, (r: string) => `upper(${r})`, (r: string) => `lower(trim(${r}))`, (r: string) => `(select ${r})`, (r: string) => `case when 1 = 1 then ${r} end`];
  if (engine === 'POSTGRESQL') {
    return fc.constantFrom(
      ...common,
      (r: string) => `(${r})::text`,
      (r: string) => `cast(${r} as text)`,
      (r: string) => `${r} || ''`,
      (r: string) => `xmlelement(name v, ${r})::text`,
      (r: string) => `xmlforest(${r} as v)::text`,
      (r: string) => `to_jsonb(${r})::text`,
      (r: string) => `json_build_array(${r})::text`,
      (r: string) => `array[${r}]::text`,
      (r: string) => `row(${r})::text`,
      (r: string) => `format('%s', ${r})`,
      (r: string) => `string_agg(${r}, ',') over ()`,
    );
  }
  return fc.constantFrom(...common, (r: string) => `concat(${r})`, (r: string) => `cast(${r} as char)`, (r: string) => `json_object('k', ${r})`, (r: string) => `json_array(${r})`, (r: string) => `group_concat(${r})`, (r: string) => `convert(${r}, char)`);
}

/** PostgreSQL whole-row forms of source a: every column, ssn among them. */
const wholeRowArb = fc.constantFrom(
  (a: string) => `row(${a}.*)::text`,
  (a: string) => `to_jsonb(${a}.*)::text`,
  (a: string) => `to_jsonb(${a})::text`,
  (a: string) => `row_to_json(${a})::text`,
  (a: string) => `(${a}.*)::text`,
  (a: string) => `${a}::text`,
  (a: string) => `concat_ws(',', ${a}.*)`,
  (a: string) => `array[${a}.*]::text`,
  (a: string) => `jsonb_build_object('k', ${a}.*)::text`,
  (a: string) => `json_agg(${a}.*) over ()`,
  (a: string) => `format('%s', ${a})`,
  (a: string) => `xmlforest(${a}.ssn)::text`,
);

/** A source that exposes column c (and id) under alias a. */
function source(engine: EngineKind, c: string): fc.Arbitrary<(a: string) => string> {
  const inner = c === 'ssn' ? fc.constantFrom('*', 'id, ssn', 'ssn, id, name') : fc.constant(`id, ${c}`);
  return inner.chain((cols) => {
    const common = [(a: string) => `emp ${a}`, (a: string) => `emp as ${a}`, (a: string) => `(select ${cols} from emp) ${a}`, (a: string) => `(select ${cols} from emp where id > 0) as ${a}`];
    const view = c === 'ssn' ? [(a: string) => `emp_v ${a}`] : [];
    if (engine === 'POSTGRESQL') {
      return fc.constantFrom(...common, ...view, (a: string) => `public.emp ${a}`, (a: string) => `"emp" ${a}`, (a: string) => `(select 1 as one) z cross join lateral (select ${cols} from emp) ${a}`, (a: string) => `(select ${cols} from emp union all select ${cols} from emp) ${a}`);
    }
    return fc.constantFrom(...common, ...view, (a: string) => `\`emp\` ${a}`, (a: string) => `(select ${cols} from emp union all select ${cols} from emp) ${a}`);
  });
}

/** Query shapes around a text expression `v` over a source `s` aliased a. */
const shapeArb = fc.constantFrom(
  (v: string, s: string) => `select ${v} from ${s}`,
  (v: string, s: string) => `select ${v} as v from ${s} order by 1 limit 5`,
  (v: string, s: string) => `with q as (select ${v} as v from ${s}) select v from q`,
  (v: string, s: string) => `select w.v from (select ${v} as v from ${s}) w`,
  (v: string, s: string) => `select 'x' as v union all select ${v} from ${s}`,
  (v: string, s: string) => `select (select ${v} from ${s} limit 1) as v`,
  (v: string, s: string) => `select * from (select ${v} as v from ${s}) w where v is not null`,
);

/** MariaDB executable and hash comments that carry the reference (always refused or never reaching). */
const mariaCommentArb = fc.constantFrom(
  (r: string, s: string, a: string) => `select ${a}.id /*!, ${r} */ from ${s}`,
  (r: string, s: string, a: string) => `select ${a}.id /*!50000 , ${r} */ from ${s}`,
  (r: string, s: string, a: string) => `select ${a}.id /*M!100100 , ${r} */ from ${s}`,
  (r: string, s: string, a: string) => `select ${a}.id from ${s} /*!50000 union select ${r} from ${s} */`,
  (r: string, s: string) => `select ${r}#x\nfrom ${s}`,
  (r: string, s: string) => `select /*+ NO_INDEX(e) */ ${r} from ${s}`,
  (r: string, s: string) => `/*! select ${r} from ${s} */`,
);

/** One statement that reaches column c of emp on the engine. */
export function reach(engine: EngineKind, c: 'ssn' | 'name'): Arb {
  const plain = fc.tuple(aliasArb, columnRef(engine, c), wrapper(engine), source(engine, c), shapeArb, spacerArb).map(([a, ref, wrap, src, shape, sp]) => shape(wrap(ref(a)), src(a)).replaceAll(' ', sp));
  const forms: Arb[] = [plain];
  if (c === 'ssn' && engine === 'POSTGRESQL') {
    forms.push(fc.tuple(aliasArb, wholeRowArb, source(engine, 'ssn'), shapeArb).map(([a, whole, src, shape]) => shape(whole(a), src(a))));
  }
  if (c === 'ssn' && engine === 'MARIADB') {
    forms.push(fc.tuple(aliasArb, columnRef(engine, c), source(engine, c), mariaCommentArb).map(([a, ref, src, form]) => form(ref(a), src(a), a)));
    forms.push(fc.tuple(aliasArb, source(engine, c)).map(([a, src]) => `select ${a}.* from ${src}`));
  }
  return fc.oneof(...forms);
}
