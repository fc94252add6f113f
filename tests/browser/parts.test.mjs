// Browser tests of the dialogs' part: the dialogs' code is a part of the
// app's module of its own (scripts/app-module.sh), fetched once the app
// has drawn. The app does not wait for it; a dialog opened before it has
// come says it is opening and then opens; one that cannot be fetched says
// so and can be tried again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, collectErrors, boardFen, outDir } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const PART = '**/split_dialogs.wasm';

/** Opens the app with the part's answer in `hold`'s hands. */
async function openHolding(hold) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204, body: '' }));
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.route(PART, hold);
  const errors = collectErrors(page);
  await page.goto(browser.url);
  await page.waitForSelector('.board[data-fen]', { timeout: 30_000 });
  return { page, errors, asked };
}

test('the app draws and steps without the dialogs\' part; a dialog asked for meanwhile opens once it comes', async () => {
  let release;
  const held = new Promise((ok) => { release = ok; });
  const { page, errors, asked } = await openHolding(async (route) => {
    await held;
    await route.continue();
  });
  // The part is asked for, after the module, and not waited for.
  const before = await boardFen(page);
  await page.keyboard.press('End');
  await page.waitForFunction((fen) => document.querySelector('.board-col .board')?.dataset.fen !== fen, before);
  assert.notEqual(await boardFen(page), before, 'the app steps while the part is held');
  const module = asked.findIndex((p) => p.endsWith('/movetext-app_bg.wasm'));
  const part = asked.findIndex((p) => p.endsWith('/split_dialogs.wasm'));
  assert.ok(module >= 0 && part > module, `the part is asked for after the module: ${asked.join(' ')}`);

  await page.getByRole('button', { name: 'Tags' }).click();
  const opening = page.getByRole('dialog', { name: 'Opening…' });
  await opening.waitFor();
  assert.equal(await opening.getAttribute('aria-busy'), 'true');
  assert.equal(await page.getByRole('textbox', { name: 'White' }).count(), 0, 'no tags before the part');
  await page.screenshot({ path: join(outDir, 'part-opening-1280x800.png') });
  release();
  await page.getByRole('textbox', { name: 'White' }).waitFor({ timeout: 10_000 });
  assert.equal(await opening.count(), 0, 'the waiting box gives way to the dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.deepEqual(errors, []);
  await page.close();
});

test('a part that cannot be fetched is said in the dialog, which can try again', async () => {
  let fail = true;
  const { page, errors } = await openHolding((route) => (fail ? route.abort('internetdisconnected') : route.continue()));
  await page.getByRole('button', { name: 'Export' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'could not be fetched' });
  await alert.waitFor({ timeout: 10_000 });
  await page.screenshot({ path: join(outDir, 'part-failed-1280x800.png') });
  // Closed with Escape, and opened again: still failed, nothing else broken.
  await page.keyboard.press('Escape');
  assert.equal(await alert.count(), 0);
  await page.getByRole('button', { name: 'Export' }).click();
  await alert.waitFor();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('dialog', { name: /Export/ }).waitFor({ timeout: 10_000 });
  // The failed fetch was written to the console by the part's loader; nothing else.
  assert.ok(errors.every((e) => /split_dialogs|Failed to fetch|ERR_INTERNET_DISCONNECTED|TypeError: Failed/.test(e)), errors.join('\n'));
  await page.close();
});
