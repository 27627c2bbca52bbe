/**
 * A small general-purpose lexicon for schema linking, written for database schemas in general
 * (no benchmark's table names in it):
 *
 * - abbreviations common in identifiers (`qty`, `amt`, `dept`, `dob`): an identifier word also
 *   counts as its expansion, so "quantity" meets `order_qty`;
 * - synonym groups of words questions and schemas use for the same thing (`nation`/`country`,
 *   `client`/`customer`, `salary`/`wage`): a question word also meets its synonyms, at a lower weight.
 *
 * Everything here is compared in the form `lemma` gives (text-tokens.ts, which also holds the
 * irregular word forms the suffix stemmer cannot reach).
 */
import { lemma, stem } from './text-tokens.js';

const ABBREVIATIONS: Record<string, string> = {
  qty: 'quantity', amt: 'amount', num: 'number', nbr: 'number', no: 'number', cnt: 'count', tot: 'total',
  avg: 'average', max: 'maximum', min: 'minimum', pct: 'percent', perc: 'percent', dept: 'department',
  emp: 'employee', empl: 'employee', mgr: 'manager', cust: 'customer', prod: 'product', acct: 'account',
  addr: 'address', desc: 'description', descr: 'description', dob: 'birth', bday: 'birthday', txn: 'transaction',
  org: 'organization', dt: 'date', ts: 'timestamp', yr: 'year', wk: 'week',
  tel: 'telephone', ph: 'phone', fname: 'first', lname: 'last', inv: 'invoice',
  loc: 'location', ref: 'reference', info: 'information', img: 'image', doc: 'document',
  msg: 'message', pwd: 'password', stu: 'student', prof: 'professor', instr: 'instructor', univ: 'university',
  govt: 'government', intl: 'international', natl: 'national', lang: 'language', ctry: 'country', cty: 'city',
  prov: 'province', vol: 'volume', wt: 'weight', ht: 'height',
  len: 'length', dur: 'duration', sal: 'salary', hq: 'headquarter', pop: 'population',
  config: 'configuration', auth: 'author', pub: 'publication', seq: 'sequence',
};

/** Words that name the same thing in questions and schemas (each group shares its meaning). */
const SYNONYM_GROUPS: string[][] = [
  ['nation', 'country'], ['client', 'customer', 'buyer', 'purchaser'], ['shop', 'store', 'outlet'],
  ['staff', 'employee', 'worker', 'personnel'], ['salary', 'wage', 'pay', 'earning', 'income'],
  ['boss', 'manager', 'supervisor'], ['firm', 'company', 'business', 'enterprise', 'corporation'],
  ['item', 'product', 'good', 'merchandise'], ['price', 'cost', 'fee', 'charge'], ['purchase', 'order', 'buy'],
  ['town', 'city'], ['area', 'region', 'zone'], ['job', 'position', 'role', 'occupation'],
  ['film', 'movie'], ['song', 'track'], ['author', 'writer'], ['paper', 'article', 'publication'],
  ['teacher', 'instructor', 'professor', 'lecturer'], ['pupil', 'student'], ['class', 'course'],
  ['vehicle', 'car', 'automobile'], ['maker', 'manufacturer', 'producer'], ['plane', 'aircraft', 'airplane'],
  ['airline', 'carrier'], ['ship', 'vessel', 'boat'], ['doctor', 'physician'], ['sick', 'ill', 'disease', 'illness'],
  ['live', 'reside', 'inhabitant', 'resident', 'population', 'populous'], ['speak', 'language'],
  ['old', 'age', 'young'], ['birth', 'born'], ['gender', 'sex'], ['phone', 'telephone', 'mobile', 'cell'],
  ['mail', 'email'], ['begin', 'start'], ['end', 'finish'], ['tall', 'height'],
  ['heavy', 'weight'], ['long', 'length'], ['money', 'amount', 'budget'], ['grade', 'score', 'mark'],
  ['win', 'won', 'victory'], ['contest', 'competition', 'match', 'game', 'tournament'], ['team', 'club'],
  ['event', 'occasion'], ['home', 'house', 'residence'], ['rent', 'lease'], ['owner', 'proprietor'],
  ['pet', 'animal'], ['dog', 'canine'], ['cat', 'feline'], ['user', 'account', 'member'], ['nickname', 'alias'],
  ['begin', 'launch'], ['quantity', 'amount', 'count'], ['total', 'sum'], ['rate', 'rating'],
];

const abbreviation = new Map(Object.entries(ABBREVIATIONS).map(([k, v]) => [k, stem(v)]));
const synonyms = new Map<string, Set<string>>();
for (const group of SYNONYM_GROUPS) {
  const stems = group.map(lemma);
  for (const s of stems) {
    const set = synonyms.get(s) ?? new Set<string>();
    for (const o of stems) if (o !== s) set.add(o);
    synonyms.set(s, set);
  }
}

/** The expansion of an identifier abbreviation (`qty` → `quantity`), if it is one. */
export function expandAbbreviation(word: string): string | undefined {
  return abbreviation.get(word);
}

/** Synonyms of a lemma (never the lemma itself). */
export function synonymsOf(term: string): ReadonlySet<string> {
  return synonyms.get(term) ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();
