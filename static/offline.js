// The installed app's side of the page: registers the service worker
// (static/sw.js), says when a new version took over, and opens the files
// the system gives the app (the manifest's file_handlers, through
// window.launchQueue) or that were shared to it (its share_target, kept by
// the service worker) the way dropped files open.

const VERSION_KEY = 'movetext-version';
const SHARE_CACHE = 'movetext-share';

/** The version of the service worker `worker`, or null when it does not answer. */
function versionOf(worker) {
  return new Promise((ok) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => ok(String(e.data));
    setTimeout(() => ok(null), 3000);
    worker.postMessage({ type: 'version' }, [channel.port2]);
  });
}

/** Tells the app that this visit is of a new version (it shows a notice). */
function announceUpdate() {
  document.documentElement.dataset.updated = 'true';
  dispatchEvent(new Event('movetext-updated'));
}

/**
 * Remembers which version served this page; a version other than the one
 * remembered is an update. A first visit remembers the version that takes
 * the page over.
 */
async function followVersions() {
  const container = navigator.serviceWorker;
  const remember = (v) => { try { localStorage.setItem(VERSION_KEY, v); } catch { /* private mode */ } };
  const last = (() => { try { return localStorage.getItem(VERSION_KEY); } catch { return null; } })();
  if (container.controller) {
    const version = await versionOf(container.controller);
    if (!version) return;
    remember(version);
    if (last && last !== version) announceUpdate();
  } else if (!last) {
    container.addEventListener('controllerchange', async () => {
      const version = container.controller && await versionOf(container.controller);
      if (version) remember(version);
    }, { once: true });
  }
}

/**
 * Resolves once the app listens for dropped files: it marks the page's root
 * `data-app-ready` then (its board can be drawn before it listens).
 */
function appReady() {
  return new Promise((ok) => {
    const root = document.documentElement;
    const ready = () => root.hasAttribute('data-app-ready');
    if (ready()) return ok();
    const watch = new MutationObserver(() => { if (ready()) { watch.disconnect(); ok(); } });
    watch.observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
  });
}

/** Opens `files` (File objects) or else `text` as a drop on the page would. */
async function openAsDropped(files, text) {
  await appReady();
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  if (!files.length && text) data.setData('text/plain', text);
  if (!files.length && !text) return;
  document.body.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
}

/** Opens the files of a launch of the installed app (launchQueue's consumer). */
async function consumeLaunch(params) {
  const files = await Promise.all((params?.files ?? []).map((handle) => handle.getFile()));
  await openAsDropped(files, '');
}

/**
 * Opens what was shared to the app (the service worker kept it and sent
 * the page to `?shared`), then forgets it and takes `shared` off the address.
 */
async function openShared() {
  const address = new URL(location.href);
  if (!address.searchParams.has('shared')) return;
  address.searchParams.delete('shared');
  history.replaceState(history.state, '', address.href);
  if (!('caches' in window)) return;
  const cache = await caches.open(SHARE_CACHE);
  const files = [];
  let text = '';
  for (const request of await cache.keys()) {
    const answer = await cache.match(request);
    if (new URL(request.url).pathname.endsWith('/shared/text')) {
      text = await answer.text();
    } else {
      const name = decodeURIComponent(answer.headers.get('x-file-name') ?? 'shared.pgn');
      files.push(new File([await answer.blob()], name, { type: answer.headers.get('content-type') ?? '' }));
    }
    await cache.delete(request);
  }
  await openAsDropped(files, text);
}

// For the page's scripts (and the tests, which cannot launch an installed app).
window.movetextOffline = { consumeLaunch, openShared };

if ('launchQueue' in window) window.launchQueue.setConsumer(consumeLaunch);
openShared();
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register(new URL('sw.js', document.baseURI), { scope: './' })
    // Each visit looks for a new build at once: the browser's own look,
    // after a navigation, waits while the page is still fetching.
    .then((registration) => registration.update())
    .catch(() => {
      // No worker (a browser or context that refuses them), or offline:
      // the app works with the build it has.
    });
  followVersions();
}
