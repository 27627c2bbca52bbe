/** Main-tab routing: the tab lives in the path (/workspace) or the hash (#/workspace); 'connections' maps to workspace. */
import { useSyncExternalStore } from 'react';

export const MAIN_TABS = ['workspace', 'dashboard', 'chat', 'team'] as const;
export type MainTab = (typeof MAIN_TABS)[number];

export function tabFromLocation(loc: Pick<Location, 'pathname' | 'hash'> = window.location): MainTab {
  const fromHash = loc.hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  const fromPath = loc.pathname.replace(/^\/+/, '').split('/')[0];
  for (const raw of [fromHash, fromPath]) {
    const seg = raw === 'connections' ? 'workspace' : raw;
    if ((MAIN_TABS as readonly string[]).includes(seg!)) return seg as MainTab;
  }
  return 'workspace';
}

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((l) => l()));
window.addEventListener('hashchange', () => listeners.forEach((l) => l()));

export function navigate(tab: MainTab): void {
  const usesHash = window.location.hash.startsWith('#/');
  if (usesHash) window.location.hash = `#/${tab}`;
  else window.history.pushState(null, '', `/${tab}${window.location.search}`);
  listeners.forEach((l) => l());
}

export function useMainTab(): MainTab {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => tabFromLocation(),
  );
}
