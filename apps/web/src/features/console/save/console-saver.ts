/**
 * The console save state machine of spec 01 §4.
 *
 * - Status starts as the console's own (a new console is DRAFT). An explicit save makes it RELEASE and
 *   says so; later auto-saves keep it RELEASE.
 * - Every edit is copied to localStorage at once. While the tab is active and the text changed, it is
 *   saved every 5 s: a DRAFT to the draft store, a RELEASE console to the console itself.
 * - When the tab becomes inactive the unsaved text is saved at once (release or draft as above).
 * - Closing a new (DRAFT) console marks it not open and removes its saved value (draft and local copy).
 * - Saves of a RELEASE console carry the version the text was edited from; the server answers with a
 *   conflict flag when another writer saved in between. The later save wins, and both sides are told
 *   (this page through the returned flag, other tabs through the sync channel).
 */
import type { SavedConsole } from '@askdb/contracts';
import type { ConsoleApi } from './console-api.js';
import { beaconSave } from './console-api.js';
import type { LocalDrafts } from './local-drafts.js';
import type { ConsoleSavedMessage, SyncChannel } from './sync-channel.js';

export type SaveStatus = 'DRAFT' | 'RELEASE';
export type SaverNotice =
  | { kind: 'released' }
  | { kind: 'saveFailed'; message: string }
  /** Our save replaced a version saved elsewhere after we loaded ours. */
  | { kind: 'overwroteOther' }
  /** Another tab saved this console; we took its text (we had no unsaved edits). */
  | { kind: 'updatedFromOther' }
  /** Another tab saved this console while we have unsaved edits; our next save will replace it. */
  | { kind: 'otherSavedWhileEditing' }
  /** Another tab's later save replaced the version this tab saved. */
  | { kind: 'overwrittenByOther' };

export interface SaverDeps {
  api: Pick<ConsoleApi, 'update' | 'setDraft' | 'deleteDraft'>;
  local: LocalDrafts;
  channel: SyncChannel;
  now?: () => number;
  onNotice(n: SaverNotice): void;
  /** Another tab's text replaces ours (only when we have nothing unsaved). */
  onRemoteText(text: string): void;
  onState?(s: { status: SaveStatus; dirty: boolean; saving: boolean }): void;
  /** Use keepalive requests for `pageHide` (tests turn it off). */
  beacon?: typeof beaconSave;
}

export class ConsoleSaver {
  status: SaveStatus;
  version: number;
  private text: string;
  private persisted: string;
  private saving: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly unsubscribe: () => void;
  private lastFailure = 0;

  constructor(readonly consoleId: number, init: { status: SaveStatus; version: number; text: string; persistedText: string }, private readonly deps: SaverDeps) {
    this.status = init.status;
    this.version = init.version;
    this.text = init.text;
    this.persisted = init.persistedText;
    this.unsubscribe = deps.channel.subscribe((m) => this.onRemote(m));
    this.emit();
  }

  get dirty(): boolean {
    return this.reader !== null || this.text !== this.persisted;
  }
  get currentText(): string {
    this.sync();
    return this.text;
  }

  private reader: (() => string) | null = null;
  private idle = 0;

  /**
   * The editor changed; its text is read when the browser is idle (at most ~150 ms later) rather than on
   * the keystroke itself, so typing in a large script stays fast. Every save, tick and page-hide reads it
   * first, so nothing typed is skipped.
   */
  edited(read: () => string): void {
    if (this.closed) return;
    this.reader = read;
    if (this.idle) return;
    const run = () => {
      this.idle = 0;
      this.sync();
    };
    this.idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 150 }) : (setTimeout(run, 50) as unknown as number);
  }

  /** Applies a pending editor change now. */
  sync(): void {
    const read = this.reader;
    if (!read) return;
    this.reader = null;
    this.edit(read());
  }

  /** Every change of the editor text. */
  edit(text: string): void {
    if (this.closed) return;
    const wasDirty = this.dirty;
    this.text = text;
    this.deps.local.set(this.consoleId, { ddl: text, at: this.now(), baseVersion: this.version, persisted: !this.dirty });
    if (wasDirty !== this.dirty) this.emit();
  }

  /** Explicit save (Cmd/Ctrl+S): DRAFT becomes RELEASE, with a success message. */
  async save(): Promise<boolean> {
    this.sync();
    const first = this.status !== 'RELEASE';
    this.status = 'RELEASE';
    const ok = await this.persist(true);
    if (ok) this.deps.onNotice({ kind: 'released' });
    else if (first) this.status = 'DRAFT';
    this.emit();
    return ok;
  }

  /** The 5-second auto-save tick: saves only while the tab is active and the text changed. */
  async tick(active: boolean): Promise<void> {
    this.sync();
    if (active && this.dirty) await this.persist(false);
  }

  /** The tab became inactive: save unsaved text at once. */
  async flush(): Promise<void> {
    this.sync();
    if (this.dirty) await this.persist(false);
  }

  /** The page is going away: a keepalive request carries unsaved text (localStorage has it anyway). */
  pageHide(): void {
    this.sync();
    if (!this.dirty || this.closed) return;
    (this.deps.beacon ?? beaconSave)(this.consoleId, this.status, this.text, this.version);
  }

  /**
   * The tab was closed. A new (DRAFT) console is marked not open and its saved value removed; a released
   * one saves what is unsaved and is marked not open.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.sync();
    if (this.status === 'RELEASE') await this.flush();
    await this.saving;
    this.closed = true;
    this.unsubscribe();
    try {
      await this.deps.api.update(this.consoleId, { tabOpened: false });
      if (this.status === 'DRAFT') await this.deps.api.deleteDraft(this.consoleId);
    } catch (e) {
      console.error('Closing the console failed:', e);
    }
    this.deps.local.remove(this.consoleId);
  }

  /**
   * Saves other fields (name, binding) with the current version, adopting the new one unless another
   * writer saved in between (then our next text save still reports the conflict).
   */
  async updateMeta(fields: Parameters<SaverDeps['api']['update']>[1]): Promise<void> {
    await this.saving;
    const r = await this.deps.api.update(this.consoleId, fields, this.version);
    if (!r.conflict) this.version = r.version;
  }

  /**
   * Another part of the app changed the console's name or binding (a new version): adopt the server's
   * version when its text is the one we last saved, so our next save is not taken for a conflict.
   */
  resync(server: { version: number; ddl: string; status: SaveStatus }): void {
    if (server.version <= this.version || this.saving) return;
    if (server.status === 'RELEASE' && server.ddl === this.persisted) this.version = server.version;
  }

  dispose(): void {
    this.closed = true;
    this.unsubscribe();
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private emit(): void {
    this.deps.onState?.({ status: this.status, dirty: this.dirty, saving: !!this.saving });
  }

  /** One save at a time; edits during a save are saved right after it. */
  private async persist(force: boolean): Promise<boolean> {
    if (this.closed) return false;
    this.sync();
    if (this.saving) {
      this.again = true;
      await this.saving;
      if (!this.dirty && !force) return true;
    }
    let ok = true;
    const run = async () => {
      const text = this.text;
      const status = this.status;
      try {
        let overwrote = false;
        if (status === 'RELEASE') {
          const r = await this.deps.api.update(this.consoleId, { ddl: text, status: 'RELEASE' }, this.version);
          this.version = r.version;
          overwrote = r.conflict;
          if (r.conflict) this.deps.onNotice({ kind: 'overwroteOther' });
        } else await this.deps.api.setDraft(this.consoleId, text);
        this.persisted = text;
        if (this.text === text) this.deps.local.set(this.consoleId, { ddl: text, at: this.now(), baseVersion: this.version, persisted: true });
        this.deps.channel.publish({ consoleId: this.consoleId, status, version: this.version, ddl: text, overwrote });
      } catch (e) {
        ok = false;
        // One message per failure streak every 30 s: auto-save retries quietly, the text stays in localStorage.
        if (this.now() - this.lastFailure > 30_000) this.deps.onNotice({ kind: 'saveFailed', message: (e as Error).message });
        this.lastFailure = this.now();
      }
    };
    this.saving = run();
    this.emit();
    await this.saving;
    this.saving = null;
    if (ok) this.lastFailure = 0;
    this.emit();
    if (this.again) {
      this.again = false;
      if (this.dirty) await this.persist(false);
    }
    return ok;
  }

  private onRemote(m: ConsoleSavedMessage): void {
    if (m.consoleId !== this.consoleId || this.closed) return;
    this.sync();
    if (m.status === 'RELEASE' && m.version <= this.version) return;
    const hadOurSave = this.status === 'RELEASE' && this.persisted === this.text;
    if (m.overwrote && hadOurSave) this.deps.onNotice({ kind: 'overwrittenByOther' });
    if (!this.dirty) {
      this.persisted = m.ddl;
      this.text = m.ddl;
      if (m.status === 'RELEASE') {
        this.status = 'RELEASE';
        this.version = m.version;
      }
      this.deps.local.set(this.consoleId, { ddl: m.ddl, at: this.now(), baseVersion: this.version, persisted: true });
      this.deps.onRemoteText(m.ddl);
      if (!m.overwrote) this.deps.onNotice({ kind: 'updatedFromOther' });
    } else if (m.status === 'RELEASE') this.deps.onNotice({ kind: 'otherSavedWhileEditing' });
    this.emit();
  }
}

/**
 * The text a console opens with (spec 01 §4): its own text; a non-released console with no text gets its
 * draft back; the local copy wins when it holds edits newer than both (made from the same version).
 * `olderLocal` is a local text that lost to a newer save elsewhere, so the user can still take it back.
 */
export async function initialText(c: SavedConsole, api: Pick<ConsoleApi, 'getDraft'>, local: LocalDrafts): Promise<{ text: string; persistedText: string; olderLocal: string | null }> {
  let text = c.ddl ?? '';
  if (c.status !== 'RELEASE' && text === '') {
    const d = await api.getDraft(c.id).catch(() => null);
    if (d && d.ddl) text = d.ddl;
  }
  const persistedText = text;
  const loc = local.get(c.id);
  // A local copy that reached the server, or equals it, says nothing new.
  if (!loc || loc.persisted || loc.ddl === text) return { text, persistedText, olderLocal: null };
  // Unsaved edits made on top of the version we got: they are the latest text.
  if (loc.baseVersion >= c.version) return { text: loc.ddl, persistedText, olderLocal: null };
  // Someone saved a newer version since: theirs is shown, ours is offered back.
  return { text, persistedText, olderLocal: loc.ddl.trim() !== '' ? loc.ddl : null };
}
