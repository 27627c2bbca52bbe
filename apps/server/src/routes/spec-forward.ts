/**
 * Aliases of the spec's call names (issue 29 item 20): an alias answers by calling our own route
 * in-process with the caller's headers (cookie, API key, language, time zone), so the target's
 * access rule, validation, grants and audit apply exactly as if the client had called it.
 * The alias declares its own access rule too (checked first), so it never widens the target's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const DROP = new Set(['content-length', 'content-type', 'transfer-encoding', 'connection']);

export interface Forwarded { status: number; body: { success: boolean; data?: unknown; errorCode?: string; errorMessage?: string }; headers: Record<string, unknown> }

/** Calls `method url` on this app as the caller. */
export async function call(app: FastifyInstance, req: FastifyRequest, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<Forwarded> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (!DROP.has(k) && typeof v === 'string') headers[k] = v;
  const res = await app.inject({ method, url, headers, ...(payload === undefined || method === 'GET' ? {} : { payload: payload as object }) });
  let body: Forwarded['body'];
  try {
    body = res.json();
  } catch {
    body = { success: res.statusCode < 400, data: res.body };
  }
  return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
}

/** Sends a forwarded answer as this route's answer (status, envelope and any cookie the target set). */
export function relay(reply: FastifyReply, f: Forwarded): FastifyReply {
  const cookie = f.headers['set-cookie'];
  if (cookie) reply.header('set-cookie', cookie);
  return reply.code(f.status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(f.body));
}

/** A query string of the defined values. */
export function qs(o: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}
