// The move list's two layouts: the table and the book (running text), the
// choice kept across a reload; variations folded and unfolded in the book;
// the times to open a game of 12,000 plies and to step in it, printed for
// both layouts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, openPasted, pastePgn, boardFen, outDir } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const PGN = '[White "A"]\n[Black "B"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 Nc6 {a fine move} 3. Bb5 *';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

test('the book layout: running text, a click shows a move, variations fold, the choice is kept', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, PGN);
  await page.locator('.layout-book').click();
  await page.waitForSelector('.move-book');
  assert.equal(await page.locator('.move-list').count(), 0);
  const text = await page.locator('.move-book').innerText();
  assert.match(text, /1\. e4 e5 ▾ ?\(1\.\.\. c5 2\. Nf3 ▾ ?\(2\. c3 d5\) 2\.\.\. d6\) 2\. Nf3 Nc6 a fine move 3\. Bb5/);
  await page.locator('.bk-main', { hasText: '2. Nf3' }).click();
  await page.waitForFunction((f) => document.querySelector('.board-col .board')?.dataset.fen === f, AFTER_NF3);
  assert.equal(await page.locator('.bk-move.current').innerText(), '2. Nf3');
  await page.locator('.bk-fold').first().click();
  assert.equal(await page.locator('.bk-fold').first().getAttribute('aria-expanded'), 'false');
  assert.match(await page.locator('.move-book').innerText(), /1\. e4 e5 ▸ ?\(… 5 moves\) 2\. Nf3/);
  assert.equal(await page.locator('.bk-move', { hasText: 'c5' }).count(), 0, 'the variation is folded');
  await page.screenshot({ path: join(outDir, 'book-layout.png') });
  await page.locator('.bk-fold').first().click();
  assert.equal(await page.locator('.bk-move', { hasText: 'c5' }).count(), 1, 'and unfolded');
  await page.reload();
  await page.waitForSelector('.move-book');
  assert.equal(await page.locator('.layout-book').getAttribute('aria-pressed'), 'true', 'the choice is kept');
  await page.locator('.layout-table').click();
  await page.waitForSelector('.move-list');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a game of 12,000 plies in both layouts: the times to open it and to step (printed)', async () => {
  const moves = [];
  for (let i = 0; i < 3000; i++) moves.push(`${2 * i + 1}. Nf3 Nf6 ${2 * i + 2}. Ng1 Ng8`);
  const pgn = `[White "Long"]\n[Black "Game"]\n\n${moves.join(' ')} *`;
  for (const layout of ['table', 'book']) {
    const { page, errors } = await openPasted(browser.context, browser.url, '1. e4 *');
    await page.locator(`.layout-${layout}`).click();
    const started = Date.now();
    await pastePgn(page, pgn);
    await page.waitForFunction(() => document.querySelector('.game-head')?.innerText.includes('Long'), null, { timeout: 60_000 });
    await page.waitForSelector(layout === 'book' ? '.move-book .bk-move' : '.move-list .mv', { timeout: 60_000 });
    const openMs = Date.now() - started;
    const stepMs = await page.evaluate(async () => {
      const board = () => document.querySelector('.board-col .board').dataset.fen;
      const times = [];
      for (let i = 0; i < 20; i++) {
        const before = board();
        const t0 = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        while (board() === before) await new Promise((ok) => requestAnimationFrame(ok));
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[10];
    });
    console.log(`12,000 plies, ${layout} layout: opened in ${openMs} ms, a step in ${stepMs.toFixed(1)} ms (median of 20, to the next frame)`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
