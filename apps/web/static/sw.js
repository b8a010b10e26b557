// The service worker: keeps this version's pages, scripts, styles, language files and engine
// in a cache of its own, so that the page (the game or the rules, in each language) loads,
// and a game against the computer goes on, without the network. The server puts a first line
// before this one, `const MANIFEST = {build, files, pages, languages}`: the version's name,
// its files' hashed paths, its pages (`/`, `/rules`, `/th/`, `/th/rules`...) and language
// tags, and each language's file (so this script changes with every version, and the browser
// installs the new one). The page registers it as `/sw.js?lang=th`: it keeps the pages and
// the words of that language only (a change of language installs it anew, and keeps that
// one's too), not every language's up front.
// - A page (every navigation): from the network first, so that a reachable server always
//   gives its current page, never an old one against its newer API (and kept, the last one
//   seen of its kind and language); from the cache offline: `/th/g/<id>` is `/th/`.
// - The hashed files: from the cache (a name is one content for good), else the network.
// - Everything else (the API): the network only; offline.js plays on when it fails.
/* global MANIFEST */
const CACHE = 'halma-' + MANIFEST.build;
const LANG = new URL(self.location.href).searchParams.get('lang');

/** What installing keeps: every file but the other languages' words, and the pages in the
 * page's language (its own `/th/...` and the plain ones, which the browser's language picks). */
function kept() {
  const others = Object.entries(MANIFEST.texts).filter(([tag]) => tag !== LANG).map(([, path]) => path);
  const files = MANIFEST.files.filter((path) => !others.includes(path));
  const pages = MANIFEST.pages.filter((path) => {
    const first = path.split('/')[1];
    return !MANIFEST.languages.includes(first) || first === LANG;
  });
  return [...pages, ...files];
}

/** The page that `url` shows, as the cache keeps it: `/th/g/<id>` is `/th/`, `/rules` itself. */
function pageOf(url) {
  const parts = url.pathname.split('/').slice(1);
  const prefix = MANIFEST.languages.includes(parts[0]) ? '/' + parts.shift() : '';
  return prefix + (parts[0] === 'rules' ? '/rules' : '/');
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(kept()))
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
    // Another language's words, once fetched, are kept too.
    event.respondWith(
      caches.match(request, { cacheName: CACHE, ignoreVary: true }).then((hit) => hit || fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })),
    );
  }
});
