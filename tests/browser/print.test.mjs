// Printing a game: the print dialog lays it out with its header, comments,
// variations and diagrams (after a move marked $220 and after the shown
// move); printed to PDF by Chromium, it has pages, and the page as printed
// shows only the game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openPasted, outDir } from './harness.mjs';

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
  const printed = page.locator('#print-root .print-view');
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
