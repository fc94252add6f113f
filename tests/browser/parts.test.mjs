// Browser tests of the parts of the app's module (scripts/app-module.sh):
// the dialogs' code, fetched once the app has drawn, and the Zstandard
// decoder, fetched when a first such file is opened. The app does not wait
// for them; a dialog opened before its part has come says it is opening
// and then opens; one that cannot be fetched says so and can be tried
// again; a Zstandard file whose decoder cannot be fetched is said, and the
// file shown stays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startBrowser, collectErrors, boardFen, outDir, dropFiles, numberedGames } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const PART = '**/split_dialogs.wasm';

/** Opens the app with the part's answer in `hold`'s hands. */
async function openHolding(hold, part = PART) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204, body: '' }));
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.route(part, hold);
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

test('a Zstandard file whose decoder cannot be fetched is said, the file shown stays, and it opens once it can', async () => {
  let fail = true;
  const { page, errors, asked } = await openHolding((route) => (fail ? route.abort('internetdisconnected') : route.continue()), '**/split_zstd.wasm');
  assert.ok(!asked.some((p) => p.endsWith('/split_zstd.wasm')), 'the decoder is not fetched before a file needs it');
  const before = await page.locator('.file-name').innerText();
  const zst = execFileSync('zstd', ['-q', '-c', '-3'], { input: Buffer.from(numberedGames(12, 'Zst')) });
  await dropFiles(page, [{ name: 'part.pgn.zst', bytes: [...zst] }]);
  await page.waitForSelector('.notice-error', { timeout: 10_000 });
  assert.match(await page.locator('.notice-error span').first().innerText(), /^part\.pgn\.zst could not be read: its decoder could not be fetched/);
  assert.equal(await page.locator('.file-name').innerText(), before, 'the file shown stays');
  await page.locator('.notice-error button').click();
  fail = false;
  await dropFiles(page, [{ name: 'part.pgn.zst', bytes: [...zst] }]);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText === 'part.pgn.zst · game 1 of 12', null, { timeout: 30_000 });
  assert.ok(errors.every((e) => /split_zstd|Failed to fetch|ERR_INTERNET_DISCONNECTED|TypeError: Failed/.test(e)), errors.join('\n'));
  await page.close();
});
