// The app's size and speed report, measured in one run next to lichess's
// @lichess-org/pgn-viewer (npm) in the same headless Chromium:
//   - bytes of wasm + js + css, raw and gzipped (level 9);
//   - time from navigation to the first frame that shows the board with
//     its pieces (median of runs): the frame after the pieces are in the
//     page and, for ours, their drawings (SVG symbols) defined; for the
//     app both the board written into its page and its own board, drawn
//     once the module has started;
//   - time to open a 64 MiB PGN file (a bench sample repeated), and the
//     longest main-thread task meanwhile;
//   - the app's first board with the engine's files in dist/ and without
//     them (the engine is fetched only when analysis is turned on), and the
//     time to depth 16 on a set middlegame position.
// Movetext indexes every game of the file and shows the first; pgn-viewer
// parses the whole text (chessops) and shows the first game.
//
//   node bench/app/report.mjs            (after `trunk build --release`)
// Environment: MOVETEXT_BENCH_CORPUS, MOVETEXT_BENCH_MB (64), MOVETEXT_APP_RUNS (5).
import { mkdtemp, readFile, readdir, rm, writeFile, copyFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startBrowser } from '../../tests/browser/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const corpus = process.env.MOVETEXT_BENCH_CORPUS ?? resolve(root, '../shared/corpus/bench');
const mib = Number(process.env.MOVETEXT_BENCH_MB ?? 64);
const runs = Number(process.env.MOVETEXT_APP_RUNS ?? 5);
const lpvDir = join(root, 'node_modules/@lichess-org/pgn-viewer');

async function sizes(files) {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const body = await readFile(f);
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gz };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

const work = await mkdtemp(join(tmpdir(), 'movetext-report-'));
try {
  // The pgn-viewer page: its bundle and stylesheet, our sample game.
  const lpv = join(work, 'lpv');
  await import('node:fs/promises').then((fs) => fs.mkdir(lpv, { recursive: true }));
  await copyFile(join(lpvDir, 'dist/lichess-pgn-viewer.min.js'), join(lpv, 'lpv.js'));
  await copyFile(join(lpvDir, 'dist/lichess-pgn-viewer.css'), join(lpv, 'lpv.css'));
  const sample = await readFile(join(root, 'static/sample.pgn'), 'utf8');
  await writeFile(join(lpv, 'index.html'), `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="lpv.css"><style>body{margin:0}.host{width:900px}</style></head>
<body><div class="host"><div id="viewer"></div></div>
<script type="module">
import LichessPgnViewer from './lpv.js';
window.LichessPgnViewer = LichessPgnViewer;
if (!location.search.includes('empty')) LichessPgnViewer(document.getElementById('viewer'), { pgn: ${JSON.stringify(sample)} });
</script></body></html>`);

  // The widget's page: the same game in a <movetext-viewer>, as a page author embeds it.
  await writeFile(join(work, 'widget.html'), `<!doctype html><html><head><meta charset="utf-8">
<style>body{margin:0}.host{width:900px}</style>
<script type="module" src="/widget/movetext.js"></script></head>
<body><div class="host"><movetext-viewer>${sample.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</movetext-viewer></div>
</body></html>`);

  // The big file.
  const samples = (await readdir(corpus)).filter((f) => f.endsWith('.pgn')).sort();
  const big = join(work, 'big.pgn');
  {
    const text = await readFile(join(corpus, samples[0]));
    const parts = [];
    let size = 0;
    while (size < mib * 1048576) {
      parts.push(text, Buffer.from('\n\n'));
      size += text.length + 2;
    }
    await writeFile(big, Buffer.concat(parts));
  }
  const bigSize = (await stat(big)).size;

  const dist = join(root, 'dist');
  // The app's first download (the index worker comes with a file of several games).
  // The app's module is in app-<hash>/ (scripts/app-module.sh): its module,
  // glue, snippets and the parts' loader come first; its parts (split_*.wasm
  // and what they share, chunk_*.wasm: the dialogs, fetched after the first
  // drawing, and the Zstandard decoder, when first used) are counted apart.
  const appDir = (await readdir(dist)).find((f) => /^app-[0-9a-f]+$/.test(f));
  const walk = async (dir) => (await Promise.all((await readdir(dir, { withFileTypes: true }))
    .map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])))).flat();
  const moduleFiles = appDir ? await walk(join(dist, appDir)) : [];
  const isPart = (f) => /(^|\/)(split|chunk)_[^/]*\.wasm$/.test(f);
  const ours = await sizes((await readdir(dist)).filter((f) => /\.(wasm|js|css)$/.test(f) && !f.startsWith('index-worker')).map((f) => join(dist, f))
    .concat(moduleFiles.filter((f) => /\.(wasm|js)$/.test(f) && !isPart(f))));
  const parts = await sizes(moduleFiles.filter(isPart));
  const indexWorker = await sizes(['index-worker.js', 'index-worker.wasm'].map((f) => join(dist, f)));
  const widgetDir = join(dist, 'widget');
  const widget = await sizes(['movetext.js', 'movetext_wasm.js', 'movetext_wasm_bg.wasm', 'movetext.css'].map((f) => join(widgetDir, f)));
  const theirs = await sizes([join(lpv, 'lpv.js'), join(lpv, 'lpv.css')]);

  // The app without the engine's files beside it.
  const noEngine = join(work, 'noengine');
  await import('node:fs/promises').then((fs) => fs.cp(dist, noEngine, { recursive: true, filter: (src) => !src.includes(`${dist}/engine`) }));
  // A middlegame (Queen's Gambit Declined, after 9... Nd5) for the engine.
  await writeFile(join(work, 'middlegame.pgn'), '1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 8. Bd3 dxc4 9. Bxc4 Nd5 *\n');
  const browser = await startBrowser({ mounts: { '/lpv/': lpv, '/work/': work, '/noengine/': noEngine } });
  const firstBoard = async (path, selector, times = [], count = runs) => {
    for (let i = 0; i < count; i++) {
      const page = await browser.context.newPage();
      await page.addInitScript((selector) => {
        const watch = (root) => new MutationObserver((_, obs) => {
          if (root.querySelector(selector)) {
            // The frame that first shows it: the pieces in the page and
            // drawable (their drawings defined), timed when that frame starts.
            requestAnimationFrame(() => { window.__firstBoard ??= performance.now(); });
            obs.disconnect();
          }
        }).observe(root, { subtree: true, childList: true });
        watch(document);
        // A board drawn in a shadow root (the widget's) is seen there.
        const attach = Element.prototype.attachShadow;
        Element.prototype.attachShadow = function (init) {
          const root = attach.call(this, init);
          watch(root);
          return root;
        };
      }, selector);
      await page.goto(browser.url + path);
      await page.waitForFunction(() => window.__firstBoard !== undefined, null, { timeout: 60_000 });
      times.push(await page.evaluate(() => window.__firstBoard));
      await page.close();
    }
    return median(times);
  };
  // Two pages measured turn about, so that neither gets the cold start.
  const firstBoards = async (a, b, selector) => {
    const [ta, tb] = [[], []];
    for (let i = 0; i < runs; i++) {
      await firstBoard(a, selector, ta, 1);
      await firstBoard(b, selector, tb, 1);
    }
    return [median(ta), median(tb)];
  };
  // Our pieces are uses of symbols: drawable once those are defined too.
  const ourBoard = '.board:has(defs symbol):has(use.piece)';
  // The app's first board is the one written into its page (index.html),
  // shown until the module has started and drawn its own.
  const ourFirstBoard = `.board-shell:has(defs symbol):has(use.piece), ${ourBoard}`;
  const [oursFirst] = await firstBoards('', 'noengine/', ourFirstBoard);
  const [oursOwn, oursOwnNoEngine] = await firstBoards('', 'noengine/', ourBoard);
  const depth16 = [];
  for (let i = 0; i < Math.min(runs, 3); i++) {
    const page = await browser.context.newPage();
    await page.goto(browser.url + '?url=/work/middlegame.pgn');
    await page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('middlegame'));
    await page.keyboard.press('End');
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Analysis' }).click();
    await page.waitForFunction(() => Number(document.querySelector('section.analysis')?.dataset.engineDepth) >= 16, null, { timeout: 120_000, polling: 50 });
    depth16.push(Date.now() - t0);
    await page.close();
  }
  const theirsFirst = await firstBoard('lpv/', 'cg-board piece');
  // The widget and pgn-viewer, turn about.
  const [widgetFirst, theirsFirstAgain] = [[], []];
  for (let i = 0; i < runs; i++) {
    await firstBoard('work/widget.html', ourBoard, widgetFirst, 1);
    await firstBoard('lpv/', 'cg-board piece', theirsFirstAgain, 1);
  }

  const watchLongTasks = () => {
    window.__long = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long = Math.max(window.__long, e.duration);
    }).observe({ type: 'longtask' });
  };

  // Movetext: the file picked from disk, until every game is indexed.
  const page = await browser.context.newPage();
  await page.goto(browser.url);
  await page.waitForSelector('.board use.piece');
  await page.evaluate(watchLongTasks);
  await page.evaluate(() => {
    document.querySelector('.file-picker').addEventListener('change', () => { window.__t0 = performance.now(); }, { capture: true });
  });
  await page.locator('.file-picker').setInputFiles(big);
  await page.waitForFunction(() => window.__t0 !== undefined && !document.querySelector('.indexing')
    && /games$/.test(document.querySelector('.gl-count')?.innerText ?? ''), null, { timeout: 300_000 });
  await page.waitForTimeout(500);
  const oursBig = await page.evaluate(() => ({ ms: performance.now() - window.__t0, long: window.__long, games: document.querySelector('.gl-count').innerText }));
  await page.close();

  // pgn-viewer: the same bytes, fetched first (not timed), then parsed and shown.
  const lpvPage = await browser.context.newPage();
  await lpvPage.goto(browser.url + 'lpv/?empty');
  await lpvPage.waitForFunction(() => window.LichessPgnViewer !== undefined);
  await lpvPage.evaluate(watchLongTasks);
  const theirsBig = await lpvPage.evaluate(async () => {
    const text = await (await fetch('/work/big.pgn')).text();
    await new Promise((ok) => setTimeout(ok, 100));
    const t0 = performance.now();
    window.LichessPgnViewer(document.getElementById('viewer'), { pgn: text });
    await new Promise((ok) => {
      const check = () => (document.querySelector('cg-board piece') ? ok() : requestAnimationFrame(check));
      check();
    });
    const ms = performance.now() - t0;
    await new Promise((ok) => setTimeout(ok, 500));
    return { ms, long: window.__long };
  });
  await lpvPage.close();
  await browser.close();

  const row = (name, a, b) => `| ${name} | ${a} | ${b} |`;
  console.log(`Movetext app report (${runs} runs for first board; ${(bigSize / 1048576).toFixed(1)} MiB file from ${samples[0]})`);
  console.log('');
  console.log('| | Movetext | @lichess-org/pgn-viewer 2.5.9 |');
  console.log('|---|---|---|');
  console.log(row('app: wasm + js + css, gzipped', kib(ours.gz), kib(theirs.gz)));
  console.log(row('widget: wasm + js + css, gzipped', kib(widget.gz), kib(theirs.gz)));
  console.log(row('app: wasm + js + css, raw', kib(ours.raw), kib(theirs.raw)));
  console.log(row('app: position index worker (files of several games), gzipped', kib(indexWorker.gz), ''));
  console.log(row('app: its parts (dialogs, after the first drawing; Zstandard decoder, when first used), gzipped', kib(parts.gz), ''));
  console.log(row('widget: wasm + js + css, raw', kib(widget.raw), kib(theirs.raw)));
  console.log(row('navigation to first board (median)', `${oursFirst.toFixed(0)} ms`, `${theirsFirst.toFixed(0)} ms`));
  console.log(row('app: navigation to its own board, the module started (median)', `${oursOwn.toFixed(0)} ms`, `${theirsFirst.toFixed(0)} ms`));
  console.log(row('the app\'s own board without the engine\'s files in dist/ (median)', `${oursOwnNoEngine.toFixed(0)} ms`, ''));
  console.log(row('widget: navigation to first board (median, turn about)', `${median(widgetFirst).toFixed(0)} ms`, `${median(theirsFirstAgain).toFixed(0)} ms`));
  console.log(row('analysis on to depth 16, middlegame (median, engine fetched first)', `${median(depth16)} ms`, ''));
  console.log(row(`open a ${Math.round(bigSize / 1048576)} MiB file`, `${(oursBig.ms / 1000).toFixed(2)} s (${oursBig.games} indexed)`, `${(theirsBig.ms / 1000).toFixed(2)} s (first game shown)`));
  console.log(row('longest main-thread task meanwhile', `${oursBig.long.toFixed(0)} ms`, `${theirsBig.long.toFixed(0)} ms`));
} finally {
  await rm(work, { recursive: true, force: true });
}
