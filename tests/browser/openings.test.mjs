// Browser tests of the opening names and the material difference: the name
// shown as a game is stepped (a known line, and a transposition into it),
// the pieces taken and the lead beside the players, and the export's option
// that fills the ECO and Opening tags. The expected names are read from the
// opening data itself (skipped when it is not beside the checkout).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawn, startBrowser, openApp, openPasted, outDir, repoRoot, openingNames } from './harness.mjs';

const dataDir = process.env.MOVETEXT_OPENINGS_DIR ?? join(repoRoot, '..', 'shared', 'data', 'openings');
const files = ['a', 'b', 'c', 'd', 'e'].map((f) => join(dataDir, `${f}.tsv`));
const haveData = files.every((f) => existsSync(f));
const skip = haveData ? false : `no opening data in ${dataDir}`;

/** The data's line of these moves: { eco, name }. */
function line(moves) {
  for (const f of files) {
    for (const row of readFileSync(f, 'utf8').split('\n')) {
      const [eco, name, pgn] = row.split('\t');
      if (pgn === moves) return { eco, name };
    }
  }
  throw new Error(`no line ${moves}`);
}

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

/** The opening shown: { eco, name } ('' for both when none). */
async function shown(page) {
  await openingNames(page);
  const el = page.locator('.opening-name');
  const text = el.locator('.opening-text');
  return { eco: await el.getAttribute('data-eco'), name: (await text.count()) ? await text.innerText() : '' };
}

async function step(page, key, times) {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
  await drawn(page);
}

test('the opening of a known line is shown as it is stepped', { skip }, async () => {
  const ruy = line('1. e4 e5 2. Nf3 Nc6 3. Bb5');
  const morphy = line('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6');
  const { page, errors } = await openPasted(browser.context, browser.url, '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h4 *\n');
  await page.keyboard.press('Home');
  assert.deepEqual(await shown(page), { eco: '', name: '' });
  await step(page, 'ArrowRight', 5);
  assert.deepEqual(await shown(page), ruy);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await shown(page), morphy);
  // 4. h4 reaches no named position: the line keeps the name of 3... a6.
  await page.keyboard.press('End');
  assert.deepEqual(await shown(page), morphy);
  assert.equal(await page.locator('.opening-name .opening-eco').innerText(), morphy.eco);
  await page.screenshot({ path: join(outDir, 'openings-ruy-lopez.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a transposition is named as the line it reaches', { skip }, async () => {
  const qgd = line('1. d4 d5 2. c4 e6');
  const ruy = line('1. e4 e5 2. Nf3 Nc6 3. Bb5');
  const { page, errors } = await openPasted(browser.context, browser.url, '1. c4 e6 2. d4 d5 *\n');
  // (Read once the step is drawn: its code and its name are read apart.)
  await step(page, 'End', 1);
  assert.deepEqual(await shown(page), qgd);
  await page.close();
  const other = await openPasted(browser.context, browser.url, '1. Nf3 Nc6 2. e4 e5 3. Bb5 *\n');
  await step(other.page, 'End', 1);
  assert.deepEqual(await shown(other.page), ruy);
  assert.deepEqual([...errors, ...other.errors], []);
  await other.page.close();
});

test('the material difference is shown beside the player ahead after a capture', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, '[White "A"]\n[Black "B"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 *\n');
  const white = page.locator('.player-bar.player-white .player-material');
  const black = page.locator('.player-bar.player-black .player-material');
  await page.keyboard.press('Home');
  assert.equal(await white.getAttribute('data-material'), '');
  await step(page, 'ArrowRight', 3);
  assert.equal(await white.getAttribute('data-material'), '+1');
  assert.equal(await white.getAttribute('data-captured'), 'p');
  assert.equal(await white.locator('svg.taken-piece').count(), 1);
  assert.equal(await white.getAttribute('aria-label'), 'taken: pawn; +1');
  assert.equal(await black.getAttribute('data-material'), '');
  assert.equal(await black.getAttribute('data-captured'), '');
  assert.match(await white.innerText(), /\+1/);
  const box = await white.locator('svg.taken-piece').boundingBox();
  assert.ok(box && box.width > 10, 'the taken pawn is drawn');
  await page.screenshot({ path: join(outDir, 'openings-material.png') });
  // 2... Qxd5 takes it back: level again.
  await step(page, 'ArrowRight', 1);
  assert.equal(await white.getAttribute('data-material'), '');
  assert.equal(await white.getAttribute('data-captured'), '');
  assert.equal(await black.getAttribute('data-material'), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('pieces taken by both sides, in the dark theme', async () => {
  // The sample's end: White has two pawns more, Black a queen and a knight.
  const { page, errors } = await openApp(browser.context, browser.url);
  await page.keyboard.press('End');
  const white = page.locator('.player-bar.player-white .player-material');
  const black = page.locator('.player-bar.player-black .player-material');
  assert.deepEqual([await white.getAttribute('data-captured'), await white.getAttribute('data-material')], ['pp', '']);
  assert.deepEqual([await black.getAttribute('data-captured'), await black.getAttribute('data-material')], ['qn', '+10']);
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.screenshot({ path: join(outDir, 'openings-material-dark.png') });
  await page.getByRole('button', { name: 'Dark theme' }).click();
  assert.deepEqual(errors, []);
  await page.close();
});

test('the export fills the ECO and Opening tags when asked', { skip }, async () => {
  const morphy = line('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6');
  const { page, errors } = await openPasted(browser.context, browser.url, '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h4 *\n');
  await openingNames(page);
  await page.getByRole('button', { name: 'Export' }).click();
  const text = page.getByRole('textbox', { name: 'PGN of the game' });
  assert.ok(!(await text.inputValue()).includes('[ECO '));
  await page.getByRole('checkbox', { name: 'Fill ECO and Opening tags' }).check();
  const filled = await text.inputValue();
  assert.ok(filled.includes(`[ECO "${morphy.eco}"]\n[Opening "${morphy.name}"]\n`), filled);
  await page.getByRole('checkbox', { name: 'Fill ECO and Opening tags' }).uncheck();
  assert.ok(!(await text.inputValue()).includes('[ECO '));
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, []);
  await page.close();
});
