// The move list's two layouts: the table and the book (running text), the
// choice kept across a reload; variations folded and unfolded in both; the
// times to open a game of 12,000 plies and a game of 3,000 variations and
// to step in them, printed for both layouts.
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

test('the table layout: a variation folds to a placeholder and unfolds, and showing a move inside unfolds it', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, PGN);
  await page.locator('.layout-table').click();
  await page.waitForSelector('.move-list .mv');
  const c5 = page.locator('.move-list .mv', { hasText: 'c5' });
  const c3 = page.locator('.move-list .mv', { hasText: 'c3' });
  const outer = page.locator('.move-list .var-d1 > .var-fold');
  assert.equal(await page.locator('.move-list .var-fold').count(), 2, 'a toggle on each variation block');
  assert.equal(await outer.getAttribute('aria-expanded'), 'true');
  assert.equal(await c5.count(), 1);
  assert.match(await page.locator('.move-list .var-d1').innerText(), /^1\.\.\.\s*c5/, 'the triangle is not in the text');
  // Folded from the keyboard: the toggle is a button with a tab stop.
  await outer.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.move-list .var-d1 > .var-fold')?.getAttribute('aria-expanded') === 'false');
  // The toggle keeps the focus (its page is written anew): Enter again
  // would unfold it.
  await page.waitForFunction(() => document.activeElement?.matches('.move-list .var-d1 > .var-fold'), null, { timeout: 5000 });
  assert.equal(await c5.count(), 0, 'the moves of the folded variation are hidden');
  assert.equal(await c3.count(), 0, 'and those of the variations inside it');
  assert.equal(await page.locator('.move-list .var-folded').innerText(), '(1... c5 … 5 moves)');
  assert.match(await outer.getAttribute('aria-label'), /^Show the variation 1\.\.\. c5 \(5 moves\)$/);
  await page.screenshot({ path: join(outDir, 'table-folded.png') });
  // The placeholder unfolds it on a click.
  await page.locator('.move-list .var-folded').click();
  await page.waitForFunction(() => document.querySelector('.move-list .var-d1 > .var-fold')?.getAttribute('aria-expanded') === 'true');
  assert.equal(await c5.count(), 1, 'the moves are back');
  assert.equal(await c3.count(), 1);
  await page.screenshot({ path: join(outDir, 'table-unfolded.png') });
  // Folded again by a click on the toggle; then stepping into it (from
  // 1... e5 to its sibling 1... c5 with Arrow Down) unfolds it.
  await outer.click();
  assert.equal(await c5.count(), 0);
  await page.locator('.move-list .mv', { hasText: 'e5' }).click();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('.move-list .mv.current')?.innerText === 'c5');
  assert.equal(await outer.getAttribute('aria-expanded'), 'true', 'showing a move inside unfolds it');
  assert.match(await boardFen(page), /^rnbqkbnr\/pp1ppppp\/8\/2p5\/4P3\//);
  assert.deepEqual(errors, []);
  await page.close();
});

/**
 * Opens `pgn` (its White player `white`) in each layout, and prints the
 * time to open it and the median time of 40 steps along the main line from
 * ply `from` (to the board drawn anew, seen by a MutationObserver, and to
 * the next frame), and the slowest.
 */
async function measureLayouts(pgn, white, name, from) {
  for (const layout of ['table', 'book']) {
    const { page, errors } = await openPasted(browser.context, browser.url, '1. e4 *');
    await page.locator(`.layout-${layout}`).click();
    const started = Date.now();
    await pastePgn(page, pgn);
    await page.waitForFunction((w) => document.querySelector('.game-head')?.innerText.includes(w), white, { timeout: 60_000 });
    await page.waitForSelector(layout === 'book' ? '.move-book .bk-move' : '.move-list .mv', { timeout: 60_000 });
    const openMs = Date.now() - started;
    const [drawnMs, frameMs, slowestMs] = await page.evaluate(async (from) => {
      const board = document.querySelector('.board-col .board');
      // From ply `from` on, so that the book's drawn part moves on (it does every 400 pieces).
      for (let i = 0; i < from; i++) {
        const before = board.dataset.fen;
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        while (board.dataset.fen === before) await new Promise((ok) => setTimeout(ok, 0));
      }
      await new Promise((ok) => setTimeout(ok, 300));
      const drawn = [];
      const frames = [];
      for (let i = 0; i < 40; i++) {
        const before = board.dataset.fen;
        const changed = new Promise((ok) => {
          const seen = new MutationObserver(() => {
            if (board.dataset.fen !== before) {
              seen.disconnect();
              ok(performance.now());
            }
          });
          seen.observe(board, { attributes: true, attributeFilter: ['data-fen'] });
        });
        const t0 = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        while (board.dataset.fen === before) await new Promise((ok) => requestAnimationFrame(ok));
        frames.push(performance.now() - t0);
        drawn.push((await changed) - t0);
        await new Promise((ok) => setTimeout(ok, 50));
      }
      const median = (xs) => [...xs].sort((a, b) => a - b)[20];
      return [median(drawn), median(frames), Math.max(...frames)];
    }, from);
    console.log(`${name}, ${layout} layout: opened in ${openMs} ms, a step drawn in ${drawnMs.toFixed(1)} ms and shown in ${frameMs.toFixed(1)} ms (median of 40 from ply ${from}; shown: to the next frame), the slowest shown in ${slowestMs.toFixed(1)} ms`);
    assert.ok(drawnMs <= frameMs, 'drawn before it is shown');
    assert.deepEqual(errors, []);
    await page.close();
  }
}

test('a game of 12,000 plies in both layouts: the times to open it and to step (printed)', async () => {
  const moves = [];
  for (let i = 0; i < 3000; i++) moves.push(`${2 * i + 1}. Nf3 Nf6 ${2 * i + 2}. Ng1 Ng8`);
  await measureLayouts(`[White "Long"]\n[Black "Game"]\n\n${moves.join(' ')} *`, 'Long', '12,000 plies', 380);
});

/**
 * A game of 200 moves (the knights out and back) with 3,000 variations of
 * three plies: eight after each White move, seven after each Black one.
 */
function manyVariations() {
  const white = ['a3', 'a4', 'b3', 'b4', 'd3', 'd4', 'e3', 'e4'];
  const black = ['a6', 'a5', 'b6', 'b5', 'd6', 'd5', 'e6'];
  const parts = [];
  for (let n = 1; n <= 200; n++) {
    const [w, b] = n % 2 === 1 ? ['Nf3', 'Nf6'] : ['Ng1', 'Ng8'];
    parts.push(`${n}. ${w}`);
    for (const p of white) parts.push(`(${n}. ${p} Nc6 ${n + 1}. Nc3)`);
    parts.push(`${n}... ${b}`);
    for (const p of black) parts.push(`(${n}... ${p} ${n + 1}. Nc3 Nc6)`);
  }
  return `[White "Branches"]\n[Black "Game"]\n\n${parts.join(' ')} *`;
}

test('a game of 3,000 variations in both layouts: the times to open it and to step (printed)', async () => {
  const pgn = manyVariations();
  assert.equal(pgn.match(/\(/g).length, 3000);
  await measureLayouts(pgn, 'Branches', '3,000 variations', 300);
});
