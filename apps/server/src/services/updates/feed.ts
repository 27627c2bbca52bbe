/**
 * The version feed (issue 18 point 5; spec 02 §2 "Update setting", §7 "latest version"): the operator
 * configures a URL (ASKDB_UPDATE_FEED_URL, or saved in the store); the check fetches it (5 s, at most
 * 256 KB) and answers whether a newer version than ours is out. The feed is JSON: one release
 * `{ version, url?, notes?, publishedAt? }`, a list of them, or `{ releases: [...] }`.
 */
import { ERROR_CODES, type Language } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { KvRepo } from '../../store/kv.js';

export interface Release {
  version: string;
  url: string | null;
  notes: string | null;
  publishedAt: string | null;
}
export interface UpdateCheck {
  current: string;
  feedConfigured: boolean;
  latest: Release | null;
  hasUpdate: boolean;
}

const FEED_SCOPE = 'system';
const FEED_KEY = 'update.feedUrl';
const MAX_BYTES = 256 * 1024;
const TIMEOUT_MS = 5000;

/** -1, 0 or 1 comparing dotted versions numerically (1.10.0 > 1.9.3; a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const [ma, pa] = a.replace(/^v/i, '').split('-', 2) as [string, string | undefined];
  const [mb, pb] = b.replace(/^v/i, '').split('-', 2) as [string, string | undefined];
  const xa = ma.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const xb = mb.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(xa.length, xb.length); i++) {
    const d = (xa[i] ?? 0) - (xb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  if (pa && !pb) return -1;
  if (!pa && pb) return 1;
  return pa && pb ? Math.sign(pa.localeCompare(pb)) : 0;
}

/** The newest well-formed release in a feed document. */
export function parseFeed(doc: unknown): Release | null {
  const list = Array.isArray(doc) ? doc : doc && typeof doc === 'object' && Array.isArray((doc as { releases?: unknown }).releases) ? (doc as { releases: unknown[] }).releases : [doc];
  let best: Release | null = null;
  for (const r of list) {
    if (!r || typeof r !== 'object') continue;
    const o = r as Record<string, unknown>;
    if (typeof o.version !== 'string' || !/^v?\d+(\.\d+)*(-[\w.]+)?$/.test(o.version)) continue;
    const rel: Release = {
      version: o.version.replace(/^v/i, ''),
      url: typeof o.url === 'string' && /^https?:\/\//.test(o.url) ? o.url : null,
      notes: typeof o.notes === 'string' ? o.notes.slice(0, 10_000) : null,
      publishedAt: typeof o.publishedAt === 'string' ? o.publishedAt : null,
    };
    if (!best || compareVersions(rel.version, best.version) > 0) best = rel;
  }
  return best;
}

export class UpdateFeed {
  constructor(private readonly kv: KvRepo, private readonly current: string, private readonly envUrl?: string) {}

  async feedUrl(): Promise<string | null> {
    return (await this.kv.get(FEED_SCOPE, FEED_KEY)) || this.envUrl || null;
  }

  async setFeedUrl(url: string | null): Promise<void> {
    if (url) await this.kv.set(FEED_SCOPE, FEED_KEY, url);
    else await this.kv.delete(FEED_SCOPE, FEED_KEY);
  }

  async check(lang: Language): Promise<UpdateCheck> {
    const url = await this.feedUrl();
    if (!url) return { current: this.current, feedConfigured: false, latest: null, hasUpdate: false };
    let doc: unknown;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' }, redirect: 'follow' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const len = Number(res.headers.get('content-length') ?? 0);
      if (len > MAX_BYTES) throw new Error('feed too large');
      const text = await res.text();
      if (text.length > MAX_BYTES) throw new Error('feed too large');
      doc = JSON.parse(text);
    } catch (e) {
      const m = (e as Error).message;
      throw new AppError(502, ERROR_CODES.INTERNAL_ERROR, lang === 'zh-CN' ? `无法读取版本源：${m}` : lang === 'ja-JP' ? `バージョンフィードを読み込めませんでした：${m}` : `The version feed could not be read: ${m}`);
    }
    const latest = parseFeed(doc);
    return { current: this.current, feedConfigured: true, latest, hasUpdate: !!latest && compareVersions(latest.version, this.current) > 0 };
  }

  /**
   * The latest release's package, fetched by the server from the address the operator's feed names
   * (the browser's CSP lets the app talk only to its own origin). Streamed, never held whole.
   */
  async download(lang: Language): Promise<Response> {
    const c = await this.check(lang);
    const url = c.latest?.url;
    const fail = (m: string) => new AppError(502, ERROR_CODES.INTERNAL_ERROR, lang === 'zh-CN' ? `无法下载新版本：${m}` : lang === 'ja-JP' ? `新しいバージョンをダウンロードできませんでした：${m}` : `The new version could not be downloaded: ${m}`);
    if (!url || !/^https?:\/\//.test(url)) throw fail(lang === 'zh-CN' ? '版本源未提供下载地址' : lang === 'ja-JP' ? 'フィードにダウンロード先がありません' : 'the feed names no package address');
    const res = await fetch(url, { redirect: 'follow' }).catch((e: Error) => { throw fail(e.message); });
    if (!res.ok || !res.body) throw fail(`HTTP ${res.status}`);
    return res;
  }
}
