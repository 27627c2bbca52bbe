/**
 * A bounded, replica-safe cache of what server mode reads on every request (sessions, a user's
 * organisation and role, grants, data source records, settings). Issue 28 point 2.
 *
 * Safety rests on the ChangeFeed: an answer comes from the cache only after `feed.caughtUp()`, so a
 * change committed anywhere before the request began has already removed the entries it tags. A
 * load that overlaps any change is returned to its caller but not kept (it may have read the old
 * row just before the change). With the feed down, every read goes to the store. Entries may also
 * carry a deadline (a grant's expiry), after which they are read again.
 *
 * Values are shared between requests: loaders return fresh objects and `get` hands out `copy(v)`.
 */
import type { ChangeFeed, ChangeListener, Freshness } from './change-feed.js';

export type { Freshness } from './change-feed.js';

interface Entry {
  value: unknown;
  tags: string[];
  /** performance.now() after which the entry is stale; Infinity for none. */
  until: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  size: number;
  /** Answers given without the cache because the feed was down. */
  bypassed: number;
}

export interface Cached<T> {
  value: T;
  /** Tags whose change drops the entry (`user:5`, `ds:12`). */
  tags: string[];
  /** performance.now() after which the value must be read again; 0 to not keep it at all. */
  until?: number;
}

export class ReadCache implements ChangeListener {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Bumped by every change and reset: a load that saw it move is not kept. */
  private epoch = 0;
  private readonly counts = { hits: 0, misses: 0, bypassed: 0 };

  constructor(private readonly feed: ChangeFeed, private readonly maxEntries = 20_000) {
    feed.subscribe(this);
  }

  /**
   * Proof that every change committed before this call has reached the cache, for a request to show
   * on each of its reads (`get`'s `fresh`): one round trip per request. Null when the feed is down.
   */
  async freshness(): Promise<Freshness | null> {
    if (!this.feed.live) return null;
    return this.feed.caughtUp().catch(() => null);
  }

  /**
   * The value under `key`: from the cache when the feed is live and has caught up (already, as
   * `fresh` proves, or by a round trip now), else `load()`ed and kept when nothing changed meanwhile.
   * `copy` gives each caller its own object.
   */
  async get<T>(key: string, load: () => Promise<Cached<T>>, copy: (v: T) => T = (v) => v, fresh?: Freshness | null): Promise<T> {
    if (!this.feed.covers(fresh)) {
      if (!this.feed.live || !(await this.freshness())) {
        this.counts.bypassed++;
        return (await load()).value;
      }
    }
    const hit = this.entries.get(key);
    if (hit && hit.until > performance.now()) {
      // Most recently used last: eviction takes the oldest first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.counts.hits++;
      return copy(hit.value as T);
    }
    if (hit) this.drop(key);
    this.counts.misses++;
    // A change that arrives while the load runs may have been missed by it: then the value is not kept.
    const epoch = this.epoch;
    const loaded = await load();
    if (this.epoch === epoch && this.feed.live) this.put(key, loaded);
    return copy(loaded.value);
  }

  /** Drops one entry now (the writer on this replica knows before the notification arrives). */
  forget(key: string): void {
    this.drop(key);
  }

  changed(tag: string): void {
    this.epoch++;
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const k of [...keys]) this.drop(k);
  }

  reset(): void {
    this.epoch++;
    this.entries.clear();
    this.byTag.clear();
  }

  /** Whether answers may come from the cache now (the change feed is connected). */
  get live(): boolean {
    return this.feed.live;
  }

  stats(): CacheStats {
    return { ...this.counts, size: this.entries.size };
  }

  private put(key: string, c: Cached<unknown>): void {
    this.drop(key);
    if (c.until !== undefined && c.until <= performance.now()) return;
    this.entries.set(key, { value: c.value, tags: c.tags, until: c.until ?? Infinity });
    for (const t of c.tags) {
      let set = this.byTag.get(t);
      if (!set) this.byTag.set(t, (set = new Set()));
      set.add(key);
    }
    while (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const t of e.tags) {
      const set = this.byTag.get(t);
      set?.delete(key);
      if (set && set.size === 0) this.byTag.delete(t);
    }
  }
}
