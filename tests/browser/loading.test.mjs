// Browser tests of loading: drag and drop of real files, the file picker,
// paste, `?url=`, the game list and its filter and sort, the URL hash,
// diagnostics of a hostile file, and a file of 100,000 games. Expected FENs
// were computed independently of Movetext.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, writeFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openApp, pastePgn, boardFen, dropFiles, outDir, repoRoot, collectErrors, numberedGames, emptyStore } from './harness.mjs';

const THREE = `[Event "Spring Open"]
[Date "2001.03.04"]
[Round "2"]
[White "Alpha"]
[Black "Beta"]
[WhiteElo "2310"]
[Result "1-0"]

1. e4 e5 2. Nf3 1-0

[Event "Spring Open"]
[Date "2001.03.04"]
[Round "1"]
[White "Gamma"]
[Black "Delta"]
[Result "*"]

1. d4 d5 2. c4 (2. Nf3 Nf6) dxc4 *

[Event "Autumn Cup"]
[Date "1999.10.??"]
[White "Zeta"]
[Black "Alpha"]
[Result "0-1"]

1. c4 0-1
`;
const AFTER_NF6 = 'rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3';
const AFTER_DXC4 = 'rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const fixtures = join(outDir, 'fixtures');
let browser;
before(async () => {
  await mkdir(fixtures, { recursive: true });
  await writeFile(join(fixtures, 'three.pgn'), THREE);
  browser = await startBrowser({ mounts: { '/fixtures/': fixtures } });
});
after(async () => {
  await browser?.close();
});

/** Waits until the open game's title contains `text`. */
function waitTitle(page, text) {
  return page.waitForFunction((t) => document.querySelector('.game-title')?.innerText.includes(t), text);
}

async function rowWhites(page) {
  return page.locator('.gl-viewport .game-row .gl-white').allInnerTexts();
}

/** Waits until the list shows these White players, in order (filters and sorts run a slice at a time). */
async function waitRows(page, whites) {
  await page.waitForFunction((want) => {
    const got = [...document.querySelectorAll('.gl-viewport .game-row .gl-white')].map((e) => e.innerText);
    return JSON.stringify(got) === JSON.stringify(want);
  }, whites);
  assert.deepEqual(await rowWhites(page), whites);
}

test('dropping a multi-game file lists its games and opens the first', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await dropFiles(page, [{ name: 'three.pgn', text: THREE }]);
  await page.waitForSelector('.game-list');
  await waitTitle(page, 'Alpha');
  assert.equal(await page.locator('.gl-count').innerText(), '3 games');
  assert.deepEqual(await rowWhites(page), ['Alpha 2310', 'Gamma', 'Zeta']);
  assert.match(await page.locator('.file-name').innerText(), /three\.pgn · game 1 of 3/);
  assert.match(await page.locator('.game-title').innerText(), /Alpha\s*–\s*Beta/);
  // Open the second game from the list and walk into its variation.
  await page.locator('.game-row[data-game="1"]').click();
  assert.match(await page.locator('.game-title').innerText(), /Gamma/);
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_DXC4);
  await page.locator('.var .mv', { hasText: 'Nf6' }).click();
  assert.equal(await boardFen(page), AFTER_NF6);
  // The address keeps the game and the path to the move (written when the
  // page is next idle, within 200 ms).
  await page.waitForFunction((h) => location.hash === h, '#game=2&ply=2,1,1', { timeout: 2_000 }).catch(() => {});
  assert.equal(new URL(page.url()).hash, '#game=2&ply=2,1,1');
  await page.screenshot({ path: join(outDir, 'game-list-1280x800.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('several dropped files become one list, in order', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await dropFiles(page, [
    { name: 'a.pgn', text: '[White "One"]\n\n1. e4 *' },
    { name: 'b.pgn', text: '[White "Two"]\n\n1. d4 *\n\n[White "Three"]\n\n1. c4 *' },
  ]);
  await page.waitForSelector('.game-list');
  assert.deepEqual(await rowWhites(page), ['One', 'Two', 'Three']);
  assert.match(await page.locator('.file-name').innerText(), /a\.pgn, b\.pgn/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('filter and sort the game list; arrow keys in the list open games', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await dropFiles(page, [{ name: 'three.pgn', text: THREE }]);
  await page.waitForSelector('.game-list');
  await waitTitle(page, 'Alpha');
  await page.getByRole('searchbox', { name: 'Filter games' }).fill('alpha');
  await waitRows(page, ['Alpha 2310', 'Zeta']);
  assert.equal(await page.locator('.gl-count').innerText(), '2 of 3 games');
  await page.getByRole('searchbox', { name: 'Filter games' }).fill('');
  await waitRows(page, ['Alpha 2310', 'Gamma', 'Zeta']);
  // The standard's collation: by date, then event, then round.
  await page.getByRole('combobox', { name: 'Sort games by' }).selectOption({ index: 1 });
  await waitRows(page, ['Zeta', 'Gamma', 'Alpha 2310']);
  // A column header sorts; a second click reverses.
  await page.getByRole('button', { name: 'White', exact: true }).click();
  await waitRows(page, ['Alpha 2310', 'Gamma', 'Zeta']);
  await page.getByRole('button', { name: 'White', exact: true }).click();
  await waitRows(page, ['Zeta', 'Gamma', 'Alpha 2310']);
  // Keyboard: focus the rows; ArrowUp opens the game above in list order
  // (the open game, Alpha, is last), while ArrowRight still plays moves.
  await page.locator('.gl-viewport').focus();
  await page.keyboard.press('ArrowUp');
  assert.match(await page.locator('.game-title').innerText(), /Gamma/);
  await page.keyboard.press('ArrowUp');
  assert.match(await page.locator('.game-title').innerText(), /Zeta/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('.mv.current').innerText(), 'c4');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the file picker and paste open games', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.locator('.file-picker').setInputFiles({
    name: 'picked.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(THREE),
  });
  await page.waitForSelector('.game-list');
  assert.equal(await page.locator('.gl-count').innerText(), '3 games');

  // Ctrl+V anywhere on the page: a paste event with clipboard data.
  await pastePgn(page, '[White "Pasted"]\n[Black "Game"]\n\n1. e4 e5 *');
  await page.waitForFunction(() => document.querySelector('.game-title')?.innerText.includes('Pasted'));
  assert.equal(await page.locator('.game-list').count(), 0, 'one game: no list');
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_E5);

  // The paste box.
  await page.getByRole('button', { name: 'Paste' }).click();
  await page.getByRole('textbox', { name: 'PGN text' }).fill('1. e4 e5 2. Nf3 *');
  await page.getByRole('dialog', { name: 'Paste PGN' }).getByRole('button', { name: 'Open' }).click();
  await page.waitForSelector('.paste-panel', { state: 'detached' });
  // The game opens after the dialog has closed: wait for its third move.
  await page.waitForFunction(() => [...document.querySelectorAll('.move-list .mv')].some((m) => m.innerText === 'Nf3'));
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_NF3);

  // Text copied from a web page, its lines broken with <br>: two games.
  await page.getByRole('button', { name: 'Paste' }).click();
  await page.getByRole('textbox', { name: 'PGN text' }).fill(
    '[White "Web"]<br>[Black "One"]<br><br>1. e4 e5 2. Nf3 *<br><br>[White "Web"]<BR />[Black "Two"]<br/><br>1. d4 *');
  await page.getByRole('dialog', { name: 'Paste PGN' }).getByRole('button', { name: 'Open' }).click();
  await page.waitForSelector('.game-list');
  assert.equal(await page.locator('.gl-count').innerText(), '2 games');
  assert.match(await page.locator('.game-title').innerText(), /Web\s+–\s+One/);
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_NF3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a file is read a piece at a time into one buffer, or into a new one each piece where the browser cannot', async () => {
  // About 2.9 MB: several pieces of a megabyte.
  const count = 30000;
  const text = numberedGames(count, 'Pieces');
  for (const intoOne of [true, false]) {
    const page = await browser.context.newPage();
    const errors = collectErrors(page);
    await page.addInitScript((intoOne) => {
      window.intoOneReads = 0;
      if (!intoOne) {
        // A browser whose file streams have no reader into the caller's buffer.
        window.ReadableStreamBYOBReader = class { constructor() { throw new TypeError('no such reader'); } };
        return;
      }
      const read = ReadableStreamBYOBReader.prototype.read;
      ReadableStreamBYOBReader.prototype.read = function (...args) {
        window.intoOneReads += 1;
        return read.apply(this, args);
      };
    }, intoOne);
    // No stored document (a new tab would open the one used last).
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204, body: '' }));
    await page.goto(browser.url + 'store.js');
    assert.ok(await emptyStore(page));
    await page.goto(browser.url);
    await page.waitForSelector('.board[data-fen]');
    await page.locator('.file-picker').setInputFiles({ name: 'pieces.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(text) });
    await page.waitForFunction((n) => document.querySelector('.gl-count')?.innerText === `${n} games` && !document.querySelector('.indexing'), count, { timeout: 60_000 });
    const reads = await page.evaluate(() => window.intoOneReads);
    if (intoOne) assert.ok(reads >= 3, `${reads} pieces read into one buffer`);
    else assert.equal(reads, 0);
    // The last game, whole: its bytes came last.
    await page.getByRole('searchbox', { name: 'Filter games' }).fill(`W${count}`);
    await page.waitForFunction(() => document.querySelector('.gl-count')?.innerText.startsWith('1 of'));
    await page.locator('.gl-viewport').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((w) => document.querySelector('.game-title')?.innerText.includes(w), `W${count}`);
    await page.keyboard.press('End');
    assert.equal(await boardFen(page), AFTER_NF3, intoOne ? 'into one buffer' : 'a new buffer each piece');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('?url= opens a same-origin file at the game and move of the hash, and a reload returns there', async () => {
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?url=fixtures/three.pgn#game=2&ply=2,1,1' });
  await page.waitForFunction((fen) => document.querySelector('.board')?.dataset.fen === fen, AFTER_NF6);
  assert.match(await page.locator('.game-title').innerText(), /Gamma/);
  await page.keyboard.press('ArrowLeft');
  // (The address is written when the page is next idle.)
  await page.waitForFunction(() => location.hash === '#game=2&ply=2,1,0', null, { timeout: 2_000 });
  await page.reload();
  await page.waitForFunction(() => document.querySelector('.game-title')?.innerText.includes('Gamma'));
  const fen = await boardFen(page);
  assert.equal(fen, 'rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2');
  // Editing the hash by hand moves too.
  await page.evaluate(() => { location.hash = '#game=1&ply=3'; });
  await page.waitForFunction((fen) => document.querySelector('.board')?.dataset.fen === fen, AFTER_NF3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('?url= refuses another origin with a clear message', async () => {
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?url=https://example.org/x.pgn' });
  await page.waitForSelector('.notice-error');
  assert.match(await page.locator('.notice-error').innerText(), /another site/);
  assert.equal(await boardFen(page), START, 'the sample stays open');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a hostile file shows its diagnostics with line and column and does not crash', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const random = [];
  let seed = 12345;
  // Random text: printable bytes of any value, and line breaks (random
  // binary bytes are not a PGN file at all, and are refused whole).
  for (let i = 0; i < 20000; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    random.push(seed % 61 === 0 ? 0x0a : 0x20 + (seed >> 8) % 0xdf);
  }
  const hostile = [
    '[Event "Hostile"]\n[White "Mallory <img src=x onerror=alert(1)>"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 {unfinished',
    '\n\n[Event "Deep"]\n\n1. e4 ' + '('.repeat(5000) + 'e5 *',
    '\n\n[Event "NAGs"]\n\n1. d4 ' + '$1 '.repeat(5000) + '*\n\n',
  ].join('');
  await dropFiles(page, [
    { name: 'hostile.pgn', text: hostile },
    { name: 'random.pgn', bytes: random },
  ]);
  await page.waitForSelector('.game-list');
  await waitTitle(page, 'Mallory');
  // The first game: moves up to the illegal one, then the diagnostics.
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), AFTER_E5);
  const panel = page.locator('details.diagnostics');
  assert.notEqual(await panel.getAttribute('open'), null, 'errors open the panel');
  const first = await page.locator('.diag-error').first().innerText();
  assert.match(first, /hostile\.pgn line 4, column 13/);
  assert.match(first, /Ke3/);
  // What could not be played is shown as written.
  assert.match(await page.locator('.move-list .unplayed').first().innerText(), /^2\. Ke3 Nc6 3\. Nf3/);
  // Markup in a tag is text.
  assert.match(await page.locator('.game-title').innerText(), /<img src=x onerror=alert\(1\)>/);
  assert.equal(await page.locator('.game-title img').count(), 0);
  // Every other game opens too.
  const count = await page.locator('.gl-viewport .game-row').count();
  assert.ok(count >= 4, `${count} games`);
  for (let i = 1; i < count; i++) {
    await page.locator(`.game-row[data-game="${i}"]`).click();
    await page.waitForSelector('.board[data-fen]');
  }
  assert.ok(await page.locator('.gl-problems.has-errors').count() >= 2);
  // The last game comes from the second file: its lines count from that file.
  assert.match(await page.locator('.diag-where').first().innerText(), /^random\.pgn line \d+, column \d+$/);
  assert.ok(await page.locator('.move-list .unplayed').count() >= 1, 'the random bytes are shown as text');
  await page.screenshot({ path: join(outDir, 'hostile-1280x800.png') });
  assert.equal(await page.locator('#crash-report').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('wheel over the board and autoplay step through moves', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.locator('.board').hover();
  await page.mouse.wheel(0, 120);
  await page.waitForFunction((fen) => document.querySelector('.board').dataset.fen !== fen, START);
  await page.mouse.wheel(0, -120);
  await page.waitForFunction((fen) => document.querySelector('.board').dataset.fen === fen, START);
  await page.getByRole('combobox', { name: 'Autoplay: time per move' }).selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Play moves automatically' }).click();
  await page.waitForFunction(() => document.querySelector('.mv.current')?.innerText === 'd4');
  await page.getByRole('button', { name: 'Pause autoplay' }).click();
  const paused = await boardFen(page);
  await page.waitForTimeout(600);
  assert.equal(await boardFen(page), paused, 'paused');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a file of 100,000 games is listed without building every row', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const longest = await page.evaluate(async () => {
    const parts = [];
    for (let i = 1; i <= 100000; i++) {
      const white = i === 77777 ? 'Needle' : `Player${i % 997}`;
      parts.push(`[Event "Bulk"]\n[Round "${i}"]\n[White "${white}"]\n[Black "B${i % 13}"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n\n`);
    }
    const data = new DataTransfer();
    data.items.add(new File([parts.join('')], 'bulk.pgn'));
    await new Promise((ok) => setTimeout(ok, 200));
    let longest = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longest.push(Math.round(e.duration));
    });
    observer.observe({ type: 'longtask', buffered: false });
    document.body.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
    await new Promise((ok) => {
      const check = () => (document.querySelector('.gl-count')?.innerText === '100000 games' && !document.querySelector('.indexing')) ? ok() : setTimeout(check, 50);
      check();
    });
    observer.disconnect();
    return longest.join(',');
  });
  console.log(`# 100,000 games (${(100000 * 95 / 1e6).toFixed(1)} MB): long main-thread tasks while indexing: ${longest || 'none'} ms`);
  const rows = await page.locator('.gl-viewport .game-row').count();
  assert.ok(rows > 5 && rows < 80, `${rows} rows in the page`);
  // Scroll to the end: the last game's row exists.
  await page.locator('.gl-viewport').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await page.waitForSelector('.game-row[data-game="99999"]');
  await page.locator('.game-row[data-game="99999"]').click();
  assert.match(await page.locator('.file-name').innerText(), /game 100000 of 100000/);
  // The largest game number is shown whole, with the edited mark's room.
  const cell = await page.locator('.game-row[data-game="99999"] .gl-num').evaluate((el) => ({ text: el.innerText, scroll: el.scrollWidth, client: el.clientWidth }));
  assert.equal(cell.text.trim(), '100000');
  assert.ok(cell.scroll <= cell.client, `the number is cut: ${cell.scroll} > ${cell.client}`);
  // Sorting and filtering 100,000 games: the longest main-thread task is printed.
  await page.locator('.gl-viewport').evaluate((el) => { el.scrollTop = 0; });
  await page.evaluate(() => {
    window.__long = [];
    window.__obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)); });
    window.__obs.observe({ type: 'longtask' });
  });
  await page.getByRole('combobox', { name: 'Sort games by' }).selectOption({ index: 1 });
  await page.waitForFunction(() => document.querySelector('.gl-viewport .game-row .gl-num')?.innerText.trim() === '1');
  await page.getByRole('button', { name: 'White', exact: true }).click();
  // The open game stays in view; the top of the list is the first name.
  await page.waitForSelector('.game-row.selected[data-game="99999"]');
  await page.locator('.gl-viewport').evaluate((el) => { el.scrollTop = 0; });
  await page.waitForFunction(() => document.querySelector('.gl-viewport .game-row .gl-white')?.innerText.startsWith('Needle'));
  await page.getByRole('combobox', { name: 'Sort games by' }).selectOption({ index: 0 });
  await page.waitForTimeout(300);
  await page.getByRole('searchbox', { name: 'Filter games' }).fill('needle');
  await page.waitForFunction(() => document.querySelector('.gl-count')?.innerText === '1 of 100000 games');
  console.log(`# 100,000 games: long tasks while sorting (standard, White, file order) and filtering: ${await page.evaluate(() => window.__long.join(',') || 'none')} ms`);
  await page.locator('.game-row[data-game="77776"]').click();
  assert.match(await page.locator('.game-title').innerText(), /Needle/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a real file from the corpus, in Windows-1252, lists its games', { skip: !existsSync(join(repoRoot, '../shared/corpus/python-chess__immortal-games-invalid-utf8-crlf.pgn')) }, async () => {
  const bytes = await readFile(join(repoRoot, '../shared/corpus/python-chess__immortal-games-invalid-utf8-crlf.pgn'));
  const { page, errors } = await openApp(browser.context, browser.url);
  await dropFiles(page, [{ name: 'immortal.pgn', bytes: [...bytes] }]);
  await page.waitForSelector('.game-list');
  const n = await page.locator('.gl-viewport .game-row').count();
  assert.ok(n >= 2, `${n} games`);
  const text = await page.locator('.gl-viewport').innerText();
  assert.ok(!text.includes('\uFFFD'), 'no replacement characters: the bytes were decoded');
  assert.deepEqual(errors, []);
  await page.close();
});
