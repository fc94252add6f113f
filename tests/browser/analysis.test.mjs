// Browser tests of analysis: Stockfish in a Web Worker, loaded only when
// analysis is turned on. The mate is checked by playing the engine's move on
// the board: the core then writes the move with `#` only if it mates.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, openApp, forgetSavedSession, pastePgn, boardFen, outDir, squareCentre } from './harness.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MATE_IN_ONE = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const engineRequest = (url) => /\/engine\//.test(new URL(url).pathname);

/** The depth the analysis panel shows (0 before the first line). */
async function depth(page) {
  return Number(await page.getAttribute('.analysis-depth', 'data-depth'));
}

test('analysis reaches depth 12 on the start position; its first move mates in a mate in one', async () => {
  const requests = [];
  browser.context.on('request', (r) => requests.push(r.url()));
  const { page, errors } = await openApp(browser.context, browser.url);
  await forgetSavedSession(page);
  await page.keyboard.press('Home');
  assert.equal(await boardFen(page), START);
  // The first board does not wait for the engine: nothing of it is fetched.
  await page.waitForTimeout(500);
  assert.deepEqual(requests.filter(engineRequest), [], 'no engine file before analysis is on');

  // Turned on from the keyboard.
  const toggle = page.getByRole('button', { name: 'Analysis' });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  const started = Date.now();
  await page.waitForFunction(() => Number(document.querySelector('.analysis-depth')?.dataset.depth) >= 12, null, {
    timeout: 120_000,
    polling: 100,
  });
  const took = Date.now() - started;
  console.log(`analysis: depth ${await depth(page)} (>= 12) on the start position in ${took} ms`);
  const fetched = requests.filter(engineRequest).map((u) => new URL(u).pathname);
  assert.ok(fetched.includes('/engine/stockfish-18-lite-single.js'), fetched.join());
  assert.ok(fetched.includes('/engine/stockfish-18-lite-single.wasm'), fetched.join());

  // Hidden (another tab): the search stops, the depth stays; shown again,
  // the analysis starts over and goes deeper.
  const setHidden = (hidden) => page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  await setHidden(true);
  await page.waitForTimeout(300);
  const paused = await depth(page);
  await page.waitForTimeout(1000);
  assert.equal(await depth(page), paused, 'no deeper while the page is hidden');
  await setHidden(false);
  await page.waitForFunction((d) => Number(document.querySelector('.analysis-depth')?.dataset.depth) > d, paused, {
    timeout: 60_000,
  });

  // Three lines, each a score and moves in SAN; the eval bar and the arrow.
  await page.waitForFunction(() => document.querySelectorAll('.analysis-line').length === 3);
  for (const line of await page.locator('.analysis-line').all()) {
    assert.match(await line.locator('.analysis-score').innerText(), /^([+-]\d+\.\d\d|0\.00|#-?\d+)$/);
    assert.match(await line.locator('.analysis-moves').innerText(), /^1\. [a-hNBRQKO]/);
  }
  assert.equal(await page.locator('.board-col .eval-bar').count(), 1, 'the engine feeds the eval bar');
  assert.equal(await page.locator('.board-col .arrow-engine').count(), 1, 'the best move as an arrow');
  const best = await page.getAttribute('.analysis-line[data-multipv="1"]', 'data-uci');
  assert.equal(await page.getAttribute('.board-col .arrow-engine', 'data-from'), best.slice(0, 2));
  await page.screenshot({ path: join(outDir, 'analysis-start.png'), fullPage: true });

  // Figurines: the lines follow the chosen notation.
  await page.selectOption('.notation-choice', { label: 'Figurines' });
  await page.waitForFunction(() => /[♞♝♛♜♚]/.test(document.querySelector('.analysis-lines')?.innerText ?? ''));
  await page.selectOption('.notation-choice', { label: 'SAN' });

  // A game change: the engine follows it, to the mate in one.
  await pastePgn(page, `[FEN "${MATE_IN_ONE}"]\n[SetUp "1"]\n\n*\n`);
  await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('Pasted'));
  assert.equal(await boardFen(page), MATE_IN_ONE);
  const first = page.locator('.analysis-line[data-multipv="1"]');
  await first.waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => document.querySelector('.analysis-line[data-multipv="1"] .analysis-score')?.innerText === '#1',
    null,
    { timeout: 60_000 },
  );
  const uci = await first.getAttribute('data-uci');
  assert.match(uci, /^[a-h][1-8][a-h][1-8][qrbn]?$/);
  assert.equal(await page.getAttribute('.eval-bar', 'aria-label'), 'Evaluation #1');
  await page.screenshot({ path: join(outDir, 'analysis-mate.png'), fullPage: true });
  // Played on the board, the move is written with "#" by the core: checkmate.
  for (const square of [uci.slice(0, 2), uci.slice(2, 4)]) {
    const p = await squareCentre(page, square);
    await page.mouse.click(p.x, p.y);
  }
  assert.notEqual(await boardFen(page), MATE_IN_ONE, 'the move was played');
  const label = await page.getAttribute('.board-col .board', 'aria-label');
  assert.match(label, /position after 1\. [KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?#;/, label);
  assert.match(await page.locator('.move-list').innerText(), /#/);

  // Turned off: the panel's lines and the engine's arrow go.
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('.analysis-line').count(), 0);
  assert.equal(await page.locator('.board-col .arrow-engine').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});
