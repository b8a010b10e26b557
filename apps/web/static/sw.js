// The service worker: keeps this version's page, scripts, style and engine in a cache of its
// own, so that the page loads, and a game against the computer goes on, without the network.
// The server puts a first line before this one, `const MANIFEST = {build, files}`: the
// version's name and its files' hashed paths (so this script changes with every version, and
// the browser installs the new one).
// - The page (every navigation): from the network first, so that a reachable server always
//   gives its current page, never an old one against its newer API; from the cache offline.
// - The hashed files: from the cache (a name is one content for good), else the network.
// - Everything else (the API): the network only; offline.js plays on when it fails.
/* global MANIFEST */
const CACHE = 'halma-' + MANIFEST.build;
const PAGE = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll([PAGE, ...MANIFEST.files]))
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
    event.respondWith(
      fetch(request).catch(async () => {
        const page = await caches.match(PAGE, { cacheName: CACHE, ignoreVary: true });
        return page || Response.error();
      }),
    );
  } else if (MANIFEST.files.includes(url.pathname)) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE, ignoreVary: true }).then((hit) => hit || fetch(request)),
    );
  }
});
