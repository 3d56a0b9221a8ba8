// The app shell for phones that lose the server: the page, its script and
// style are kept on the phone and served from there when the network
// fails (network first, so a phone online always gets the newest). The
// API is never cached: the game's state comes from the server, or from
// the copy the page keeps itself.
/** @type {ServiceWorkerGlobalScope} */
const worker = /** @type {any} */ (self);
const CACHE = "belot-shell-v5";
const SHELL = ["/", "/app.js", "/score.js", "/table.js", "/app.css", "/manifest.webmanifest", "/icon.svg",
  ...["en", "bg", "ru", "uk", "ro", "fr"].map(l => `/i18n/${l}.js`)];

// Each game's module too: the games are those GET /api/rules lists.
const gameFiles = () => fetch("/api/rules").then(r => r.json())
  .then(rules => Object.keys(rules).map(v => `/games/${v}.js`)).catch(() => []);

// A game's module missing spoils nothing else: each is added on its own.
worker.addEventListener("install", ev => {
  ev.waitUntil(Promise.all([caches.open(CACHE), gameFiles()])
    .then(([c, games]) => c.addAll(SHELL).then(() => Promise.all(games.map(g => c.add(g).catch(() => {})))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", ev => {
  ev.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k !== CACHE).map(k => caches.delete(k))))
    .then(() => worker.clients.claim()));
});

worker.addEventListener("fetch", ev => {
  const url = new URL(ev.request.url);
  if (ev.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  // Every game's page is the same page.
  const key = /^\/(g|v|t|w)\//.test(url.pathname) ? "/" : url.pathname;
  ev.respondWith(fetch(ev.request).then(r => {
    // Each game's module is kept once a page has used it.
    if (r.ok && (SHELL.includes(key) || key.startsWith("/games/"))) {
      const copy = r.clone();
      caches.open(CACHE).then(c => c.put(key, copy));
    }
    return r;
  }).catch(() => caches.match(key).then(r => r || Response.error())));
});
