// The service worker: keeps this version's pages, scripts, styles, language files and engine
// in a cache of its own, so that the page (the game or the rules, in each language) loads,
// and a game against the computer goes on, without the network. The server puts a first line
// before this one, `const MANIFEST = {build, files, pages, languages}`: the version's name,
// its files' hashed paths, its pages (`/`, `/rules`, `/th/`, `/th/rules`...) and language
// tags (so this script changes with every version, and the browser installs the new one).
// - A page (every navigation): from the network first, so that a reachable server always
//   gives its current page, never an old one against its newer API (and kept, the last one
//   seen of its kind and language); from the cache offline: `/th/g/<id>` is `/th/`.
// - The hashed files: from the cache (a name is one content for good), else the network.
// - Everything else (the API): the network only; offline.js plays on when it fails.
/* global MANIFEST */
const CACHE = 'halma-' + MANIFEST.build;

/** The page that `url` shows, as the cache keeps it: `/th/g/<id>` is `/th/`, `/rules` itself. */
function pageOf(url) {
  const parts = url.pathname.split('/').slice(1);
  const prefix = MANIFEST.languages.includes(parts[0]) ? '/' + parts.shift() : '';
  return prefix + (parts[0] === 'rules' ? '/rules' : '/');
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll([...MANIFEST.pages, ...MANIFEST.files]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith('halma-') && key !== CACHE).map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    const page = pageOf(url);
    event.respondWith(
      fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(page, copy)));
        }
        return response;
      }).catch(async () => {
        const kept = await caches.match(page, { cacheName: CACHE, ignoreVary: true });
        return kept || Response.error();
      }),
    );
  } else if (MANIFEST.files.includes(url.pathname)) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE, ignoreVary: true }).then((hit) => hit || fetch(request)),
    );
  }
});
