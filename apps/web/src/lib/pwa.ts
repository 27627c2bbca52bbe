/**
 * Installing AskDB as an app (PWA): registers the service worker (public/sw.js, offline shell) when
 * served over http(s) from the AskDB server, and keeps the browser's install prompt for Settings → About.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export const installPrompt = () => deferred;
export function onInstallable(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export const isStandalone = () => typeof window !== 'undefined' && (window.matchMedia?.('(display-mode: standalone)').matches ?? false);

export function setupPwa(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    listeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    listeners.forEach((l) => l());
  });
  // Not in the dev server (Vite serves no /sw.js of the build) and only where workers are allowed.
  if ('serviceWorker' in navigator && window.isSecureContext && !import.meta.env?.DEV) {
    window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
  }
}
