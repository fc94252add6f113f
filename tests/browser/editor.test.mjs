// Browser tests of editing: moves by click and by drag (new variations),
// promote, delete, comments that keep their commands, NAGs, tags with
// validation, undo/redo, arrows drawn with the right button, promotion,
// export compared with the expected text, notation, and edits restored
// after a reload. Expected FENs were computed independently of Movetext.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { startBrowser, openPasted, boardFen, dropFiles, outDir, editsStoredWith, writeComment, squareCentre as centre } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

async function clickSquare(page, square) {
  const p = await centre(page, square);
  await page.mouse.click(p.x, p.y);
}

async function drag(page, from, to, button = 'left') {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up({ button });
}

/** Opens a fresh page on a pasted game (no edits saved from other tests). */
function openWith(pgn) {
  return openPasted(browser.context, browser.url, pgn);
}

async function exportText(page) {
  await page.getByRole('button', { name: 'Export' }).click();
  const text = await page.getByRole('textbox', { name: 'PGN of the game' }).inputValue();
  await page.keyboard.press('Escape');
  return text;
}

const START_PLUS_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const AFTER_NC3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2';

test('moves by click and drag, a variation, NAG and comment: the export is exact', async () => {
  const { page, errors } = await openWith('1. e4 e5 *');
  await page.keyboard.press('End');
  assert.equal(await boardFen(page), START_PLUS_E4_E5);
  // Click-click: the knight, then its square; targets are shown meanwhile.
  await clickSquare(page, 'g1');
  assert.equal(await page.getAttribute('.board-col .board', 'data-selected'), 'g1');
  assert.equal(await page.locator('.board-col .target').count(), 3, 'Nf3, Nh3, Ne2');
  await clickSquare(page, 'f3');
  assert.equal(await boardFen(page), AFTER_NF3);
  // Back one move and drag another knight: a variation.
  await page.keyboard.press('ArrowLeft');
  await drag(page, 'b1', 'c3');
  assert.equal(await boardFen(page), AFTER_NC3);
  assert.equal(await page.locator('.move-list .var .mv').innerText(), 'Nc3');
  // An illegal drop snaps back.
  await drag(page, 'e5', 'e4');
  assert.equal(await boardFen(page), AFTER_NC3);
  // Back to Nf3: NAG from the move's menu, comment with the C key.
  await page.locator('.mainline .mv', { hasText: 'Nf3' }).click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitemcheckbox', { name: /good move/ }).click();
  assert.equal(await page.locator('.mainline .mv', { hasText: 'Nf3' }).innerText(), 'Nf3!');
  await writeComment(page, 'good');
  await page.screenshot({ path: join(outDir, 'editor-moves-1280x800.png') });
  assert.equal(await exportText(page), [
    '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "?"]', '[Black "?"]', '[Result "*"]',
    '', '1. e4 e5 2. Nf3 $1 {good} (2. Nc3) *', '', '',
  ].join('\n'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('promote, make main line, delete, and undo/redo with the keyboard', async () => {
  const { page, errors } = await openWith('1. e4 e5 2. Nf3 (2. Nc3 Nf6) (2. d4 exd4) Nc6 *');
  await page.locator('.var .mv', { hasText: 'd4' }).first().click();
  await page.locator('.var .mv', { hasText: 'd4' }).first().click({ button: 'right' });
  await page.screenshot({ path: join(outDir, 'editor-menu-1280x800.png') });
  await page.getByRole('menuitem', { name: /Promote variation/ }).click();
  // d4 is now the first variation, Nc3 the second.
  const firstVar = page.locator('.interruption > .var').first();
  assert.match(await firstVar.innerText(), /^2\.\s*d4/);
  await page.keyboard.press('m');
  assert.deepEqual((await page.locator('.mainline > .mv').allInnerTexts()).slice(0, 4), ['e4', 'e5', 'd4', 'exd4']);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  assert.deepEqual((await page.locator('.mainline > .mv').allInnerTexts()).slice(0, 3), ['e4', 'e5', 'Nf3']);
  await page.keyboard.press('Control+y');
  assert.match(await page.locator('.interruption > .var').first().innerText(), /^2\.\s*d4/);
  // Delete the Nc3 line from its menu.
  await page.locator('.var .mv', { hasText: 'Nc3' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: /Delete from here/ }).click();
  assert.equal(await page.locator('.move-list .mv', { hasText: 'Nc3' }).count(), 0);
  assert.match(await exportText(page), /1\. e4 e5 2\. Nf3 \(2\. d4 exd4\) 2\.\.\. Nc6 \*/);
  // Delete key removes the shown move and what follows.
  await page.locator('.mainline .mv', { hasText: 'Nc6' }).click();
  await page.keyboard.press('Delete');
  assert.equal(await page.locator('.mainline .mv', { hasText: 'Nc6' }).count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a comment holding [%clk] keeps the command; arrows drawn with the right button', async () => {
  const { page, errors } = await openWith('1. e4 {[%clk 0:05:00] king pawn} e5 {[%clk 0:04:58]} *');
  await page.locator('.mainline .mv', { hasText: 'e4' }).click();
  await page.keyboard.press('c');
  const box = page.getByRole('textbox', { name: 'Comment text' });
  assert.equal(await box.inputValue(), 'king pawn', 'the command is not in the text box');
  assert.match(await page.locator('.kept-commands').innerText(), /\[%clk 0:05:00\]/);
  await page.screenshot({ path: join(outDir, 'editor-comment-1280x800.png') });
  await box.fill('the best by test');
  await page.keyboard.press('Control+Enter');
  assert.equal(await page.locator('.player-white .player-clock').innerText(), '5:00');
  // Right-drag e2-e4 draws a green arrow; right-click d5 marks it, Shift for red.
  await drag(page, 'g1', 'f3', 'right');
  assert.equal(await page.locator('.board-col .arrow').count(), 1);
  const d5 = await centre(page, 'd5');
  await page.keyboard.down('Shift');
  await page.mouse.click(d5.x, d5.y, { button: 'right' });
  await page.keyboard.up('Shift');
  assert.equal(await page.locator('.board-col .mark-red').count(), 1);
  assert.match(await exportText(page), /1\. e4 \{\[%clk 0:05:00\] \[%cal Gg1f3\] \[%csl Rd5\] the best by test\} 1\.\.\. e5/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('tags: validation messages, save, and undo', async () => {
  const { page, errors } = await openWith('[White "Anna"]\n[Black "Ben"]\n\n1. d4 *');
  await page.getByRole('button', { name: 'Tags' }).click();
  await page.getByRole('textbox', { name: 'Date' }).fill('2024-03-09');
  assert.match(await page.locator('.tag-problem').first().innerText(), /YYYY\.MM\.DD/);
  await page.screenshot({ path: join(outDir, 'editor-tags-1280x800.png') });
  await page.getByRole('textbox', { name: 'Date' }).fill('2024.03.09');
  await page.getByRole('textbox', { name: 'White' }).fill('Anna Rudolf');
  await page.getByRole('button', { name: 'Add a tag' }).click();
  await page.getByRole('textbox', { name: 'Tag name' }).fill('TimeControl');
  await page.getByRole('textbox', { name: 'Tag value' }).fill('40 moves');
  await page.getByRole('button', { name: 'Save' }).click();
  assert.match(await page.locator('.tag-problem').first().innerText(), /TimeControl/);
  await page.getByRole('textbox', { name: 'Tag value' }).fill('40/5400:1800');
  await page.getByRole('button', { name: 'Save' }).click();
  assert.match(await page.locator('.game-title').innerText(), /Anna Rudolf/);
  const text = await exportText(page);
  assert.match(text, /\[Date "2024\.03\.09"\]/);
  assert.match(text, /\[White "Anna Rudolf"\]/);
  assert.match(text, /\[TimeControl "40\/5400:1800"\]/);
  await page.keyboard.press('Control+z');
  assert.match(await page.locator('.game-title').innerText(), /Anna\s+–/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a new game from a set-up position; promotion chooser', async () => {
  const { page, errors } = await openWith('');
  await page.getByRole('button', { name: 'New game' }).click();
  const fen = page.getByRole('textbox', { name: 'FEN' });
  await fen.fill('8/P6k/8/8/8/8/8/K7 w - - 0 1 extra');
  await fen.fill('8/P7/8/8/8/8/8/K7 w - - 0 1');
  assert.match(await page.locator('#fen-problem').innerText(), /king/i);
  await page.screenshot({ path: join(outDir, 'editor-setup-1280x800.png') });
  await fen.fill('8/P6k/8/8/8/8/8/K7 w - - 0 1');
  assert.equal(await page.locator('#fen-problem').innerText(), '');
  await page.getByRole('button', { name: 'Create game' }).click();
  assert.equal(await boardFen(page), '8/P6k/8/8/8/8/8/K7 w - - 0 1');
  await clickSquare(page, 'a7');
  await clickSquare(page, 'a8');
  await page.locator('.promotion-choice[data-role="n"]').click();
  assert.equal(await boardFen(page), 'N7/7k/8/8/8/8/8/K7 b - - 0 1');
  assert.equal(await page.locator('.mv.current').innerText(), 'a8=N');
  assert.match(await exportText(page), /\[FEN "8\/P6k\/8\/8\/8\/8\/8\/K7 w - - 0 1"\]\n\[SetUp "1"\]\n\n1\. a8=N \*/);
  // The new game is listed after the file's games.
  assert.equal(await page.locator('.gl-viewport .game-row').count(), 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('notation choice is used and remembered', async () => {
  const { page, errors } = await openWith('1. e4 e5 2. Nf3 Nc6 3. Bb5 *');
  await page.getByRole('combobox', { name: 'Move notation' }).selectOption('Deutsch');
  assert.equal(await page.locator('.mainline .mv', { hasText: 'Sf3' }).count(), 1);
  assert.equal(await page.locator('.mainline .mv', { hasText: 'Lb5' }).count(), 1);
  await page.getByRole('combobox', { name: 'Move notation' }).selectOption('Long algebraic');
  assert.equal(await page.locator('.mainline .mv', { hasText: 'Ng1-f3' }).count(), 1);
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  assert.equal(await page.locator('.mainline .mv', { hasText: 'e2-e4' }).count(), 1);
  await page.getByRole('combobox', { name: 'Move notation' }).selectOption('SAN');
  assert.deepEqual(errors, []);
  await page.close();
});

test('edits come back after a reload, and can be discarded; leaving asks first', async () => {
  const { page, errors } = await openWith('[White "Keep"]\n\n1. e4 e5 *');
  await page.keyboard.press('End');
  await clickSquare(page, 'g1');
  await clickSquare(page, 'f3');
  assert.equal(await boardFen(page), AFTER_NF3);
  // Saving is asynchronous: wait until the stored edits hold Nf3.
  assert.ok((await editsStoredWith(page, 'Nf3')).includes('Nf3'), 'the edit is stored');
  // Leaving with edits never exported asks first.
  let asked = false;
  page.once('dialog', async (d) => {
    asked = d.type() === 'beforeunload';
    await d.accept();
  });
  await page.reload();
  try {
    await page.waitForSelector('.notice-restored');
  } catch (e) {
    // What the page shows instead, and what the browser holds.
    const keys = await page.evaluate(() => new Promise((ok) => {
      const req = indexedDB.open('movetext');
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('session')) { db.close(); return ok('no store'); }
        const all = db.transaction('session').objectStore('session').getAllKeys();
        all.onsuccess = () => { db.close(); ok(JSON.stringify(all.result)); };
      };
    }));
    const shown = await page.locator('.file-name').innerText();
    const notices = JSON.stringify(await page.locator('.notice').allInnerTexts());
    throw new Error(`${e.message}; file ${shown}; notices ${notices}; stored ${keys}; errors ${JSON.stringify(errors)}`);
  }
  assert.ok(asked, 'the page asked before leaving');
  assert.match(await page.locator('.file-name').innerText(), /Pasted text/);
  assert.equal(await page.locator('.mainline .mv', { hasText: 'Nf3' }).count(), 1);
  await page.screenshot({ path: join(outDir, 'editor-restored-1280x800.png') });
  await page.getByRole('button', { name: 'Discard edits' }).click();
  await page.waitForFunction(() => !document.querySelector('.notice-restored'));
  await page.waitForFunction(() => document.querySelectorAll('.mainline .mv').length === 2);
  assert.equal(await page.locator('.mainline .mv', { hasText: 'Nf3' }).count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('downloading the file keeps unedited games byte for byte; the edited one is in export format', async () => {
  const { page, errors } = await openWith('');
  const first = '[White "A"]\r\n\r\n1.e4   e5 {odd   spacing} *\r\n\r\n';
  await dropFiles(page, [{ name: 'two.pgn', text: first + '[White "B"]\n\n1. d4 d5 *\n' }]);
  await page.waitForSelector('.game-row[data-game="1"]');
  await page.locator('.game-row[data-game="1"]').click();
  await page.waitForFunction(() => document.querySelector('.game-title')?.innerText.includes('B'));
  await page.keyboard.press('End');
  await clickSquare(page, 'c2');
  await clickSquare(page, 'c4');
  assert.equal(await page.locator('.game-row[data-game="1"] .edited-mark').count(), 1);
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download file' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'two.pgn');
  const bytes = await readFile(await download.path(), 'utf8');
  assert.equal(bytes, first + [
    '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "B"]', '[Black "?"]', '[Result "*"]',
    '', '1. d4 d5 2. c4 *', '', '',
  ].join('\n'));
  assert.deepEqual(errors, []);
  await page.close();
});
