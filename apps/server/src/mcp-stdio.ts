/**
 * AskDB's MCP server over stdio (issue 17 point 5), started by an MCP client through
 * apps/server/bin/askdb-mcp.mjs. It opens the same store as the app (same environment: ASKDB_HOME,
 * ASKDB_MODE, ASKDB_DATABASE_URL, ASKDB_SECRET) without listening on any port, and acts as
 * - local mode: the local user;
 * - server mode: the owner of ASKDB_API_KEY (Settings → API keys), in their current organisation.
 * Stdout carries the protocol only: everything else goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { pickLanguage } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import { configFromEnv } from './config.js';
import { buildApp } from './app.js';
import { createMcpServer } from './services/mcp/tools.js';

console.log = console.error;
console.info = console.error;

async function main(): Promise<void> {
  const config = { ...configFromEnv(process.env), logLevel: 'silent' as const };
  const { app, deps } = await buildApp(config, { logger: false });
  const key = process.env.ASKDB_API_KEY ?? '';
  const identity = await deps.identity.resolve({ headers: key ? { authorization: `Bearer ${key}` } : {}, cookies: {} } as unknown as FastifyRequest);
  if (!identity.user) {
    console.error(config.mode === 'server' ? 'askdb-mcp: set ASKDB_API_KEY to a valid AskDB API key (Settings → API keys)' : 'askdb-mcp: no local user');
    await app.close();
    process.exit(1);
  }
  const caller = { ctx: { ...identity, lang: pickLanguage(process.env.ASKDB_LANGUAGE ?? process.env.LANG?.replace('_', '-').split('.')[0]) }, ip: '127.0.0.1' };
  const server = createMcpServer(deps, caller as Pick<FastifyRequest, 'ctx' | 'ip'>);
  const transport = new StdioServerTransport();
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => {});
    await app.close().catch(() => {});
    process.exit(0);
  };
  transport.onclose = () => void stop();
  process.stdin.on('end', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await server.connect(transport);
}

main().catch((e) => {
  console.error(`askdb-mcp: ${(e as Error).message}`);
  process.exit(1);
});
