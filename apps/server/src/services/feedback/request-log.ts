/**
 * The last lines of each user's requests on this replica, for feedback logs (issue 18 point 2): a
 * small ring buffer per user fed by an onResponse / onError hook. Lines carry method, path, status,
 * duration and error codes — never headers or bodies — and pass through `scrub` on the way in, so
 * secrets in query strings or error messages (passwords, tokens, keys, cookies) never reach it.
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../store/db.js';

export const LINES_PER_USER = 100;
// Bounded memory: at most 1,000 users × 100 lines × 400 characters (the least recently active user goes first).
const MAX_USERS = 1000;

const SECRET_NAME = /pass(word)?|pwd|secret|token|key|sig(nature)?|auth|cookie|session|credential|code/i;

/** Removes secrets from a log line: sensitive query or key=value pairs, JSON fields, bearer tokens, cookies, long opaque strings. */
export function scrub(line: string): string {
  return line
    .replace(/([?&;\s]|^)([\w.-]+)=([^&\s;,]*)/g, (m, pre: string, name: string) => (SECRET_NAME.test(name) ? `${pre}${name}=***` : m))
    .replace(/("([\w.-]+)"\s*:\s*)"(?:[^"\\]|\\.)*"/g, (m, pre: string, name: string) => (SECRET_NAME.test(name) ? `${pre}"***"` : m))
    .replace(/\b(authorization|proxy-authorization)\s*:\s*(\w+\s+)?\S+/gi, '$1: ***')
    .replace(/\b(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 ***')
    .replace(/\b(cookie|set-cookie)\s*:\s*[^\n]*/gi, '$1: ***')
    .replace(/\b[a-z]+:\/\/[^\s:/@]+:[^\s@/]+@/gi, (m) => m.replace(/:[^:@]+@$/, ':***@'))
    .replace(/\b[A-Za-z0-9+/_-]{40,}={0,2}/g, '***');
}

export class RequestLog {
  private readonly lines = new Map<number, string[]>();

  add(userId: number, line: string): void {
    let buf = this.lines.get(userId);
    if (!buf) {
      if (this.lines.size >= MAX_USERS) this.lines.delete(this.lines.keys().next().value!);
      buf = [];
    } else this.lines.delete(userId);
    this.lines.set(userId, buf); // most recently active last (the first one goes when full)
    buf.push(scrub(line));
    if (buf.length > LINES_PER_USER) buf.splice(0, buf.length - LINES_PER_USER);
  }

  last(userId: number, n = LINES_PER_USER): string[] {
    return (this.lines.get(userId) ?? []).slice(-n);
  }
}

const logs = new WeakMap<Store, RequestLog>();
export function requestLogFor(store: Store): RequestLog {
  let l = logs.get(store);
  if (!l) logs.set(store, (l = new RequestLog()));
  return l;
}

/** Feeds the log from every signed-in request of the app. */
export function recordRequests(app: FastifyInstance, log: RequestLog): void {
  app.addHook('onError', async (req, _reply, err) => {
    const uid = req.ctx?.user?.id;
    if (uid) log.add(uid, `${new Date().toISOString()} ERROR ${req.method} ${req.url} ${(err as { errorCode?: string }).errorCode ?? err.name}: ${err.message}`.slice(0, 400));
  });
  app.addHook('onResponse', async (req, reply) => {
    const uid = req.ctx?.user?.id;
    if (!uid) return;
    log.add(uid, `${new Date().toISOString()} ${req.method} ${req.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`.slice(0, 400));
  });
}
