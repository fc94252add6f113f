// Documents: every file opened is a document of its own, kept in this
// browser with its edits; tabs showing the same document stay in step and
// never overwrite each other silently; shared links and `?url=` add a
// document and replace none; writes are whole or not at all (quota, a
// failure between the bytes and the edits, a reload mid-write); comments of
// any size are edited whole; the first version's store is carried over.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openApp, dropFiles, outDir, writeComment, emptyStore } from './harness.mjs';

const game = (white, moves = '1. e4 e5 2. Nf3 Nc6 *') => `[White "${white}"]\n[Black "Other"]\n\n${moves}\n\n`;
const X = [1, 2, 3].map((n) => game(`X${n}`)).join('');
const Y = [1, 2].map((n) => game(`Y${n}`, '1. d4 d5 2. c4 *')).join('');

let browser;
before(async () => {
  const pages = join(outDir, 'documents-pages');
  await mkdir(pages, { recursive: true });
  await writeFile(join(pages, 'served.pgn'), [1, 2].map((n) => game(`Served${n}`)).join(''));
  browser = await startBrowser({ mounts: { '/served/': pages } });
});
after(async () => {
  await browser?.close();
});

const docs = (page) => page.evaluate(() => window.movetext.savedDocuments());
const text = (page, id) => page.evaluate((i) => window.movetext.documentText(i), id);
const shown = (page) => page.locator('.file-name').innerText();

/** Waits until `check` of the saved documents holds (10 s at most), and returns them. */
async function docsWhen(page, check) {
  let list = await docs(page);
  for (let i = 0; i < 100 && !check(list); i++) {
    await page.waitForTimeout(100);
    list = await docs(page);
  }
  return list;
}

/** Waits until the stored text of the document named `name` holds `want`. */
async function storedTextWith(page, name, want) {
  let body = '';
  for (let i = 0; i < 100; i++) {
    const doc = (await docs(page)).find((d) => d.name === name);
    body = doc ? await text(page, doc.id) : '';
    if (want.every((w) => body.includes(w))) return body;
    await page.waitForTimeout(100);
  }
  return body;
}

async function openFile(page, name, body, games) {
  await dropFiles(page, [{ name, text: body }]);
  const label = games > 1 ? `${name} · game 1 of ${games}` : name;
  await page.waitForFunction((l) => document.querySelector('.file-name')?.innerText === l, label, { timeout: 60_000 });
  await docsWhen(page, (list) => list.some((d) => d.name === name));
}

async function pickGame(page, n) {
  await page.locator(`.game-row[data-game="${n - 1}"]`).click();
  await page.waitForFunction((g) => /game (\d+) of/.exec(document.querySelector('.file-name')?.innerText ?? '')?.[1] === String(g), n);
}

/** Waits until the page has opened its game (it is busy no more). */
const settled = (page) => page.waitForFunction(() => document.querySelector('.page')?.getAttribute('aria-busy') !== 'true');

async function commentLast(page, words) {
  await settled(page);
  await page.keyboard.press('End');
  await writeComment(page, words);
  await page.locator('.move-list .comment', { hasText: words }).first().waitFor();
}

test('two tabs with two files: each file keeps its own edits, and a reload shows each tab its file', async () => {
  const { page: a, errors } = await openApp(browser.context, browser.url);
  await openFile(a, 'x.pgn', X, 3);
  await commentLast(a, 'from tab A');
  const { page: b } = await openApp(browser.context, browser.url, { keep: true });
  // A new tab opens the document used last.
  await b.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('x.pgn'));
  await openFile(b, 'y.pgn', Y, 2);
  await commentLast(b, 'from tab B');
  await pickGame(a, 2);
  await commentLast(a, 'again from A');
  const xText = await storedTextWith(a, 'x.pgn', ['from tab A', 'again from A']);
  const yText = await storedTextWith(a, 'y.pgn', ['from tab B']);
  assert.ok(xText.includes('from tab A') && xText.includes('again from A'), xText);
  assert.ok(!xText.includes('from tab B') && !xText.includes('Y1'), 'no edit nor game of y.pgn in x.pgn');
  assert.ok(yText.includes('from tab B') && !yText.includes('from tab A') && yText.includes('[White "Y2"]'), yText);
  const list = await docs(a);
  assert.deepEqual(list.map((d) => d.name).sort(), ['x.pgn', 'y.pgn']);
  assert.ok(list.every((d) => d.edited), 'both edited');
  // Each tab, reloaded, shows its own file with its edits.
  for (const [page, name, words] of [[a, 'x.pgn', 'again from A'], [b, 'y.pgn', 'from tab B']]) {
    await page.reload();
    await page.waitForSelector('.notice-restored');
    assert.match(await shown(page), new RegExp(name.replace('.', '\\.')));
    await page.locator('.move-list .comment', { hasText: words }).first().waitFor();
  }
  assert.deepEqual(errors, []);
  await b.close();
  await a.close();
});

test('two tabs with one file: edits to different games are all kept, and each tab shows the other\'s', async () => {
  const { page: a, errors } = await openApp(browser.context, browser.url);
  await openFile(a, 'x.pgn', X, 3);
  const { page: b } = await openApp(browser.context, browser.url, { keep: true });
  await b.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('x.pgn'));
  await pickGame(a, 1);
  await commentLast(a, 'first game, tab A');
  await pickGame(b, 3);
  await commentLast(b, 'third game, tab B');
  const body = await storedTextWith(a, 'x.pgn', ['first game, tab A', 'third game, tab B']);
  assert.ok(body.includes('first game, tab A') && body.includes('third game, tab B'), body);
  assert.equal((await docs(a)).length, 1, 'the same bytes are one document');
  // Tab A shows tab B's edit, and the other way round.
  await pickGame(a, 3);
  await a.locator('.move-list .comment', { hasText: 'third game, tab B' }).first().waitFor();
  await pickGame(b, 1);
  await b.locator('.move-list .comment', { hasText: 'first game, tab A' }).first().waitFor();
  // Tab B goes on editing the game tab A edited (at its first move): on top of it.
  await b.keyboard.press('Home');
  await b.keyboard.press('ArrowRight');
  await writeComment(b, 'and B after A');
  const after = await storedTextWith(a, 'x.pgn', ['and B after A']);
  assert.ok(after.includes('first game, tab A') && after.includes('and B after A'), after);
  assert.deepEqual(errors, []);
  await b.close();
  await a.close();
});

test('two tabs changing the same game at once: the later is told, and both versions are kept', async () => {
  const { page: a, errors } = await openApp(browser.context, browser.url);
  await openFile(a, 'x.pgn', X, 3);
  // Tab B hears the other tabs 4 s late: both change game 1 before either
  // has heard of the other's change.
  const b = await browser.context.newPage();
  await b.addInitScript(() => {
    const Channel = BroadcastChannel;
    window.BroadcastChannel = class extends Channel {
      set onmessage(handler) { super.onmessage = (e) => setTimeout(() => handler(e), 4000); }
      get onmessage() { return super.onmessage; }
    };
  });
  await b.goto(browser.url);
  await b.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('x.pgn'));
  await commentLast(a, 'version of A');
  await storedTextWith(a, 'x.pgn', ['version of A']);
  await commentLast(b, 'version of B');
  const notice = b.locator('.notice', { hasText: 'changed in another tab at the same time' });
  await notice.waitFor();
  assert.match(await notice.innerText(), /Game 1 .*game 4/);
  // Tab B shows its own version as game 4; game 1 is tab A's.
  await b.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('game 4 of 4'));
  assert.equal(await b.locator('.move-list .comment', { hasText: 'version of B' }).count(), 1);
  const body = await storedTextWith(a, 'x.pgn', ['version of A', 'version of B']);
  const games = body.split('[White ').slice(1);
  assert.equal(games.length, 4, body);
  assert.ok(games[0].includes('version of A') && !games[0].includes('version of B'), games[0]);
  assert.ok(games[3].includes('version of B'), games[3]);
  await b.screenshot({ path: join(outDir, 'documents-conflict.png') });
  // Tab A is given the new game too, once it hears of it.
  await a.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('of 4'));
  assert.deepEqual(errors, []);
  await b.close();
  await a.close();
});

test('a shared link and ?url= in a new tab add documents and replace none; a ?url= reload keeps its edits', async () => {
  const { page: a, errors } = await openApp(browser.context, browser.url);
  await openFile(a, 'x.pgn', X, 3);
  await commentLast(a, 'kept through links');
  await storedTextWith(a, 'x.pgn', ['kept through links']);
  // A shared link, as the widget's "Open in Movetext" makes it.
  const pgn = encodeURIComponent('[White "Linked"]\n\n1. c4 e5 2. Nc3 *');
  const { page: b } = await openApp(browser.context, browser.url, { keep: true, path: `#game=1&ply=2&pgn=${pgn}` });
  await b.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('Shared game'));
  let list = await docsWhen(b, (l) => l.length === 2);
  assert.deepEqual(list.map((d) => d.source).sort(), ['file', 'link']);
  assert.ok((await storedTextWith(b, 'x.pgn', ['kept through links'])).includes('kept through links'), 'x.pgn keeps its edit');
  // ?url= in a new tab: a third document; edited, then reloaded: its edits stay.
  const { page: c } = await openApp(browser.context, browser.url, { keep: true, path: '?url=/served/served.pgn' });
  await c.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('served.pgn'));
  await commentLast(c, 'edit of the served file');
  list = await docsWhen(c, (l) => l.length === 3 && l.some((d) => d.source.startsWith('url:') && d.edited));
  const served = list.find((d) => d.source.startsWith('url:'));
  assert.match(served.source, /^url:http:\/\/[^/]+\/served\/served\.pgn$/);
  await c.reload();
  await c.waitForSelector('.notice-restored');
  await c.locator('.move-list .comment', { hasText: 'edit of the served file' }).first().waitFor();
  // The same bytes as x.pgn, but a document of its own (another source).
  assert.equal((await docs(c)).length, 3);
  assert.deepEqual(errors, []);
  for (const p of [c, b, a]) await p.close();
});

test('the documents list switches, deletes (asking first for edits), and the same file again brings its edits back', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await openFile(page, 'x.pgn', X, 3);
  await commentLast(page, 'edit to come back');
  await storedTextWith(page, 'x.pgn', ['edit to come back']);
  await openFile(page, 'y.pgn', Y, 2);
  // The same bytes dropped again, under another name: x.pgn's document, with its edit.
  await dropFiles(page, [{ name: 'x-again.pgn', text: X }]);
  await page.waitForSelector('.notice-restored');
  await page.locator('.move-list .comment', { hasText: 'edit to come back' }).first().waitFor();
  assert.equal((await docs(page)).length, 2, 'no third document');
  // The list: both, with what is known of each.
  await page.getByRole('button', { name: 'Documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Documents in this browser' });
  await dialog.waitFor();
  await dialog.locator('.doc-row').nth(1).waitFor();
  const rows = await dialog.locator('.doc-row').allInnerTexts();
  assert.equal(rows.length, 2);
  const xRow = rows.find((r) => r.includes('x.pgn'));
  assert.match(xRow, /file · 3 games · edited · .* · opened /);
  assert.match(rows.find((r) => r.includes('y.pgn')), /2 games · (?!edited)/);
  await page.screenshot({ path: join(outDir, 'documents-list-1280x800.png') });
  await dialog.getByRole('button', { name: 'Open y.pgn' }).click();
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('y.pgn'));
  // Deleting y.pgn (no edits) asks nothing; deleting x.pgn (edits) asks first.
  await page.getByRole('button', { name: 'Documents' }).click();
  await dialog.waitFor();
  const asked = [];
  page.on('dialog', async (d) => { asked.push(d.message()); await (asked.length === 1 ? d.dismiss() : d.accept()); });
  await dialog.getByRole('button', { name: 'Delete x.pgn' }).click();
  await page.waitForTimeout(300);
  assert.equal(asked.length, 1);
  assert.match(asked[0], /x\.pgn holds edits/);
  assert.equal((await docs(page)).length, 2, 'kept when the question is dismissed');
  await dialog.getByRole('button', { name: 'Delete x.pgn' }).click();
  await dialog.locator('.doc-row').nth(1).waitFor({ state: 'detached' });
  assert.deepEqual((await docs(page)).map((d) => d.name), ['y.pgn']);
  await dialog.getByRole('button', { name: 'Delete y.pgn' }).click();
  await dialog.locator('.doc-row').first().waitFor({ state: 'detached' });
  assert.equal(asked.length, 2, 'y.pgn had no edits: nothing asked');
  // The open document deleted: the sample shows.
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('sample.pgn'));
  assert.deepEqual(await docs(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('files opened one right after another are each kept', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  for (const n of [1, 2, 3]) await dropFiles(page, [{ name: `quick${n}.pgn`, text: game(`Quick${n}`) }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'quick3.pgn');
  const list = await docsWhen(page, (l) => l.length === 3);
  assert.deepEqual(list.map((d) => d.name).sort(), ['quick1.pgn', 'quick2.pgn', 'quick3.pgn']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('documents without edits are kept up to twenty, the most recent; edited ones are never dropped', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await openFile(page, 'edited.pgn', game('Edited'), 1);
  await commentLast(page, 'kept for good');
  await storedTextWith(page, 'edited.pgn', ['kept for good']);
  for (let n = 1; n <= 22; n++) {
    await dropFiles(page, [{ name: `plain${n}.pgn`, text: game(`Plain${n}`) }]);
    await page.waitForFunction((name) => document.querySelector('.file-name')?.innerText === name, `plain${n}.pgn`);
    await docsWhen(page, (l) => l.some((d) => d.name === `plain${n}.pgn`));
  }
  const names = (await docs(page)).map((d) => d.name);
  assert.equal(names.filter((n) => n.startsWith('plain')).length, 20, names.join(' '));
  assert.ok(!names.includes('plain1.pgn') && !names.includes('plain2.pgn') && names.includes('plain22.pgn'), names.join(' '));
  assert.ok(names.includes('edited.pgn'), 'the edited document stays');
  assert.deepEqual(errors, []);
  await page.close();
});

test('comments of 100,000 characters and of 5 MB are edited whole: saved unchanged, and with text added at the end', async () => {
  for (const size of [100_000, 5_000_000]) {
    const { page, errors } = await openApp(browser.context, browser.url);
    const words = 'long '.repeat(size / 5).trim();
    await openFile(page, 'long.pgn', `[White "Long"]\n\n1. e4 {${words}} e5 *\n`, 1);
    // Saved as it is: the game keeps the comment whole.
    await page.locator('.mainline .mv', { hasText: 'e4' }).first().click();
    await page.keyboard.press('c');
    const box = page.getByRole('textbox', { name: 'Comment text' });
    await box.waitFor();
    assert.equal(await box.evaluate((b) => b.value.length), words.length, 'the editor holds the whole comment');
    await page.getByRole('button', { name: 'Save' }).click();
    let body = await storedTextWith(page, 'long.pgn', ['1. e4']);
    // Text typed at the end is added to the whole comment.
    await page.keyboard.press('c');
    await box.waitFor();
    await page.keyboard.type(' the end');
    await page.getByRole('button', { name: 'Save' }).click();
    body = await storedTextWith(page, 'long.pgn', ['long the end}']);
    // (Export wraps lines at 80 characters: a line break is a space.)
    const comment = body.slice(body.indexOf('{') + 1, body.indexOf('}')).replace(/\n/g, ' ');
    assert.equal(comment.length, words.length + ' the end'.length, `a comment of ${size} characters`);
    assert.equal(comment, `${words} the end`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('storage full while storing a file: said plainly, nothing stored half, what was kept before stays whole', async () => {
  // A browser of its own, with 4 MB for the page (Chromium reads an origin's
  // quota once, at its first write).
  const own = await startBrowser();
  const { page, errors } = await openApp(own.context, own.url);
  const cdp = await own.context.newCDPSession(page);
  const origin = new URL(own.url).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 4 * 1024 * 1024 });
  await openFile(page, 'x.pgn', X, 3);
  await commentLast(page, 'kept before the quota');
  await storedTextWith(page, 'x.pgn', ['kept before the quota']);
  const big = game('Big').repeat(200_000);
  await dropFiles(page, [{ name: 'big.pgn', text: big }]);
  const notice = page.locator('.notice-error');
  await notice.waitFor({ timeout: 60_000 });
  assert.match(await notice.innerText(), /storage for this page is full: big\.pgn .* could not be kept \(QuotaExceededError/);
  assert.match(await notice.innerText(), /Nothing was stored half way/);
  await page.screenshot({ path: join(outDir, 'documents-quota.png') });
  const list = await docs(page);
  assert.deepEqual(list.map((d) => d.name), ['x.pgn'], 'no record of big.pgn');
  assert.deepEqual(await page.evaluate(() => window.movetextStore.partIds()), list.map((d) => d.id), 'no part of big.pgn left');
  assert.ok((await text(page, list[0].id)).includes('kept before the quota'));
  // The file stays open, and an edit to it is kept on the page.
  assert.match(await shown(page), /big\.pgn/);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  assert.deepEqual(errors.filter((e) => !/Quota/i.test(e)), []);
  await own.close();
});

test('a failure between the bytes and the description, or in the edits, leaves the stored state whole', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await openFile(page, 'x.pgn', X, 3);
  await commentLast(page, 'before the failures');
  await storedTextWith(page, 'x.pgn', ['before the failures']);
  // The next description written fails (after the parts were stored).
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (...args) {
      if (this.name === 'docs' && window.failNext) {
        window.failNext -= 1;
        throw new DOMException('the disk failed', 'UnknownError');
      }
      return put.apply(this, args);
    };
    window.failNext = 1;
  });
  await dropFiles(page, [{ name: 'y.pgn', text: Y }]);
  await page.locator('.notice-error', { hasText: 'the disk failed' }).waitFor();
  let list = await docs(page);
  assert.deepEqual(list.map((d) => d.name), ['x.pgn']);
  assert.deepEqual(await page.evaluate(() => window.movetextStore.partIds()), [list[0].id], 'no part of y.pgn left');
  // Back on x.pgn, an edit whose write fails changes nothing stored.
  await page.getByRole('button', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'Open x.pgn' }).click();
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('x.pgn'));
  const before = await text(page, list[0].id);
  await page.evaluate(() => { window.failNext = 1; });
  await pickGame(page, 3);
  await commentLast(page, 'never half stored');
  await page.locator('.notice-error', { hasText: 'the disk failed' }).waitFor();
  assert.equal(await text(page, list[0].id), before, 'neither the edit nor the description changed');
  list = await docs(page);
  assert.equal(list.length, 1);
  assert.deepEqual(errors.filter((e) => !/disk failed/.test(e)), []);
  await page.close();
});

test('a reload while a file is being stored leaves no half document, and its parts are swept', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await openFile(page, 'x.pgn', X, 3);
  // About 40 MB: five parts, stored one after another.
  const big = game('Big').repeat(700_000);
  await dropFiles(page, [{ name: 'big.pgn', text: big }]);
  await page.waitForFunction(() => window.movetextStore.partIds().then((ids) => ids.length > 1), null, { timeout: 60_000, polling: 20 });
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  // The half-stored file is no document (or, had it been stored whole
  // meanwhile, a whole one); its parts go at the next start.
  const big_ = (await docs(page)).find((d) => d.name === 'big.pgn');
  assert.ok(!big_ || big_.size === Buffer.byteLength(big), 'listed whole or not at all');
  let ids = [];
  for (let i = 0; i < 100; i++) {
    const [list, parts] = [await docs(page), await page.evaluate(() => window.movetextStore.partIds())];
    ids = parts.filter((p) => !list.some((d) => d.id === p));
    if (ids.length === 0) break;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(ids, [], 'no part without its document');
  assert.ok((await docs(page)).some((d) => d.name === 'x.pgn'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a stored document whose bytes are gone is said at the reload, and stays listed', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await openFile(page, 'x.pgn', X, 3);
  const { id } = (await docs(page)).find((d) => d.name === 'x.pgn');
  // Its parts lost (another program cleared them, a disk fault).
  await page.evaluate((i) => window.movetextStore.dropParts(i), id);
  await page.reload();
  await page.waitForSelector('.notice-error');
  assert.match(await page.locator('.notice-error').first().innerText(), /could not be read back: part 1 of 1 of the stored file is missing/);
  assert.ok((await docs(page)).some((d) => d.id === id), 'the document is not dropped');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the first version\'s saved session becomes a document, with its edits', async () => {
  const page = await browser.context.newPage();
  await page.goto(browser.url + 'store.js');
  await emptyStore(page);
  // The store as the first version wrote it: one file in one part, one edit.
  await page.evaluate((file) => new Promise((ok, fail) => {
    const del = indexedDB.deleteDatabase('movetext');
    del.onsuccess = () => {
      const req = indexedDB.open('movetext', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('session');
      req.onsuccess = () => {
        const db = req.result;
        const tx = db.transaction('session', 'readwrite');
        const s = tx.objectStore('session');
        s.put(new Blob([file]), 'part:000000');
        s.put({ name: 'old.pgn', size: new Blob([file]).size, count: 1, parts: [['old.pgn', 0]] }, 'file');
        s.put({ games: [[1, '[White "X2"]\n[Black "Other"]\n\n1. e4 e5 2. Nf3 {carried over} Nc6 *\n']], added: [], open: 1 }, 'edits');
        tx.oncomplete = () => { db.close(); ok(); };
        tx.onerror = () => fail(tx.error);
      };
    };
    del.onerror = () => fail(del.error);
  }), X);
  await page.goto(browser.url);
  await page.waitForSelector('.notice-restored');
  assert.match(await shown(page), /old\.pgn · game 2 of 3/);
  await page.locator('.move-list .comment', { hasText: 'carried over' }).first().waitFor();
  const list = await docs(page);
  assert.equal(list.length, 1);
  assert.ok(list[0].edited);
  assert.ok((await text(page, list[0].id)).includes('carried over'));
  await page.close();
});
