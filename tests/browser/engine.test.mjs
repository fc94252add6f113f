// Browser tests of the analysis engine's loading: one state at a time in the
// panel (downloading with its progress, starting, the depth, failed), a new
// worker when analysis is turned on again after a failure, and a worker that
// stops once it ran started again once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, openApp, forgetSavedSession, outDir, axeViolations } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const SCRIPT = '/engine/stockfish-18-lite-single.js';
const WASM = '/engine/stockfish-18-lite-single.wasm';
const engineFile = (url) => new URL(url).pathname.startsWith('/engine/');

/** The app on the start position, with the engine's requests counted in `requests`. */
async function openStart() {
  const { page, errors } = await openApp(browser.context, browser.url);
  await forgetSavedSession(page);
  await page.keyboard.press('Home');
  const requests = [];
  page.on('request', (r) => engineFile(r.url()) && requests.push(new URL(r.url()).pathname));
  const toggle = page.getByRole('button', { name: 'Analysis' });
  return { page, errors, requests, toggle };
}

/** What the panel shows: its state, its head's words, its messages. */
function panel(page) {
  return page.evaluate(() => {
    const s = document.querySelector('section.analysis');
    return {
      status: s.dataset.engineStatus ?? null,
      depth: Number(s.dataset.engineDepth ?? 0),
      head: s.querySelector('.analysis-head').innerText,
      error: s.querySelector('.analysis-error')?.innerText ?? null,
      notice: s.querySelector('.analysis-notice')?.innerText ?? null,
      starting: s.querySelectorAll('.analysis-depth').length,
      progress: s.querySelectorAll('progress').length,
    };
  });
}

/** Waits until the panel's state is `status` (and, with `depth`, deeper than it). */
function waitFor(page, status, { depth = -1, timeout = 60_000 } = {}) {
  return page.waitForFunction(
    ([status, depth]) => {
      const s = document.querySelector('section.analysis');
      return s?.dataset.engineStatus === status && Number(s.dataset.engineDepth) > depth;
    },
    [status, depth],
    { timeout, polling: 50 },
  );
}

test('engine files that fail show only the error; turned off and on, the files are asked for again and the engine runs', async () => {
  const { page, errors, requests, toggle } = await openStart();
  await page.route('**/engine/**', (route) => route.abort());
  await toggle.click();
  await waitFor(page, 'failed', { timeout: 30_000 });
  // It stays failed, with the one message and no "Starting…".
  await page.waitForTimeout(500);
  const failed = await panel(page);
  assert.equal(failed.status, 'failed');
  assert.equal(failed.error, 'The engine could not be loaded.');
  assert.equal(failed.starting, 0, 'no depth nor "Starting…" beside the error');
  assert.doesNotMatch(failed.head, /Starting|Depth|Downloading/);
  assert.equal(failed.progress, 0);
  assert.equal(await page.getByRole('alert').filter({ hasText: 'The engine could not be loaded.' }).count(), 1);
  await page.locator('section.analysis').screenshot({ path: join(outDir, 'engine-failed.png') });
  await page.screenshot({ path: join(outDir, 'engine-failed-page.png'), fullPage: true });
  assert.ok(requests.includes(SCRIPT), requests.join());

  // The network is back: off and on starts a new worker, which loads.
  await page.unroute('**/engine/**');
  requests.length = 0;
  await toggle.click();
  assert.equal(await page.locator('.analysis-error').count(), 0, 'turned off, no error shown');
  await toggle.click();
  await waitFor(page, 'running', { depth: 0 });
  assert.ok(requests.includes(SCRIPT), requests.join());
  assert.ok(requests.includes(WASM), requests.join());
  const running = await panel(page);
  assert.equal(running.error, null);
  assert.match(running.head, /Depth \d+/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an engine whose .wasm is missing is not left starting (nor Analyse game): it fails in time, and turned off and on it runs', async () => {
  const { page, errors, requests, toggle } = await openStart();
  await page.route(`**${WASM}`, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await toggle.click();
  // Analyse game, on a worker of its own, waits on the same file.
  await page.locator('.review-budget').selectOption({ index: 0 });
  await page.getByRole('button', { name: 'Analyse game' }).click();
  await page.waitForSelector('.review-progress');
  await page.waitForFunction(() => document.querySelector('section.analysis')?.dataset.engineStatus === 'starting');
  // The script waits for ever on its .wasm, with no error the page sees:
  // the silence ends the load (after twenty seconds).
  const started = Date.now();
  await waitFor(page, 'failed', { timeout: 40_000 });
  const took = Date.now() - started;
  console.log(`engine: a missing .wasm failed after ${took} ms`);
  assert.ok(took >= 15_000, `not before the load went silent long enough (${took} ms)`);
  const failed = await panel(page);
  assert.equal(failed.error, 'The engine could not be loaded.');
  assert.equal(failed.starting, 0);
  assert.ok(requests.includes(WASM), requests.join());
  await page.waitForFunction(() => !document.querySelector('.review-progress'), null, { timeout: 5_000 });
  assert.equal(await page.locator('.review-error').innerText(), 'The engine could not be loaded.');

  await page.unroute(`**${WASM}`);
  requests.length = 0;
  await toggle.click();
  await toggle.click();
  await waitFor(page, 'running', { depth: 0 });
  assert.ok(requests.includes(WASM), requests.join());
  // Analyse game started again runs too.
  await page.getByRole('button', { name: 'Analyse game' }).click();
  await page.waitForFunction(() => Number(document.querySelector('.review-progress')?.getAttribute('aria-valuenow')) > 0, null, { timeout: 30_000 });
  assert.equal(await page.locator('.review-error').count(), 0);
  await page.locator('.review-cancel').click();
  // The script's own words about its missing .wasm, from the worker.
  assert.deepEqual(errors.filter((e) => !/HTTP 404: Not Found/.test(e)), []);
  await page.close();
});

test('a slow download shows its progress, a percentage and a progress bar, before the first depth', async () => {
  const { page, errors, toggle } = await openStart();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.enable');
  // About 1.5 MB a second: the 7 MB of the .wasm take some five seconds.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 1_500_000,
    uploadThroughput: 1_000_000,
  });
  // Every state the panel goes through, as its head says it.
  await page.evaluate(() => {
    window.engineStates = [];
    const s = document.querySelector('section.analysis');
    const seen = () => {
      const state = `${s.dataset.engineStatus}|${s.dataset.engineDepth}|${s.querySelector('.analysis-head').innerText.replace(/\s+/g, ' ')}`;
      if (s.dataset.engineStatus && window.engineStates.at(-1) !== state) window.engineStates.push(state);
    };
    new MutationObserver(seen).observe(s, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await toggle.click();
  await waitFor(page, 'downloading', { timeout: 30_000 });
  const bar = page.getByRole('progressbar', { name: 'Engine download' });
  await page.waitForFunction(() => Number(document.querySelector('progress.analysis-progress')?.value) > 5, null, { timeout: 30_000, polling: 50 });
  const first = Number(await bar.getAttribute('value'));
  const text = await page.locator('.analysis-download').innerText();
  const shown = Number(text.match(/^Downloading the engine… (\d+)%$/)?.[1]);
  assert.ok(shown > 0 && shown < 100, text);
  assert.ok(Math.abs(shown - first) <= 2, `${text} and the bar at ${first}`);
  assert.equal(await bar.getAttribute('max'), '100');
  assert.equal(await depthOf(page), 0, 'downloading comes before any depth');
  assert.equal((await panel(page)).starting, 0, 'no "Starting…" while downloading');
  await page.locator('section.analysis').screenshot({ path: join(outDir, 'engine-downloading.png') });
  assert.deepEqual(await axeViolations(page, 'section.analysis'), []);
  await page.waitForFunction((f) => Number(document.querySelector('progress.analysis-progress')?.value) > f, first, { timeout: 30_000, polling: 50 });

  await waitFor(page, 'running', { depth: 0, timeout: 90_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const states = await page.evaluate(() => window.engineStates);
  console.log(`engine: ${states.length} states, from ${states[0]} to ${states.at(-1)}`);
  // One state at a time, in order: downloading (rising), starting, running.
  const kinds = states.map((s) => s.split('|')[0]);
  const firstRunning = kinds.indexOf('running');
  assert.ok(kinds.indexOf('downloading') >= 0 && kinds.lastIndexOf('downloading') < firstRunning, kinds.join());
  assert.ok(!kinds.includes('failed'), kinds.join());
  const percents = states.filter((s) => s.startsWith('downloading')).map((s) => Number(s.match(/(\d+)%/)[1]));
  assert.deepEqual(percents, [...percents].sort((a, b) => a - b), 'the percentage only rises');
  for (const s of states) {
    const [kind, , head] = s.split('|');
    assert.ok(!(kind === 'downloading' && /Starting|Depth/.test(head)), s);
    assert.ok(!(kind !== 'downloading' && /Downloading/.test(head)), s);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

async function depthOf(page) {
  return Number(await page.getAttribute('section.analysis', 'data-engine-depth'));
}

/** Makes the engine's worker throw, as a crash of the engine would. */
async function crash(page) {
  const worker = page.workers().find((w) => w.url().includes(SCRIPT));
  assert.ok(worker, 'the engine runs in a worker');
  await worker.evaluate(() => {
    setTimeout(() => {
      throw new Error('the engine crashed');
    });
  });
  return worker;
}

test('a worker that stops once it ran is started again once, with a notice; stopping again, the engine fails', async () => {
  const { page, errors, requests, toggle } = await openStart();
  await toggle.click();
  await waitFor(page, 'running', { depth: 2 });
  assert.equal((await panel(page)).notice, null);

  requests.length = 0;
  const another = page.waitForEvent('worker', { predicate: (w) => w.url().includes(SCRIPT) });
  const first = await crash(page);
  const second = await another;
  assert.notEqual(second, first);
  await page.waitForSelector('.analysis-notice');
  await waitFor(page, 'running', { depth: 0 });
  const again = await panel(page);
  assert.equal(again.notice, 'The engine stopped and was started again.');
  assert.equal(again.error, null);
  assert.equal(await page.getByRole('status').filter({ hasText: 'started again' }).count(), 1);
  assert.ok(requests.includes(SCRIPT), requests.join());
  await page.locator('section.analysis').screenshot({ path: join(outDir, 'engine-restarted.png') });

  // A second stop: failed, and no third worker.
  let third = false;
  page.on('worker', (w) => { if (w.url().includes(SCRIPT)) third = true; });
  await crash(page);
  await waitFor(page, 'failed', { timeout: 10_000 });
  await page.waitForTimeout(500);
  const failed = await panel(page);
  assert.equal(failed.error, 'The engine stopped again. Turn analysis off and on to try once more.');
  assert.equal(failed.notice, null, 'the error alone');
  assert.equal(failed.starting, 0);
  assert.equal(third, false, 'not started a third time');
  await page.locator('section.analysis').screenshot({ path: join(outDir, 'engine-stopped.png') });

  // Off and on: a new worker that runs.
  await toggle.click();
  await toggle.click();
  await waitFor(page, 'running', { depth: 0 });
  assert.equal(third, true);
  assert.equal((await panel(page)).notice, null);
  // Handled by the page: not reported as an error of the page.
  assert.deepEqual(errors, []);
  await page.close();
});
