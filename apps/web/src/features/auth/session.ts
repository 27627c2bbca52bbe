/** Who is signed in: the server's mode and the current user with their current organisation, loaded once at start. */
import { create } from 'zustand';
import { api } from '../../lib/api';
import { accountApi, type CurrentUser } from './account-api';
import { DEFAULT_AFTER_LOGIN, LOGIN_PATH } from './redirect';

export interface SystemInfo {
  version: string;
  mode: 'local' | 'server' | string;
}
interface SessionState {
  system?: SystemInfo;
  user?: CurrentUser;
  /** 'loading' until /api/system (and in server mode the user) answered. */
  status: 'loading' | 'ready' | 'anonymous';
  /** GET /api/system failed: the app cannot start (StartupGate says so). */
  startupFailed?: boolean;
  load(opts?: { anonymousOk?: boolean }): Promise<void>;
  refreshUser(): Promise<void>;
  signOut(): Promise<void>;
}

export const useSession = create<SessionState>((set, get) => ({
  status: 'loading',
  async load(opts) {
    // With the network off the installed app still opens its shell (PWA) and says it needs a connection;
    // a server that cannot be reached or cannot give its start data is the spec's "Service startup failed".
    let offline = false;
    const system = await api<SystemInfo>('/api/system').catch((e: { errorCode?: string }) => {
      offline = e?.errorCode === 'NETWORK_ERROR' && typeof navigator !== 'undefined' && navigator.onLine === false;
      return undefined;
    });
    set({ system, startupFailed: !system && !offline });
    if (!system) return;
    try {
      // On the login page a NeedLoggedIn answer just means "not signed in yet"; elsewhere api() goes to the login page.
      const user = await accountApi.currentUser();
      set({ user, status: 'ready' });
    } catch {
      set({ user: undefined, status: opts?.anonymousOk || system?.mode !== 'server' ? 'ready' : 'anonymous' });
    }
  },
  async refreshUser() {
    const user = await accountApi.currentUser();
    set({ user });
  },
  async signOut() {
    await accountApi.logout().catch(() => {});
    set({ user: undefined, status: 'anonymous' });
    window.location.assign(LOGIN_PATH);
  },
}));

export const isServerMode = (s: Pick<SessionState, 'system'>) => s.system?.mode === 'server';
export const roleOf = (u?: CurrentUser) => u?.currentOrganization?.roleCodes?.[0];
export const isTeamAdmin = (u?: CurrentUser) => {
  const r = u?.currentOrganization?.roleCodes ?? [];
  return r.includes('ADMIN') || r.includes('SUPER_ADMIN');
};
export const isSuperAdmin = (u?: CurrentUser) => !!u?.currentOrganization?.roleCodes?.includes('SUPER_ADMIN');

/** Where the app goes after the current organisation changed (spec 02 §4): personal → workspace, team → team tab; then reload. */
export function afterOrganizationSwitch(tab: 'workspace' | 'team'): void {
  window.location.assign(tab === 'team' ? '/team' : DEFAULT_AFTER_LOGIN);
}
