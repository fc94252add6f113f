// The installed app: its manifest (Chromium finds the app installable), the
// service worker (the app and the last document offline, the engine's files
// kept once fetched, a new version taking over on the next visit and saying
// so), the files of a launch (launchQueue) and of a share (share_target),
// and the Content-Security-Policy, sent as a header and as a meta element.
// The app is served from a copy of dist/, so that a test can make a new
// build of it; service workers are allowed in this file only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowser, openApp, collectErrors, dropFiles, boardFen, outDir, repoRoot, drawn, squareCentre } from './harness.mjs';
import { startServer, APP_POLICY } from './static-server.mjs';

const GAME = `[Event "Offline test"]\n[White "Anderssen"]\n[Black "Kieseritzky"]\n[Result "*"]\n\n1. e4 e5 2. f4 exf4 3. Bc4 *\n`;
const AFTER_BC4 = 'rnbqkbnr/pppp1ppp/8/8/2B1Pp2/8/PPPP2PP/RNBQK1NR b KQkq - 1 3';
const SHARED = `[Event "Shared game"]\n[White "Morphy"]\n[Black "Duke"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 d6 *\n`;
const AFTER_D6 = 'rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3';

let browser;
let root;
let server = null;

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'movetext-offline-'));
  await cp(join(repoRoot, 'dist'), root, { recursive: true });
  browser = await startBrowser({ serviceWorkers: 'allow', root });
  server = browser.server;
});
after(async () => {
  if (server && server !== browser?.server) await new Promise((ok) => server.close(ok));
  await browser?.close();
  await rm(root, { recursive: true, force: true });
});

/** Takes the network away: the context offline and the server stopped. */
async function offline() {
  await browser.context.setOffline(true);
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
}

/** Gives the network back: the server again on the same port. */
async function online() {
  const port = Number(new URL(browser.url).port);
  ({ server } = await startServer({ root, port }));
  await browser.context.setOffline(false);
}

/** Waits until a service worker controls the page; gives its version. */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  return controllerVersion(page);
}

/** The version of the service worker that controls the page (null when none). */
function controllerVersion(page) {
  return page.evaluate(() => new Promise((ok) => {
    const controller = navigator.serviceWorker.controller;
    if (!controller) return ok(null);
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => ok(e.data);
    controller.postMessage({ type: 'version' }, [channel.port2]);
  }));
}

/** Waits until the file named `name` is open and its game shown. */
function opened(page, name) {
  return page.waitForFunction((n) => document.querySelector('.file-name')?.innerText.includes(n)
    && !document.querySelector('.page[aria-busy="true"]'), name, { timeout: 30_000 });
}

/** The names of the caches of this origin. */
const cacheNames = (page) => page.evaluate(() => caches.keys());

test('Chromium finds the app installable; the manifest names the app, its icons, files and share target', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const cdp = await browser.context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, [], 'the manifest parses without errors');
  // Installability waits for the manifest's icons to be fetched.
  let installability;
  for (let i = 0; i < 50; i++) {
    installability = await cdp.send('Page.getInstallabilityErrors');
    if (installability.installabilityErrors.length === 0) break;
    await page.waitForTimeout(200);
  }
  assert.deepEqual(installability.installabilityErrors, [], 'no installability errors');
  const m = JSON.parse(manifest.data);
  assert.equal(m.name, 'Movetext');
  assert.equal(m.short_name, 'Movetext');
  assert.ok(m.description.length > 10);
  assert.equal(m.display, 'standalone');
  assert.equal(m.start_url, './');
  assert.equal(m.scope, './');
  // The colours of the app's style sheet (--panel, --bg).
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return [style.getPropertyValue('--panel').trim(), style.getPropertyValue('--bg').trim()];
  });
  assert.deepEqual([m.theme_color, m.background_color], colours);
  const sizes = m.icons.map((i) => `${i.sizes} ${i.purpose}`);
  assert.deepEqual(sizes, ['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of m.icons) {
    const png = await readFile(join(root, icon.src));
    assert.equal(png.subarray(1, 4).toString(), 'PNG', icon.src);
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.equal(`${w}x${h}`, icon.sizes, icon.src);
  }
  const handler = m.file_handlers[0];
  assert.deepEqual(handler.accept, { 'application/x-chess-pgn': ['.pgn'] });
  assert.equal(m.share_target.method, 'POST');
  assert.equal(m.share_target.enctype, 'multipart/form-data');
  assert.equal(m.share_target.params.text, 'text');
  assert.equal(m.share_target.params.files[0].name, 'files');
  assert.ok(m.share_target.params.files[0].accept.includes('.pgn'));
  await cdp.detach();
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Content-Security-Policy: a header with the app, the same policy in index.html', async () => {
  const answer = await fetch(browser.url);
  const header = answer.headers.get('content-security-policy');
  assert.equal(header, APP_POLICY);
  const directives = Object.fromEntries(header.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  assert.deepEqual(directives['script-src'], ["'self'", "'wasm-unsafe-eval'"], 'no inline script, no eval');
  assert.deepEqual(directives['object-src'], ["'none'"]);
  assert.deepEqual(directives['style-src'], ["'self'"]);
  const html = await answer.text();
  assert.doesNotMatch(html.replace(/<script[^>]*src=[^>]*><\/script>/g, ''), /<script/, 'every script of the page is a file');
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)[1];
  assert.equal(meta, header.replace("; frame-ancestors 'self'", ''), 'the meta element is the header without frame-ancestors');
  // The widget's pages are the page author's: no app policy on them.
  const widget = await fetch(`${browser.url}widget/demo.html`);
  assert.equal(widget.headers.get('content-security-policy'), null);
});

test('offline after one visit: a reload shows the board and the last document', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const version = await controlled(page);
  assert.match(version, /^[0-9a-f]{16}$/, 'the worker knows its build');
  const names = await cacheNames(page);
  assert.ok(names.includes(`movetext-app-${version}`), names.join());
  const stored = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), `movetext-app-${version}`);
  for (const f of ['/index.html', '/start.js', '/offline.js', '/store.js', '/crash.js', '/manifest.webmanifest']) assert.ok(stored.includes(f), `${f} stored`);
  assert.ok(stored.some((f) => /^\/app-[0-9a-f]+\/movetext-app_bg\.wasm$/.test(f)), 'the module stored');
  assert.ok(stored.some((f) => /^\/app-[0-9a-f]+\/split_dialogs\.wasm$/.test(f)), 'the dialogs\' part stored');

  await dropFiles(page, [{ name: 'offline-test.pgn', text: GAME }]);
  await opened(page, 'offline-test');
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_BC4);
  // Stored as the last document (the store's write is done).
  await page.waitForTimeout(500);

  await offline();
  try {
    // The worker leaves a page other than the app's to the network, which
    // is gone.
    const probe = await browser.context.newPage();
    await assert.rejects(probe.goto(`${browser.url}manifest.webmanifest`), /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/);
    await probe.close();
    await page.reload();
    await page.waitForSelector('.board[data-fen]', { timeout: 30_000 });
    await opened(page, 'offline-test');
    await page.keyboard.press('End');
    assert.equal(await boardFen(page), AFTER_BC4);
    // The move's animation done.
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outDir, 'offline-reload.png') });
    // The dialogs' part comes from the stored files: the tags open.
    await page.getByRole('button', { name: 'Tags' }).click();
    await page.getByRole('textbox', { name: 'White' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    // A new tab opens it too.
    const second = await browser.context.newPage();
    await second.goto(browser.url);
    await opened(second, 'offline-test');
    await second.close();
  } finally {
    await online();
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a repertoire is trained offline, and its progress kept over an offline reload', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await controlled(page);
  await dropFiles(page, [{ name: 'offline-repertoire.pgn', text: '[White "Me"]\n[Black "You"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n' }]);
  await opened(page, 'offline-repertoire');
  await page.waitForTimeout(500);
  const dashboard = async (cards) => {
    if (await page.locator('.repertoire.on').count() === 0) await page.locator('.repertoire-open').click();
    await page.waitForFunction((n) => document.querySelector('.repertoire-dashboard')?.dataset.cards === String(n), cards);
    return page.evaluate(() => ({ ...document.querySelector('.repertoire-dashboard').dataset }));
  };
  assert.equal((await dashboard(3)).learned, '0');
  await offline();
  try {
    await page.reload();
    await page.waitForSelector('.board[data-fen]', { timeout: 30_000 });
    await opened(page, 'offline-repertoire');
    assert.equal((await dashboard(3)).new, '3');
    await page.locator('.repertoire-start').click();
    await page.waitForSelector('.repertoire-drill');
    for (const square of ['e2', 'e4']) {
      const at = await squareCentre(page, square);
      await page.mouse.click(at.x, at.y);
    }
    await page.waitForFunction(() => document.querySelector('.repertoire-feedback')?.innerText === 'Right: e4');
    await page.waitForFunction(() => document.querySelector('.repertoire-dashboard')?.dataset.learned === '1');
    await page.locator('.repertoire-stop').click();
    // Kept in the browser's store while offline: there after a reload.
    await page.waitForTimeout(500);
    await page.reload();
    await page.waitForSelector('.board[data-fen]', { timeout: 30_000 });
    await opened(page, 'offline-repertoire');
    const kept = await dashboard(3);
    assert.deepEqual([kept.learned, kept.new], ['1', '2']);
    await page.locator('.repertoire').screenshot({ path: join(outDir, 'offline-repertoire.png') });
  } finally {
    await online();
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the engine\'s files are kept once fetched and analyse offline', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await controlled(page);
  const analysis = page.getByRole('button', { name: 'Analysis' });
  await analysis.click();
  await page.waitForFunction(() => Number(document.querySelector('section.analysis')?.dataset.engineDepth) >= 5, null, { timeout: 120_000 });
  const kept = await page.evaluate(async () => (await (await caches.open('movetext-engine')).keys()).map((r) => new URL(r.url).pathname));
  assert.ok(kept.some((p) => /^\/engine\/stockfish-18-lite(-single)?\.js$/.test(p)), kept.join());
  assert.ok(kept.some((p) => /^\/engine\/stockfish-18-lite(-single)?\.wasm$/.test(p)), kept.join());
  await analysis.click();

  await offline();
  try {
    await page.reload();
    await page.waitForSelector('.board[data-fen]', { timeout: 30_000 });
    const toggle = page.getByRole('button', { name: 'Analysis' });
    if (await toggle.getAttribute('aria-pressed') !== 'true') await toggle.click();
    await page.waitForFunction(() => Number(document.querySelector('section.analysis')?.dataset.engineDepth) >= 5, null, { timeout: 120_000 });
    console.log(`offline: the engine answered from ${kept.join(', ')}`);
    await toggle.click();
  } finally {
    await online();
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('files of a launch of the installed app open like dropped files (launchQueue\'s consumer, called by the test)', async () => {
  // Headless Chromium cannot launch an installed app with a file: the
  // consumer the page gives launchQueue is called here with what a launch
  // hands it (file handles, whose getFile gives the File).
  const { page, errors } = await openApp(browser.context, browser.url);
  const hasQueue = await page.evaluate(() => 'launchQueue' in window);
  console.log(`launchQueue in this Chromium: ${hasQueue}`);
  await page.evaluate((text) => window.movetextOffline.consumeLaunch({
    files: [{ getFile: async () => new File([text], 'launched.pgn', { type: 'application/x-chess-pgn' }) }],
  }), GAME);
  await opened(page, 'launched');
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_BC4);

  // A launch handed over as the page starts, before the app listens for
  // drops: it is kept until the app does.
  // (Handed over as soon as offline.js defines its consumer, in the same
  // task, before the app's module has run.)
  const early = await browser.context.newPage();
  const earlyErrors = collectErrors(early);
  await early.addInitScript((text) => {
    let offline;
    Object.defineProperty(window, 'movetextOffline', {
      configurable: true,
      get: () => offline,
      set: (value) => {
        offline = value;
        window.launchedEarly = !document.documentElement.hasAttribute('data-app-ready');
        value.consumeLaunch({
          files: [{ getFile: async () => new File([text], 'early.pgn', { type: 'application/x-chess-pgn' }) }],
        });
      },
    });
  }, GAME);
  await early.goto(browser.url);
  await opened(early, 'early');
  assert.equal(await early.evaluate(() => window.launchedEarly), true, 'handed over before the app listened');
  assert.deepEqual([...errors, ...earlyErrors], []);
  await early.close();
  await page.close();
});

test('a file and a text shared to the app (a POST to its share target) open', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await controlled(page);
  // The form a phone's share sheet sends, posted by a real navigation.
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = 'share';
    form.id = 'share-form';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'files';
    form.append(input);
    document.body.append(form);
  });
  await page.setInputFiles('#share-form input', { name: 'shared.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(SHARED) });
  await Promise.all([page.waitForURL(/\?shared$/), page.evaluate(() => document.getElementById('share-form').submit())]);
  await opened(page, 'shared');
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_D6);
  await drawn(page);
  assert.equal(new URL(page.url()).search, '', 'the address forgets the share');
  // The share is forgotten once opened.
  const left = await page.evaluate(async () => (await (await caches.open('movetext-share')).keys()).length);
  assert.equal(left, 0);

  // Text only (a share of a game's moves from another app), by fetch.
  const answer = await page.evaluate(async (text) => {
    const body = new FormData();
    body.append('text', text);
    const r = await fetch('share', { method: 'POST', body });
    return { status: r.status, url: r.url };
  }, GAME.replace('Offline test', 'Shared text'));
  assert.ok(answer.status === 200 && answer.url.endsWith('/?shared'), JSON.stringify(answer));
  await page.goto(answer.url);
  await page.waitForSelector('.board[data-fen]');
  await page.waitForFunction(() => document.querySelector('.game-head, .game-header')?.innerText.includes('Shared text')
    || document.body.innerText.includes('Shared text'), null, { timeout: 30_000 });
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_BC4);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a new build takes over on the next visit, and the app says so', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const first = await controlled(page);
  // A visit served by this version, remembered by the page.
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  assert.equal(await page.locator('.notice').count(), 0, 'no notice for the same version');
  assert.equal(await page.evaluate(() => localStorage.getItem('movetext-version')), first);

  // A new build: its worker's version changes.
  const worker = join(root, 'sw.js');
  const source = await readFile(worker, 'utf8');
  const second = first.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
  await writeFile(worker, source.replace(`"version":"${first}"`, `"version":"${second}"`));
  // This visit finds it (the page looks for a new worker at each visit);
  // it installs and takes over the open page, which keeps running. The
  // wait watches the page's controller without messages to the worker
  // (each would be work of the old worker, whose work holds the new one
  // back).
  await page.addInitScript(() => {
    navigator.serviceWorker?.addEventListener('controllerchange', () => { window.movetextControllerChanged = true; });
  });
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  await page.waitForFunction(() => window.movetextControllerChanged === true, null, { timeout: 20_000 }).catch(() => {});
  // When it has not, say where the workers are.
  const workers = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return `installing ${r?.installing?.state}, waiting ${r?.waiting?.state}, active ${r?.active?.state}`;
  });
  assert.equal(await controllerVersion(page), second, `the new worker took over (${workers})`);
  assert.equal(await page.locator('.notice', { hasText: 'Movetext was updated' }).count(), 0, 'not this visit');
  assert.equal(await page.evaluate(() => localStorage.getItem('movetext-version')), first, 'the page open keeps its version');
  // The next visit is the new version's.
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  assert.equal(await controlled(page), second);
  const notice = page.locator('.notice', { hasText: 'Movetext was updated' });
  await notice.waitFor({ timeout: 10_000 });
  assert.equal(await page.evaluate(() => localStorage.getItem('movetext-version')), second);
  assert.deepEqual((await cacheNames(page)).filter((n) => n.startsWith('movetext-app-')), [`movetext-app-${second}`], 'the old version\'s files deleted');
  await page.screenshot({ path: join(outDir, 'offline-updated.png') });
  await page.setViewportSize({ width: 390, height: 800 });
  await drawn(page);
  await page.screenshot({ path: join(outDir, 'offline-updated-phone.png') });
  // Said once: the visit after does not say it again.
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  assert.equal(await page.locator('.notice', { hasText: 'Movetext was updated' }).count(), 0, 'said once');
  assert.deepEqual(errors, []);
  await page.close();
});
