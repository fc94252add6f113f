// Browser tests of the app's languages: English by default, German and
// Russian from `?lang=`, the choice kept over a reload and changed live by
// the selector in the top bar; translated labels, no clipped text in the
// bars, no accessibility violations, and screenshots
// (out/app-de.png, out/app-ru.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, openApp, dropFiles, outDir, axeViolations } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const TWO_GAMES = '[White "Anna"]\n[Black "Ben"]\n[Result "1-0"]\n\n1. e4 (1. d4 d5) e5 {gut} 2. Nf3 1-0\n\n'
  + '[White "Clara"]\n[Black "Dmitri"]\n[Result "1/2-1/2"]\n\n1. d4 Nf6 2. c4 e6 1/2-1/2';

const violations = (page) => axeViolations(page);

/** Buttons and selects of the bars whose text does not fit in them. */
function clipped(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.topbar .btn, .topbar select, .edit-bar .btn, .moves-layout .btn, .training .btn, .gl-sort, .gl-head > span')]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth)
      .map((el) => `${el.className}: ${el.textContent.trim()} (${el.scrollWidth} > ${el.clientWidth})`));
}

const lang = (page) => page.evaluate(() => document.documentElement.lang);

test('the app is in English without a choice, as the browser is', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  assert.equal(await lang(page), 'en');
  await page.getByRole('button', { name: 'Open', exact: true }).waitFor();
  await page.getByRole('toolbar', { name: 'Editing' }).waitFor();
  assert.equal(await page.locator('.language-choice').inputValue(), 'en');
  assert.deepEqual(errors, []);
  await page.close();
});

test('German from the address: labels, dialogs and panels, kept over a reload', async () => {
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?lang=de' });
  assert.equal(await lang(page), 'de');
  // The top bar, the edit bar and the board's controls (the widget's words).
  await page.getByRole('button', { name: 'Öffnen', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Einfügen', exact: true }).waitFor();
  await page.getByRole('combobox', { name: 'Zugnotation' }).waitFor();
  await page.getByRole('toolbar', { name: 'Bearbeiten' }).getByRole('button', { name: 'Rückgängig' }).waitFor();
  await page.getByRole('button', { name: 'Erster Zug' }).waitFor();
  await page.getByRole('button', { name: 'Brett drehen' }).waitFor();
  // A dialog's title.
  await page.getByRole('button', { name: 'Tags', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Tags der Partie' });
  await dialog.waitFor();
  assert.equal(await dialog.locator('h2').innerText(), 'Tags der Partie');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  // A file of two games: the game list and the explorer's summary heading.
  await dropFiles(page, [{ name: 'zwei.pgn', text: TWO_GAMES }]);
  await page.getByRole('region', { name: 'Partien der Datei' }).waitFor();
  assert.match(await page.locator('.gl-count').innerText(), /^2 Partien$/);
  await page.waitForSelector('.explorer[data-done="true"] .ex-table');
  await page.getByRole('button', { name: 'Übersicht' }).click();
  assert.equal(await page.locator('.summary h2').innerText(), 'Übersicht');
  await page.screenshot({ path: join(outDir, 'app-de.png'), fullPage: true });
  assert.deepEqual(await clipped(page), []);
  assert.deepEqual(await violations(page), []);
  // The address keeps the language over a reload.
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  assert.equal(await lang(page), 'de');
  await page.getByRole('button', { name: 'Öffnen', exact: true }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('Russian from the selector, live, and kept for the next visit', async () => {
  const { page, errors } = await openApp(browser.context, browser.url, { path: '?lang=de' });
  await page.getByRole('button', { name: 'Öffnen', exact: true }).waitFor();
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('ru');
  // Without a new page: the words change at once.
  await page.getByRole('button', { name: 'Открыть', exact: true }).waitFor();
  assert.equal(await lang(page), 'ru');
  assert.doesNotMatch(page.url(), /lang=/);
  await page.getByRole('combobox', { name: 'Язык' }).waitFor();
  await page.getByRole('toolbar', { name: 'Правка' }).getByRole('button', { name: 'Новая партия' }).waitFor();
  await page.getByRole('button', { name: 'Перевернуть доску' }).waitFor();
  await page.getByRole('button', { name: 'Новая партия' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая партия' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Пустая доска' }).waitFor();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  // Kept: a reload, then the app opened again without an address choice.
  await page.reload();
  await page.waitForSelector('.board[data-fen]');
  assert.equal(await lang(page), 'ru');
  await page.close();
  const again = await openApp(browser.context, browser.url);
  const p = again.page;
  assert.equal(await lang(p), 'ru');
  await dropFiles(p, [{ name: 'две.pgn', text: TWO_GAMES }]);
  await p.getByRole('region', { name: 'Партии файла' }).waitFor();
  assert.match(await p.locator('.gl-count').innerText(), /^2 партии$/);
  await p.waitForSelector('.explorer[data-done="true"] .ex-table');
  await p.getByRole('button', { name: 'Сводка' }).click();
  assert.equal(await p.locator('.summary h2').innerText(), 'Сводка');
  await p.screenshot({ path: join(outDir, 'app-ru.png'), fullPage: true });
  assert.deepEqual(await clipped(p), []);
  assert.deepEqual(await violations(p), []);
  // A narrow screen: the bars still fit.
  await p.setViewportSize({ width: 390, height: 800 });
  await p.screenshot({ path: join(outDir, 'app-ru-narrow.png'), fullPage: true });
  assert.deepEqual(await clipped(p), []);
  // Back to English for good.
  await p.getByRole('combobox', { name: 'Язык' }).selectOption('en');
  await p.getByRole('button', { name: 'Open', exact: true }).waitFor();
  assert.equal(await lang(p), 'en');
  assert.deepEqual(errors, []);
  assert.deepEqual(again.errors, []);
  await p.close();
});
