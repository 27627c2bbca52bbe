/** Where the stdio MCP launcher (apps/server/bin/askdb-mcp.mjs) is, for the copied client configuration. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function stdioBinPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From src/services/mcp (tests, dev) or from the bundle in apps/server/dist.
  const candidates = [path.resolve(here, '../../../bin/askdb-mcp.mjs'), path.resolve(here, '../bin/askdb-mcp.mjs'), path.resolve(process.cwd(), 'apps/server/bin/askdb-mcp.mjs')];
  return candidates.find((p) => fs.existsSync(p)) ?? candidates[0]!;
}
