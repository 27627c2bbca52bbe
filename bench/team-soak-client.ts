/**
 * The team soak's HTTP client and its ledger: every request timed and filed under its route, with
 * the replica that answered it (the proxy's `x-soak-backend`) and whether it failed — an HTTP error,
 * `success: false`, a failed statement in a result, an error event in an AI stream, or no answer.
 * Requests the proxy reports cut by a replica's death (`x-soak-proxy: lost`) are filed apart.
 */
export interface Outcome {
  status: number;
  body: any;
  backend: number | null;
  /** The proxy lost the request with a killed replica (sent, never answered). */
  lost: boolean;
  ms: number;
  error: string | null;
  /** Whose request it was (the session cookie), to follow each user across the kill. */
  who?: string;
}

export interface RequestOptions {
  body?: unknown;
  cookie?: string;
  /** A multipart body (uploads) instead of JSON. */
  form?: FormData;
  /** Read the answer as an SSE stream (AI chat): error events count as failures. */
  sse?: boolean;
  /** Read the answer as bytes (downloads): only the status counts. */
  bytes?: boolean;
}

/** What failed in an answer the server sent, or null. */
function failureOf(status: number, body: any, sse: boolean): string | null {
  if (status >= 400) return `HTTP ${status} ${body?.errorCode ?? ''} ${body?.errorMessage ?? String(body).slice(0, 200)}`;
  if (sse) {
    const events = String(body).split('\n').filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]').map((l) => { try { return JSON.parse(l.slice(6)); } catch { return {}; } });
    const bad = events.find((e) => e.errorCode);
    if (bad) return `stream error ${bad.errorCode}: ${bad.errorMessage}`;
    if (!String(body).includes('data: [DONE]')) return 'stream ended without [DONE]';
    return null;
  }
  if (body && typeof body === 'object' && body.success === false) return `${body.errorCode}: ${body.errorMessage}`;
  if (body && Array.isArray(body.data)) {
    const failed = body.data.find((r: any) => r && typeof r === 'object' && 'originalSql' in r && r.success === false);
    if (failed) return `statement failed: ${failed.message}`;
  }
  return null;
}

const causeOf = (e: unknown) => { const err = e as Error & { cause?: { code?: string; message?: string } }; return `${err.message}${err.cause ? ` (${err.cause.code ?? ''} ${err.cause.message ?? ''})` : ''}`; };

export async function send(base: string, method: string, path: string, o: RequestOptions = {}): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  try {
    const res = await fetch(base + path, { method, headers, body: o.form ?? (o.body === undefined ? undefined : JSON.stringify(o.body)), signal: AbortSignal.timeout(120_000) });
    const backendHeader = res.headers.get('x-soak-backend');
    const backend = backendHeader === null ? null : Number(backendHeader);
    const lost = res.headers.get('x-soak-proxy') === 'lost';
    let body: any;
    try {
      if (o.bytes) body = (await res.arrayBuffer()).byteLength;
      else {
        const text = await res.text();
        body = text;
        if (!o.sse) try { body = JSON.parse(text); } catch { /* not JSON */ }
      }
    } catch (e) {
      // The proxy cuts an answer only when its replica died while sending it.
      return { status: res.status, body: null, backend, lost: true, ms: performance.now() - t0, error: `answer cut: ${causeOf(e)}`, who: o.cookie };
    }
    const ms = performance.now() - t0;
    return { status: res.status, body, backend, lost, ms, error: failureOf(res.status, body, !!o.sse), who: o.cookie };
  } catch (e) {
    return { status: 0, body: null, backend: null, lost: false, ms: performance.now() - t0, error: `no answer: ${causeOf(e)}`, who: o.cookie };
  }
}

interface RouteStats { ms: number[]; errors: number; lost: number; byBackend: number[] }

export class Ledger {
  readonly routes = new Map<string, RouteStats>();
  readonly errors: { at: number; route: string; error: string; backend: number | null }[] = [];
  /** Requests answered after the kill, per replica. */
  afterKill = { answered: 0, failed: 0 };
  killedAt: number | null = null;
  /** Per user: the replica of their last answer before the kill, then how their first request after it went. */
  private lastBackend = new Map<string, number | null>();
  private firstAfter = new Map<string, boolean>();
  /** The replica killed (set with killedAt). */
  victim: number | null = null;

  file(route: string, o: Outcome): Outcome {
    let s = this.routes.get(route);
    if (!s) this.routes.set(route, (s = { ms: [], errors: 0, lost: 0, byBackend: [0, 0] }));
    if (o.backend !== null) s.byBackend[o.backend] = (s.byBackend[o.backend] ?? 0) + 1;
    if (o.lost) s.lost++;
    else {
      s.ms.push(o.ms);
      if (o.error) {
        s.errors++;
        if (this.errors.length < 200) this.errors.push({ at: Date.now(), route, error: o.error, backend: o.backend });
      }
    }
    if (this.killedAt !== null && !o.lost) {
      this.afterKill.answered++;
      if (o.error) this.afterKill.failed++;
      if (o.who && !this.firstAfter.has(o.who)) this.firstAfter.set(o.who, !o.error);
    } else if (this.killedAt === null && o.who) this.lastBackend.set(o.who, o.backend);
    return o;
  }

  /** The users whose last answer before the kill came from the killed replica, and how many of them had their next request answered. */
  victimUsers(): { users: number; nextSucceeded: number; nextFailed: number } {
    const theirs = [...this.lastBackend].filter(([, b]) => b === this.victim).map(([who]) => who);
    const next = theirs.map((who) => this.firstAfter.get(who));
    return { users: theirs.length, nextSucceeded: next.filter((x) => x === true).length, nextFailed: next.filter((x) => x === false).length };
  }

  get totalErrors(): number {
    let n = 0;
    for (const s of this.routes.values()) n += s.errors;
    return n;
  }

  get totalLost(): number {
    let n = 0;
    for (const s of this.routes.values()) n += s.lost;
    return n;
  }

  summary(): { route: string; count: number; errors: number; lost: number; p50: number; p99: number; max: number; byBackend: number[] }[] {
    const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
    return [...this.routes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([route, s]) => {
      const xs = [...s.ms].sort((a, b) => a - b);
      return { route, count: xs.length + s.lost, errors: s.errors, lost: s.lost, p50: q(xs, 0.5), p99: q(xs, 0.99), max: xs[xs.length - 1] ?? 0, byBackend: s.byBackend };
    });
  }
}
