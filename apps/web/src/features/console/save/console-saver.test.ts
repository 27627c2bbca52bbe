import { describe, expect, it } from 'vitest';
import type { SavedConsole } from '@askdb/contracts';
import { ConsoleSaver, initialText, type SaverNotice } from './console-saver';
import type { LocalDraft } from './local-drafts';
import type { ConsoleSavedMessage } from './sync-channel';

/** An in-memory stand-in for the console endpoints with the server's version rule. */
function fakeServer() {
  const state = { version: 1, ddl: '', status: 'DRAFT' as 'DRAFT' | 'RELEASE', draft: null as string | null, tabOpened: true, calls: [] as string[] };
  return {
    state,
    api: {
      async update(_id: number, f: { ddl?: string; status?: 'DRAFT' | 'RELEASE'; tabOpened?: boolean }, baseVersion?: number) {
        state.calls.push('update');
        const conflict = baseVersion !== undefined && baseVersion < state.version;
        state.version++;
        if (f.ddl !== undefined) state.ddl = f.ddl;
        if (f.status) state.status = f.status;
        if (f.tabOpened !== undefined) state.tabOpened = f.tabOpened;
        if (f.status === 'RELEASE' && f.ddl !== undefined) state.draft = null;
        return { version: state.version, conflict };
      },
      async setDraft(_id: number, ddl: string) {
        state.calls.push('draft');
        state.draft = ddl;
        return true;
      },
      async deleteDraft() {
        state.draft = null;
        return true;
      },
      async getDraft() {
        return state.draft === null ? null : { ddl: state.draft, updatedAt: new Date().toISOString() };
      },
    },
  };
}
function memoryLocal() {
  const m = new Map<number, LocalDraft>();
  return { m, local: { get: (id: number) => m.get(id) ?? null, set: (id: number, d: LocalDraft) => void m.set(id, d), remove: (id: number) => void m.delete(id) } };
}
function bus() {
  const subs = new Set<{ page: string; l: (m: ConsoleSavedMessage) => void }>();
  return (page: string) => ({
    publish: (m: Omit<ConsoleSavedMessage, 'type' | 'from'>) => subs.forEach((s) => s.page !== page && s.l({ ...m, type: 'saved', from: page })),
    subscribe: (l: (m: ConsoleSavedMessage) => void) => {
      const s = { page, l };
      subs.add(s);
      return () => subs.delete(s);
    },
  });
}

function saver(server: ReturnType<typeof fakeServer>, local: ReturnType<typeof memoryLocal>['local'], channel: ReturnType<ReturnType<typeof bus>>, init = { status: 'DRAFT' as const, version: 1, text: '', persistedText: '' }) {
  const notices: SaverNotice['kind'][] = [];
  const remote: string[] = [];
  const s = new ConsoleSaver(7, init, { api: server.api, local, channel, onNotice: (n) => notices.push(n.kind), onRemoteText: (t) => remote.push(t), beacon: () => {} });
  return { s, notices, remote };
}

describe('console save state machine', () => {
  it('keeps drafts in the draft store until an explicit save releases the console', async () => {
    const server = fakeServer();
    const { local, m } = memoryLocal();
    const { s, notices } = saver(server, local, bus()('a'));
    s.edit('select 1');
    expect(m.get(7)?.ddl).toBe('select 1');
    await s.tick(false);
    expect(server.state.calls).toEqual([]);
    await s.tick(true);
    expect(server.state.draft).toBe('select 1');
    expect(server.state.status).toBe('DRAFT');
    await s.tick(true);
    expect(server.state.calls).toEqual(['draft']);
    await s.save();
    expect(server.state).toMatchObject({ status: 'RELEASE', ddl: 'select 1', draft: null });
    expect(notices).toEqual(['released']);
    s.edit('select 2');
    await s.flush();
    expect(server.state.ddl).toBe('select 2');
    expect(server.state.status).toBe('RELEASE');
  });

  it('reads deferred editor changes before any save, so the last keystroke is never skipped', async () => {
    const server = fakeServer();
    const { local, m } = memoryLocal();
    const { s } = saver(server, local, bus()('a'));
    let text = 'select 1';
    s.edited(() => text);
    text = 'select 12';
    s.edited(() => text);
    expect(s.dirty).toBe(true);
    await s.flush();
    expect(server.state.draft).toBe('select 12');
    expect(m.get(7)).toMatchObject({ ddl: 'select 12', persisted: true });
  });

  it('closing a new console marks it not open and removes its saved value', async () => {
    const server = fakeServer();
    const { local, m } = memoryLocal();
    const { s } = saver(server, local, bus()('a'));
    s.edit('draft text');
    await s.tick(true);
    await s.close();
    expect(server.state.tabOpened).toBe(false);
    expect(server.state.draft).toBeNull();
    expect(m.has(7)).toBe(false);
  });

  it('two tabs: the later save wins and the other tab is told', async () => {
    const server = fakeServer();
    server.state.status = 'RELEASE';
    const b = bus();
    const A = saver(server, memoryLocal().local, b('a'), { status: 'RELEASE', version: 1, text: 'v1', persistedText: 'v1' } as never);
    const B = saver(server, memoryLocal().local, b('b'), { status: 'RELEASE', version: 1, text: 'v1', persistedText: 'v1' } as never);
    A.s.edit('from A');
    B.s.edit('from B');
    await A.s.save();
    expect(B.notices).toContain('otherSavedWhileEditing');
    await B.s.save();
    expect(server.state.ddl).toBe('from B');
    expect(B.notices).toContain('overwroteOther');
    expect(A.notices).toContain('overwrittenByOther');
    expect(A.remote).toEqual(['from B']);
    expect(A.s.currentText).toBe('from B');
  });

  it('restores unsaved local text, and the draft into an empty console', async () => {
    const server = fakeServer();
    const { local } = memoryLocal();
    const c = { id: 7, name: 'c', status: 'DRAFT', ddl: '', version: 1, gmtModified: '' } as SavedConsole;
    server.state.draft = 'server draft';
    expect((await initialText(c, server.api, local)).text).toBe('server draft');
    local.set(7, { ddl: 'typed before the crash', at: Date.now(), baseVersion: 1, persisted: false });
    expect((await initialText(c, server.api, local)).text).toBe('typed before the crash');
    const released = { ...c, status: 'RELEASE', ddl: 'newer save', version: 3 } as SavedConsole;
    const r = await initialText(released, server.api, local);
    expect(r.text).toBe('newer save');
    expect(r.olderLocal).toBe('typed before the crash');
  });
});
