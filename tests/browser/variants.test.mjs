// Browser tests of lichess's variants in the app: a crazyhouse game with its
// pockets (pieces in hand and their counts) and its drops in the move list,
// a drop made on the board by click and another by drag, the export; a
// three-check game's counters and an atomic game's explosion; the widget,
// which plays no variant, saying that the app does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, openPasted, boardFen, drawn, outDir, squareCentre as centre, demoWithWidget } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const CRAZYHOUSE = `[Event "Rated Crazyhouse game"]
[Site "https://lichess.org/zhzhzhzh"]
[Date "2024.01.03"]
[White "Anna"]
[Black "Bo"]
[Result "*"]
[Variant "Crazyhouse"]
[TimeControl "180+2"]

1. e4 { [%clk 0:03:00] } d5 { [%clk 0:03:00] } 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Nf6
5. P@e5 Nd5 6. Bc4 Nxc3 7. bxc3 P@e6 *
`;

async function exportText(page) {
  await page.getByRole('button', { name: 'Export' }).click();
  const text = await page.getByRole('textbox', { name: 'PGN of the game' }).inputValue();
  await page.keyboard.press('Escape');
  return text;
}

/** The count shown on a pocket's piece (`role`: p, n, b, r, q). */
function pocketCount(page, color, role) {
  return page.getAttribute(`.board-col .pocket[data-color="${color}"] .pocket-piece[data-role="${role}"]`, 'data-count');
}

async function clickSquare(page, square) {
  const p = await centre(page, square);
  await page.mouse.click(p.x, p.y);
}

test('crazyhouse: pockets, drops in the move list, drops made on the board, the export', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, CRAZYHOUSE);
  // Every move played, drops written as drops.
  const moves = await page.locator('.move-list .mv').allInnerTexts();
  assert.deepEqual(moves.slice(8), ['@e5', 'Nd5', 'Bc4', 'Nxc3', 'bxc3', '@e6']);
  assert.equal(await page.locator('.diag-error').count(), 0);
  // After 2... Qxd5 each side holds a pawn.
  await page.locator('.mainline .mv', { hasText: 'Qxd5' }).click();
  await drawn(page);
  assert.equal(await pocketCount(page, 'white', 'p'), '1');
  assert.equal(await pocketCount(page, 'black', 'p'), '1');
  assert.equal(await pocketCount(page, 'white', 'n'), '0');
  assert.match(await boardFen(page), /\[Pp\] w /);
  // Black's pocket is above the board, White's below.
  const top = await page.locator('.board-col .pocket.top').getAttribute('data-color');
  assert.equal(top, 'black');
  // At the end: White took a knight (7. bxc3), Black one too (6... Nxc3),
  // and both pawns were dropped.
  await page.keyboard.press('End');
  await drawn(page);
  assert.equal(await pocketCount(page, 'white', 'n'), '1');
  assert.equal(await pocketCount(page, 'white', 'p'), '0');
  assert.equal(await pocketCount(page, 'black', 'n'), '1');
  assert.match(await boardFen(page), /\[Nn\] w /);
  // Only the side to move can drop: Black's pieces are not to be picked.
  assert.equal(await page.locator('.pocket[data-color="black"] .pocket-piece[data-role="n"]').isDisabled(), true);
  assert.equal(await page.locator('.pocket[data-color="white"] .pocket-piece[data-role="n"]').isDisabled(), false);
  await page.screenshot({ path: join(outDir, 'variants-crazyhouse-pockets-1280x800.png') });
  // A drop by click: the knight from White's pocket, then d5.
  await page.locator('.pocket[data-color="white"] .pocket-piece[data-role="n"]').click();
  assert.equal(await page.getAttribute('.pocket[data-color="white"] .pocket-piece[data-role="n"]', 'aria-pressed'), 'true');
  await clickSquare(page, 'd5');
  await drawn(page);
  assert.equal(await page.locator('.mv.current').innerText(), 'N@d5');
  assert.equal(await pocketCount(page, 'white', 'n'), '0');
  // A drop by drag: Black's knight from its pocket to g4.
  const from = await page.locator('.pocket[data-color="black"] .pocket-piece[data-role="n"]').boundingBox();
  const to = await centre(page, 'g4');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await drawn(page);
  assert.equal(await page.locator('.mv.current').innerText(), 'N@g4');
  assert.equal(await pocketCount(page, 'black', 'n'), '0');
  // Both pockets are empty again, White to move.
  assert.match(await boardFen(page), /\[\] w /);
  await page.screenshot({ path: join(outDir, 'variants-crazyhouse-drops-1280x800.png') });
  const text = await exportText(page);
  assert.match(text, /\[Variant "Crazyhouse"\]/);
  assert.match(text, /5\. @e5 Nd5 6\. Bc4 Nxc3 7\. bxc3 @e6 8\. N@d5 N@g4 \*/);
  assert.deepEqual(errors, []);
});

test('three-check counters and an atomic explosion', async () => {
  const threeCheck = '[Variant "Three-check"]\n[Result "*"]\n\n1. e4 e5 2. Bc4 Nf6 3. Bxf7+ Kxf7 4. Qh5+ g6 *\n';
  const { page, errors } = await openPasted(browser.context, browser.url, threeCheck);
  await page.keyboard.press('End');
  await drawn(page);
  assert.equal(await page.getAttribute('.board-col .checks-given[data-color="white"]', 'data-checks'), '2');
  assert.equal(await page.getAttribute('.board-col .checks-given[data-color="black"]', 'data-checks'), '0');
  assert.equal(await page.locator('.board-col .checks-given[data-color="white"] .check-mark.given').count(), 2);
  assert.equal(await page.locator('.board-col .pocket').count(), 0, 'no pockets in three-check');
  await page.screenshot({ path: join(outDir, 'variants-three-check-1280x800.png') });
  // Back one check: one given.
  await page.locator('.mainline .mv', { hasText: 'Kxf7' }).click();
  await drawn(page);
  assert.equal(await page.getAttribute('.board-col .checks-given[data-color="white"]', 'data-checks'), '1');
  assert.deepEqual(errors, []);

  const atomic = '[Variant "Atomic"]\n[Result "1-0"]\n\n1. e3 e6 2. Qh5 Qh4 3. Qxf7# 1-0\n';
  const second = await openPasted(browser.context, browser.url, atomic);
  await second.page.keyboard.press('End');
  // The capture on f7 blew up the queen, the pawn and the king beside them.
  const board = (await boardFen(second.page)).split(' ')[0];
  assert.equal(board, 'rnb4r/pppp2pp/4p3/8/7q/4P3/PPPP1PPP/RNB1KBNR');
  assert.ok(!board.includes('k'), 'the black king is gone');
  await second.page.screenshot({ path: join(outDir, 'variants-atomic-1280x800.png') });
  assert.deepEqual(second.errors, []);
});

test('the widget says that a variant game opens in the app', async () => {
  const demo = await demoWithWidget(browser.context, browser.url, 'zh', { pgn: CRAZYHOUSE });
  const notice = demo.widget.locator('.mt-notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /variant game: open it in Movetext/i);
  await demo.widget.screenshot({ path: join(outDir, 'variants-widget-notice.png') });
  // A standard game has no such notice.
  const plain = await demoWithWidget(browser.context, browser.url, 'plain', { pgn: '1. e4 e5 *' });
  await plain.widget.locator('.mt-board-col').waitFor();
  await drawn(plain.page);
  assert.equal(await plain.widget.locator('.mt-notice').count(), 0);
  assert.deepEqual(demo.errors, []);
  assert.deepEqual(plain.errors, []);
  await demo.page.close();
  await plain.page.close();
});

test('the explorer and the position search keep a variant\'s positions apart from standard chess\'s', async () => {
  // The same board after 2... Qxd5 in a crazyhouse game (each side holding
  // a pawn) and in a standard game.
  const STANDARD = '[Event "Standard"]\n[White "Cy"]\n[Black "Di"]\n[Result "*"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 *\n';
  const { page, errors } = await openPasted(browser.context, browser.url, `${CRAZYHOUSE}\n${STANDARD}`);
  await page.waitForSelector('.gl-count');
  assert.equal(await page.locator('.gl-count').innerText(), '2 games');
  const reaching = async (count) => {
    await page.waitForSelector('.gl-subset');
    await page.waitForFunction((n) => document.querySelector('.gl-subset-label')?.innerText.startsWith(`${n} game`), count);
    return page.locator('.gl-viewport .game-row').allInnerTexts();
  };
  const showAll = async () => {
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.waitForSelector('.gl-subset', { state: 'detached' });
  };

  // From the crazyhouse game's board: only the crazyhouse game.
  await page.locator('.mainline .mv', { hasText: 'Qxd5' }).click();
  await page.waitForSelector('.ex-games-btn:not([disabled])');
  assert.equal(await page.locator('.ex-games-btn').innerText(), 'Games (1)', 'the explorer counts the crazyhouse game alone');
  await page.locator('.ex-games-btn').click();
  let rows = await reaching(1);
  assert.equal(rows.length, 1);
  assert.match(rows[0], /Anna/);
  await page.screenshot({ path: join(outDir, 'variants-explorer.png') });
  await showAll();

  // A crazyhouse FEN (with its pockets) typed while a crazyhouse game is shown.
  await page.locator('.ex-fen-input').fill('rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3');
  await page.getByRole('button', { name: 'Find games' }).click();
  rows = await reaching(1);
  assert.match(rows[0], /Anna/);
  await showAll();

  // The standard game's board, and its FEN: only the standard game.
  await page.locator('.gl-viewport .game-row', { hasText: 'Cy' }).click();
  await page.waitForFunction(() => document.querySelector('.game-title')?.innerText.includes('Cy'));
  await page.locator('.mainline .mv', { hasText: 'Qxd5' }).click();
  await page.waitForSelector('.ex-games-btn:not([disabled])');
  await page.locator('.ex-games-btn').click();
  rows = await reaching(1);
  assert.match(rows[0], /Cy/);
  await showAll();
  await page.locator('.ex-fen-input').fill('rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3');
  await page.getByRole('button', { name: 'Find games' }).click();
  rows = await reaching(1);
  assert.match(rows[0], /Cy/);
  assert.deepEqual(errors, []);
  await page.close();
});
