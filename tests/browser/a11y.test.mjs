// Accessibility checks with axe-core (npm) in headless Chromium: the app in
// its main states (game list, dialogs, move menu, dark theme) and the widgets
// of the demo page (inside their shadow roots). Any violation fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openApp, dropFiles, axeViolations } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const violations = axeViolations;

test('the app has no accessibility violations in its main states', async () => {
  const { page, errors } = await openApp(browser.context, browser.url);
  const found = {};
  found.sample = await violations(page);
  await dropFiles(page, [{ name: 'two.pgn', text: '[White "A"]\n\n1. e4 (1. d4 d5) e5 {good} *\n\n[White "B"]\n\n1. d4 *' }]);
  await page.waitForSelector('.game-list');
  found.list = await violations(page);
  // The explorer, the summary and the games of a position in the list.
  await page.waitForSelector('.explorer[data-done="true"] .ex-table');
  await page.getByRole('button', { name: 'Summary' }).click();
  await page.waitForSelector('.summary .sum-dup-whole');
  await page.locator('.ex-games-btn').click();
  await page.waitForSelector('.gl-subset');
  found.explorer = await violations(page);
  await page.getByRole('button', { name: 'Close the summary' }).click();
  for (const [name, button] of [['tags', 'Tags'], ['new game', 'New game'], ['export', 'Export']]) {
    await page.getByRole('button', { name: button }).click();
    await page.waitForSelector('[role=dialog]');
    found[name] = await violations(page);
    await page.keyboard.press('Escape');
  }
  await page.keyboard.press('ArrowRight');
  await page.locator('.mv.current').click({ button: 'right' });
  await page.waitForSelector('[role=menu]');
  found.menu = await violations(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('c');
  found.comment = await violations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  found.dark = await violations(page);
  // The board reached by keyboard, with its cursor and a piece picked up.
  await page.locator('.board-col .board').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  found.keyboardBoard = await violations(page);
  for (const [state, list] of Object.entries(found)) assert.deepEqual(list, [], state);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the widgets of the demo page have no accessibility violations', async () => {
  const page = await browser.context.newPage();
  await page.goto(browser.url + 'widget/demo.html');
  await page.waitForFunction(() => [...document.querySelectorAll('movetext-viewer')].every((el) => el.shadowRoot?.querySelector('.board[data-fen]')));
  const found = await violations(page, { include: [['movetext-viewer']] });
  assert.deepEqual(found, []);
  await page.close();
});
