// Browser tests of the viewer on its built-in sample game. The expected FENs
// were computed independently of Movetext.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, openApp, pastePgn, boardFen, outDir, pastedShown } from './harness.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_QB3 = 'rn1qkb1r/ppp2ppp/5n2/4p3/2B1P3/1Q6/PPP2PPP/RNB1K2R b KQkq - 3 7';
const AFTER_QB8 = '1Q2kb1r/p2n1ppp/4q3/4p1B1/4P3/8/PPP2PPP/2KR4 b k - 1 16';
const FINAL = '1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17';
// 4...dxe5 5.Qxd8+ Kxd8 6.Nxe5 Be6 (6...f5 7.Nf7+): a variation inside a variation.
const AFTER_F5 = 'rn1k1bnr/ppp3pp/8/4Np2/4P1b1/8/PPP2PPP/RNB1KB1R w KQ - 0 7';
const AFTER_NF7 = 'rn1k1bnr/ppp2Npp/8/5p2/4P1b1/8/PPP2PPP/RNB1KB1R b KQ - 1 7';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

test('the sample game opens on the start position with all pieces drawn', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  assert.equal(await boardFen(page), START);
  assert.equal(await page.locator('.board use.piece').count(), 32);
  const king = page.locator('.board use.piece[data-square="e1"]');
  assert.equal(await king.getAttribute('data-piece'), 'K');
  const box = await king.boundingBox();
  assert.ok(box && box.width > 20, 'pieces have a size');
  assert.match(await page.locator('.player-bar.at-bottom .player-name').innerText(), /Morphy/);
  assert.ok(await page.locator('.move-list .mv').count() > 33);
  assert.deepEqual(errors, []);
  await page.close();
});

test('next button and ArrowRight step through the main line', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.getByRole('button', { name: 'Next move' }).click();
  assert.equal(await boardFen(page), AFTER_E4);
  await page.keyboard.press('ArrowRight');
  assert.equal(await boardFen(page), AFTER_E5);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await boardFen(page), AFTER_E4);
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), FINAL);
  assert.equal(await page.locator('.player-bar.player-white .player-score').innerText(), '1');
  await page.keyboard.press('Home');
  assert.equal(await boardFen(page), START);
  assert.deepEqual(errors, []);
  await page.close();
});

test('clicking a move in a nested variation shows its position', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const nested = page.locator('.var .var .mv', { hasText: 'f5' });
  await nested.click();
  assert.equal(await boardFen(page), AFTER_F5);
  await page.keyboard.press('ArrowRight');
  assert.equal(await boardFen(page), AFTER_NF7);
  assert.equal(await page.locator('.mv.current').innerText(), 'Nf7+');
  assert.deepEqual(errors, []);
  await page.close();
});

test('arrows, coloured squares, clocks and check are shown', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.locator('.mainline > .mv', { hasText: 'Qb3' }).click();
  assert.equal(await boardFen(page), AFTER_QB3);
  assert.equal(await page.locator('.board .arrow').count(), 3);
  assert.equal(await page.locator('.board .mark-red').count(), 2);
  assert.equal(await page.locator('.player-white .player-clock').innerText(), '28:21');
  assert.equal(await page.locator('.player-black .player-clock').innerText(), '27:30');
  assert.ok(await page.locator('.player-black.to-move').count() === 1);
  await page.screenshot({ path: join(outDir, 'desktop-1280x800.png') });

  await page.locator('.mainline > .mv', { hasText: 'Qb8+' }).click();
  assert.equal(await boardFen(page), AFTER_QB8);
  assert.equal(await page.locator('.board .hl-check').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('f flips the board', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  assert.equal(await page.getAttribute('.board', 'data-flipped'), 'false');
  await page.keyboard.press('f');
  assert.equal(await page.getAttribute('.board', 'data-flipped'), 'true');
  const a1 = await page.locator('.board use.piece[data-square="a1"]').boundingBox();
  const h8 = await page.locator('.board use.piece[data-square="h8"]').boundingBox();
  assert.ok(a1.y < h8.y && a1.x > h8.x, 'a1 is top right when flipped');
  assert.deepEqual(errors, []);
  await page.close();
});

test('phone layout stacks the board above the moves', async () => {
  const { page, errors } = await openApp(browser.context, browser.url, { width: 390, height: 844 });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const board = await page.locator('.board').boundingBox();
  const moves = await page.locator('.move-list').boundingBox();
  assert.ok(board.width > 300 && board.x + board.width <= 390, `board fits: ${JSON.stringify(board)}`);
  assert.ok(moves.y > board.y + board.height, 'moves below the board');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
  await page.screenshot({ path: join(outDir, 'phone-390x844.png') });
  await page.screenshot({ path: join(outDir, 'phone-390x844-full.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the dark theme can be chosen', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.getByRole('button', { name: 'Dark theme' }).click();
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.locator('.var .mv', { hasText: 'Kxd8' }).first().click();
  await page.screenshot({ path: join(outDir, 'desktop-dark-1280x800.png') });
  await page.getByRole('button', { name: 'Dark theme' }).click();
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a game without moves cannot be played', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const play = page.locator('.board-col .nav-play');
  assert.equal(await play.isDisabled(), false, 'the sample can be played');
  await pastePgn(page, '[White "Anna"]\n[Black "Ben"]\n\n*');
  await pastedShown(page);
  assert.equal(await play.isDisabled(), true);
  await page.keyboard.press(' ');
  assert.equal(await play.getAttribute('aria-pressed'), 'false');
  assert.equal(await boardFen(page), START);
  assert.deepEqual(errors, []);
  await page.close();
});
