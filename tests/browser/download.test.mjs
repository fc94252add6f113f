// Browser tests of what the app fetches after its module: the table of
// opening names once the first board is drawn, and the words of a language
// other than English when that language is shown. Neither is needed for the
// first board, and the page works without them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';

import { startBrowser, emptyStore, collectErrors, openingNames, pastePgn, drawn, outDir, pastedShown } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * Opens the app at `path` with an empty store, `routes` ({ pattern: handler })
 * set first; gives the page, its errors and the paths it asked for, in order.
 */
async function open(path, routes = {}) {
  const page = await browser.context.newPage();
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204, body: '' }));
  await page.goto(browser.url + 'store.js');
  assert.ok(await emptyStore(page));
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  for (const [pattern, handler] of Object.entries(routes)) await page.route(pattern, handler);
  const errors = collectErrors(page);
  await page.goto(browser.url + path);
  await page.waitForSelector('.board[data-fen]', { timeout: 30_000 });
  return { page, errors, asked };
}

const RUY = '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n';

test('in English no words are fetched, and the opening names come after the module', async () => {
  const { page, errors, asked } = await open('');
  await openingNames(page);
  assert.ok(!asked.some((p) => p.includes('/words/')), asked.join(' '));
  const module = asked.findIndex((p) => p.endsWith('_bg.wasm'));
  const table = asked.findIndex((p) => p.endsWith('/openings.bin'));
  assert.ok(module >= 0 && table > module, `the table is asked for after the module: ${asked.join(' ')}`);
  await pastePgn(page, RUY);
  await pastedShown(page);
  await page.keyboard.press('End');
  await drawn(page);
  assert.equal(await page.locator('.opening-name').getAttribute('data-eco'), 'C60');
  assert.deepEqual(errors, []);
  await page.close();
});

test('German words are fetched before the page is drawn, so it never shows English', async () => {
  const { page, errors, asked } = await open('?lang=de');
  assert.deepEqual(asked.filter((p) => p.includes('/words/')).map((p) => p.replace(/.*\/words\//, '')), ['de.ftl']);
  // The first drawing is already German.
  assert.equal(await page.locator('.language-choice').getAttribute('aria-label'), 'Sprache');
  // Choosing French fetches French, once.
  await page.locator('.language-choice').selectOption('fr');
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  assert.equal(await page.locator('.language-choice').getAttribute('aria-label'), 'Langue');
  await page.locator('.language-choice').selectOption('de');
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  assert.deepEqual(asked.filter((p) => p.includes('/words/')).map((p) => p.replace(/.*\/words\//, '')), ['de.ftl', 'fr.ftl']);
  await page.screenshot({ path: join(outDir, 'download-german.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('without its words or the names table the page still works, in English and without names', async () => {
  const refuse = (route) => route.fulfill({ status: 503, body: 'unavailable' });
  const { page, asked } = await open('?lang=de', { '**/words/*.ftl': refuse, '**/openings.bin': refuse });
  await page.waitForSelector('html[data-openings]', { state: 'attached' });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.openings), 'none');
  assert.ok(asked.some((p) => p.endsWith('/words/de.ftl')));
  // English stands in for the missing words.
  assert.equal(await page.locator('.language-choice').getAttribute('aria-label'), 'Language');
  await pastePgn(page, RUY);
  await pastedShown(page);
  await page.keyboard.press('End');
  await drawn(page);
  assert.equal(await page.locator('.opening-name').getAttribute('data-eco'), '');
  assert.match(await page.locator('.board').getAttribute('data-fen'), /^r1bqkbnr\/pppp1ppp\/2n5\/1B2p3/);
  await page.close();
});
