// Movetext's service worker: the app offline, the engine kept once fetched,
// and files shared to the installed app (the manifest's share_target).
//
// - The app's files (the list below, written at build time by
//   scripts/offline-files.mjs with the build's version) are stored when the
//   worker installs, and served from that store: the app opens offline.
// - A new build is a new version: its worker stores its files, takes over
//   at once and deletes the older versions' files. The page open at that
//   moment keeps running; the next visit is the new version, and the page
//   says so (static/offline.js asks the worker for its version).
// - The engine's files (engine/, several MB) are stored when first fetched,
//   and kept across versions.
// - The position index's worker (built after the app) is stored when first
//   fetched, for this version. Nothing else is the worker's: the widget,
//   files opened by address and the browser's own requests go to the
//   network as without it.
// - A POST to `share` (the share target) is answered by keeping the shared
//   files and text in a store of their own and sending the page to
//   `./?shared`, which opens them.

// Written by scripts/offline-files.mjs; an unbuilt worker stores nothing.
const BUILD = { version: 'unbuilt', files: [] };

const APP_CACHE = `movetext-app-${BUILD.version}`;
const ENGINE_CACHE = 'movetext-engine';
const SHARE_CACHE = 'movetext-share';
const SCOPE = new URL(self.registration.scope);
const APP_FILES = new Set(BUILD.files);

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(APP_CACHE);
    // Fetched again, not from the browser's own cache, so that the stored
    // files are this build's.
    await cache.addAll(BUILD.files.map((f) => new Request(new URL(f, SCOPE), { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('movetext-app-') && name !== APP_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page asks which version served it.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'version' && event.ports[0]) event.ports[0].postMessage(BUILD.version);
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const path = url.pathname.slice(SCOPE.pathname.length);
  if (request.method === 'POST' && path === 'share') {
    event.respondWith(keepShared(request));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    // The app's page, whatever its query (?url=, ?shared); other pages of
    // the folder go to the network.
    if (path === '' || path === 'index.html') event.respondWith(fromApp(request, 'index.html'));
    return;
  }
  if (path.startsWith('engine/')) {
    event.respondWith(kept(ENGINE_CACHE, request));
  } else if (APP_FILES.has(path) && !url.search) {
    event.respondWith(fromApp(request, path));
  } else if (/^index-worker\.(js|wasm)$/.test(path) && !url.search) {
    // Built after the app: stored when first fetched, for this version.
    event.respondWith(kept(APP_CACHE, request));
  }
  // Anything else (the widget, files opened by address, the browser's own
  // requests) is not the worker's.
});

/** The app's stored file `name`, else the network's answer. */
async function fromApp(request, name) {
  const stored = await caches.match(new URL(name, SCOPE).href, { cacheName: APP_CACHE });
  return stored ?? fetch(request);
}

/** A file stored in `cacheName` once fetched (the engine's), else fetched and stored. */
async function kept(cacheName, request) {
  const cache = await caches.open(cacheName);
  const stored = await cache.match(request);
  if (stored) return stored;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

/**
 * Keeps the files and text shared to the app (a multipart POST: `files`,
 * `text`, `title`, `url`) for the page, and sends the page to open them.
 */
async function keepShared(request) {
  const form = await request.formData();
  const cache = await caches.open(SHARE_CACHE);
  for (const key of await cache.keys()) await cache.delete(key);
  let n = 0;
  for (const file of form.getAll('files')) {
    if (typeof file === 'string') continue;
    const headers = { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) };
    await cache.put(new URL(`shared/file/${n++}`, SCOPE).href, new Response(file, { headers }));
  }
  const text = ['text', 'url'].map((k) => form.get(k)).filter((v) => typeof v === 'string' && v.trim()).join('\n');
  if (text) await cache.put(new URL('shared/text', SCOPE).href, new Response(text));
  return Response.redirect(new URL('./?shared', SCOPE).href, 303);
}
