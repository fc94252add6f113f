// Reliability in the browser: the address returns to its game and move
// with restored edits; a fatal internal error shows a way on (and "reload
// without this file" keeps the saved edits); a widget that stops leaves the
// others of its page working; a failed save is shown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openApp, dropFiles, outDir, forgetSavedSession, savedSession, numberedGames, writeComment, editsStoredWith } from './harness.mjs';

const GAME = (n) => `[White "Player ${n}"]\n[Black "Other"]\n\n`
  + '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O Nxe4 5. d4 Nd6 6. Bxc6 dxc6) 4. Ba4 *\n\n';
const SIX = [1, 2, 3, 4, 5, 6].map(GAME).join('');

const WIDGETS = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Widgets</title><link rel="icon" href="data:,">
<script type="module">
import Movetext from '/widget/movetext.js';
const pgn = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *';
window.handles = [];
for (const id of ['one', 'two', 'three']) {
  window.handles.push(await Movetext.mount(document.getElementById(id), { pgn, moves: 'bottom', ply: 2 }));
}
window.ready = true;
</script></head><body><div id="one"></div><div id="two"></div><div id="three"></div></body></html>`;

const BRACES = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Braces</title><link rel="icon" href="data:,">
<script type="module" src="/widget/movetext.js"></script>
<script type="module">
import Movetext from '/widget/movetext.js';
window.handle = await Movetext.mount(document.getElementById('api'), { pgn: '1. d4 d5 *', moves: 'bottom' });
window.ready = true;
</script></head><body>
<movetext-viewer id="text" moves="bottom">1. e4 } e5 2. Nf3 *</movetext-viewer>
<div id="api"></div></body></html>`;

let browser;
before(async () => {
  const pages = join(outDir, 'reliability-pages');
  await mkdir(pages, { recursive: true });
  await writeFile(join(pages, 'widgets.html'), WIDGETS);
  await writeFile(join(pages, 'braces.html'), BRACES);
  browser = await startBrowser({ mounts: { '/pages/': pages } });
});
after(async () => {
  await browser?.close();
});

async function freshApp() {
  const { page, errors } = await openApp(browser.context, browser.url);
  await forgetSavedSession(page);
  page.on('dialog', (d) => d.accept());
  return { page, errors };
}

const storedEdits = async (page) => (await savedSession(page)).edits;

/** Opens six games, comments a move in a variation of game 6, waits until saved. */
async function editGameSix(page) {
  await dropFiles(page, [{ name: 'six.pgn', text: SIX }]);
  await page.waitForSelector('.game-row[data-game="5"]');
  await page.locator('.game-row[data-game="5"]').click();
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('game 6 of 6'));
  await page.locator('.var .mv', { hasText: 'Bxc6' }).click();
  await writeComment(page, 'keepsake');
  await page.waitForFunction(() => location.hash === '#game=6&ply=5,1,5');
  assert.ok((await editsStoredWith(page, 'keepsake')).includes('keepsake'), 'the edit is stored');
}

test('after restoring edits, a reload returns to the game and the move in a variation the address names', async () => {
  const { page, errors } = await freshApp();
  await editGameSix(page);
  await page.reload();
  await page.waitForSelector('.notice-restored');
  await page.waitForFunction(() => document.querySelector('.mv.current')?.innerText.includes('Bxc6'));
  assert.equal(await page.evaluate(() => location.hash), '#game=6&ply=5,1,5');
  assert.match(await page.locator('.file-name').innerText(), /game 6 of 6/);
  assert.equal(await page.locator('.move-list .comment', { hasText: 'keepsake' }).count(), 1);
  // Another game and move of the same file, then a reload: there again.
  await page.evaluate(() => { location.hash = '#game=3&ply=4'; });
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('game 3 of 6'));
  await page.reload();
  await page.waitForSelector('.notice-restored');
  await page.waitForFunction(() => document.querySelector('.mv.current')?.innerText.includes('Nc6'));
  assert.match(await page.locator('.file-name').innerText(), /game 3 of 6/);
  assert.equal(await page.evaluate(() => location.hash), '#game=3&ply=4');
  assert.deepEqual(errors, []);
  await page.close();
});

test('edits to two games are stored; one undone is stored no more; both come back after a reload as they were', async () => {
  const { page, errors } = await freshApp();
  await editGameSix(page);
  // A second game: a comment, then a second one, then the second undone.
  await page.locator('.game-row[data-game="2"]').click();
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('game 3 of 6'));
  await page.keyboard.press('End');
  for (const word of ['second', 'third']) {
    await writeComment(page, word);
    await page.waitForFunction((w) => [...document.querySelectorAll('.move-list .comment')].some((c) => c.innerText.includes(w)), word);
  }
  const stored = async (want) => {
    for (let i = 0; i < 100; i++) {
      const edits = await storedEdits(page);
      if (want(edits)) return edits;
      await page.waitForTimeout(100);
    }
    return storedEdits(page);
  };
  let edits = await stored((e) => e.includes('third'));
  assert.ok(edits.includes('keepsake') && edits.includes('third') && !edits.includes('second'), edits);
  await page.keyboard.press('Control+z');
  edits = await stored((e) => e.includes('second') && !e.includes('third'));
  assert.ok(edits.includes('keepsake') && edits.includes('second') && !edits.includes('third'), edits);
  await page.keyboard.press('Control+z');
  edits = await stored((e) => !e.includes('second'));
  assert.ok(edits.includes('keepsake') && !edits.includes('second') && !edits.includes('third'), edits);
  await page.keyboard.press('Control+y');
  edits = await stored((e) => e.includes('second'));
  assert.ok(edits.includes('keepsake') && edits.includes('second'), edits);
  await page.reload();
  await page.waitForSelector('.notice-restored');
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('game 3 of 6'));
  assert.equal(await page.locator('.move-list .comment', { hasText: 'second' }).count(), 1);
  await page.locator('.game-row[data-game="5"]').click();
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('game 6 of 6'));
  assert.equal(await page.locator('.move-list .comment', { hasText: 'keepsake' }).count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a file stored in parts comes back read into one buffer for all its parts', async () => {
  // About 19.5 MB: three parts of 8 MiB.
  const count = 200000;
  const text = numberedGames(count, 'Parts');
  const { page, errors } = await freshApp();
  // Each buffer the page hands to a reader into its own buffer (a file's
  // stream) or to the worker that reads the stored parts, counted once: a
  // buffer given back with a piece and handed on is not new.
  await page.addInitScript(() => {
    window.newBuffers = 0;
    window.partBuffers = 0;
    const back = new WeakSet();
    const read = ReadableStreamBYOBReader.prototype.read;
    ReadableStreamBYOBReader.prototype.read = function (view, ...rest) {
      if (!back.has(view.buffer)) window.newBuffers += 1;
      return read.call(this, view, ...rest).then((piece) => {
        if (piece.value) back.add(piece.value.buffer);
        return piece;
      });
    };
    let kept;
    Object.defineProperty(globalThis, 'movetextStore', {
      configurable: true,
      get: () => kept,
      set: (store) => {
        kept = store;
        const reader = store.partsReader;
        store.partsReader = () => {
          const r = reader();
          const get = r.get;
          r.get = (key, view) => {
            if (!back.has(view.buffer)) window.partBuffers += 1;
            return get(key, view).then((part) => {
              if (part) back.add(part.buffer);
              return part;
            });
          };
          return r;
        };
      },
    });
  });
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  await page.locator('.file-picker').setInputFiles({ name: 'parts.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => document.querySelector('.gl-count')?.innerText === `${n} games` && !document.querySelector('.indexing'), count, { timeout: 60_000 });
  assert.equal(await page.evaluate(() => window.newBuffers), 1, 'the file was read into one buffer');
  await page.keyboard.press('End');
  await writeComment(page, 'stored in parts');
  let stored = null;
  for (let i = 0; i < 200; i++) {
    stored = await savedSession(page);
    if (stored.file && stored.edits.includes('stored in parts')) break;
    await page.waitForTimeout(100);
  }
  assert.equal(stored.file?.count, 3, 'three parts stored');
  await page.reload();
  await page.waitForSelector('.notice-restored', { timeout: 60_000 });
  await page.waitForFunction((n) => document.querySelector('.gl-count')?.innerText === `${n} games` && !document.querySelector('.indexing'), count, { timeout: 60_000 });
  assert.equal(await page.locator('.move-list .comment', { hasText: 'stored in parts' }).count(), 1, 'the edit is back');
  assert.equal(await page.evaluate(() => window.partBuffers), 1, 'the three parts were read into one buffer');
  assert.equal(await page.evaluate(() => window.newBuffers), 0, 'by the worker: the page read no stream of them');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a file whose parts cannot be written says so, and its edits stay on the page', async () => {
  const { page, errors } = await freshApp();
  // The worker that writes the parts does not start (its script is not
  // there; the page has loaded it already).
  await page.route('**/store.js', (route) => route.fulfill({ status: 404, body: 'not here' }));
  await dropFiles(page, [{ name: 'six.pgn', text: SIX }]);
  await page.waitForSelector('.game-row[data-game="5"]');
  await page.keyboard.press('End');
  await writeComment(page, 'not stored');
  const notice = page.locator('.notice-error');
  await notice.waitFor();
  assert.match(await notice.innerText(), /could not be kept in this browser \(Error: the file could not be written/);
  const stored = await savedSession(page);
  assert.equal(stored.file, null, 'no file record without its parts');
  assert.ok(await page.locator('.move-list .comment', { hasText: 'not stored' }).count() >= 1, 'the edit is still shown');
  assert.deepEqual(errors.filter((e) => !/store\.js|404/.test(e)), []);
  await page.unroute('**/store.js');
  await forgetSavedSession(page, { reload: false });
  await page.close();
});

test('a fatal error shows a way on; reloading without the file keeps its saved edits', async () => {
  const { page } = await freshApp();
  await editGameSix(page);
  // A panic inside the module, as an internal error would cause.
  await page.evaluate(() => setTimeout(() => window.wasmBindings.movetextFault(true), 0));
  const report = page.getByRole('alertdialog', { name: 'Movetext stopped' });
  await report.waitFor();
  assert.match(await report.innerText(), /a fault was asked for/);
  assert.match(await report.innerText(), /Edits saved in this browser are kept/);
  await page.screenshot({ path: join(outDir, 'crash-report-1280x800.png') });
  await Promise.all([
    page.waitForNavigation(),
    report.getByRole('button', { name: 'Reload without this file' }).click(),
  ]);
  await page.waitForSelector('.board[data-fen]');
  await page.waitForSelector('.notice-held-back');
  assert.match(await page.locator('.file-name').innerText(), /sample\.pgn/);
  assert.equal(await page.locator('#crash-report').count(), 0);
  // The saved edits are still there, and open on demand.
  await page.getByRole('button', { name: 'Open it again' }).click();
  await page.waitForSelector('.notice-restored');
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('six.pgn'));
  assert.ok((await storedEdits(page)).includes('keepsake'));
  // A bare trap (no panic message) is reported too.
  await page.evaluate(() => setTimeout(() => window.wasmBindings.movetextFault(false), 0));
  await page.getByRole('alertdialog', { name: 'Movetext stopped' }).waitFor();
  assert.match(await page.locator('#crash-report').innerText(), /RuntimeError/);
  await page.close();
});

test('a failed save is shown, and leaving then asks first', async () => {
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = function put() {
      throw new DOMException('The quota was exceeded.', 'QuotaExceededError');
    };
  });
  await page.goto(browser.url);
  await page.waitForSelector('.board[data-fen]');
  // Nothing saved by the tests before: the sample opens.
  await forgetSavedSession(page);
  await page.keyboard.press('End');
  await writeComment(page, 'not kept');
  const notice = page.locator('.notice-error');
  await notice.waitFor();
  assert.match(await notice.innerText(), /storage for this page is full: sample\.pgn and its latest edits could not be kept \(QuotaExceededError: The quota was exceeded\.\)\. Nothing was stored half way/);
  let asked = false;
  page.once('dialog', async (d) => {
    asked = d.type() === 'beforeunload';
    await d.accept();
  });
  await page.close({ runBeforeUnload: true });
  for (let i = 0; i < 50 && !asked; i++) await new Promise((ok) => setTimeout(ok, 100));
  assert.ok(asked, 'leaving asked first');
});

test('a widget that stops shows why; the other widgets of the page go on where they were', async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(browser.url + 'pages/widgets.html');
  await page.waitForFunction(() => window.ready === true);
  const fens = () => page.evaluate(() => window.handles.map((h) => h.getFen()));
  await page.evaluate(() => { window.handles[0].goTo(4); window.handles[2].goTo(6); });
  await page.waitForTimeout(100);
  const before = await fens();
  // The second widget stops on a panic (which the widget's build makes a trap).
  await page.evaluate(() => window.handles[1].fault(true));
  await page.locator('#two .mt-failed').waitFor();
  assert.match(await page.locator('#two .mt-failed').innerText(), /could not be shown: Movetext stopped on an internal error \(unreachable/);
  await page.waitForFunction(() => window.handles[0].getFen() !== '' && window.handles[2].getFen() !== '');
  const after = await fens();
  assert.equal(after[0], before[0], 'the first widget is where it was');
  assert.equal(after[2], before[2], 'the third widget is where it was');
  // They still answer, and show their boards.
  await page.evaluate(() => window.handles[0].goTo('last'));
  await page.waitForFunction(() => window.handles[0].getFen().startsWith('r1bqkbnr/1ppp1ppp/p1n5/1B2p3/'));
  assert.equal(await page.locator('#one .board[data-fen]').count(), 1);
  assert.equal(await page.locator('#three .board[data-fen]').count(), 1);
  await page.screenshot({ path: join(outDir, 'widget-failed.png'), fullPage: true });
  // A trap outside any call (as in a timer): every live widget comes back.
  await page.evaluate(async () => {
    // The instance the widgets run on now (the second: the first stopped).
    const module = await import(new URL('/widget/movetext_wasm.js?instance=2', location.href).href);
    setTimeout(() => module.movetextFault(false), 0);
  });
  await page.waitForFunction(() => window.handles[2].getFen() !== '' && document.querySelector('#three').shadowRoot.querySelector('.board'));
  await page.evaluate(() => window.handles[2].goTo('first'));
  await page.waitForFunction(() => window.handles[2].getFen().startsWith('rnbqkbnr/pppppppp/'));
  assert.equal(await page.locator('.mt-failed').count(), 1, 'only the widget that stopped says so');
  assert.ok(errors.every((e) => /unreachable|RuntimeError|fault/.test(e)), errors.join('\n'));
  await page.close();
});

test('a stray brace in the text of a widget or in setPgn leaves the host page answering', async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(browser.url + 'pages/braces.html');
  await page.waitForFunction(() => window.ready === true);
  await page.waitForSelector('#text .board[data-fen]');
  assert.equal(await page.locator('#text .mv').count(), 3, 'e4, e5 and Nf3 around the brace');
  await page.evaluate(() => window.handle.setPgn('1. e4 } e5 *'));
  await page.waitForFunction(() => document.querySelector('#api').shadowRoot.querySelectorAll('.mv').length === 2, null, { timeout: 10_000 });
  await page.evaluate(() => window.handle.goTo('last'));
  await page.waitForFunction(() => window.handle.getFen().startsWith('rnbqkbnr/pppp1ppp/8/4p3/4P3/'));
  assert.ok(await page.evaluate(() => window.handle.getPgn().includes('}')), 'the brace is kept');
  assert.deepEqual(errors, []);
  await page.close();
});
