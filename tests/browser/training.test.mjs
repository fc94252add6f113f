// Guess the move: training as White, the moves to come are hidden, a wrong
// move is counted and not played, a right one goes on and Black's reply
// comes by itself; a hint and a revealed move are counted too. With the
// analysis on, the engine tells how much worse a wrong guess is.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, openPasted, boardFen, squareCentre, outDir, demoWithWidget } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_NC6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';

async function play(page, from, to) {
  for (const square of [from, to]) {
    const p = await squareCentre(page, square);
    await page.mouse.click(p.x, p.y);
  }
}

const figures = (page) => page.evaluate(() => {
  const d = document.querySelector('.training.on').dataset;
  return [Number(d.right), Number(d.wrong), Number(d.revealed)];
});

test('training as White: a wrong guess, a right one, the reply, a hint and a revealed move', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *');
  await page.keyboard.press('Home');
  await page.locator('.train-white').click();
  await page.waitForSelector('.training.on');
  assert.equal(await page.locator('.move-list').count(), 0, 'the moves to come are hidden');
  await page.keyboard.press('ArrowRight');
  assert.equal(await boardFen(page), START, 'the arrow key shows nothing ahead');

  await play(page, 'd2', 'd4');
  await page.waitForFunction(() => document.querySelector('.training.on')?.dataset.wrong === '1');
  assert.equal(await boardFen(page), START, 'a wrong guess is not played');
  assert.match(await page.locator('.training-feedback').innerText(), /d4 is not the game's move/);

  await play(page, 'e2', 'e4');
  await page.waitForFunction((f) => document.querySelector('.board-col .board')?.dataset.fen === f, AFTER_E5, { timeout: 5_000 });
  assert.match(await page.locator('.training-feedback').innerText(), /Right: 1\. e4/);

  await page.locator('.training-hint').click();
  assert.match(await page.locator('.training-feedback').innerText(), /the piece on g1 moves/);
  await page.locator('.training-reveal').click();
  await page.waitForFunction((f) => document.querySelector('.board-col .board')?.dataset.fen === f, AFTER_NC6, { timeout: 5_000 });
  assert.deepEqual(await figures(page), [1, 1, 1]);
  // Two moves asked (e4 found after one wrong try, Nf3 shown): the wrong
  // try is counted apart from the moves.
  assert.equal(await page.locator('.training-score').innerText(), '1 of 2 right');
  assert.equal(await page.locator('.training-tries').innerText(), '1 wrong try');
  assert.equal(await page.locator('.training-moves').innerText(), '1. e4 e5 2. Nf3 Nc6');
  await page.screenshot({ path: join(outDir, 'training.png') });

  await page.locator('.training-stop').click();
  await page.waitForSelector('.move-list');
  assert.equal(await page.locator('.move-list .mv').count(), 6, 'the game is as it was: no edit');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a widget with mode="train" lets the reader guess the moves', async () => {
  const { page, errors, widget } = await demoWithWidget(browser.context, browser.url, 'train', {
    mode: 'train',
    pgn: '1. e4 e5 2. Nf3 Nc6 *',
  });
  await widget.locator('.train-white').click();
  await widget.locator('.training.on').waitFor();
  assert.equal(await widget.locator('.move-list').count(), 0, 'the moves to come are hidden');
  const board = widget.locator('.board');
  const box = await board.boundingBox();
  const at = (sq) => ({ x: box.x + (sq.charCodeAt(0) - 97 + 0.5) * box.width / 8, y: box.y + (8 - Number(sq[1]) + 0.5) * box.height / 8 });
  for (const sq of ['e2', 'e4']) await page.mouse.click(at(sq).x, at(sq).y);
  await widget.locator('.training.on[data-right="1"]').waitFor();
  await page.waitForFunction(() => document.querySelector('#train').shadowRoot.querySelector('.board')?.dataset.fen.startsWith('rnbqkbnr/pppp1ppp/8/4p3/4P3'), null, { timeout: 5_000 });
  await widget.screenshot({ path: join(outDir, 'training-widget.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('with the analysis on, a wrong guess is compared with the game move by the engine', async () => {
  const pgn = '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';
  const { page, errors } = await openPasted(browser.context, browser.url, pgn);
  await page.keyboard.press('Home');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Analysis' }).click();
  await page.locator('.train-white').click();
  await page.waitForSelector('.training.on');
  // 4. Qh3 instead of the mate.
  await play(page, 'h5', 'h3');
  await page.waitForFunction(() => document.querySelector('.training.on')?.dataset.wrong === '1');
  await page.waitForFunction(() => /compared with the game move/.test(document.querySelector('.training-engine')?.innerText ?? ''), null, {
    timeout: 120_000,
    polling: 200,
  });
  const note = await page.locator('.training-engine').innerText();
  const m = note.match(/^Your move: ([+\u2212]?)(\d+\.\d\d) compared with the game move/);
  assert.ok(m, note);
  assert.equal(m[1], '\u2212', `missing a mate is worse: ${note}`);
  assert.ok(Number(m[2]) >= 5, note);
  await page.locator('.training.on').screenshot({ path: join(outDir, 'training-engine.png') });
  // The right move: the note goes.
  await play(page, 'h5', 'f7');
  await page.waitForFunction(() => document.querySelector('.training.on')?.dataset.right === '1');
  assert.equal(await page.locator('.training-engine').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});
