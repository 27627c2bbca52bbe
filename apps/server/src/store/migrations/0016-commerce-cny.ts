/**
 * Commerce in CNY (issue 14 follow-up): the China build's deployment runs with
 * ASKDB_BILLING_CURRENCY=CNY and lists only products in that currency, so the catalogue needs CNY
 * prices. Same plans as 0008's USD seed, ids + 100 (101–103 personal, 121–123 team per seat,
 * 131–133 local/offline per device). Integer minor units (fen). WeChat Pay and Alipay first.
 * Written for SQLite and PostgreSQL alike (plain inserts; 0008 is never edited).
 */
import type { Kysely, Migration } from 'kysely';

/** [id, type, period, title, price, original price, tag, description, free trial, per seat] */
const SEED: [number, string, string, string, number, number, string | null, string, number, number][] = [
  [101, 'PERSONAL', 'MONTH', 'Personal Pro', 6800, 6800, null, 'Per month', 1, 0],
  [102, 'PERSONAL', 'YEAR', 'Personal Pro', 68800, 81600, null, 'Per year', 1, 0],
  [103, 'PERSONAL', 'FOREVER', 'Personal Pro', 198800, 198800, null, 'One payment', 0, 0],
  [121, 'TEAM', 'MONTH', 'Team Pro', 13800, 13800, 'MOST_POPULAR', 'Per user per month', 1, 1],
  [122, 'TEAM', 'YEAR', 'Team Pro', 138800, 165600, 'MOST_POPULAR', 'Per user per year', 1, 1],
  [123, 'TEAM', 'FOREVER', 'Team Pro', 398800, 398800, 'MOST_POPULAR', 'Per user, one payment', 0, 1],
  [131, 'LOCAL', 'MONTH', 'Local Pro', 4800, 4800, null, 'Per device per month', 0, 1],
  [132, 'LOCAL', 'YEAR', 'Local Pro', 48800, 57600, null, 'Per device per year', 0, 1],
  [133, 'LOCAL', 'FOREVER', 'Local Pro', 128800, 128800, null, 'Per device, one payment', 0, 1],
];

export function commerceCnyMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.insertInto('products').values(SEED.map(([id, type, sub, title, price, original, tag, d2, trial, perSeat]) => ({
        id, type, subscription_type: sub, title, price, original_price: original, currency: 'CNY', tag, description2: d2,
        payment_methods: 'wechat,alipay,stripe,sandbox', free_trial: trial, per_seat: perSeat, version_type: 'PRO2', active: 1, sort_order: id,
      }))).execute();
    },
    async down(db: Kysely<any>) {
      await db.deleteFrom('products').where('currency', '=', 'CNY').where('id', 'in', SEED.map((s) => s[0])).execute();
    },
  };
}
