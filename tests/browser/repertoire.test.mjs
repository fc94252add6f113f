// Repertoire training: a repertoire of three lines for White, trained with
// a right answer (by keyboard) and a wrong one (by mouse), the dashboard's
// counts after each; the progress kept over a reload and over an edit of
// the repertoire (a variation added: its card is new, the others keep
// theirs); cards due once the page's clock has moved on a day, a lapse and
// the lines missed most; the progress exported as JSON and imported into
// an empty store; a bad file refused with a message; a failed write said
// without losing the document; axe-core on the panel; screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import {
  startBrowser, emptyStore, forgetSavedSession, pastePgn, collectErrors, boardFen, squareCentre, outDir,
  axeViolations, savedSession, pastedShown,
} from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

// Three lines: 1... e5, 1... c5 and 1... e6. White's cards: the start, and
// after 1. e4 e5, 2... Nc6, 1... c5, 2... d6, 1... e6, 2... d5 (seven).
const PGN = '[White "Repertoire"]\n[Black "Three lines"]\n\n'
  + '1. e4 e5 (1... c5 2. Nf3 d6 3. d4) (1... e6 2. d4 d5 3. Nc3) 2. Nf3 Nc6 3. Bb5 *';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_NC6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
const DAY = 86_400_000;
const T0 = new Date('2026-03-02T12:00:00').getTime();

/** The app on the repertoire pasted, with the page's clock installed at T0 before it loads. */
async function openRepertoire({ pgn = PGN, empty = true } = {}) {
  const page = await browser.context.newPage();
  await page.clock.install({ time: T0 });
  // Playwright's timers are numbered from 10^12, more than the page's timer
  // handles hold (32 bits in web-sys): a timer cancelled by the page would
  // still run. The page keeps the browser's own timers; its clock (Date)
  // is Playwright's.
  await page.addInitScript(() => {
    const real = globalThis.__pwClock?.builtins;
    if (!real) return;
    for (const name of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame',
      'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'performance']) {
      if (real[name]) globalThis[name] = real[name];
    }
  });
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204, body: '' }));
  await page.goto(browser.url + 'store.js');
  if (empty && !await emptyStore(page)) throw new Error('the store could not be emptied');
  const errors = collectErrors(page);
  await page.goto(browser.url);
  await page.waitForSelector('.board[data-fen]', { timeout: 30_000 });
  if (empty) {
    await forgetSavedSession(page);
    await pastePgn(page, pgn);
    await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('Pasted')
      && !document.querySelector('.page[aria-busy="true"]'));
  }
  return { page, errors };
}

/** Opens the panel (if closed) and waits for its dashboard. */
async function openPanel(page) {
  if (await page.locator('.repertoire.on').count() === 0) await page.locator('.repertoire-open').click();
  await page.waitForSelector('.repertoire-dashboard');
}

/** The dashboard's counts. */
const counts = (page) => page.evaluate(() => {
  const d = document.querySelector('.repertoire-dashboard').dataset;
  const forecast = [...document.querySelectorAll('.repertoire-forecast li')].map((li) => Number(li.dataset.count));
  return { cards: +d.cards, due: +d.due, new: +d.new, learned: +d.learned, lapses: +d.lapses, forecast };
});

/** Waits for the dashboard to show `cards` cards and returns its counts. */
async function countsOf(page, cards) {
  await page.waitForFunction((n) => document.querySelector('.repertoire-dashboard')?.dataset.cards === String(n), cards);
  return counts(page);
}

async function click(page, from, to) {
  for (const square of [from, to]) {
    const p = await squareCentre(page, square);
    await page.mouse.click(p.x, p.y);
  }
}

const waitFen = (page, fen) => page.waitForFunction((f) => document.querySelector('.board-col .board')?.dataset.fen === f, fen, { timeout: 5_000 });
const feedback = (page) => page.locator('.repertoire-feedback').innerText();
const waitFeedback = (page, text) => page.waitForFunction((t) => document.querySelector('.repertoire-feedback')?.innerText === t, text, { timeout: 5_000 });

/** Sets the page's clock `days` days after T0 and draws the dashboard again (closed and opened). */
async function daysLater(page, days) {
  await page.clock.setSystemTime(T0 + days * DAY);
  await page.locator('.repertoire-open').click();
  await page.locator('.repertoire-open').click();
  await page.waitForSelector('.repertoire-dashboard');
}

test('a repertoire of three lines: a right and a wrong answer, kept over a reload and an edit, due days later', async () => {
  const { page, errors } = await openRepertoire();
  await openPanel(page);
  assert.deepEqual(await countsOf(page, 7), { cards: 7, due: 0, new: 7, learned: 0, lapses: 0, forecast: [0, 0, 0, 0, 0, 0, 0] });
  assert.equal(await page.locator('.repertoire-limit').inputValue(), '20', 'twenty new cards a day by default');
  assert.deepEqual(await axeViolations(page, '.repertoire'), [], 'the dashboard');
  await page.locator('.repertoire').screenshot({ path: join(outDir, 'repertoire-dashboard-empty.png') });

  await page.locator('.repertoire-start').click();
  await page.waitForSelector('.repertoire-drill');
  await waitFen(page, START);
  assert.equal(await page.locator('.move-list').count(), 0, 'the repertoire\'s moves are hidden');
  assert.match(await feedback(page), /Your move as White/);
  // The right answer by keyboard: the board's cursor, e2 to e4.
  await page.locator('.board-col .board').focus();
  for (const key of ['ArrowUp', 'Enter', 'ArrowUp', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
  // Black's reply comes at once: the next card is asked.
  await waitFen(page, AFTER_E5);
  assert.equal(await feedback(page), 'Right: e4');
  assert.equal(await page.locator('.repertoire-feedback').getAttribute('aria-live'), 'polite');
  let c = await counts(page);
  assert.deepEqual([c.new, c.learned, c.due, c.forecast[1]], [6, 1, 0, 1], 'the first card learnt, due tomorrow');
  // A hint, then a wrong answer: the right move is shown and played.
  await page.locator('.repertoire-hint').click();
  await waitFeedback(page, 'Hint: the piece on g1 moves.');
  await click(page, 'd2', 'd4');
  await waitFen(page, AFTER_NC6);
  assert.equal(await feedback(page), 'd4 is not your repertoire\'s move here: it is Nf3. This position comes back tomorrow.');
  assert.equal(await page.locator('.repertoire-moves').innerText(), '1. e4 e5 2. Nf3 Nc6');
  assert.equal(await page.locator('.repertoire-score').innerText(), '1 right, 1 wrong');
  c = await counts(page);
  // The card answered wrong is not learnt (and, never learnt, no lapse);
  // both cards are due tomorrow.
  assert.deepEqual([c.new, c.learned, c.due, c.lapses, c.forecast[1]], [5, 1, 0, 0, 2]);
  assert.deepEqual(await axeViolations(page, '.repertoire'), [], 'while training');
  // The game behind the drill can be neither edited nor analysed meanwhile.
  assert.equal(await page.locator('.board-col .edit-bar').count(), 0, 'no edit bar while drilling');
  assert.equal(await page.getByRole('button', { name: 'Analysis', exact: true }).count(), 0, 'no analysis panel while drilling');
  await page.screenshot({ path: join(outDir, 'repertoire-training.png'), fullPage: true });
  await page.locator('.repertoire-stop').click();
  await page.waitForSelector('.move-list');
  assert.equal(await page.locator('.move-list .mv').count(), 13, 'the repertoire is as it was: no edit');

  // Over a reload.
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  await pastedShown(page);
  await openPanel(page);
  c = await countsOf(page, 7);
  assert.deepEqual([c.new, c.learned, c.due, c.forecast[1]], [5, 1, 0, 2], 'the progress is kept over a reload');

  // An edit of the repertoire: 2... d6 3. d4 added after 2. Nf3: one new card.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await waitFen(page, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  await click(page, 'd7', 'd6');
  await page.waitForFunction(() => document.querySelector('.board-col .board')?.dataset.fen.startsWith('rnbqkbnr/ppp2ppp/3p4/4p3'));
  await click(page, 'd2', 'd4');
  c = await countsOf(page, 8);
  assert.deepEqual([c.new, c.learned, c.due, c.forecast[1]], [6, 1, 0, 2], 'the new card is new, the old progress kept');

  // A day later both cards answered are due; the due ones come first.
  await daysLater(page, 1);
  c = await countsOf(page, 8);
  assert.deepEqual([c.due, c.new, c.forecast[0]], [2, 6, 2], 'due a day later');
  await page.locator('.repertoire-start').click();
  await waitFen(page, START);
  // The start card, learnt, answered wrong: a lapse.
  await click(page, 'd2', 'd4');
  await waitFen(page, AFTER_E5);
  assert.match(await feedback(page), /^d4 is not your repertoire's move here: it is e4\./);
  await click(page, 'g1', 'f3');
  await waitFeedback(page, 'Right: Nf3');
  c = await counts(page);
  assert.deepEqual([c.due, c.lapses, c.learned], [0, 1, 1]);
  await page.locator('.repertoire-stop').click();
  const missed = await page.locator('.repertoire-missed li').allInnerTexts();
  assert.deepEqual(missed, ['The start position (your move: e4) 1 miss', '1. e4 e5 (your move: Nf3) 1 miss']);
  await page.locator('.repertoire').screenshot({ path: join(outDir, 'repertoire-dashboard.png') });

  // Eight days on: both are due again (a day's interval each).
  await daysLater(page, 8);
  c = await counts(page);
  assert.deepEqual([c.due, c.forecast[0]], [2, 2]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('progress exported as JSON and imported into an empty store; a bad file refused', async () => {
  const { page, errors } = await openRepertoire();
  await openPanel(page);
  await countsOf(page, 7);
  await page.locator('.repertoire-start').click();
  await waitFen(page, START);
  await click(page, 'e2', 'e4');
  await waitFen(page, AFTER_E5);
  await click(page, 'b1', 'c3');
  await waitFen(page, AFTER_NC6);
  await page.locator('.repertoire-stop').click();
  const before = await counts(page);
  assert.deepEqual([before.new, before.learned], [5, 1]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.repertoire-export').click()]);
  assert.equal(download.suggestedFilename(), 'repertoire-progress.json');
  const text = await readFile(await download.path(), 'utf8');
  const json = JSON.parse(text);
  assert.equal(json.format, 'movetext-repertoire-progress');
  assert.equal(json.version, 1);
  const keys = Object.keys(json.cards);
  assert.equal(keys.length, 2);
  assert.ok(keys.every((k) => /^\d+$/.test(k)), `keys are decimal strings: ${keys}`);
  await page.close();

  // An empty store: the same repertoire pasted again has no progress.
  const fresh = await openRepertoire();
  await openPanel(fresh.page);
  assert.equal((await countsOf(fresh.page, 7)).new, 7);
  const empty = await counts(fresh.page);
  // A bad file: refused with a message, nothing changed.
  for (const [name, body, said] of [
    ['bad.json', '{ "format": "movetext-repertoire-progress", "version": 1, "cards": ', /is not JSON/],
    ['other.json', '{ "cards": {} }', /is not a Movetext repertoire progress file/],
  ]) {
    await fresh.page.locator('.repertoire-import-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
    await fresh.page.waitForFunction((re) => new RegExp(re).test(document.querySelector('.repertoire-note.error')?.innerText ?? ''), said.source);
    assert.match(await fresh.page.locator('.repertoire-note').innerText(), /nothing was changed/);
    assert.equal(await fresh.page.locator('.repertoire-note').getAttribute('role'), 'alert');
    assert.deepEqual(await counts(fresh.page), empty, 'nothing changed');
  }
  await fresh.page.locator('.repertoire').screenshot({ path: join(outDir, 'repertoire-bad-file.png') });
  await fresh.page.locator('.repertoire-import-file').setInputFiles({ name: 'p.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await fresh.page.waitForFunction(() => /Progress imported: 2 cards/.test(document.querySelector('.repertoire-note')?.innerText ?? ''));
  assert.deepEqual(await counts(fresh.page), before, 'the counts come back');
  // The import is stored: kept over a reload.
  await fresh.page.waitForTimeout(300);
  await fresh.page.reload();
  await pastedShown(fresh.page);
  await openPanel(fresh.page);
  await countsOf(fresh.page, 7);
  assert.deepEqual(await counts(fresh.page), before, 'the imported progress is kept');
  assert.deepEqual(errors, []);
  assert.deepEqual(fresh.errors, []);
  await fresh.page.close();
});

test('a progress write that fails is said, and the document is kept', async () => {
  const { page, errors } = await openRepertoire();
  await openPanel(page);
  await countsOf(page, 7);
  await page.evaluate(() => {
    window.movetextStore.putProgress = () => Promise.reject(new DOMException('the quota is used up', 'QuotaExceededError'));
  });
  await page.locator('.repertoire-start').click();
  await waitFen(page, START);
  await click(page, 'e2', 'e4');
  await page.waitForSelector('.repertoire-note.error');
  assert.match(await page.locator('.repertoire-note').innerText(),
    /could not be kept in this browser \(QuotaExceededError: the quota is used up\)\. Your document is safe/);
  const saved = await savedSession(page);
  assert.ok(saved.file, 'the document is still stored');
  assert.deepEqual(errors, []);
  await page.close();
});

test('with the analysis on, a wrong answer is weighed by the engine against the repertoire\'s move', async () => {
  const { page, errors } = await openRepertoire({ pgn: '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0' });
  await page.getByRole('button', { name: 'Analysis' }).click();
  await openPanel(page);
  await countsOf(page, 4);
  await page.locator('.repertoire-start').click();
  await waitFen(page, START);
  await click(page, 'a2', 'a3');
  await page.waitForFunction(() => /compared with the repertoire's move/.test(document.querySelector('.repertoire-engine')?.innerText ?? ''), null, {
    timeout: 120_000,
    polling: 200,
  });
  const note = await page.locator('.repertoire-engine').innerText();
  assert.match(note, /^Your move: [+\u2212]?\d+\.\d\d compared with the repertoire's move \(engine\)$/);
  await page.locator('.repertoire').screenshot({ path: join(outDir, 'repertoire-engine.png') });
  // The right answer: the note goes.
  await click(page, 'd1', 'h5');
  await page.waitForFunction(() => document.querySelector('.repertoire-feedback')?.innerText === 'Right: Qh5');
  assert.equal(await page.locator('.repertoire-engine').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('all games of the file, either side; the panel in Russian at a phone\'s width', async () => {
  const { page, errors } = await openRepertoire({ pgn: '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 *\n\n[White "C"]\n[Black "D"]\n\n1. d4 d5 2. c4 *' });
  await openPanel(page);
  // This game as White: the start (e4) and after 1... e5 (Nf3).
  assert.equal((await countsOf(page, 2)).new, 2);
  // All games: the start is one card (e4 and d4), and after 1... d5 (c4).
  await page.locator('.repertoire-games').selectOption('all');
  assert.equal((await countsOf(page, 3)).new, 3);
  // As Black: after 1. e4 (e5) and after 1. d4 (d5).
  await page.locator('.repertoire-side').selectOption('black');
  await countsOf(page, 2);
  await page.locator('.repertoire-start').click();
  // White's first move is played for Black: the board turns to Black's side.
  await page.waitForFunction(() => document.querySelector('.board-col .board')?.dataset.fen.includes(' b '));
  assert.match(await feedback(page), /Your move as Black/);
  await page.locator('.repertoire-stop').click();
  // The panel in Russian, 390 px wide: nothing cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.waitForFunction(() => document.querySelector('.repertoire-open')?.innerText === 'Репертуар');
  assert.equal(await page.locator('.repertoire-day').first().innerText(), 'Сегодня');
  const clipped = await page.evaluate(() => [...document.querySelectorAll('.repertoire *')]
    .filter((e) => e.children.length === 0 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible')
    .map((e) => e.className));
  assert.deepEqual(clipped, []);
  const box = await page.locator('.repertoire').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the panel fits the width: ${JSON.stringify(box)}`);
  assert.deepEqual(await axeViolations(page, '.repertoire'), []);
  await page.locator('.repertoire').screenshot({ path: join(outDir, 'repertoire-ru-phone.png') });
  assert.deepEqual(errors, []);
  await page.close();
});
