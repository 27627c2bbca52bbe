/**
 * The next start's V8 code cache, made while the user works (issue 28 point 4).
 *
 * Chromium keeps a compiled form of a script beside its copy in the service worker's cache, but for a
 * module script only once the module has run from that cache. The first load of a build runs the entry
 * chunk from the network (no worker yet), so the first reload would parse ~1.8 MB of JavaScript again
 * (a second or more on a busy CPU) and only then store the compiled form. Instead, once per build, when
 * the first screen is up and the worker controls the page, a hidden frame runs the entry chunk from the
 * worker's cache: its modules evaluate (no app starts there: main.tsx checks `isCodeCacheWarmup`) and the
 * browser stores the code cache, so the next start skips the parse.
 */
const FRAME_NAME = 'askdb-code-cache-warmup';
const DONE_KEY = 'askdb.codeCacheWarmed';
/** How long the frame stays after it loaded: the browser writes the code cache in a task after the module ran. */
const LINGER_MS = 3000;

/** True inside the warm-up frame: the entry's modules evaluate there, the app does not start. */
export function isCodeCacheWarmup(win: Window = window): boolean {
  return win.name === FRAME_NAME;
}

function warmedFor(entryUrl: string): boolean {
  try {
    return localStorage.getItem(DONE_KEY) === entryUrl;
  } catch {
    return true;
  }
}

function controlled(): Promise<void> {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve();
  return new Promise((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
}

/** Once per build (entry URL) and browser profile: runs the entry chunk from the worker's cache in a hidden frame, once the worker controls the page. */
export function warmCodeCache(entryUrl: string): void {
  if (isCodeCacheWarmup() || !('serviceWorker' in navigator) || !/\/assets\/[^/]+\.js$/.test(new URL(entryUrl).pathname) || warmedFor(entryUrl)) return;
  void navigator.serviceWorker.ready
    .then(controlled)
    .then(() => {
      if (warmedFor(entryUrl)) return;
      const frame = document.createElement('iframe');
      frame.name = FRAME_NAME;
      frame.hidden = true;
      frame.tabIndex = -1;
      frame.setAttribute('aria-hidden', 'true');
      frame.srcdoc = `<!doctype html><script type="module" src="${new URL(entryUrl).pathname}"></script>`;
      frame.addEventListener('load', () => {
        try {
          localStorage.setItem(DONE_KEY, entryUrl);
        } catch {
          // No storage: the warm-up may run again next time; harmless.
        }
        setTimeout(() => frame.remove(), LINGER_MS);
      }, { once: true });
      document.body.appendChild(frame);
    })
    .catch(() => {});
}
