// Printing a game: the print dialog lays it out with its header, comments,
// variations and diagrams (after a move marked $220 and after the shown
// move); printed to PDF by Chromium, it has pages, and the page as printed
// shows only the game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openApp, openPasted, outDir, forgetSavedSession, longTasks } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const PGN = `[Event "Club <b>championship</b>"]
[White "Anna"]
[Black "Ben"]
[Result "1-0"]

{A sharp game.} 1. e4 e5 2. Nf3 Nc6 3. Bb5 $220 {The Spanish.} a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O Be7
6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 $14 1-0`;

test('the print view has the header, the comments, the variations and the diagrams asked for; the PDF has pages', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, PGN);
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('button', { name: 'Print…' }).click();
  await page.waitForSelector('.print-panel');
  const printed = page.locator('.print-panel .print-view');
  assert.equal(await printed.locator('.pv-title').innerText(), 'Anna – Ben');
  assert.match(await printed.locator('.pv-details').innerText(), /Club <b>championship<\/b>/, 'tags as text');
  const moves = await printed.locator('.pv-moves').innerText();
  assert.match(moves, /A sharp game\./);
  assert.match(moves, /3\. Bb5/);
  assert.match(moves, /\(3\.\.\. Nf6 4\. O-O\)/);
  assert.match(moves, /10\. d4 Nbd7 \+\/=/);
  // After 3. Bb5 ($220) and after the shown move, 10... Nbd7.
  assert.deepEqual(await printed.locator('.pv-diagram figcaption').allInnerTexts(), ['After 3. Bb5', 'After 10... Nbd7']);
  // Every 10 moves: after 10... Nbd7 again, drawn once.
  await page.locator('.print-every').selectOption({ index: 1 });
  assert.equal(await printed.locator('.pv-diagram').count(), 2, 'after 10... Nbd7 once');
  await page.locator('.print-panel input[type=checkbox]').uncheck();
  assert.equal(await printed.locator('.pv-diagram').count(), 2, 'still after 10... Nbd7: the tenth move');
  await page.locator('.print-every').selectOption({ index: 0 });
  assert.equal(await printed.locator('.pv-diagram').count(), 1, 'only the marked move');
  await page.locator('.print-every').selectOption({ index: 1 });
  await page.locator('.print-panel').screenshot({ path: join(outDir, 'print-dialog.png') });

  const pdf = await page.pdf({ format: 'A4' });
  await writeFile(join(outDir, 'print.pdf'), pdf);
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  console.log(`print: ${pages} page(s), ${pdf.length} bytes`);
  assert.ok(pages >= 1, `${pages} pages`);
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: join(outDir, 'print-media.png'), fullPage: true });
  assert.equal(await page.locator('.board-col').isVisible(), false, 'only the game prints');
  assert.equal(await printed.isVisible(), true);
  await page.emulateMedia({ media: 'screen' });
  assert.deepEqual(errors, []);
  await page.close();
});

/** One main line of `plies` plies: the knights going out and back. */
function knightsShuffling(plies) {
  const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const parts = ['[White "Knights"]\n[Black "Shuffling"]\n[Result "*"]\n\n'];
  for (let i = 0; i < plies; i++) {
    if (i % 2 === 0) parts.push(`${i / 2 + 1}.`);
    parts.push(cycle[i % 4]);
  }
  parts.push('*\n');
  return parts.join(' ');
}

/** One move with `n` sibling variations. */
function manySiblings(n) {
  const first = ['d4', 'c4', 'Nf3', 'g3'];
  const parts = ['[White "Many"]\n[Black "Siblings"]\n[Result "*"]\n\n1. e4'];
  for (let i = 0; i < n; i++) parts.push(`(1. ${first[i % 4]})`);
  parts.push('e5 2. Nf3 *\n');
  return parts.join(' ');
}

/** In the page: notes every progress line the print dialog shows. */
function watchPrintProgress() {
  window.printProgress = [];
  new MutationObserver(() => {
    const line = document.querySelector('.print-progress');
    // Its text as written (innerText would lay the page out at every change).
    if (line && window.printProgress.at(-1) !== line.textContent) window.printProgress.push(line.textContent);
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

const HOSTILE = [
  { name: 'knights.pgn', pgn: knightsShuffling(50_000), moves: 50_000, last: 'Ng8', parens: 0 },
  { name: 'siblings.pgn', pgn: manySiblings(20_000), moves: 3, last: '2. Nf3', parens: 20_000 },
];

test('the print preview of a game of 50,000 plies and of one of 20,000 variations is laid out in slices, with its progress', async () => {
  for (const c of HOSTILE) {
    const { page, errors } = await openApp(browser.context, browser.url);
    await forgetSavedSession(page);
    await page.setInputFiles('input.file-picker', { name: c.name, mimeType: 'application/x-chess-pgn', buffer: Buffer.from(c.pgn) });
    await page.waitForFunction((name) => document.querySelector('.file-name')?.innerText.includes(name)
      && !document.querySelector('.page[aria-busy="true"]'), c.name, { timeout: 120_000 });
    await page.evaluate(watchPrintProgress);
    await page.getByRole('button', { name: 'Export' }).click();
    const tasks = await longTasks(page);
    const started = Date.now();
    await page.getByRole('button', { name: 'Print…' }).click();
    const printed = page.locator('.print-panel .print-view');
    await page.waitForFunction((want) => document.querySelectorAll('.print-panel .pv-main').length === want, c.moves, { timeout: 120_000 });
    const ms = Date.now() - started;
    const longest = await tasks.take();
    const progress = await page.evaluate(() => window.printProgress);
    console.log(`print preview of ${c.name}: ${ms} ms, longest task ${longest.text}; progress shown: ${progress.slice(0, 3).join(' | ')}${progress.length > 3 ? ` … (${progress.length})` : ''}`);
    // (Read as text: a part far below is drawn only when scrolled to.)
    assert.equal(await printed.locator('.pv-main').last().textContent(), c.last, 'the last move is laid out');
    assert.equal(await printed.locator('.pv-paren').count(), 2 * c.parens, 'every variation');
    assert.equal(await page.locator('.print-panel .print-view .pv-main').count(), c.moves, 'the preview too');
    assert.equal(await page.locator('.print-progress').count(), 0, 'the progress line is gone');
    assert.ok(progress.some((p) => /^Laying out… \d+%$/.test(p)), `a progress line: ${JSON.stringify(progress)}`);
    // A sanity bound only: the page kept answering.
    assert.ok(longest.ms < 30_000, longest.text);
    if (c.parens === 0) await page.locator('.print-panel').screenshot({ path: join(outDir, 'print-long-game.png') });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the print dialog closed while it lays out a long game draws nothing; opened again, it lays the game out', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  await forgetSavedSession(page);
  const c = HOSTILE[0];
  await page.setInputFiles('input.file-picker', { name: c.name, mimeType: 'application/x-chess-pgn', buffer: Buffer.from(c.pgn) });
  await page.waitForFunction((name) => document.querySelector('.file-name')?.innerText.includes(name)
    && !document.querySelector('.page[aria-busy="true"]'), c.name, { timeout: 120_000 });
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('button', { name: 'Print…' }).click();
  // Closed at once, while the game is still being laid out.
  await page.keyboard.press('Escape');
  await page.waitForSelector('.print-panel', { state: 'detached' });
  // Nothing is drawn for the closed dialog.
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('.print-panel .pv-main').count(), 0, 'nothing drawn after closing');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('button', { name: 'Print…' }).click();
  await page.waitForFunction((want) => document.querySelectorAll('.print-panel .pv-main').length === want, c.moves, { timeout: 120_000 });
  assert.equal(await page.locator('.print-panel .pv-main').last().textContent(), c.last);
  assert.deepEqual(errors, []);
  await page.close();
});
