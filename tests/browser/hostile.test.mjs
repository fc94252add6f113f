// Browser fuzz test: every hostile file that `movetext-hostile` writes
// (stray brackets, variations 10,000 deep, 10,000 siblings, 1 MB lines,
// binary bytes, token soup, 100,000 NAGs, a 5 MB comment, 20,000 plies) is
// opened in the app and in a widget, then stepped through, edited and
// exported. The page must keep answering and show the game or a clear
// diagnostic; the longest main-thread task of each is printed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, outDir, repoRoot, squareCentre, collectErrors, forgetSavedSession, watchLongTasksInPage, longestTaskInPage, traceTasks, withCpu, writeComment } from './harness.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const dir = join(outDir, 'hostile');
let cases;
let browser;

before(async () => {
  execFileSync('cargo', ['run', '--quiet', '--locked', '--offline', '-p', 'movetext-hostile', '--', dir], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  cases = JSON.parse(await readFile(join(dir, 'cases.json'), 'utf8'));
  const page = join(outDir, 'hostile-widget');
  await mkdir(page, { recursive: true });
  await writeFile(join(page, 'index.html'), `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Hostile widgets</title><link rel="icon" href="data:,">
<script type="module">import Movetext from '/widget/movetext.js'; window.Movetext = Movetext; window.ready = true;</script>
</head><body><div id="w" style="width: 900px"></div><div id="other"></div></body></html>`);
  browser = await startBrowser({ mounts: { '/hostile/': dir, '/hostile-page/': page } });
});
after(async () => {
  await browser?.close();
});

/** Collects long main-thread tasks from the start of every page. */
async function watchLongTasks(page) {
  await page.addInitScript(watchLongTasksInPage, true);
}

/** Fails when the page does not answer within `ms`. */
async function answers(page, what, ms = 20_000) {
  const timer = new Promise((_, fail) => setTimeout(() => fail(new Error(`${what}: the page stopped answering`)), ms));
  await Promise.race([page.evaluate(() => true), timer]);
}

/** Each page's trace of its renderer's tasks since the last phase. */
const traces = new WeakMap();

/** Starts tracing a page's tasks (see `traceTasks`). */
async function traceFrom(page) {
  traces.set(page, await traceTasks(page));
}

/**
 * The longest task since the last call in ms, with what ran in it when there
 * was one and how much of it was on the CPU; forgets the tasks seen.
 */
const longestSince = async (page) => {
  const tasks = (await traces.get(page)?.stop()) ?? [];
  const { text } = withCpu(await page.evaluate(longestTaskInPage, true), tasks);
  await traceFrom(page);
  return text === '0 ms' ? '0' : text;
};

test('every hostile file opens in the app, steps, takes an edit and exports', async () => {
  const writtenInSlices = [];
  for (const c of cases) {
    const page = await browser.context.newPage();
    const errors = collectErrors(page);
    await watchLongTasks(page);
    await page.goto(browser.url);
    await page.waitForSelector('.board[data-fen]');
    // No edits saved by the case before.
    await forgetSavedSession(page);
    // Traced from here: the page's renderer is the one loaded above.
    await traceFrom(page);
    await page.setInputFiles('input.file-picker', join(dir, c.file));
    await page.waitForFunction((name) => document.querySelector('.file-name')?.innerText.includes(name)
      || document.querySelector('.notice-error'), c.file, { timeout: 60_000 });
    await answers(page, `${c.name}: opened`);
    const phases = { open: await longestSince(page) };
    // The game, or a clear diagnostic.
    const moves = await page.locator('.move-list .mv').count();
    const problems = await page.locator('.diag').count();
    const notice = await page.locator('.notice-error').count();
    assert.ok(moves > 0 || problems > 0 || notice > 0, `${c.name}: neither moves nor a diagnostic`);
    // A file that is not text (random bytes) is refused whole, and the
    // open game (the sample) stays: the steps below act on it.
    const refused = notice > 0 && /is not a PGN file/.test(await page.locator('.notice-error span').first().innerText());
    if (c.name === 'binary') assert.ok(refused, 'random bytes are not a PGN file');
    if (problems > 0) {
      assert.match(await page.locator('.diag-where').first().textContent(), /line \d+, column \d+/, `${c.name}: where`);
    }
    // Stepping: to the end, to the start, a few moves on.
    const fens = new Set();
    for (const key of ['End', 'Home', 'ArrowRight', 'ArrowRight', 'ArrowRight']) {
      await page.keyboard.press(key);
      await answers(page, `${c.name}: ${key}`);
      // Drawing a long game's step may be split over tasks: read the board
      // once the next frame is drawn.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
      fens.add(await page.getAttribute('.board-col .board', 'data-fen'));
    }
    if (moves > 0) assert.ok(fens.size >= 2, `${c.name}: stepping changes the board (${[...fens].join(" / ")})`);
    phases.step = await longestSince(page);
    // An edit: a comment after the shown move, with the C key.
    await writeComment(page, 'hostile but kept');
    await answers(page, `${c.name}: edit`);
    phases.edit = await longestSince(page);
    // An export holding the edit.
    // At once (in the task that draws the dialog): the whole text, or (a
    // long game) its first lines while the rest is written, with Copy and
    // Download waiting for it.
    await page.evaluate(() => {
      window.firstExport = null;
      const seen = new MutationObserver(() => {
        const text = document.querySelector('.export-panel .export-text');
        if (!text) return;
        seen.disconnect();
        window.firstExport = {
          text: text.value,
          writing: document.querySelector('.export-writing') !== null,
          disabled: [...document.querySelectorAll('.export-panel button')]
            .filter((b) => ['Copy PGN', 'Download game'].includes(b.textContent)).map((b) => b.disabled),
        };
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Export' }).click();
    await page.waitForFunction(() => window.firstExport !== null);
    const first = await page.evaluate(() => window.firstExport);
    assert.deepEqual(first.disabled, [first.writing, first.writing], `${c.name}: buttons wait for the text`);
    if (first.writing) {
      writtenInSlices.push(c.name);
      assert.ok(first.text.length > 0 && first.text.length <= 16 * 1024, `${c.name}: ${first.text.length} shown first`);
    }
    await page.waitForSelector('.export-writing', { state: 'detached', timeout: 60_000 });
    let text = await page.getByRole('textbox', { name: 'PGN of the game' }).inputValue();
    assert.ok(text.startsWith(first.text), `${c.name}: the first lines stay`);
    if (await page.locator('.export-cut').count() > 0) {
      // A long game shows only its start; the download holds all of it.
      assert.ok(text.length <= 16 * 1024, `${c.name}: ${text.length} characters shown`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download game' }).click(),
      ]);
      const whole = await readFile(await download.path(), 'utf8');
      assert.ok(whole.startsWith(text) && whole.length > text.length, `${c.name}: the download begins with what is shown`);
      text = whole;
    }
    // (In the sample the words join the comment already after the move.)
    assert.match(text, refused ? /\shostile\s+but\s+kept\}/ : /\{hostile\s+but\s+kept\}/, `${c.name}: the export has the comment (lines wrap at 80)`);
    await page.keyboard.press('Escape');
    await answers(page, `${c.name}: export`);
    phases.export = await longestSince(page);
    assert.equal(await page.locator('#crash-report').count(), 0, `${c.name}: Movetext stopped`);
    await page.screenshot({ path: join(outDir, `hostile-app-${c.name}.png`) });
    const each = Object.entries(phases).map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(`app   ${c.name.padEnd(16)} ${String(c.bytes).padStart(9)} bytes: ${String(moves).padStart(6)} moves drawn, ${problems} problems; longest task (ms): ${each}${first.writing ? ' (export written in slices)' : ''}`);
    assert.deepEqual(errors, [], c.name);
    await page.close();
  }
  // The long games (the 5 MB comment at least) were written in slices.
  assert.ok(writtenInSlices.length > 0, 'no export was written in slices');
});

test('every hostile file opens in a widget, steps, takes a move and exports; the page goes on', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await watchLongTasks(page);
  await page.goto(browser.url + 'hostile-page/');
  await page.waitForFunction(() => window.ready === true);
  await traceFrom(page);
  await page.evaluate(async () => {
    window.other = await window.Movetext.mount(document.getElementById('other'), { pgn: '1. e4 e5 2. Nf3 *', moves: 'bottom' });
  });
  for (const c of cases) {
    await page.evaluate(longestTaskInPage, true);
    await page.evaluate(async (url) => {
      const text = await (await fetch(url)).text();
      window.handle?.destroy();
      window.handle = await window.Movetext.mount(document.getElementById('w'), { pgn: text, editable: true, moves: 'right' });
    }, `/hostile/${c.file}`);
    await page.waitForSelector('#w .board[data-fen]', { timeout: 60_000 });
    await answers(page, `widget ${c.name}: opened`);
    const phases = { open: await longestSince(page) };
    const moves = await page.locator('#w .mv').count();
    const fens = new Set();
    for (const target of ['last', 'first', '1', '2']) {
      fens.add(await page.evaluate((t) => { window.handle.goTo(t); return new Promise((ok) => setTimeout(() => ok(window.handle.getFen()), 50)); }, target));
    }
    if (moves > 0) assert.ok(fens.size >= 2, `widget ${c.name}: stepping changes the board`);
    phases.step = await longestSince(page);
    // A move made on the board, from the start position.
    await page.evaluate(() => window.handle.goTo('first'));
    await page.waitForFunction(() => document.querySelector('#w').shadowRoot.querySelector('.board')?.dataset.fen !== undefined);
    const fen = await page.locator('#w .board').getAttribute('data-fen');
    if (fen === START) {
      for (const square of ['b1', 'a3']) {
        const p = await squareCentre(page, square, '#w .board');
        await page.mouse.click(p.x, p.y);
      }
      // Shown on the board (read from the page, not asked of the widget,
      // whose answers are timed below).
      await page.waitForFunction(() => document.querySelector('#w').shadowRoot.querySelector('.board')
        ?.dataset.fen?.startsWith('rnbqkbnr/pppppppp/8/8/8/N7/'));
    }
    await answers(page, `widget ${c.name}: edit`);
    phases.edit = await longestSince(page);
    // The page asks for the FEN and the PGN: calls that answer at once, so
    // timed in the page and printed apart (writing a long game's PGN takes
    // as long as it takes).
    const calls = await page.evaluate(() => {
      let at = performance.now();
      const fen = window.handle.getFen();
      const fenMs = performance.now() - at;
      at = performance.now();
      const pgn = window.handle.getPgn();
      return { fen, fenMs, pgnMs: performance.now() - at, na3: /1\. Na3/.test(pgn), length: pgn.length };
    });
    if (fen === START) {
      assert.ok(calls.fen.startsWith('rnbqkbnr/pppppppp/8/8/8/N7/'), `widget ${c.name}: the move's FEN`);
      assert.ok(calls.na3, `widget ${c.name}: the move is in the PGN`);
    } else {
      assert.ok(calls.length > 0, `widget ${c.name}: a PGN`);
    }
    await longestSince(page);
    // The other widget of the page still answers.
    await page.evaluate(() => window.other.goTo('last'));
    await page.waitForFunction(() => window.other.getFen().startsWith('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/'));
    assert.equal(await page.locator('.mt-failed').count(), 0, `widget ${c.name}: a widget stopped`);
    const each = Object.entries(phases).map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(`widget ${c.name.padEnd(16)} ${String(c.bytes).padStart(9)} bytes: ${String(moves).padStart(6)} moves drawn; longest task (ms): ${each}; `
      + `getFen ${Math.round(calls.fenMs)} ms, getPgn ${Math.round(calls.pgnMs)} ms`);
  }
  await page.screenshot({ path: join(outDir, 'hostile-widget.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('while a move made on a widget\'s board is being opened, the widget answers for that move', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(browser.url + 'hostile-page/');
  await page.waitForFunction(() => window.ready === true);
  // The game of 1 MB on one line: some 26,000 moves, whose view is built in
  // several slices.
  await page.evaluate(async (url) => {
    const text = await (await fetch(url)).text();
    window.handle = await window.Movetext.mount(document.getElementById('w'), { pgn: text, editable: true, ply: '3' });
    await window.handle.goTo('first');
  }, '/hostile/long-lines.pgn');
  for (const square of ['b1', 'a3']) {
    const p = await squareCentre(page, square, '#w .board');
    await page.mouse.click(p.x, p.y);
  }
  // Asked at once: the move made, not the start or the `ply` option.
  const at = await page.evaluate(() => ({
    shown: document.querySelector('#w').shadowRoot.querySelector('.board').dataset.fen,
    fen: window.handle.getFen(),
  }));
  assert.notEqual(at.shown.split(' ')[0], at.fen.split(' ')[0], 'the move was still being opened when asked');
  assert.ok(at.fen.startsWith('rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b'), `getFen gave ${at.fen}`);
  await page.waitForFunction(() => document.querySelector('#w').shadowRoot.querySelector('.board')
    .dataset.fen.startsWith('rnbqkbnr/pppppppp/8/8/8/N7/'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a widget of a long text is shown when its promise resolves; one removed while opening leaves the page working', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(browser.url + 'hostile-page/');
  await page.waitForFunction(() => window.ready === true);
  const shown = await page.evaluate(async () => {
    // 6,000 moves of knights back and forth: about 100 KB, read and drawn in tasks of their own.
    let pgn = '[White "Long"]\n[Black "Text"]\n\n';
    for (let i = 1; i <= 3000; i++) pgn += `${2 * i - 1}. Nf3 Nf6 ${2 * i}. Ng1 Ng8 `;
    pgn += '*\n';
    const handle = await window.Movetext.mount(document.getElementById('w'), { pgn, ply: '2' });
    const root = document.getElementById('w').shadowRoot;
    const at = { fen: handle.getFen(), board: root.querySelector('.board')?.dataset.fen, moves: root.querySelectorAll('.mv').length, bytes: pgn.length };
    // A viewer removed while its text is read: nothing is left of it.
    const gone = document.createElement('movetext-viewer');
    gone.setAttribute('loading', 'eager');
    gone.textContent = pgn;
    document.body.append(gone);
    await new Promise((ok) => setTimeout(ok, 0));
    gone.remove();
    // It is taken down once its reading is over (a few tasks; longer on a
    // busy machine): up to 5 s.
    for (let i = 0; i < 50 && (gone.shadowRoot?.childElementCount ?? 0) > 0; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
    }
    at.goneChildren = gone.shadowRoot?.childElementCount ?? 0;
    await handle.goTo('last');
    at.last = handle.getFen();
    at.lastBoard = root.querySelector('.board')?.dataset.fen;
    return at;
  });
  assert.ok(shown.bytes > 64 * 1024, 'the text is long enough to be drawn in a task after its reading');
  assert.equal(shown.fen, 'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2', 'the second move, as asked');
  assert.equal(shown.board, shown.fen, 'the board shows the game when the promise resolves');
  assert.ok(shown.moves > 0, 'the moves are drawn when the promise resolves');
  assert.equal(shown.lastBoard, shown.last);
  assert.equal(shown.goneChildren, 0, 'the removed viewer shows nothing');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a viewer taken out of the page before its style sheet has arrived is taken down', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  // The style sheet is held back while the viewer is in the page and after it
  // is taken out, then refused.
  let release;
  const held = new Promise((ok) => { release = ok; });
  let asked = 0;
  await page.route('**/movetext.css', async (route) => {
    asked += 1;
    await held;
    await route.abort();
  });
  await page.goto(browser.url + 'hostile-page/');
  const waiting = await page.evaluate(async () => {
    window.gone = document.createElement('movetext-viewer');
    window.gone.setAttribute('loading', 'eager');
    window.gone.textContent = '1. e4 e5 *';
    document.body.append(window.gone);
    await new Promise((ok) => setTimeout(ok, 300));
    const count = window.gone.shadowRoot?.childElementCount ?? 0;
    window.gone.remove();
    return count;
  });
  assert.ok(asked > 0, 'the viewer asked for its style sheet');
  assert.ok(waiting > 0, 'the viewer waited for its style sheet with something in its shadow root');
  // Out of the page, its style sheet still not there: nothing is left of it.
  const left = await page.evaluate(async () => {
    await new Promise((ok) => setTimeout(ok, 300));
    return window.gone.shadowRoot?.childElementCount ?? 0;
  });
  release();
  assert.equal(left, 0, 'the removed viewer shows nothing');
  assert.deepEqual(errors.filter((e) => !/movetext\.css|ERR_FAILED/.test(e)), []);
  await page.close();
});
