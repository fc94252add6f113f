// The open file as a database, on 100,000 games made from the bench
// samples: the position index is built in Web Workers (how many, how long
// and the longest main-thread task are printed), the explorer's figures at
// the start and after 1. e4 equal those of `movetext tree` on the same
// file, a position search finds the games `movetext search` finds (and
// opens them where they reach it), and the summary finds the duplicates.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBrowser, outDir, repoRoot, collectErrors, longTasks, forgetSavedSession, writeRepeated } from './harness.mjs';

const SAMPLES = ['lichess_db_2025-05_1000k.pgn', 'twic1599_1000k.pgn'].map((f) => join(repoRoot, '../shared/corpus/bench', f));
const GAMES = 100_000;
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
// The Najdorf: 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6.
const NAJDORF = 'rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6';
// A frozen page, not a slow one: the longest task is printed, and fails past this.
const FREEZE_MS = 500;

let browser;
let folder;
let file;
let cli;

/** The `movetext` command of this checkout (release if built, else the test build). */
function cliPath() {
  return ['release', 'debug'].map((p) => join(repoRoot, 'target', p, 'movetext')).find((p) => existsSync(p));
}

before(async () => {
  if (!SAMPLES.every(existsSync) || !cliPath()) return;
  folder = await mkdtemp(join(tmpdir(), 'movetext-explorer-'));
  file = join(folder, 'games.pgn');
  const [lichess, twic] = await Promise.all(SAMPLES.map((s) => readFile(s)));
  // Games in each pair of samples, counted the way the reader does.
  const pairGames = (s) => s.toString('latin1').match(/^\[Event /gm).length;
  const perPair = pairGames(lichess) + pairGames(twic);
  const newline = Buffer.from('\n');
  await writeRepeated(file, [lichess, newline, twic, newline], (_, rounds) => rounds * perPair < GAMES);
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const run = promisify(execFile);
async function movetext(...args) {
  const { stdout } = await run(cliPath(), args, { maxBuffer: 1 << 30 });
  return stdout.trim().split('\n').map((l) => JSON.parse(l));
}

/** The explorer's table as figures: the total and each move by UCI. */
function explorerFigures(page) {
  return page.evaluate(() => {
    const n = (el, a) => Number(el.dataset[a]);
    const figures = (el) => ({ games: n(el, 'games'), white: n(el, 'white'), draws: n(el, 'draws'), black: n(el, 'black') });
    const total = document.querySelector('.ex-total');
    const moves = {};
    for (const row of document.querySelectorAll('.ex-row')) moves[row.dataset.uci] = figures(row);
    return { total: total && figures(total), moves, ms: Number(document.querySelector('.ex-table')?.dataset.ms) };
  });
}

/** The CLI's tree in the same shape. */
function cliFigures(tree) {
  const pick = (t) => ({ games: t.games, white: t.white, draws: t.draws, black: t.black });
  return { total: pick(tree), moves: Object.fromEntries(tree.moves.map((m) => [m.uci, pick(m)])) };
}

async function explorerAt(page, fen) {
  await page.waitForFunction((f) => document.querySelector('.board-col .board')?.dataset.fen === f
    && document.querySelector('.ex-table'), fen, { timeout: 60_000 });
  // The table shown is of the shown position once its total is there.
  await page.waitForTimeout(100);
  return explorerFigures(page);
}

test('100,000 games: workers build the index, the explorer agrees with the CLI, search and duplicates work', async (t) => {
  if (!file) {
    t.skip('the bench samples or the movetext command are not there');
    return;
  }
  // The CLI's answers first: run beside the page, its work took the
  // machine's cores from the page and the index's workers, and the page's
  // longest task measured that (a frame of 204 ms with 35 of it on the CPU).
  const cliStarted = Date.now();
  const expected = await Promise.all([
    movetext('tree', '-j', '1', file),
    movetext('tree', '-j', '1', '--fen', AFTER_E4, file),
    movetext('search', '-j', '1', '--fen', NAJDORF, file),
  ]);
  console.log(`# the CLI's answers in ${Date.now() - cliStarted} ms`);
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  page.on('dialog', (d) => d.accept());
  await page.goto(browser.url);
  await page.waitForSelector('.board[data-fen]');
  await forgetSavedSession(page);

  let tasks = await longTasks(page);
  const started = Date.now();
  await page.setInputFiles('input.file-picker', file);
  await page.waitForSelector('.explorer', { timeout: 120_000 });
  // The progress as it is drawn while the index is built (the explorer
  // draws it alone, the page is not drawn again for it).
  await page.evaluate(() => {
    window.progressSeen = new Set();
    const look = () => {
      const value = document.querySelector('.ex-progress')?.getAttribute('aria-valuenow');
      if (value !== undefined && value !== null) window.progressSeen.add(Number(value));
      if (document.querySelector('.explorer')?.dataset.done !== 'true') setTimeout(look, 50);
    };
    look();
  });
  await page.waitForFunction(() => document.querySelector('.explorer')?.dataset.done === 'true', null, { timeout: 300_000 });
  const progressSeen = await page.evaluate(() => [...window.progressSeen].sort((a, b) => a - b));
  assert.ok(progressSeen.filter((p) => p > 0 && p < 100).length >= 2, `the progress moved while the index was built: ${progressSeen.join(', ')}`);
  const builtMs = Date.now() - started;
  const info = await page.evaluate(() => {
    const e = document.querySelector('.explorer');
    return { workers: Number(e.dataset.workers), took: Number(e.dataset.tookMs), figures: e.querySelector('.ex-figures').innerText };
  });
  const building = await tasks.take();
  console.log(`# explorer: ${info.figures}, built by ${info.workers} workers in ${info.took} ms (${builtMs} ms from choosing the file); longest main-thread task ${building.text}`);
  assert.ok(info.workers >= 1, 'workers were used');
  assert.ok(building.ms < FREEZE_MS, `the page answered while the index was built: ${building.text}`);

  const [[start], [afterE4], searched] = expected;
  assert.ok(start.games_read >= GAMES, `${start.games_read} games`);
  assert.match(info.figures, new RegExp(`^${start.games_read.toLocaleString('en-US')} games`), 'every game is indexed');

  tasks = await longTasks(page);
  const atStart = await explorerAt(page, start.fen);
  assert.deepEqual({ total: atStart.total, moves: atStart.moves }, cliFigures(start), 'the start position as the CLI counts it');
  // 1. e4 from the explorer: the first game starts so, so the board steps there.
  await page.locator('.ex-row[data-uci="e2e4"] .ex-move').click();
  const atE4 = await explorerAt(page, AFTER_E4);
  assert.deepEqual({ total: atE4.total, moves: atE4.moves }, cliFigures(afterE4), 'after 1. e4 as the CLI counts it');
  const exploring = await tasks.take();
  console.log(`# explorer answers: ${atStart.ms} ms at the start, ${atE4.ms} ms after 1. e4; longest main-thread task ${exploring.text}`);
  await page.locator('.explorer').screenshot({ path: join(outDir, 'explorer.png') });

  // Position search by FEN: the games the CLI finds, in the game list.
  const matches = searched.filter((l) => l.game);
  await page.locator('.ex-fen-input').fill(NAJDORF);
  await page.getByRole('button', { name: 'Find games' }).click();
  await page.waitForSelector('.gl-subset');
  await page.waitForFunction((n) => document.querySelector('.gl-count')?.innerText.startsWith(`${n} of`), matches.length);
  assert.match(await page.locator('.gl-subset-label').innerText(), new RegExp(`^${matches.length.toLocaleString('en-US')} games reaching`));
  // The first game listed opens where it reaches the position.
  await page.locator('.gl-viewport .game-row').first().click();
  await page.waitForFunction((f) => document.querySelector('.board-col .board')?.dataset.fen === f, NAJDORF);
  // (The address is written when the page is next idle.)
  const place = `#game=${matches[0].game}&ply=${matches[0].ply}`;
  await page.waitForFunction((h) => location.hash === h, place, { timeout: 2_000 }).catch(() => {});
  assert.equal(await page.evaluate(() => location.hash), place, 'the first match, at its ply');
  await page.screenshot({ path: join(outDir, 'explorer-search.png') });

  // The summary: results as at the start position, and the duplicates (each game is there many times).
  await page.getByRole('button', { name: 'Summary' }).click();
  await page.waitForSelector('.summary .sum-dup-whole');
  const summary = await page.evaluate(() => {
    const r = document.querySelector('.sum-results').dataset;
    const d = document.querySelector('.sum-dup-whole').dataset;
    return { games: Number(document.querySelector('.summary').dataset.games), white: Number(r.white), draws: Number(r.draws), black: Number(r.black),
      duplicates: Number(d.games), groups: Number(d.groups) };
  });
  assert.deepEqual([summary.games, summary.white, summary.draws, summary.black], [start.games_read, start.white, start.draws, start.black]);
  assert.equal(summary.duplicates, start.games_read, 'every game is repeated');
  assert.ok(summary.groups > 1000 && summary.groups * 2 <= start.games_read, `${summary.groups} groups`);
  await page.locator('.summary').screenshot({ path: join(outDir, 'explorer-summary.png') });
  await page.locator('.sum-dup-whole').click();
  await page.waitForFunction((n) => document.querySelector('.gl-count')?.innerText.startsWith(`${n} game`), start.games_read);
  await page.getByRole('button', { name: 'Show all' }).click();
  await page.waitForFunction(() => !document.querySelector('.gl-subset'));

  // A position set up in the board editor: its games.
  await page.getByRole('button', { name: 'New game' }).click();
  await page.locator('.position-setup .fen-input').fill(AFTER_E4);
  await page.locator('.setup-find').click();
  await page.waitForSelector('.gl-subset');
  await page.waitForFunction((n) => document.querySelector('.gl-count')?.innerText.startsWith(`${n} of`), afterE4.games);
  assert.equal(await page.locator('.position-setup').count(), 0, 'the editor closed');

  // The file downloaded without its repeated games: one game of each group, the first as read.
  await page.getByRole('button', { name: 'Export' }).click();
  await page.locator('.export-duplicates').selectOption({ index: 1 });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Download file' }).click(),
  ]);
  const downloaded = await readFile(await download.path());
  const gamesIn = (b) => b.toString('latin1').match(/^\[Event "/gm).length;
  assert.equal(gamesIn(downloaded), summary.groups, 'one game of each group');
  const original = await readFile(file);
  assert.ok(downloaded.subarray(0, 100_000).equals(original.subarray(0, 100_000)), 'games as read, byte for byte');
  console.log(`# without duplicates: ${downloaded.length} of ${original.length} bytes`);
  assert.deepEqual(errors, []);
  await page.close();
});
