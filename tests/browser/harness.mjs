// Shared set-up of the browser tests: serves dist/ and drives Debian's
// Chromium headless through playwright-core.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './static-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../..');
export const outDir = join(here, 'out');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Starts the server and the browser (with Chromium's extra `args`);
 * `close()` ends both, and fails when a page broke a
 * Content-Security-Policy (see watchPolicyViolations). Service workers are
 * blocked unless `serviceWorkers: 'allow'` (so that requests stay visible
 * to page.route); `policy` is the app's Content-Security-Policy header
 * (static-server.mjs's APP_POLICY); `root` the folder served (dist/).
 */
export async function startBrowser({ headers = {}, mounts = {}, args = [], serviceWorkers = 'block', policy, root = join(repoRoot, 'dist') } = {}) {
  await mkdir(outDir, { recursive: true });
  const { server, url } = await startServer({ root, headers, mounts, policy });
  const profile = await mkdtemp(join(tmpdir(), 'movetext-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...args,
    ],
    viewport: { width: 1280, height: 800 },
    serviceWorkers,
  });
  const violations = await watchPolicyViolations(context);
  const close = async () => {
    await context.close();
    await new Promise((ok) => server.close(ok));
    await rm(profile, { recursive: true, force: true });
    if (violations.length) {
      throw new Error(`Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`);
    }
  };
  return { context, url, close, server, violations };
}

/**
 * Records every breach of a Content-Security-Policy in the context's pages:
 * the `securitypolicyviolation` events (written to the console as errors by
 * an init script, so that collectErrors has them too) and the browser's own
 * "Refused to ..." console messages. Gives the list, which
 * startBrowser's `close()` checks.
 */
export async function watchPolicyViolations(context) {
  const violations = [];
  await context.addInitScript(() => {
    addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} (${location.href})`);
    });
  });
  const breach = /CSP violation|Refused to|Content[- ]Security[- ]Policy/i;
  context.on('console', (m) => {
    if (breach.test(m.text())) violations.push(`${m.page()?.url() ?? 'a worker'}: ${m.text()}`);
  });
  return violations;
}

/**
 * Opens the app in a new page and waits for the board, with no document
 * stored (unless `keep`). Page errors and console errors are collected in
 * `errors`.
 */
export async function openApp(context, url, { width = 1280, height = 800, path = '', keep = false } = {}) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  if (!keep) {
    // A new tab opens the document used last: each test starts with none,
    // unless it keeps what the tests before it stored.
    // (Chromium asks this page of the server for an icon, which it has not:
    // the answer comes late, so it is given here, with no error.)
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204, body: '' }));
    await page.goto(url + 'store.js');
    if (!await emptyStore(page)) throw new Error('the saved documents could not be forgotten');
  }
  const errors = collectErrors(page);
  await page.goto(url + path);
  await page.waitForSelector('.board[data-fen]', { timeout: 30_000 });
  await appListening(page);
  return { page, errors };
}

/**
 * Waits until the app listens to the window (keys, drops, pastes): it marks
 * the page's root `data-app-ready` then; its board can be drawn before.
 */
export function appListening(page) {
  return page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 30_000 });
}

/** Pastes `text` as Ctrl+V anywhere on the page does: a paste event with clipboard data. */
export async function pastePgn(page, text) {
  await appListening(page);
  return page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Waits until a pasted text is the open file and its game is shown (the page is busy until then). */
export function pastedShown(page) {
  return page.waitForFunction(() => document.querySelector('.file-name')?.innerText.includes('Pasted')
    && !document.querySelector('.page[aria-busy="true"]'));
}

/**
 * Opens the app with nothing saved from other tests (see
 * forgetSavedSession) and, if `pgn` is given, on that text pasted.
 */
export async function openPasted(context, url, pgn, size = {}) {
  const { page, errors } = await openApp(context, url, size);
  await forgetSavedSession(page);
  if (pgn) {
    await pastePgn(page, pgn);
    await pastedShown(page);
  }
  return { page, errors };
}

/** Collects the page's errors and console errors, from now on. */
export function collectErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Empties the app's store in this browser (every document, its parts and
 * edits), from a page of the app's origin. The stores are emptied, not the
 * database deleted: Chromium can finish deleting a database after it said
 * it had, wiping what the app wrote into it meanwhile.
 */
export function emptyStore(page) {
  return page.evaluate(() => new Promise((ok) => {
    const req = indexedDB.open('movetext');
    req.onsuccess = () => {
      const db = req.result;
      const names = [...db.objectStoreNames];
      if (names.length === 0) { db.close(); return ok(true); }
      const tx = db.transaction(names, 'readwrite');
      for (const n of names) tx.objectStore(n).clear();
      tx.oncomplete = () => { db.close(); ok(true); };
      tx.onerror = () => { db.close(); ok(false); };
      tx.onabort = () => { db.close(); ok(false); };
    };
    req.onerror = () => ok(false);
    setTimeout(() => ok(false), 10_000);
  }));
}

/**
 * Forgets what the app saved in this browser (IndexedDB) and which
 * document this tab showed, then (unless `reload` is false) reloads the
 * page so that it starts with nothing saved.
 */
export async function forgetSavedSession(page, { reload = true } = {}) {
  if (!await emptyStore(page)) throw new Error('the saved documents could not be forgotten');
  await page.evaluate(() => sessionStorage.removeItem('movetext-doc'));
  if (reload) {
    await page.reload();
    await page.waitForSelector('.board[data-fen]');
    await appListening(page);
  }
}

/**
 * What the app saved in this browser, of the document used last: its
 * description (or null) and its stored edits as JSON text ('' when none).
 */
export function savedSession(page) {
  return page.evaluate(() => new Promise((ok) => {
    const none = { file: null, edits: '' };
    const req = indexedDB.open('movetext');
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('docs')) { db.close(); return ok(none); }
      const tx = db.transaction(['docs', 'edits']);
      const docs = tx.objectStore('docs').getAll();
      docs.onsuccess = () => {
        const doc = docs.result.sort((a, b) => b.lastOpened - a.lastOpened)[0];
        if (!doc) return;
        const edits = tx.objectStore('edits').getAll(IDBKeyRange.bound([doc.id], [doc.id, []]));
        edits.onsuccess = () => { doc.editsFound = edits.result.filter((e) => e.pgn !== null); };
      };
      tx.oncomplete = () => {
        db.close();
        const doc = docs.result.sort((a, b) => b.lastOpened - a.lastOpened)[0];
        if (!doc) return ok(none);
        const edits = doc.editsFound ?? [];
        delete doc.editsFound;
        ok({ file: doc, edits: edits.length ? JSON.stringify(edits) : '' });
      };
      tx.onerror = () => { db.close(); ok(none); };
    };
    req.onerror = () => ok(none);
  }));
}

/** Writes a comment on the shown move through its dialog (the `c` key). */
export async function writeComment(page, text) {
  await page.keyboard.press('c');
  await page.getByRole('textbox', { name: 'Comment text' }).fill(text);
  await page.getByRole('button', { name: 'Save' }).click();
}

/**
 * The stored edits as JSON text, once they hold `text` (read every 100 ms,
 * for 10 s at most: then as they are).
 */
export async function editsStoredWith(page, text) {
  let edits = (await savedSession(page)).edits;
  for (let i = 0; i < 100 && !edits.includes(text); i++) {
    await page.waitForTimeout(100);
    edits = (await savedSession(page)).edits;
  }
  return edits;
}

/**
 * `count` short games of one event, as PGN: player `W<n>` plays White in
 * round `n`, and each game is 1. e4 e5 2. Nf3.
 */
export function numberedGames(count, event) {
  return Array.from({ length: count }, (_, i) => `[Event "${event}"]\n[Round "${i + 1}"]\n[White "W${i + 1}"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n\n`).join('');
}

/** The FEN the board shows. */
export async function boardFen(page) {
  await drawn(page);
  return page.getAttribute('.board', 'data-fen');
}

/**
 * Waits for the page's drawing to be done: it may go on in a task after the
 * one a key was handled in (Yew yields to the browser after 16 ms of work).
 */
export function drawn(page) {
  return page.evaluate(() => new Promise((done) => {
    const later = () => setTimeout(done, 0);
    requestAnimationFrame(later);
    setTimeout(later, 50);
  }));
}

/**
 * Waits for the table of opening names, which the app fetches once its
 * first board is drawn, and checks that it arrived.
 */
export async function openingNames(page) {
  await page.waitForSelector('html[data-openings]', { state: 'attached' });
  const mark = await page.evaluate(() => document.documentElement.dataset.openings);
  if (mark !== 'ready') throw new Error(`the opening names did not arrive (${mark})`);
}

/**
 * Drops files on the page the way a browser does: a real DataTransfer
 * holding File objects, in dragenter/dragover/drop events. `files` is a list
 * of { name, text } or { name, bytes: number[] }.
 */
export async function dropFiles(page, files) {
  await appListening(page);
  await page.evaluate((files) => {
    const data = new DataTransfer();
    for (const f of files) {
      const body = f.bytes ? new Uint8Array(f.bytes) : f.text;
      data.items.add(new File([body], f.name, { type: 'application/x-chess-pgn' }));
    }
    const target = document.querySelector('.board') ?? document.body;
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    }
  }, files);
}

/**
 * Page coordinates of the centre of a square of a board (not flipped);
 * `board` is a selector of the board element.
 */
export async function squareCentre(page, square, board = '.board-col .board') {
  await page.locator(board).scrollIntoViewIfNeeded();
  const box = await page.locator(board).boundingBox();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const size = box.width / 8;
  return { x: box.x + (file + 0.5) * size, y: box.y + (7 - rank + 0.5) * size };
}

/**
 * In the page: starts collecting long tasks and the scripts of long frames
 * (`buffered`: also those since the page began), forgetting any collected.
 */
export function watchLongTasksInPage(buffered) {
  window.longTasks = [];
  window.longFrames = [];
  window.longTaskObservers?.forEach((o) => o.disconnect());
  const tasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
  });
  tasks.observe({ type: 'longtask', buffered });
  const frames = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.longFrames.push(e.scripts.map((s) => [s.startTime, s.duration, s.invoker]));
      // A frame's rendering (its animation frame callbacks, style, layout
      // and paint) is a task of its own, which the longtask entries leave
      // out: a layout of 300 ms was reported as no long task at all.
      const rendering = e.startTime + e.duration - e.renderStart;
      if (e.renderStart > 0 && rendering >= 50) window.longTasks.push([e.renderStart, rendering, 'rendering']);
    }
  });
  frames.observe({ type: 'long-animation-frame', buffered });
  window.longTaskObservers = [tasks, frames];
}

/**
 * In the page: the longest task collected (a frame's rendering included),
 * in ms, and what ran in it: the page's scripts (invoker and ms, from the
 * frame's timing), or nothing when the time went to the browser's own work.
 * `forget` empties the collection.
 */
export function longestTaskInPage(forget) {
  const [start, duration, kind] = window.longTasks.reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
  const scripts = window.longFrames.flat()
    .filter(([at, ms]) => at >= start - 1 && at + ms <= start + duration + 1)
    .map(([, ms, invoker]) => `${invoker} ${Math.round(ms)} ms`);
  if (forget) {
    window.longTasks.length = 0;
    window.longFrames.length = 0;
  }
  // A frame's rendering: its style, layout and paint, with any animation
  // frame callbacks of the page's.
  const parts = kind === 'rendering' ? ['a frame\'s rendering', ...scripts] : scripts;
  const what = duration === 0 ? '' : ` (${parts.length ? parts.join(', ') : 'no script: the browser\'s own work'})`;
  return { ms: Math.round(duration), text: `${Math.round(duration)} ms${what}` };
}

/**
 * Starts collecting long tasks; `take()` returns the longest since, in ms,
 * what ran in it (see `longestTaskInPage`) and, from a trace of the
 * renderer's tasks, how much of it the page's thread spent on the CPU
 * (`cpuMs`; a task can last longer than its work when the machine's cores
 * are busy with other programs).
 */
export async function longTasks(page) {
  await page.evaluate(watchLongTasksInPage, false);
  const trace = await traceTasks(page);
  return {
    take: async () => {
      const tasks = await trace.stop();
      return withCpu(await page.evaluate(longestTaskInPage, false), tasks);
    },
  };
}

/**
 * A longest task (`longestTaskInPage`) with how much of it the page's
 * thread spent on the CPU (`cpuMs`, and said in `text`), when one of the
 * traced `tasks` is it.
 */
export function withCpu(found, tasks) {
  // A task of the page's thread that its timing entries do not report (the
  // long-task entries leave out tasks that run no script of the page, such
  // as the browser's own messages): the longest task all the same.
  const longest = tasks.reduce((a, t) => (!a || t.dur > a.dur ? t : a), null);
  if (longest && longest.dur >= 50_000 && longest.dur / 1000 > found.ms + 5) {
    const ms = Math.round(longest.dur / 1000);
    const posted = longest.from ? `, posted by ${longest.from}` : '';
    found = { ms, text: `${ms} ms (not in the page's timing entries: the browser's own work${posted})` };
  }
  const match = found.ms ? closestTask(tasks, found.ms) : null;
  const busiest = tasks.reduce((a, t) => (!a || t.tdur > a.tdur ? t : a), null);
  const mostCpuMs = busiest ? Math.round(busiest.tdur / 1000) : 0;
  // The task with the most time on the CPU, when it is another one.
  const most = busiest && busiest !== match && mostCpuMs >= 20
    ? `; most on the CPU: ${mostCpuMs} ms (of ${Math.round(busiest.dur / 1000)} ms${busiest.from ? `, posted by ${busiest.from}` : ''})` : '';
  if (!match) return { ...found, mostCpuMs, text: `${found.text}${most}` };
  const cpuMs = Math.round(match.tdur / 1000);
  return { ...found, cpuMs, mostCpuMs, text: `${found.text}, ${cpuMs} ms of it on the CPU${most}` };
}

/**
 * Traces the tasks of the page's renderer (Chromium's `toplevel` trace
 * events) until `stop()`, which gives those of 20 ms or more of the page's
 * main thread (the one where a mark made by the page is seen; every
 * renderer's main thread if none is), as `{ dur, tdur, from }`: wall time
 * and thread time in microseconds, and where the task was posted from.
 * Without tracing, `stop()` gives none.
 */
export async function traceTasks(page) {
  const tasks = [];
  const mains = new Set();
  const own = new Set();
  let cdp;
  try {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReturnAsStream' });
    // A mark made by the page names its own thread among the renderers'.
    await page.evaluate(() => performance.mark('movetext-trace'));
  } catch {
    return { stop: async () => [] };
  }
  return {
    stop: async () => {
      try {
        const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
        await cdp.send('Tracing.end');
        const { stream, dataLossOccurred } = await done;
        if (dataLossOccurred) console.log('# (the trace lost events: its buffer was full)');
        let text = '';
        for (;;) {
          const { data, eof } = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
          text += data;
          if (eof) break;
        }
        await cdp.send('IO.close', { handle: stream });
        await cdp.detach();
        const events = JSON.parse(text);
        for (const e of Array.isArray(events) ? events : events.traceEvents ?? []) {
          if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') mains.add(`${e.pid}:${e.tid}`);
          if (e.name === 'movetext-trace') own.add(`${e.pid}:${e.tid}`);
          if (e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') && e.dur >= 20_000) tasks.push(e);
        }
      } catch {
        return [];
      }
      // Where the task was posted from, when the trace says.
      const from = (e) => [e.args?.src_file, e.args?.src_func].filter(Boolean).join(' ');
      // The page's own thread where its mark was seen, else every renderer's.
      const threads = own.size ? own : mains;
      return tasks.filter((e) => threads.has(`${e.pid}:${e.tid}`)).map((e) => ({ dur: e.dur, tdur: e.tdur ?? e.dur, from: from(e) }));
    },
  };
}

/** The traced task whose length is nearest `ms` (within 5 ms), if any. */
function closestTask(tasks, ms) {
  let best = null;
  for (const t of tasks) {
    const off = Math.abs(t.dur / 1000 - ms);
    if (off <= 5 && (!best || off < Math.abs(best.dur / 1000 - ms))) best = t;
  }
  return best;
}

/**
 * Writes `parts` to `path` again and again, each round after the last,
 * while `more(bytes written, rounds written)` says so (the stream's
 * back-pressure respected).
 */
export async function writeRepeated(path, parts, more) {
  const out = createWriteStream(path);
  const round = parts.reduce((n, p) => n + p.length, 0);
  for (let rounds = 0; more(rounds * round, rounds); rounds++) {
    for (const part of parts) {
      if (!out.write(part)) await new Promise((ok) => out.once('drain', ok));
    }
  }
  await new Promise((ok, fail) => out.end((e) => (e ? fail(e) : ok())));
}

/**
 * Opens the widget's demo page and puts a `<movetext-viewer>` with these
 * attributes first on it; gives the page, its page errors and the element.
 */
export async function demoWithWidget(context, url, id, attributes) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${url}widget/demo.html`);
  await page.evaluate(([id, attributes]) => {
    const el = document.createElement('movetext-viewer');
    el.id = id;
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.prepend(el);
  }, [id, attributes]);
  return { page, errors, widget: page.locator(`#${id}`) };
}

let axeSource = null;

/** The violations axe-core finds in `context` (a selector; the whole document by default), one line each. */
export async function axeViolations(page, context = null) {
  axeSource ??= await readFile(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    // Evaluated, not added as an inline script, which the app's
    // Content-Security-Policy refuses.
    await page.evaluate(axeSource);
  }
  return page.evaluate(async (context) => {
    const result = await window.axe.run(context ?? document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes[0].target.join(' ')}`);
  }, context);
}
