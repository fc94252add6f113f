// Browser tests of the widget on page authors' pages: its menu (copy PGN
// and FEN, checked on the clipboard; download; flip; open in the app at the
// shown move), a page of fifty widgets drawn as they come near the screen
// (one WebAssembly instance, the longest task printed), and a live game
// read again as the test appends moves to its file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, outDir, longTasks } from './harness.mjs';

const dir = join(outDir, 'embedding');
let browser;

const GAME = '[White "Anna"]\n[Black "Ben"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

const page = (body) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Games</title><link rel="icon" href="data:,">
<script type="module" src="/widget/movetext.js"></script></head>
<body style="margin: 0; font: 16px sans-serif">${body}</body></html>`;

/** A round of fifty games, each a few moves, with text between them. */
function round() {
  const openings = ['1. e4 e5 2. Nf3 Nc6 3. Bb5 a6', '1. d4 d5 2. c4 e6 3. Nc3 Nf6', '1. c4 e5 2. Nc3 Nf6 3. g3 d5',
    '1. e4 c5 2. Nf3 d6 3. d4 cxd4', '1. Nf3 d5 2. g3 Nf6 3. Bg2 e6'];
  let body = '<h1>Round 5</h1>';
  for (let i = 0; i < 50; i++) {
    const pgn = `[White "Player ${2 * i + 1}"]\n[Black "Player ${2 * i + 2}"]\n[Result "*"]\n\n${openings[i % 5]} *`;
    body += `<h2>Board ${i + 1}</h2>\n<movetext-viewer id="g${i}" moves="bottom" size="420px">${pgn}</movetext-viewer>\n`;
  }
  return page(body);
}

before(async () => {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'round.html'), round());
  await writeFile(join(dir, 'live.html'), page('<movetext-viewer id="live" src="/embedding/live.pgn" live="1" ply="last" moves="bottom"></movetext-viewer>'));
  await writeFile(join(dir, 'game.pgn'), GAME);
  await writeFile(join(dir, 'languages.html'), page(`<movetext-viewer id="de" pgn="1. e4 e5 2. Nf3 *" ply="3" moves="bottom" size="420px"></movetext-viewer>
    <movetext-viewer id="ru" lang="ru" pgn="1. e4 e5 2. Nf3 *" ply="3" moves="bottom" size="420px"></movetext-viewer>
    <movetext-viewer id="de-problem" pgn="1. e4 e5 $6 2. Nf3 } Nc6 *" moves="bottom" size="420px"></movetext-viewer>
    <movetext-viewer id="ru-problem" lang="ru-RU" pgn="1. e4 e5 $6 2. Nf3 } Nc6 *" moves="bottom" size="420px"></movetext-viewer>`).replace('<html lang="en">', '<html lang="de">'));
  const looks = [['wood', 'movetext', ''], ['green', 'flat', ''], ['blue', 'discs', ''], ['grey', '', '--movetext-pieces: flat'],
    ['rose', 'discs', ''], ['', '', '--movetext-board: blue; --movetext-pieces: discs']];
  await writeFile(join(dir, 'looks.css'), 'body { display: flex; flex-wrap: wrap; gap: 8px; } movetext-viewer { width: 300px; }\n'
    + looks.map(([, , css], i) => (css ? `#look${i} { ${css} }` : '')).join('\n'));
  await writeFile(join(dir, 'looks.html'), page('<link rel="stylesheet" href="/embedding/looks.css">' + looks.map(([board, pieces], i) =>
    `<movetext-viewer id="look${i}" ${board ? `board="${board}"` : ''} ${pieces ? `pieces="${pieces}"` : ''} moves="none" players="false" controls="false" menu="false"
      pgn="1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. Qe2 Qe7 *" ply="last"></movetext-viewer>`).join('\n')));
  await writeFile(join(dir, 'from-file.html'), page('<movetext-viewer id="w" src="/embedding/game.pgn" ply="3"></movetext-viewer>'));
  browser = await startBrowser({ mounts: { '/embedding/': dir } });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.url.replace(/\/$/, '') });
});
after(async () => {
  await browser?.close();
});

test('the menu copies the PGN and the FEN, downloads the game, flips the board and opens the game in the app', async () => {
  const p = await browser.context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(`${browser.url}widget/demo.html`);
  await p.evaluate((pgn) => {
    const el = document.createElement('movetext-viewer');
    el.id = 'w';
    el.setAttribute('pgn', pgn);
    el.setAttribute('ply', '3');
    document.body.prepend(el);
  }, GAME);
  await p.waitForSelector('#w .board[data-fen]');
  await p.bringToFront();
  const w = p.locator('#w');
  const menu = w.getByRole('button', { name: 'Game menu' });
  const choose = async (name) => {
    await menu.click();
    await w.getByRole('menuitem', { name }).click();
  };
  // Copy PGN: the game as the widget has it.
  await choose('Copy PGN');
  const pgn = await p.evaluate(() => navigator.clipboard.readText());
  assert.equal(pgn, await p.evaluate(() => document.getElementById('w').getPgn()));
  assert.match(pgn, /\[White "Anna"\][\s\S]*1\. e4 e5 2\. Nf3 Nc6/);
  // Copy FEN: the shown position (after 2. Nf3).
  await choose('Copy FEN');
  assert.equal(await p.evaluate(() => navigator.clipboard.readText()), AFTER_NF3);
  // Download: the game, named after its players.
  const [download] = await Promise.all([p.waitForEvent('download'), choose('Download game')]);
  assert.equal(download.suggestedFilename(), 'Anna – Ben.pgn');
  assert.equal(await readFile(await download.path(), 'utf8'), pgn);
  // Flip: Black at the bottom.
  assert.equal(await w.locator('.board').getAttribute('data-flipped'), 'false');
  await choose('Flip board');
  assert.equal(await w.locator('.board').getAttribute('data-flipped'), 'true');
  // The keyboard: the first item has the focus, arrows move it, Escape
  // closes the menu and gives the focus back to the button.
  await menu.focus();
  await p.keyboard.press('Enter');
  const focused = () => p.evaluate(() => document.getElementById('w').shadowRoot.activeElement?.textContent);
  assert.equal(await focused(), 'Copy PGN');
  await p.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'Copy FEN');
  await p.keyboard.press('ArrowUp');
  await p.keyboard.press('ArrowUp');
  assert.equal(await focused(), 'Open in Movetext');
  await p.screenshot({ path: join(outDir, 'embedding-menu.png'), clip: await w.boundingBox() });
  await p.keyboard.press('Escape');
  assert.equal(await w.getByRole('menu').count(), 0);
  assert.equal(await focused(), '⋯');
  // Open in Movetext: the app, on this game at this move.
  await menu.click();
  const href = await w.getByRole('menuitem', { name: 'Open in Movetext' }).getAttribute('href');
  assert.ok(href.startsWith(browser.url) && href.includes('&pgn='), href);
  const app = await browser.context.newPage();
  await app.goto(href);
  await app.waitForFunction((fen) => document.querySelector('.board-col .board')?.dataset.fen === fen, AFTER_NF3);
  assert.match(await app.locator('.file-name').innerText(), /Shared game/);
  assert.equal(await app.locator('.mv.current').innerText(), 'Nf3');
  assert.match(await app.locator('.game-title').innerText(), /Anna/);
  await app.close();
  assert.deepEqual(errors, []);
  await p.close();
});

test('a widget reading a file opens it in the app from the same address', async () => {
  const p = await browser.context.newPage();
  await p.goto(`${browser.url}embedding/from-file.html`);
  await p.waitForSelector('#w .board[data-fen]');
  await p.locator('#w').getByRole('button', { name: 'Game menu' }).click();
  const href = await p.locator('#w').getByRole('menuitem', { name: 'Open in Movetext' }).getAttribute('href');
  assert.equal(href, `${browser.url}?url=${encodeURIComponent(`${browser.url}embedding/game.pgn`)}#game=1&ply=3`);
  const app = await browser.context.newPage();
  await app.goto(href);
  await app.waitForFunction((fen) => document.querySelector('.board-col .board')?.dataset.fen === fen, AFTER_NF3);
  assert.match(await app.locator('.file-name').innerText(), /game\.pgn/);
  await app.close();
  await p.close();
});

test('fifty widgets on a page are drawn as they come near the screen, on one instance, and the page keeps answering', async () => {
  const p = await browser.context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(`${browser.url}embedding/round.html`);
  const tasks = await longTasks(p);
  const drawn = () => p.evaluate(() => [...document.querySelectorAll('movetext-viewer')]
    .filter((el) => el.shadowRoot?.querySelector('.board[data-fen]')).length);
  await p.waitForFunction(() => document.getElementById('g0').shadowRoot?.querySelector('.board[data-fen]'));
  await p.waitForTimeout(500);
  const first = await drawn();
  assert.ok(first >= 1 && first < 20, `${first} drawn at first`);
  // Scrolled to the end a screen at a time: every widget is drawn, and the
  // page answers every time.
  let slowest = 0;
  for (let y = 0; y < 60; y++) {
    const t0 = Date.now();
    const end = await p.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.body.scrollHeight - 2;
    });
    slowest = Math.max(slowest, Date.now() - t0);
    await p.waitForTimeout(150);
    if (end) break;
  }
  await p.waitForFunction(() => [...document.querySelectorAll('movetext-viewer')]
    .every((el) => el.shadowRoot?.querySelector('.board[data-fen]')), null, { timeout: 30_000 });
  assert.equal(await drawn(), 50);
  const wasm = await p.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('movetext_wasm_bg.wasm')).length);
  assert.equal(wasm, 1, 'one WebAssembly module for every widget');
  const longest = await tasks.take();
  console.log(`50 widgets: ${first} drawn at first, all 50 after scrolling; longest task ${longest.text}; slowest answer while scrolling ${slowest} ms`);
  // The last one works.
  await p.evaluate(() => document.getElementById('g49').goTo('last'));
  await p.waitForFunction(() => document.getElementById('g49').getFen().startsWith('rnbqkb1r/ppp2ppp/4pn2/3p4'));
  await p.screenshot({ path: join(outDir, 'embedding-round.png') });
  assert.deepEqual(errors, []);
  await p.close();
});

test('a live game shows the moves added to its file, following the reader at the last move, until it has a result', async () => {
  const file = join(dir, 'live.pgn');
  const header = (result) => `[White "Live"]\n[Black "Game"]\n[Result "${result}"]\n\n`;
  await writeFile(file, `${header('*')}1. e4 e5`);
  const p = await browser.context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(`${browser.url}embedding/live.html`);
  await p.waitForSelector('#live .board[data-fen]');
  const w = p.locator('#live');
  assert.equal(await w.locator('.mt-live').innerText(), 'Live');
  const fen = () => p.evaluate(() => document.getElementById('live').getFen());
  const moves = () => w.locator('.mv').count();
  assert.equal(await moves(), 2);
  // At the last move: the reader follows the game.
  await appendFile(file, ' 2. Nf3');
  await p.waitForFunction(() => document.getElementById('live').getFen().startsWith('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/'), null, { timeout: 10_000 });
  assert.equal(await moves(), 3);
  await p.screenshot({ path: join(outDir, 'embedding-live.png'), clip: await w.boundingBox() });
  // Elsewhere: the moves come, the reader stays.
  await p.evaluate(() => document.getElementById('live').goTo('1'));
  const after1 = await fen();
  await appendFile(file, ' Nc6');
  await p.waitForFunction(() => document.getElementById('live').shadowRoot.querySelectorAll('.mv').length === 4, null, { timeout: 10_000 });
  assert.equal(await fen(), after1);
  // A result: the marker goes, and the file is not read again.
  await writeFile(file, `${header('1-0')}1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0`);
  await p.waitForFunction(() => !document.getElementById('live').shadowRoot.querySelector('.mt-live'), null, { timeout: 10_000 });
  assert.equal(await moves(), 5);
  await writeFile(file, `${header('*')}1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 *`);
  await p.waitForTimeout(2500);
  assert.equal(await moves(), 5, 'a finished game is not read again');
  assert.deepEqual(errors, []);
  await p.close();
});

test('board colours and piece sets, as options and as CSS properties', async () => {
  const p = await browser.context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(`${browser.url}embedding/looks.html`);
  await p.waitForFunction(() => [...document.querySelectorAll('movetext-viewer')].every((el) => el.shadowRoot?.querySelector('.board[data-fen]')));
  const look = (i) => p.evaluate((id) => {
    const root = document.getElementById(id).shadowRoot;
    return {
      dark: getComputedStyle(root.querySelector('.sq-dark')).fill,
      king: root.querySelector('symbol[id="mt-wK"]').innerHTML,
    };
  }, `look${i}`);
  const all = [];
  for (let i = 0; i < 6; i++) all.push(await look(i));
  // Five board colours (the sixth repeats blue, from CSS), three piece sets.
  assert.equal(new Set(all.slice(0, 5).map((l) => l.dark)).size, 5, JSON.stringify(all.map((l) => l.dark)));
  assert.equal(all[5].dark, all[2].dark, 'blue from --movetext-board');
  assert.equal(new Set(all.map((l) => l.king)).size, 3);
  assert.equal(all[1].king, all[3].king, 'flat from --movetext-pieces');
  assert.equal(all[2].king, all[4].king);
  assert.equal(all[5].king, all[2].king, 'discs from --movetext-pieces');
  assert.notEqual(all[0].king, all[1].king);
  await p.screenshot({ path: join(outDir, 'embedding-looks.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await p.close();
});

test('a step forward slides the moved piece, unless the reader asks for less motion', async () => {
  for (const motion of ['no-preference', 'reduce']) {
    const p = await browser.context.newPage();
    await p.emulateMedia({ reducedMotion: motion });
    await p.goto(`${browser.url}embedding/looks.html`);
    await p.waitForSelector('#look0 .board[data-fen]');
    await p.evaluate(() => document.getElementById('look0').goTo('first'));
    await p.waitForFunction(() => document.getElementById('look0').getFen().startsWith('rnbqkbnr/pppppppp/8/8/8/8/'));
    await p.locator('#look0 .mt-widget').focus();
    await p.keyboard.press('ArrowRight');
    await p.waitForFunction(() => document.getElementById('look0').getFen().startsWith('rnbqkbnr/pppppppp/8/8/4P3/'));
    const slides = await p.locator('#look0 use[data-square="e4"] animate.slide').count();
    assert.equal(slides, motion === 'reduce' ? 0 : 2, motion);
    if (slides) {
      // Begun: an animation that has not begun has no start time.
      const begun = await p.evaluate(() => [...document.getElementById('look0').shadowRoot.querySelectorAll('animate.slide')]
        .every((a) => { try { return Number.isFinite(a.getStartTime()); } catch { return false; } }));
      assert.ok(begun, 'the slide began');
    }
    // Stepping back slides nothing.
    await p.keyboard.press('ArrowLeft');
    await p.waitForFunction(() => document.getElementById('look0').getFen().startsWith('rnbqkbnr/pppppppp/8/8/8/8/'));
    assert.equal(await p.locator('#look0 animate.slide').count(), 0);
    await p.close();
  }
});

test('the widget speaks the page\'s language, or the one it is given', async () => {
  const p = await browser.context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  const words = [];
  p.on('request', (r) => { if (r.url().includes('/words/')) words.push(r.url().split('/widget/')[1]); });
  await p.goto(`${browser.url}embedding/languages.html`);
  // Stacked, the last widgets are further down than the near-screen
  // margin (each is drawn when it comes near the screen): a reader scrolls
  // to them.
  const ids = ['de', 'ru', 'de-problem', 'ru-problem'];
  await p.waitForFunction((ids) => ids.every((id) => {
    const el = document.getElementById(id);
    const drawn = el.shadowRoot?.querySelector('.board[data-fen]');
    if (!drawn) el.scrollIntoView();
    return drawn;
  }), ids)
    .catch(async (error) => {
      // Each element's state, to say which one did not draw and why.
      const states = await p.evaluate((ids) => ids.map((id) => {
        const el = document.getElementById(id);
        const top = Math.round(el.getBoundingClientRect().top);
        return `${id}: waiting ${Boolean(el.waiting)}, ready ${Boolean(el.ready)}, top ${top}, shows ${el.shadowRoot?.innerHTML.length ?? 0} characters`;
      }), ids);
      throw new Error(`${error.message}\n${states.join('\n')}\npage errors: ${errors.join('; ')}`);
    });
  const de = p.locator('#de');
  const ru = p.locator('#ru');
  assert.equal(await de.getByRole('button', { name: 'Nächster Zug' }).count(), 1);
  assert.equal(await de.getByRole('button', { name: 'Partiemenü' }).count(), 1);
  assert.match(await de.locator('.board').getAttribute('aria-label'), /^Schachbrett, Stellung nach 2\. Nf3; Schwarz am Zug\.$/);
  assert.equal(await ru.getByRole('button', { name: 'Следующий ход' }).count(), 1);
  assert.match(await ru.locator('.board').getAttribute('aria-label'), /^Шахматная доска, позиция после 2\. Nf3; ход чёрных\.$/);
  assert.equal(await ru.locator('.mt-frame').getAttribute('lang'), 'ru');
  assert.equal(await de.locator('.mt-frame').getAttribute('lang'), 'de');
  // What the reader says about a game, and the meanings of NAGs: words the
  // module leaves out, fetched once for each language of the page.
  for (const [id, problem, nag] of [
    ['de-problem', /^Zeile 1, Spalte \d+: „\}“ ist kein PGN; als Kommentar erhalten$/, 'zweifelhafter Zug'],
    ['ru-problem', /^строка 1, столбец \d+: .*\}.*$/, 'сомнительный ход'],
  ]) {
    const w = p.locator(`#${id}`);
    assert.match(await w.locator('.mt-problems').getAttribute('title'), problem, id);
    assert.equal(await w.locator('.nag').first().getAttribute('title'), nag, id);
  }
  assert.deepEqual(words.sort(), ['words/de.ftl', 'words/ru.ftl']);
  // The menu too.
  await ru.getByRole('button', { name: 'Меню партии' }).click();
  assert.equal(await ru.getByRole('menuitem', { name: 'Копировать PGN' }).count(), 1);
  await p.screenshot({ path: join(outDir, 'embedding-languages.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await p.close();
});
