/**
 * The licence authority's operator command (docs/licence.md):
 *   node apps/server/bin/askdb-licence.mjs issue --count 2 [--valid-until 2027-01-01T00:00:00Z] [--product "AskDB Local Pro"] [--user 12 --org 34]
 *   node apps/server/bin/askdb-licence.mjs public-key
 * Runs against the store the environment names (ASKDB_MODE=server, ASKDB_DATABASE_URL, ASKDB_SECRET
 * — the same as the authority's replicas, so they can read what it writes).
 */
import { configFromEnv } from './config.js';
import { openStore } from './store/db.js';
import { loadKey, secretBox } from './store/secret.js';
import { LicenceAuthority } from './services/licence/authority.js';
import { publicKeyPem } from './services/licence/signing.js';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

export async function runLicenceCli(args: string[], env: NodeJS.ProcessEnv = process.env, out: (s: string) => void = (s) => process.stdout.write(s + '\n')): Promise<number> {
  const [command] = args;
  if (command !== 'issue' && command !== 'public-key') {
    out('usage: askdb-licence issue --count N [--valid-until ISO-8601] [--product NAME] [--user ID --org ID] | public-key');
    return 2;
  }
  const config = configFromEnv(env);
  const store = await openStore({ home: config.home, databaseUrl: config.databaseUrl, mode: config.mode });
  try {
    const authority = new LicenceAuthority(store.db, secretBox(loadKey(config.home, config.secret)));
    if (command === 'public-key') {
      out(publicKeyPem((await authority.signingKey()).publicKey).trim());
      return 0;
    }
    const count = Number(option(args, 'count') ?? '1');
    const validUntil = option(args, 'valid-until') ?? null;
    if (!Number.isInteger(count) || count < 1 || count > 100) throw new Error('--count must be a whole number from 1 to 100');
    if (validUntil !== null && Number.isNaN(Date.parse(validUntil))) throw new Error('--valid-until must be a date and time (ISO 8601)');
    const user = option(args, 'user');
    const org = option(args, 'org');
    const codes = await authority.issue({
      orderId: null, count, validUntil: validUntil && new Date(validUntil).toISOString(), product: option(args, 'product'),
      userId: user ? Number(user) : null, organizationId: org ? Number(org) : null,
    });
    for (const c of codes) out(c);
    return 0;
  } finally {
    await store.close();
  }
}

const isMain = process.argv[1] && /licence-cli\.(ts|js|cjs)$/.test(process.argv[1]);
if (isMain || process.env.ASKDB_LICENCE_CLI === '1') {
  runLicenceCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(`askdb-licence: ${(e as Error).message}`);
      process.exit(1);
    },
  );
}
