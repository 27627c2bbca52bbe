/*
 * AskDB service worker (issue 18 point 5: the web app installs as a PWA window from the local
 * server). Offline shell: the app's HTML, scripts, styles and icons are cached as they load; a
 * navigation that cannot reach the server gets the cached shell (which then reports the server as
 * unreachable). /api is never cached. A new build's worker takes over on the next start.
 */
const CACHE = 'askdb-shell-v1';
const SHELL = ['/', '/index.html', '/manifest.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png'];

/**
 * The scripts and styles an index.html names (content-hashed by the build): those it loads (src, href) and the
 * language strings modules it names for later (`<meta name="askdb-strings" content=…>`).
 */
const assetsOf = (html) => [...new Set([...html.matchAll(/(?:src|href|content)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];

/** Caches those of `urls` the cache lacks. */
async function addMissing(c, urls) {
  const missing = [];
  for (const u of urls) if (!(await c.match(u))) missing.push(u);
  if (missing.length) await c.addAll(missing);
}

/** The shell and the scripts and styles index.html names, so the app starts offline. */
async function precache() {
  const c = await caches.open(CACHE);
  await c.addAll(SHELL);
  await addMissing(c, assetsOf(await (await c.match('/index.html')).text()));
}

/**
 * A fresh index.html from the server: kept as the offline shell, with the assets it names. This file is the
 * same from build to build, so no new worker installs with a new build; and the /assets/* route below reads
 * the cache without filling it — without this, a new build's shell would name scripts the cache lacks.
 */
async function keepShell(res) {
  const c = await caches.open(CACHE);
  await c.put('/index.html', res.clone());
  await addMissing(c, assetsOf(await res.text()));
}

/**
 * Static routes (Chromium 123+): hashed assets come straight from this cache (the network when missing) and /api
 * straight from the network, without running this worker — a reload no longer waits on it for every script.
 * A page (navigation) races the network against this worker's fetch handler: the server's answer goes to the
 * page as soon as it comes, without waiting for the worker to start (on a busy CPU that took up to a second);
 * when the network fails, the handler's cached shell answers (offline).
 */
const ROUTES = [
  { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/assets/*' } }, source: 'cache' },
  { condition: { requestMode: 'navigate' }, source: 'race-network-and-fetch-handler' },
];
function staticRoutes(e) {
  if (typeof e.addRoutes !== 'function') return Promise.resolve();
  // One route at a time: a browser that lacks one kind of route (source or condition) still gets the others.
  return ROUTES.reduce((p, r) => p.then(() => e.addRoutes(r)).catch(() => {}), Promise.resolve());
}

self.addEventListener('install', (e) => {
  e.waitUntil(Promise.all([precache().catch(() => {}), staticRoutes(e)]));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      // Navigation preload: the page's request leaves while this worker is still starting (a reload does not wait for it).
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  // Help pages (error solution links) are plain pages: never cached as the app shell.
  if (url.pathname.startsWith('/help/')) return;
  if (req.mode === 'navigate') {
    // Network first: the newest shell when the server is up, the cached one when it is not.
    e.respondWith(
      Promise.resolve(e.preloadResponse)
        .then((pre) => pre || fetch(req))
        .then((res) => {
          if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) e.waitUntil(keepShell(res.clone()).catch(() => {}));
          return res;
        })
        .catch(() => caches.match('/index.html').then((r) => r || caches.match('/'))),
    );
    return;
  }
  // Built assets are content-hashed: cache first, filled as they load.
  e.respondWith(
    caches.match(req).then(
      (hit) =>
        hit ||
        fetch(req).then((res) => {
          if (res.ok && (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname))) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put(req, copy));
          }
          return res;
        }),
    ),
  );
});
