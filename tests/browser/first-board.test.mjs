// Browser tests of the first board: the page's own markup shows a position
// before the module has arrived (the sample's, or the one the tab showed
// when it was left), in the place and theme of the app's board, and the
// app's board takes its place with no frame between them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, openApp, collectErrors, boardFen, outDir } from './harness.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const HOSTILE = '<img src=x onerror="window.hacked=1">';
const ENDING = `[White "${HOSTILE}"]\n[Black "Rook, Endgame"]\n[FEN "8/8/4k3/8/8/3K4/8/R6r w - - 0 1"]\n[SetUp "1"]\n\n1. Ra6+ Kd5 2. Ra5+ Ke6 *\n`;

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

/** Holds the module back until `release()`: the page shows only its markup. */
async function holdModule(page) {
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route('**/*.wasm', async (route) => { await held; await route.continue(); });
  return release;
}

/** Notes, frame by frame, whether the page showed the first board, the app's board, or neither. */
function watchFrames(page) {
  return page.addInitScript(() => {
    window.frames_ = [];
    const look = () => {
      const shell = document.querySelector('#first-board .board-shell use.piece') !== null;
      const app = document.querySelector('#app .board[data-fen] use.piece') !== null;
      const now = shell ? 'first' : app ? 'app' : 'none';
      if (document.body && window.frames_.at(-1) !== now) window.frames_.push(now);
      if (!app) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/** The board of the first board as a FEN's board part (from its pieces' places). */
function shellBoard(page) {
  return page.evaluate(() => {
    const grid = Array.from({ length: 8 }, () => Array(8).fill(''));
    for (const use of document.querySelectorAll('#first-board .pieces use')) {
      const [col, row] = [Number(use.getAttribute('x')) / 100, Number(use.getAttribute('y')) / 100];
      const [, side, role] = use.getAttribute('href').match(/^#mt-([wb])([PNBRQK])$/);
      grid[row][col] = side === 'w' ? role : role.toLowerCase();
    }
    return grid.map((r) => r.map((c) => c || '1').join('').replace(/1+/g, (m) => String(m.length))).join('/');
  });
}

const box = (page, selector) => page.locator(selector).boundingBox();

test('a first visit shows the sample game\'s board before the module, where and as the app then draws it', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = collectErrors(page);
  await watchFrames(page);
  const release = await holdModule(page);
  await page.goto(browser.url);
  await page.waitForSelector('#first-board .board-shell use.piece');
  assert.equal(await shellBoard(page), START.split(' ')[0]);
  assert.deepEqual(await page.locator('#first-board .player-name').allInnerTexts(), ['Duke Karl of Brunswick & Count Isouard', 'Morphy, Paul']);
  assert.equal(await page.locator('.board[data-fen]').count(), 0, 'nothing takes the first board for the app\'s');
  const first = await box(page, '#first-board .board-shell');
  const firstBars = await Promise.all([box(page, '#first-board .player-bar.at-top'), box(page, '#first-board .player-bar.at-bottom')]);
  await page.screenshot({ path: join(outDir, 'first-board-sample.png') });

  release();
  await page.waitForSelector('.board[data-fen]');
  assert.equal(await page.locator('#first-board').count(), 0, 'the app took the first board\'s place');
  assert.deepEqual(await box(page, '.board-col .board'), first, 'the app\'s board is where the first board was');
  assert.deepEqual(await Promise.all([box(page, '.board-col .player-bar.at-top'), box(page, '.board-col .player-bar.at-bottom')]), firstBars);
  assert.equal(await boardFen(page), START);
  assert.deepEqual(await page.evaluate(() => window.frames_), ['first', 'app'], 'no frame without a board between them');
  assert.deepEqual(errors, []);
  await page.close();
});

test('after a reload the first board is the position the tab showed, with its names as text', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.setInputFiles('input.file-picker', { name: 'ending.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(ENDING) });
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'ending.pgn');
  // Stored (a file reloaded before it is stored opens what was stored before it).
  for (let i = 0; i < 100 && !(await page.evaluate(() => window.movetext.savedDocuments())).some((d) => d.name === 'ending.pgn'); i++) {
    await page.waitForTimeout(100);
  }
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const shown = await boardFen(page);
  assert.equal(shown, '8/8/8/R2k4/8/3K4/8/7r b - - 3 2', 'three moves played');

  // Reloaded at once: the address is written as the page is left.
  await watchFrames(page);
  const release = await holdModule(page);
  await page.reload();
  await page.waitForSelector('#first-board .board-shell use.piece');
  assert.equal(await shellBoard(page), shown.split(' ')[0]);
  assert.deepEqual(await page.locator('#first-board .player-name').allTextContents(), ['Rook, Endgame', HOSTILE]);
  assert.equal(await page.locator('#first-board img').count(), 0, 'a name is text, never markup');
  assert.equal(await page.locator('#first-board .eval-bar').count(), 0, 'no evaluations: no bar');
  await page.screenshot({ path: join(outDir, 'first-board-kept.png') });
  const first = await box(page, '#first-board .board-shell');

  release();
  await page.waitForSelector('.board[data-fen]');
  await page.waitForFunction((fen) => document.querySelector('.board-col .board')?.dataset.fen === fen, shown);
  assert.deepEqual(await box(page, '.board-col .board'), first);
  assert.deepEqual(await page.evaluate(() => window.frames_), ['first', 'app']);
  assert.equal(await page.evaluate(() => window.hacked), undefined);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the first board takes the chosen theme, and an address that names a game shows none', async () => {
  const page = await browser.context.newPage();
  await page.addInitScript(() => localStorage.setItem('movetext-theme', 'dark'));
  let release = await holdModule(page);
  await page.goto(browser.url);
  await page.waitForSelector('#first-board .board-shell use.piece');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.screenshot({ path: join(outDir, 'first-board-dark.png') });
  release();
  await page.waitForSelector('.board[data-fen]');
  await page.close();

  // A game in the address: its board comes with the app, not another's first.
  const named = await browser.context.newPage();
  release = await holdModule(named);
  await named.goto(`${browser.url}#pgn=${encodeURIComponent('1. d4 d5 *')}`);
  await named.waitForLoadState('domcontentloaded');
  assert.equal(await named.locator('#first-board').count(), 0);
  release();
  await named.waitForSelector('.board[data-fen]');
  await named.close();
});
