// Browser tests of analysis: Stockfish in a Web Worker, loaded only when
// analysis is turned on. The mate is checked by playing the engine's move on
// the board: the core then writes the move with `#` only if it mates.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBrowser, openApp, openPasted, forgetSavedSession, pastePgn, boardFen, outDir, squareCentre, repoRoot, pastedShown } from './harness.mjs';
import { ISOLATION } from './static-server.mjs';

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

/** The depth the analysis panel gives (0 before the first line). */
async function depth(page) {
  return Number(await page.getAttribute('section.analysis', 'data-engine-depth'));
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
  await page.waitForFunction(() => Number(document.querySelector('section.analysis')?.dataset.engineDepth) >= 12, null, {
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
  await page.waitForFunction((d) => Number(document.querySelector('section.analysis')?.dataset.engineDepth) > d, paused, {
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
  const best = await page.getAttribute('section.analysis', 'data-engine-best');
  assert.equal(best, await page.getAttribute('.analysis-line[data-multipv="1"]', 'data-uci'));
  assert.equal(await page.getAttribute('.board-col .arrow-engine', 'data-from'), best.slice(0, 2));
  await page.screenshot({ path: join(outDir, 'analysis-start.png'), fullPage: true });

  // Figurines: the lines follow the chosen notation.
  await page.selectOption('.notation-choice', { label: 'Figurines' });
  await page.waitForFunction(() => /[♞♝♛♜♚]/.test(document.querySelector('.analysis-lines')?.innerText ?? ''));
  await page.selectOption('.notation-choice', { label: 'SAN' });

  // A game change: the engine follows it, to the mate in one.
  await pastePgn(page, `[FEN "${MATE_IN_ONE}"]\n[SetUp "1"]\n\n*\n`);
  await pastedShown(page);
  assert.equal(await boardFen(page), MATE_IN_ONE);
  const first = page.locator('.analysis-line[data-multipv="1"]');
  await first.waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => document.querySelector('.analysis-line[data-multipv="1"] .analysis-score')?.innerText === '#1',
    null,
    { timeout: 60_000 },
  );
  const uci = await page.getAttribute('section.analysis', 'data-engine-best');
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

/** Winning chances of an `[%eval]` operand, as the README defines them. */
function chances(ops) {
  if (ops.startsWith('#')) return ops.startsWith('#-') ? -1 : 1;
  return 2 / (1 + Math.exp(-0.00368208 * Math.round(Number(ops) * 100))) - 1;
}

/** The main line of an exported game: each move's SAN, NAGs and `[%eval]`. */
function mainLine(pgn) {
  const movetext = pgn.split(/\r?\n\r?\n/).slice(1).join(' ');
  const moves = [];
  for (const token of movetext.match(/\{[^}]*\}|\$\d+|[^\s{}$]+/g) ?? []) {
    if (token.startsWith('{')) {
      const e = token.match(/\[%eval\s+([^\],\s]+)/);
      if (e && moves.length) moves.at(-1).eval = e[1];
    } else if (token.startsWith('$')) {
      moves.at(-1)?.nags.push(Number(token.slice(1)));
    } else if (!/^\d+\.+$/.test(token) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token)) {
      moves.push({ san: token, nags: [] });
    }
  }
  return moves;
}

async function exported(page) {
  await page.getByRole('button', { name: 'Export' }).click();
  const text = await page.locator('.export-text').inputValue();
  await page.keyboard.press('Escape');
  return text;
}

test('Analyse game writes an [%eval] for every move and marks by winning chances, as one edit; the graph has a point per move and a click goes there', async (t) => {
  const sample = join(repoRoot, '../shared/corpus/bench/twic1599_1000k.pgn');
  if (!existsSync(sample)) {
    t.skip('the bench sample is not there');
    return;
  }
  // A game of 40 to 45 moves without comments or variations.
  const pgn = readFileSync(sample, 'latin1').split(/\n\n(?=\[Event )/)
    .find((g) => / 40\. /.test(g) && !/ 46\. /.test(g) && !/[{(]/.test(g.split('\n\n')[1] ?? ''));
  const { page, errors } = await openPasted(browser.context, browser.url, pgn);
  await page.locator('.review-budget').selectOption({ index: 0 });
  const started = Date.now();
  await page.getByRole('button', { name: 'Analyse game' }).click();
  await page.waitForSelector('.review-progress');
  await page.waitForFunction(() => !document.querySelector('.review-progress') && document.querySelector('.eval-graph'), null, { timeout: 300_000 });
  const moves = mainLine(await exported(page));
  console.log(`analyse game: ${moves.length} moves in ${Date.now() - started} ms at 0.1 s a move`);
  assert.ok(moves.length >= 80, `${moves.length} moves`);
  assert.equal(moves.filter((m) => m.eval).length, moves.length, `one [%eval] for every move: ${moves.map((m) => m.san + ':' + (m.eval ?? '-')).join(' ')}`);
  // Each mark as the winning chances say (the first move's "before" is the start, not written).
  let marks = 0;
  for (let i = 1; i < moves.length; i++) {
    const drop = chances(moves[i - 1].eval) - chances(moves[i].eval);
    const lost = i % 2 === 0 ? drop : -drop;
    const expected = lost >= 0.3 ? 4 : lost >= 0.2 ? 2 : lost >= 0.1 ? 6 : null;
    const got = moves[i].nags.find((n) => [2, 4, 6].includes(n)) ?? null;
    // At a threshold, rounding of the written eval may tip the mark.
    if (Math.abs(lost - 0.1) > 0.002 && Math.abs(lost - 0.2) > 0.002 && Math.abs(lost - 0.3) > 0.002) {
      assert.equal(got, expected, `move ${i + 1} (${moves[i].san}): lost ${lost.toFixed(3)}`);
    }
    if (got) marks++;
  }
  const figures = await page.evaluate(() => [...document.querySelectorAll('.review-figures tbody tr')]
    .map((r) => Number(r.dataset.inaccuracies) + Number(r.dataset.mistakes) + Number(r.dataset.blunders)));
  assert.equal(figures[0] + figures[1], marks + (moves[0].nags.some((n) => [2, 4, 6].includes(n)) ? 1 : 0), 'the figures count the marks');

  // The graph: a point per move; a click in its middle goes to the middle move.
  const graph = page.locator('.eval-graph');
  assert.equal(Number(await graph.getAttribute('data-points')), moves.length);
  assert.equal(Number(await graph.getAttribute('data-moves')), moves.length);
  const box = await graph.locator('svg').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const middle = Math.round(moves.length / 2);
  await page.waitForFunction((ply) => location.hash.endsWith(`ply=${ply}`), middle);
  await graph.locator('svg').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((ply) => location.hash.endsWith(`ply=${ply}`), middle + 1);
  await page.screenshot({ path: join(outDir, 'analyse-game.png') });
  await page.locator('.review').screenshot({ path: join(outDir, 'analyse-game-figures.png') });

  // One edit: undone at once.
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(mainLine(await exported(page)).filter((m) => m.eval).length, 0, 'undo takes every [%eval] away');
  assert.equal(await page.locator('.eval-graph').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a click on a move of an engine line plays the line to it as a variation (one undo); L turns analysis on and off', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, '[White "A"]\n\n1. e4 e5 2. Nf3 *');
  await page.keyboard.press('End');
  const toggle = page.getByRole('button', { name: 'Analysis' });
  await page.keyboard.press('l');
  // Drawn by the next frame (a key pressed while the game is still opening
  // waits for its tasks).
  const pressedSoon = async (value) => {
    for (let i = 0; i < 20 && (await toggle.getAttribute('aria-pressed')) !== value; i++) await page.waitForTimeout(50);
    return toggle.getAttribute('aria-pressed');
  };
  assert.equal(await pressedSoon('true'), 'true', 'L turns it on');
  await page.waitForFunction(() => Number(document.querySelector('section.analysis')?.dataset.engineDepth) >= 8
    && document.querySelectorAll('.analysis-line[data-multipv="1"] .analysis-move').length >= 3, null, { timeout: 60_000 });
  const before = await page.locator('.move-list .mv').count();
  // Read and clicked at once: the lines change as the engine goes deeper.
  const texts = await page.evaluate(() => {
    const moves = [...document.querySelectorAll('.analysis-line[data-multipv="1"] .analysis-move')];
    const t = moves.map((m) => m.innerText);
    moves[2].click();
    return t;
  });
  // Three moves from 2... (Black's move first), the last one shown.
  await page.waitForFunction((n) => document.querySelectorAll('.move-list .mv').length === n, before + 3);
  const shown = (await page.locator('.mv.current').innerText()).trim();
  assert.ok(texts[2].endsWith(shown.replace(/^\d+\.+\s*/, '')), `${shown} is the third move of ${texts.join(' ')}`);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.move-list .mv').length === n, before);
  await page.locator('.move-list').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('l');
  assert.equal(await pressedSoon('false'), 'false', 'L turns it off');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the clock graph shows the time of each move and goes to a move; autoplay at the real pace waits as long as each move took', async () => {
  const pgn = '[TimeControl "300+0"]\n\n1. e4 {[%clk 0:04:54]} e5 {[%clk 0:04:58]} 2. Nf3 {[%clk 0:02:54]} Nc6 {[%clk 0:04:52]} 3. Bb5 {[%emt 0:00:06]} *';
  const { page, errors } = await openPasted(browser.context, browser.url, pgn);
  const graph = page.locator('.clock-graph');
  await graph.waitFor();
  assert.equal(Number(await graph.getAttribute('data-points')), 5, 'every move has a time');
  const box = await graph.locator('svg').boundingBox();
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
  await page.waitForFunction(() => location.hash.endsWith('ply=3'));
  await page.screenshot({ path: join(outDir, 'clock-graph.png') });

  // At 60 times the real pace: 1. e4 took 6 s (0.1 s), 1... e5 2 s (0.1 s, the shortest), 2. Nf3 two minutes (2 s).
  await page.keyboard.press('Home');
  await page.locator('.autoplay-delay').selectOption({ label: 'Real ×60' });
  await page.getByRole('button', { name: 'Play moves automatically' }).click();
  await page.waitForFunction(() => location.hash.endsWith('ply=2'), null, { timeout: 5_000 });
  await page.waitForTimeout(700);
  assert.ok((await page.evaluate(() => location.hash)).endsWith('ply=2'), 'still before 2. Nf3, which took two minutes');
  await page.waitForFunction(() => location.hash.endsWith('ply=5'), null, { timeout: 10_000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a cross-origin isolated page runs the multi-threaded engine', async () => {
  const isolated = await startBrowser({ headers: ISOLATION });
  try {
    const requests = [];
    isolated.context.on('request', (r) => requests.push(new URL(r.url()).pathname));
    const { page, errors } = await openApp(isolated.context, isolated.url);
    assert.equal(await page.evaluate(() => crossOriginIsolated), true);
    await page.getByRole('button', { name: 'Analysis' }).click();
    await page.waitForFunction(() => Number(document.querySelector('section.analysis')?.dataset.engineDepth) >= 12, null, { timeout: 120_000 });
    assert.ok(requests.includes('/engine/stockfish-18-lite.js'), requests.filter((r) => r.includes('engine')).join());
    assert.ok(!requests.includes('/engine/stockfish-18-lite-single.js'));
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await isolated.close();
  }
});
