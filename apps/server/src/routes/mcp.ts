/**
 * MCP over streamable HTTP (issue 17 point 5): `POST /api/mcp` answers JSON-RPC messages of the
 * Model Context Protocol, statelessly (a server and a transport per request, JSON answers, no
 * session: any replica answers any request). The caller is whoever the request context says:
 * `Authorization: Bearer <API key>` (settings → API keys) in server mode, the local user in local
 * mode. GET and DELETE (standalone SSE stream, session end) are not offered: 405.
 * `GET /api/mcp/config/copy` answers the client configuration the settings page copies (spec 02 §7).
 */
import type { FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpClientConfig } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { createMcpServer, MCP_SERVER_NAME } from '../services/mcp/tools.js';
import { stdioBinPath } from '../services/mcp/stdio-path.js';

const tag = 'mcp';

function endpointOf(req: FastifyRequest, publicUrl: string | undefined): string {
  return `${(publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '')}/api/mcp`;
}

const mcp: RouteModule = (app, deps) => {
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/mcp', summary: 'Model Context Protocol endpoint (streamable HTTP, stateless; tools: list_data_sources, list_tables, describe_table, run_query)', tag, raw: { contentType: 'application/json' } }, async (_i, req, reply) => {
    reply.hijack();
    const server = createMcpServer(deps, req);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
  for (const method of ['GET', 'DELETE'] as const) {
    defineRoute(app, { access: 'signedIn', method, url: '/api/mcp', summary: `MCP ${method}: not offered by this stateless server (405)`, tag }, (_i, _req, reply) =>
      reply.status(405).header('allow', 'POST').send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }),
    );
  }

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/mcp/config/copy', summary: 'The MCP client configuration to copy into an MCP client (settings)', tag }, (_i, req): McpClientConfig => {
    const url = endpointOf(req, deps.config.auth.publicUrl);
    const local = deps.config.mode === 'local';
    const servers: Record<string, unknown> = {
      [MCP_SERVER_NAME]: { type: 'streamable-http', url, ...(local ? {} : { headers: { Authorization: 'Bearer <your AskDB API key: Settings → API keys>' } }) },
    };
    if (local) servers[`${MCP_SERVER_NAME}-stdio`] = { command: process.execPath, args: [stdioBinPath()], env: { ASKDB_HOME: deps.config.home } };
    return { text: JSON.stringify({ mcpServers: servers }, null, 2), url, needsApiKey: !local };
  });
};

export default mcp;
