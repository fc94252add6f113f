// Browser tests of what a new user meets first: a Chess960 number out of
// range, files that are not PGN (images, archives it cannot read, UTF-16
// text), gzip files and zip archives (whole and cut short), pasted text
// that holds no game, a game carried by the address after the page opened,
// the game list's filter and sort over a reload, and a file dropped while the
// document used last is still coming back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { startBrowser, openApp, pastePgn, dropFiles, boardFen, numberedGames, collectErrors, outDir } from './harness.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_C4 = 'rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const savedNames = (page) => page.evaluate(async () => (await window.movetext.savedDocuments()).map((d) => d.name));
const fileName = (page) => page.locator('.file-name').innerText();
const settled = (page) => page.waitForFunction(() => document.querySelector('.page')?.getAttribute('aria-busy') !== 'true');

/** Drops one PGN file and waits until it is shown. */
async function openFile(page, name, text, games = 1) {
  await dropFiles(page, [{ name, text }]);
  const label = games > 1 ? `${name} · game 1 of ${games}` : name;
  await page.waitForFunction((l) => document.querySelector('.file-name')?.innerText === l, label, { timeout: 30_000 });
  await settled(page);
}

test('a Chess960 number out of range is said to run from 0 to 959, and the FEN field keeps its position', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.getByRole('button', { name: 'New game' }).click();
  const number = page.locator('.position-setup .chess960-number');
  const fen = page.locator('.position-setup .fen-input');
  for (const bad of ['960', '-5', '']) {
    await number.fill(bad);
    assert.equal(await page.locator('.chess960-problem').innerText(), 'The number runs from 0 to 959.', bad);
    assert.equal(await number.getAttribute('aria-invalid'), 'true', bad);
    assert.ok(await page.locator('.chess960-use').isDisabled(), `no position is chosen by "${bad}"`);
    assert.equal(await fen.inputValue(), START, 'the FEN field keeps its position');
    assert.equal(await page.locator('#fen-problem').innerText(), '', 'no word about FEN fields');
  }
  await page.locator('.position-setup').screenshot({ path: join(outDir, 'first-use-chess960-range.png') });
  // Position 0 is BBQNNRKR.
  await number.fill('0');
  assert.equal(await page.locator('.chess960-problem').innerText(), '');
  await page.locator('.chess960-use').click();
  assert.match(await fen.inputValue(), /^bbqnnrkr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BBQNNRKR w /);
  assert.ok(await page.locator('.position-setup .chess960').isChecked());
  assert.deepEqual(errors, []);
  await page.close();
});

test('an image, a binary file or an archive it cannot read is not a PGN file and the open file stays; UTF-16 text opens', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await openFile(page, 'kept.pgn', '[White "Kept"]\n[Black "B"]\n\n1. e4 e5 *\n');
  await page.keyboard.press('End');
  const fen = await boardFen(page);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
  const bzip2 = [...Buffer.from('BZh91AY&SY'), 0x12, 0x34, 0x56, 0x78];
  const blob = [0x00, 0x01, 0x02, 0x03, 0x10, 0x11, 0x12, 0x7f, 0x80, 0x81];
  const cases = [
    ['games.pgn', bzip2, /^games\.pgn is a bzip2 archive, not a PGN file\. The open file stays\.$/],
    ['photo.png', png, /^photo\.png is an image, not a PGN file/],
    ['data.bin', blob, /^data\.bin is not a PGN file \(it is not text\)/],
  ];
  for (const [name, bytes, said] of cases) {
    await dropFiles(page, [{ name, bytes }]);
    await page.waitForSelector('.notice-error');
    assert.match(await page.locator('.notice-error span').first().innerText(), said);
    assert.equal(await fileName(page), 'kept.pgn', 'the open file stays');
    assert.equal(await boardFen(page), fen, 'at its move');
    if (name === 'photo.png') await page.screenshot({ path: join(outDir, 'first-use-not-pgn.png') });
    await page.locator('.notice-error button').click();
  }
  // UTF-16 text (little-endian, with its byte order mark) is read as text.
  const text = '[White "Müller"]\n[Black "Dvořák"]\n\n1. c4 *\n';
  const utf16 = [0xff, 0xfe];
  for (let i = 0; i < text.length; i++) utf16.push(text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8);
  await dropFiles(page, [{ name: 'utf16.pgn', bytes: utf16 }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'utf16.pgn');
  await settled(page);
  assert.match(await page.locator('.game-title').innerText(), /Müller[\s\S]*Dvořák/);
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_C4);
  assert.deepEqual(errors, []);
  await page.close();
});

/** A zip archive of `files` ({ name, text, deflate }), as zip tools write one. */
function zipOf(files) {
  const locals = [];
  const central = [];
  let offset = 0;
  for (const f of files) {
    const raw = Buffer.from(f.text);
    const data = f.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(f.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0); head.writeUInt16LE(20, 4); head.writeUInt16LE(f.deflate ? 8 : 0, 8);
    head.writeUInt32LE(crc32(raw), 14); head.writeUInt32LE(data.length, 18); head.writeUInt32LE(raw.length, 22);
    head.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0); dir.writeUInt16LE(20, 4); dir.writeUInt16LE(20, 6); dir.writeUInt16LE(f.deflate ? 8 : 0, 10);
    dir.writeUInt32LE(crc32(raw), 16); dir.writeUInt32LE(data.length, 20); dir.writeUInt32LE(raw.length, 24);
    dir.writeUInt16LE(name.length, 28); dir.writeUInt32LE(offset, 42);
    locals.push(head, name, data);
    central.push(dir, name);
    offset += head.length + name.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(files.length, 8); end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

test('gzip, Zstandard and zip files open as the PGN they hold; one cut short keeps what came before and says where it broke', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const games = numberedGames(40, 'Packed');
  const gz = gzipSync(Buffer.from(games));
  await dropFiles(page, [{ name: 'games.pgn.gz', bytes: [...gz] }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'games.pgn.gz · game 1 of 40', null, { timeout: 30_000 });
  await settled(page);
  assert.match(await page.locator('.game-title').innerText(), /W1/);

  // Zstandard, as lichess publishes its databases (written by the zstd program).
  const zst = execFileSync('zstd', ['-q', '-c', '-3'], { input: Buffer.from(numberedGames(25, 'Zst')) });
  await dropFiles(page, [{ name: 'lichess.pgn.zst', bytes: [...zst] }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'lichess.pgn.zst · game 1 of 25', null, { timeout: 30_000 });
  await settled(page);
  assert.match(await page.locator('.game-title').innerText(), /W1/);

  const zip = zipOf([
    { name: 'round1.pgn', text: numberedGames(3, 'One'), deflate: true },
    { name: 'notes/readme.txt', text: 'not a game', deflate: false },
    { name: 'round2.PGN', text: numberedGames(2, 'Two'), deflate: false },
  ]);
  await dropFiles(page, [{ name: 'rounds.zip', bytes: [...zip] }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'rounds.zip · game 1 of 5', null, { timeout: 30_000 });
  await settled(page);
  const events = await page.$$eval('.gl-viewport .game-row .gl-event', (cells) => cells.map((c) => c.innerText));
  assert.deepEqual(events, ['One', 'One', 'One', 'Two', 'Two']);
  assert.equal(await page.locator('.notice-error').count(), 0);

  // Cut short: a gzip file in its middle, a zip archive in its second member.
  const big = gzipSync(Buffer.from(numberedGames(3000, 'Cut')));
  await dropFiles(page, [{ name: 'cut.pgn.gz', bytes: [...big.subarray(0, big.length >> 1)] }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.startsWith('cut.pgn.gz · game 1 of '), null, { timeout: 30_000 });
  await page.waitForSelector('.notice-error');
  assert.match(await page.locator('.notice-error span').first().innerText(), /^cut\.pgn\.gz breaks off at byte \d+: what came before it is opened\.$/);
  const kept = Number(/of ([\d,]+)/.exec(await fileName(page))[1].replace(/,/g, ''));
  assert.ok(kept > 100 && kept < 3000, `${kept} games kept`);
  await page.locator('.notice-error button').click();
  // (Zstandard keeps its last window, two megabytes here, until a frame
  // ends: a file cut short gives what came before that window.)
  const bigZst = execFileSync('zstd', ['-q', '-c', '-3'], { input: Buffer.from(numberedGames(100_000, 'CutZ')) });
  await dropFiles(page, [{ name: 'cut.pgn.zst', bytes: [...bigZst.subarray(0, bigZst.length >> 1)] }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.startsWith('cut.pgn.zst · game 1 of '), null, { timeout: 30_000 });
  await page.waitForSelector('.notice-error');
  assert.match(await page.locator('.notice-error span').first().innerText(), /^cut\.pgn\.zst breaks off at byte \d+: what came before it is opened\.$/);
  await page.locator('.notice-error button').click();
  const second = zipOf([{ name: 'a.pgn', text: numberedGames(2, 'Whole'), deflate: false }]).length - 22 - 46 - 'a.pgn'.length;
  const cutZip = zipOf([
    { name: 'a.pgn', text: numberedGames(2, 'Whole'), deflate: false },
    { name: 'b.pgn', text: numberedGames(50, 'Lost'), deflate: true },
  ]).subarray(0, second + 60);
  await dropFiles(page, [{ name: 'cut.zip', bytes: [...cutZip] }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'cut.zip · game 1 of 2', null, { timeout: 30_000 });
  await page.waitForSelector('.notice-error');
  assert.match(await page.locator('.notice-error span').first().innerText(), /^cut\.zip breaks off at byte \d+:/);
  await page.screenshot({ path: join(outDir, 'first-use-archive-cut.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('pasted text that holds no game is asked about, shown, and opened only when the user says so', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await openFile(page, 'kept.pgn', '[White "Kept"]\n[Black "B"]\n\n1. e4 e5 *\n');
  await pastePgn(page, 'https://example.com/games/1234\n');
  await page.waitForSelector('.notice-paste');
  assert.equal(await page.locator('.notice-paste span').first().innerText(),
    'The pasted text holds no game: “https://example.com/games/1234”.');
  assert.equal(await fileName(page), 'kept.pgn', 'nothing replaced yet');
  await page.screenshot({ path: join(outDir, 'first-use-paste-asked.png') });
  await page.locator('.notice-paste .paste-cancel').click();
  await page.waitForSelector('.notice-paste', { state: 'detached' });
  assert.equal(await fileName(page), 'kept.pgn');

  // Prose, opened anyway: a game holding the text.
  const words = 'Nice game yesterday, ' + 'really '.repeat(30) + 'long.';
  await pastePgn(page, words);
  await page.waitForSelector('.notice-paste');
  assert.ok((await page.locator('.notice-paste span').first().innerText()).endsWith('…”.'), 'a long text is shown cut');
  await page.locator('.notice-paste .paste-anyway').click();
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'Pasted text');
  await page.locator('.move-list', { hasText: 'Nice game yesterday' }).waitFor();
  assert.equal(await page.locator('.notice-paste').count(), 0);

  // PGN opens at once.
  await pastePgn(page, '1. d4 d5 *');
  await page.waitForFunction(() => document.querySelector('.move-list')?.innerText.includes('d5'));
  assert.equal(await page.locator('.notice-paste').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the address is followed in an open tab: a place, and a game it carries', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const two = '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[White "C"]\n[Black "D"]\n\n1. d4 d5 *\n';
  await openFile(page, 'two.pgn', two, 2);
  await page.evaluate(() => { location.hash = '#game=2&ply=1'; });
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'two.pgn · game 2 of 2');
  await page.waitForFunction(() => document.querySelector('.board')?.dataset.fen.startsWith('rnbqkbnr/pppppppp/8/8/3P4/'));
  // A game carried by the address (as a widget's "Open in Movetext" writes it).
  const carried = encodeURIComponent('[White "Carried"]\n[Black "Game"]\n\n1. c4 e5 2. Nc3 *');
  await page.evaluate((pgn) => { location.hash = `#game=1&ply=1&pgn=${pgn}`; }, carried);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'Shared game');
  await settled(page);
  assert.match(await page.locator('.game-title').innerText(), /Carried/);
  assert.equal(await boardFen(page), AFTER_C4, 'at the ply the address names');
  // And back to a place in it.
  await page.evaluate(() => { location.hash = '#game=1&ply=0'; });
  await page.waitForFunction((f) => document.querySelector('.board')?.dataset.fen === f, START);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the game list keeps its filter and sort over a reload', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await openFile(page, 'twelve.pgn', numberedGames(12, 'Twelve'), 12);
  await page.locator('.gl-filter').fill('W1');
  await page.locator('.gl-sortby').selectOption({ label: 'White' });
  await page.locator('.gl-head .gl-white .gl-sort').click();
  const whites = () => page.$$eval('.gl-viewport .game-row .gl-white', (cells) => cells.map((c) => c.innerText));
  const wanted = ['W12', 'W11', 'W10', 'W1'];
  // A sort is made a slice at a time: the list shows the order before it
  // (the same four games) until the new one is ready.
  const sorted = () => page.waitForFunction((w) => {
    const cells = [...document.querySelectorAll('.gl-viewport .game-row .gl-white')];
    return cells.map((c) => c.innerText).join() === w.join();
  }, wanted, { timeout: 10_000 }).catch(() => {});
  await sorted();
  assert.deepEqual(await whites(), wanted);
  // The filter and sort are stored as they change; the reload brings them back.
  await page.waitForTimeout(300);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.startsWith('twelve.pgn'));
  await sorted();
  assert.equal(await page.locator('.gl-filter').inputValue(), 'W1');
  assert.equal(await page.locator('.gl-sortby option:checked').innerText(), 'White');
  assert.equal(await page.locator('.gl-head .gl-white').getAttribute('aria-sort'), 'descending');
  assert.deepEqual(await whites(), wanted);
  // Another file starts afresh.
  await openFile(page, 'other.pgn', numberedGames(3, 'Other'), 3);
  assert.equal(await page.locator('.gl-filter').inputValue(), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a file dropped while the document used last is coming back is the one shown', async () => {
  const { page: first, errors } = await openApp(browser.context, browser.url);
  await openFile(first, 'stored.pgn', numberedGames(200, 'Stored'), 200);
  for (let i = 0; i < 150 && !(await savedNames(first)).includes('stored.pgn'); i++) await first.waitForTimeout(200);
  assert.deepEqual(await savedNames(first), ['stored.pgn'], 'the file is stored');
  await first.close();

  // Another page of the app holds the store's file parts (a write going on,
  // as another tab's), so that the new tab's reading of the document used
  // last waits until it lets go.
  const holder = await browser.context.newPage();
  await holder.goto(browser.url + 'store.js');
  await holder.evaluate(() => new Promise((held) => {
    window.holding = true;
    const req = indexedDB.open('movetext');
    req.onsuccess = () => {
      const parts = req.result.transaction('parts', 'readwrite').objectStore('parts');
      const spin = () => { if (window.holding) parts.count().onsuccess = spin; };
      spin();
      held();
    };
  }));

  const page = await browser.context.newPage();
  const later = collectErrors(page);
  await page.goto(browser.url);
  await page.waitForSelector('.board[data-fen]');
  await page.waitForTimeout(1000);
  assert.ok(!(await fileName(page)).startsWith('stored.pgn'), 'the document used last is still being read');
  await dropFiles(page, [{ name: 'small.pgn', text: '[White "Small"]\n[Black "S"]\n\n1. d4 *\n' }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'small.pgn', null, { timeout: 30_000 });
  // The stored document is read now; it must not replace the file dropped.
  await holder.evaluate(() => { window.holding = false; });
  await page.waitForTimeout(3000);
  assert.equal(await fileName(page), 'small.pgn', 'the dropped file is still shown');
  assert.match(await page.locator('.game-title').innerText(), /Small/);
  assert.deepEqual([...errors, ...later], []);
  await holder.close();
  await page.close();
});
