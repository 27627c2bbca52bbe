/**
 * One editing session per workspace tab, living as long as the tab (not the component): the Monaco model
 * (text, undo history), and for a console its save state machine. The 5-second auto-save, the save when
 * a tab becomes inactive or the page hides, and the close rules run here, so they also hold for tabs
 * whose component is not mounted.
 */
import type * as Monaco from 'monaco-editor';
import { create } from 'zustand';
import { LIMITS, type SavedConsole } from '@askdb/contracts';
import { useTabs, type WorkspaceTab } from '../workspace/tabs-store';
import { clearSqlContext } from '../../lib/monaco/index.js';
import { useRuns } from '../results/run-store.js';
import { ConsoleSaver, initialText, type SaveStatus, type SaverNotice } from './save/console-saver.js';
import { consoleApi } from './save/console-api.js';
import { localDrafts } from './save/local-drafts.js';
import { syncChannel } from './save/sync-channel.js';
import { localFiles } from './local-files.js';
import { notify } from './notify.js';
import { i18n } from '../../i18n';

export type EditorKind = 'CONSOLE' | 'LOCAL_SQL_FILE' | 'VIEW' | 'FUNCTION' | 'PROCEDURE' | 'TRIGGER';

export function editorKindOf(tab: WorkspaceTab): EditorKind {
  switch (tab.type) {
    case 'LOCAL_SQL_FILE':
    case 'VIEW':
    case 'FUNCTION':
    case 'PROCEDURE':
    case 'TRIGGER':
      return tab.type;
    case 'VIEW_VIEW':
      return 'VIEW';
    default:
      return 'CONSOLE';
  }
}

export interface Session {
  tabId: string;
  kind: EditorKind;
  model: Monaco.editor.ITextModel;
  saver: ConsoleSaver | null;
  console: SavedConsole | null;
  /** A local text that lost to a newer save elsewhere, offered back to the user once. */
  olderLocal: string | null;
}

export interface SessionView {
  status: SaveStatus | null;
  dirty: boolean;
  saving: boolean;
}

/** What the toolbar shows of each session (status tag, unsaved dot). */
export const useSessionViews = create<{ views: Record<string, SessionView>; set(tabId: string, v: Partial<SessionView>): void; drop(tabId: string): void }>((set, get) => ({
  views: {},
  set: (tabId, v) => set({ views: { ...get().views, [tabId]: { ...(get().views[tabId] ?? { status: null, dirty: false, saving: false }), ...v } } }),
  drop: (tabId) => {
    const { [tabId]: _gone, ...rest } = get().views;
    set({ views: rest });
  },
}));

const sessions = new Map<string, Session>();
const opening = new Map<string, Promise<Session>>();

export function getSession(tabId: string): Session | undefined {
  return sessions.get(tabId);
}

function describeNotice(n: SaverNotice): void {
  const t = i18n.t.bind(i18n);
  const m = notify();
  switch (n.kind) {
    case 'released':
      void m.success(t('console.saved'));
      break;
    case 'saveFailed':
      void m.error(t('console.saveFailed', { message: n.message }));
      break;
    case 'overwroteOther':
      void m.warning(t('console.conflict.overwroteOther'), 6);
      break;
    case 'updatedFromOther':
      void m.info(t('console.conflict.updatedFromOther'));
      break;
    case 'otherSavedWhileEditing':
      void m.warning(t('console.conflict.otherSavedWhileEditing'), 8);
      break;
    case 'overwrittenByOther':
      void m.warning(t('console.conflict.overwrittenByOther'), 8);
      break;
  }
}

/** Loads (once) the session of a tab: its text, model, and for consoles the save machine. */
export function openSession(monaco: typeof Monaco, tab: WorkspaceTab): Promise<Session> {
  const existing = sessions.get(tab.id);
  if (existing) return Promise.resolve(existing);
  let p = opening.get(tab.id);
  if (p) return p;
  p = (async () => {
    const kind = editorKindOf(tab);
    const uri = monaco.Uri.parse(`inmemory://askdb/${encodeURIComponent(tab.id)}.sql`);
    let text = '';
    let saver: ConsoleSaver | null = null;
    let info: SavedConsole | null = null;
    let olderLocal: string | null = null;
    if (kind === 'CONSOLE' && tab.consoleId != null) {
      info = await consoleApi.get(tab.consoleId);
      const init = await initialText(info, consoleApi, localDrafts);
      text = init.text;
      olderLocal = init.olderLocal;
      const views = useSessionViews.getState();
      saver = new ConsoleSaver(
        info.id,
        { status: info.status === 'RELEASE' ? 'RELEASE' : 'DRAFT', version: info.version, text: init.text, persistedText: init.persistedText },
        {
          api: consoleApi,
          local: localDrafts,
          channel: syncChannel,
          onNotice: describeNotice,
          onRemoteText: (remote) => {
            const s = sessions.get(tab.id);
            if (s && s.model.getValue() !== remote) s.model.pushEditOperations([], [{ range: s.model.getFullModelRange(), text: remote }], () => null);
          },
          onState: (st) => views.set(tab.id, st),
        },
      );
    } else if (kind === 'LOCAL_SQL_FILE') {
      text = localFiles.get(tab.id)?.content ?? '';
    } else {
      const ddl = tab.params?.ddl;
      text = typeof ddl === 'string' ? ddl : '';
    }
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, 'sql', uri);
    if (model.getValue() !== text) model.setValue(text);
    const session: Session = { tabId: tab.id, kind, model, saver, console: info, olderLocal };
    model.onDidChangeContent(() => {
      if (saver) return saver.edited(() => model.getValue());
      const value = model.getValue();
      if (kind === 'LOCAL_SQL_FILE') {
        localFiles.setContent(tab.id, value);
        useSessionViews.getState().set(tab.id, { dirty: localFiles.get(tab.id)?.savedContent !== value });
      }
    });
    sessions.set(tab.id, session);
    return session;
  })();
  opening.set(tab.id, p);
  p.finally(() => opening.delete(tab.id)).catch(() => {});
  return p;
}

/** The tab was closed: apply the close rules and free everything it held. */
async function closeSession(tabId: string): Promise<void> {
  const pending = opening.get(tabId);
  if (pending) await pending.catch(() => undefined);
  const s = sessions.get(tabId);
  sessions.delete(tabId);
  useRuns.getState().drop(tabId);
  useSessionViews.getState().drop(tabId);
  if (!s) return;
  clearSqlContext(s.model.uri.toString());
  if (s.saver) await s.saver.close();
  if (s.kind === 'LOCAL_SQL_FILE') localFiles.remove(tabId);
  s.model.dispose();
}

/** A console tab closed while its session was never opened in this page (not mounted since reload). */
async function closeUnopenedConsole(tab: WorkspaceTab): Promise<void> {
  if (tab.consoleId == null) return;
  try {
    const c = await consoleApi.get(tab.consoleId);
    await consoleApi.update(c.id, { tabOpened: false });
    if (c.status !== 'RELEASE') await consoleApi.deleteDraft(c.id);
    localDrafts.remove(c.id);
  } catch (e) {
    console.error('Closing the console failed:', e);
  }
}

let installed = false;
/** Watches the tabs store and the page; runs once per page. */
export function installSessionWatchers(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  let prevTabs = useTabs.getState().tabs;
  let prevActive = useTabs.getState().activeId;
  useTabs.subscribe((st) => {
    const gone = prevTabs.filter((t) => !st.tabs.some((x) => x.id === t.id));
    for (const t of gone) {
      if (sessions.has(t.id) || opening.has(t.id)) void closeSession(t.id);
      else if (t.type === 'CONSOLE') void closeUnopenedConsole(t);
      else if (t.type === 'LOCAL_SQL_FILE') localFiles.remove(t.id);
    }
    // The tab that stopped being active saves at once.
    if (prevActive && prevActive !== st.activeId && !gone.some((t) => t.id === prevActive)) void sessions.get(prevActive)?.saver?.flush();
    prevTabs = st.tabs;
    prevActive = st.activeId;
  });
  setInterval(() => {
    const active = useTabs.getState().activeId;
    const visible = document.visibilityState === 'visible';
    for (const s of sessions.values()) void s.saver?.tick(visible && s.tabId === active && isWorkspaceShown());
  }, LIMITS.autoSaveMs);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') for (const s of sessions.values()) void s.saver?.flush();
    else for (const s of sessions.values()) s.saver?.sync();
  });
  window.addEventListener('pagehide', () => {
    for (const s of sessions.values()) s.saver?.pageHide();
  });
  // A reload or closing the tab: the local copy gets the very last keystrokes.
  window.addEventListener('beforeunload', () => {
    for (const s of sessions.values()) s.saver?.sync();
  });
}

/** The workspace (where consoles live) is the main tab on screen. */
function isWorkspaceShown(): boolean {
  return !!document.querySelector('[data-testid="workspace-main"]');
}

/** Flushes a session whose component went away while the tab stays open (e.g. main tab switched). */
export function flushSession(tabId: string): void {
  void sessions.get(tabId)?.saver?.flush();
}
