// Browser tests of the widget as page authors' tools use it: attributes and
// the element's text changed in place after the first drawing (as React, Vue
// and Svelte do), properties, the events heard on the document, ::part()
// names and colour properties that follow the page's CSS, the train mode
// keeping its answers, the app's link, the wheel on a page of many boards,
// attributes that name no game or no position, and axe-core.
// Expected FENs were computed independently of Movetext.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, outDir, collectErrors, axeViolations } from './harness.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const AFTER_D5 = 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2';
const AFTER_C4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2';
const SIX = Array.from({ length: 6 }, (_, i) => `[White "W${i + 1}"]\n[Black "B${i + 1}"]\n\n1. e4 *\n`).join('\n');

const head = (title) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="page.css">
<script type="module" src="/widget/movetext.js"></script>
</head><body>`;

// A framework's page: elements whose attributes and text are set in place.
const LIVE = `${head('Attributes in place')}
<main>
<movetext-viewer id="a" loading="eager" pgn="1. e4 e5 2. Nf3 *" ply="1" moves="bottom"></movetext-viewer>
<movetext-viewer id="t" loading="eager" ply="last" moves="bottom">1. e4 *</movetext-viewer>
</main></body></html>`;

const PARTS = `${head('Parts')}
<main><movetext-viewer id="p" loading="eager" pgn="[White &quot;Ann&quot;]\n[Black &quot;Bo&quot;]\n\n1. e4 e5 2. Nf3 *" ply="last" moves="right"></movetext-viewer></main>
</body></html>`;

const PAGE_CSS = `
body { margin: 0; padding: 12px; font-family: sans-serif; }
movetext-viewer::part(board) { outline: 6px solid rgb(255, 0, 0); }
movetext-viewer::part(moves) { background: rgb(255, 255, 0); }
movetext-viewer::part(controls) { background: rgb(0, 200, 255); }
movetext-viewer::part(player-top) { background: rgb(255, 0, 255); }
.ruled { display: block; margin: 0 0 40px; width: 300px; }
`;

const MANY = `${head('Fifty boards')}
<main>${Array.from({ length: 50 }, (_, i) => `<h2>Board ${i + 1}</h2>
<movetext-viewer class="ruled" id="m${i}" moves="none" ply="${i === 1 ? 'first' : 'last'}" pgn="1. e4 e5 2. Nf3 *"></movetext-viewer>`).join('\n')}
</main></body></html>`;

let browser;
before(async () => {
  const fixtures = join(outDir, 'widget-authors');
  await mkdir(fixtures, { recursive: true });
  await writeFile(join(fixtures, 'live.html'), LIVE);
  await writeFile(join(fixtures, 'parts.html'), PARTS);
  await writeFile(join(fixtures, 'many.html'), MANY);
  await writeFile(join(fixtures, 'empty.html'), `${head('Empty')}<main></main></body></html>`);
  await writeFile(join(fixtures, 'page.css'), PAGE_CSS);
  await writeFile(join(fixtures, 'six.pgn'), SIX);
  browser = await startBrowser({ mounts: { '/page/': fixtures } });
});
after(async () => {
  await browser?.close();
});

/** Waits until widget `id` shows `fen` on its board. */
function fenOf(page, id, fen) {
  return page.waitForFunction(
    ([id, fen]) => document.getElementById(id)?.shadowRoot?.querySelector('.board')?.dataset.fen === fen,
    [id, fen],
    { timeout: 10_000 },
  );
}

/** A query inside widget `id`'s shadow root, as a value computed by `fn(element)`. */
function inWidget(page, id, selector, fn = (e) => e !== null) {
  return page.evaluate(([id, selector, fn]) => {
    const el = document.getElementById(id).shadowRoot.querySelector(selector);
    return new Function('e', `return (${fn})(e)`)(el);
  }, [id, selector, String(fn)]);
}

/** Opens a page with `elements` (markup) and waits for every widget's board. */
async function pageWith(elements) {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${browser.url}page/empty.html`);
  await page.evaluate((html) => { document.querySelector('main').innerHTML = html; }, elements);
  await page.waitForFunction(() => [...document.querySelectorAll('movetext-viewer')]
    .every((el) => el.shadowRoot?.querySelector('.board[data-fen]')), null, { timeout: 10_000 });
  return { page, errors };
}

test('attributes and the text changed in place after the first drawing show the new game, move, orientation, theme and language', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${browser.url}page/live.html`);
  await fenOf(page, 'a', AFTER_E4);
  await fenOf(page, 't', AFTER_E4);

  await page.evaluate(() => document.getElementById('a').setAttribute('ply', '3'));
  await fenOf(page, 'a', AFTER_NF3);
  // A property mirrors its attribute both ways.
  assert.equal(await page.evaluate(() => document.getElementById('a').ply), '3');
  await page.evaluate(() => { document.getElementById('a').ply = 'first'; });
  await fenOf(page, 'a', START);
  assert.equal(await page.evaluate(() => document.getElementById('a').getAttribute('ply')), 'first');

  // A new game and a move in it, set in the same task.
  await page.evaluate(() => {
    const a = document.getElementById('a');
    a.setAttribute('pgn', '[White "Dora"]\n[Black "Emil"]\n\n1. d4 d5 2. c4 *');
    a.setAttribute('ply', '2');
  });
  await fenOf(page, 'a', AFTER_D5);
  assert.equal(await inWidget(page, 'a', '.move-list', (e) => e.querySelectorAll('.mv').length), 3);
  assert.match(await inWidget(page, 'a', '.mt-widget', (e) => e.getAttribute('aria-label')), /Dora – Emil/);

  // Orientation, theme and language: the widget is drawn again, where it was.
  const bottom = () => inWidget(page, 'a', '.player-bar.at-bottom', (e) => e.dataset.side);
  assert.equal(await bottom(), 'white');
  await page.evaluate(() => document.getElementById('a').setAttribute('orientation', 'black'));
  await page.waitForFunction(() => document.getElementById('a').shadowRoot.querySelector('.player-bar.at-bottom')?.dataset.side === 'black');
  await fenOf(page, 'a', AFTER_D5);
  await page.evaluate(() => { document.getElementById('a').theme = 'dark'; });
  await page.waitForFunction(() => document.getElementById('a').shadowRoot.querySelector('.mt-widget')?.dataset.theme === 'dark');
  assert.equal(await bottom(), 'black');
  await page.evaluate(() => document.getElementById('a').setAttribute('lang', 'de'));
  await page.waitForFunction(() => document.getElementById('a').shadowRoot.querySelector('.mt-frame')?.lang === 'de');
  const label = await inWidget(page, 'a', '.nav-next', (e) => e.getAttribute('aria-label'));
  assert.notEqual(label, 'Next move');
  assert.match(label, /Zug/);

  // The element's text replaced, as a framework renders children.
  await page.evaluate(() => { document.getElementById('t').textContent = '1. c4 e5 *'; });
  await fenOf(page, 't', AFTER_C4_E5);
  await page.evaluate(() => { document.getElementById('t').firstChild.data = '1. e4 e5 2. Nf3 *'; });
  await fenOf(page, 't', AFTER_NF3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('events are heard on the document: move bubbles out of the shadow root, ready when drawn, error when the src fails', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${browser.url}page/empty.html`);
  await page.evaluate(() => {
    window.heard = [];
    for (const type of ['move', 'ready', 'error']) {
      document.addEventListener(type, (e) => {
        if (e.target.localName !== 'movetext-viewer') return;
        window.heard.push({ type, id: e.target.id, bubbles: e.bubbles, composed: e.composed, detail: e.detail });
      });
    }
    document.querySelector('main').innerHTML = '<movetext-viewer id="ok" loading="eager" pgn="1. e4 e5 *"></movetext-viewer>'
      + '<movetext-viewer id="gone" loading="eager" src="missing.pgn"></movetext-viewer>';
  });
  await page.waitForFunction(() => window.heard.some((h) => h.type === 'ready') && window.heard.some((h) => h.type === 'error'));
  const heard = await page.evaluate(() => window.heard);
  const ready = heard.filter((h) => h.type === 'ready');
  assert.deepEqual(ready.map((h) => [h.id, h.bubbles, h.composed]), [['ok', true, true]]);
  const error = heard.find((h) => h.type === 'error');
  assert.equal(error.id, 'gone');
  assert.match(error.detail.message, /missing\.pgn.*404/);
  assert.match(await page.evaluate(() => document.getElementById('gone').shadowRoot.textContent), /404/);

  await page.evaluate(() => document.getElementById('ok').goTo('last'));
  await page.waitForFunction(() => window.heard.some((h) => h.type === 'move' && h.detail.san === 'e5'));
  const move = (await page.evaluate(() => window.heard)).find((h) => h.type === 'move' && h.detail.san === 'e5');
  assert.deepEqual([move.id, move.bubbles, move.composed, move.detail.ply], ['ok', true, true, 2]);
  // A click on the board's control, inside the shadow root, is heard too.
  await page.locator('#ok .nav-prev').click();
  await page.waitForFunction(() => window.heard.some((h) => h.type === 'move' && h.detail.san === 'e4'));
  // The src errors are the page's console's only ones.
  assert.ok(errors.every((e) => /404|missing\.pgn/.test(e)), errors.join('\n'));
  await page.close();
});

test('parts are styled from the page, and colour properties follow its CSS as it changes', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 900, height: 700 });
  // No piece sliding in the screenshot.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${browser.url}page/parts.html`);
  await fenOf(page, 'p', AFTER_NF3);
  const style = (selector, property) => inWidget(page, 'p', selector, `(e) => getComputedStyle(e).${property}`);
  assert.equal(await style('.board', 'outlineColor'), 'rgb(255, 0, 0)');
  assert.equal(await style('.mt-side', 'backgroundColor'), 'rgb(255, 255, 0)');
  assert.equal(await style('.controls', 'backgroundColor'), 'rgb(0, 200, 255)');
  assert.equal(await style('.player-bar.at-top', 'backgroundColor'), 'rgb(255, 0, 255)');
  assert.notEqual(await style('.player-bar.at-bottom', 'backgroundColor'), 'rgb(255, 0, 255)');
  const dark = await style('.squares .sq-dark', 'fill');
  assert.notEqual(dark, 'rgb(0, 0, 255)');

  // Set after the drawing, on an ancestor: the widget follows.
  await page.evaluate(() => {
    document.body.style.setProperty('--movetext-square-dark', 'rgb(0, 0, 255)');
    document.body.style.setProperty('--movetext-background', 'rgb(20, 120, 40)');
    document.body.style.setProperty('--movetext-max-width', '600px');
  });
  assert.equal(await style('.squares .sq-dark', 'fill'), 'rgb(0, 0, 255)');
  assert.equal(await style('.mt-widget', 'backgroundColor'), 'rgb(20, 120, 40)');
  assert.equal(await page.evaluate(() => document.getElementById('p').getBoundingClientRect().width), 600);
  await page.screenshot({ path: join(outDir, 'widget-parts.png') });
  // The colours are the page's, not a drawing again: the board is as it was.
  await fenOf(page, 'p', AFTER_NF3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('in the train mode the moves and the menu keep the answers until the reader has guessed them', async () => {
  const { page, errors } = await pageWith(
    '<movetext-viewer id="tr" loading="eager" mode="train" moves="right" menu="true" app="/app/" pgn="1. e4 e5 2. Nf3 Nc6 *"></movetext-viewer>'
    + '<movetext-viewer id="plain" loading="eager" moves="right" menu="true" app="/app/" pgn="1. e4 e5 2. Nf3 Nc6 *"></movetext-viewer>',
  );
  // Before a side is picked: no move list, no move of the game in the widget's text.
  assert.equal(await inWidget(page, 'tr', '.move-list'), false);
  const text = await page.evaluate(() => document.getElementById('tr').shadowRoot.textContent);
  assert.doesNotMatch(text, /Nf3|Nc6/);
  assert.equal(await inWidget(page, 'plain', '.move-list', (e) => e.querySelectorAll('.mv').length), 4);

  const items = async (id) => {
    await page.locator(`#${id} .mt-menu-button`).click();
    await page.locator(`#${id} [role=menuitem]`).first().waitFor();
    const found = await page.evaluate((id) => [...document.getElementById(id).shadowRoot.querySelectorAll('[role=menuitem]')]
      .map((e) => e.dataset.menu), id);
    await page.keyboard.press('Escape');
    return found;
  };
  assert.deepEqual(await items('plain'), ['copy-pgn', 'copy-fen', 'download', 'flip', 'open']);
  assert.deepEqual(await items('tr'), ['copy-fen', 'flip']);
  await page.locator('#tr .train-white').click();
  await page.locator('#tr .training.on').waitFor();
  assert.equal(await inWidget(page, 'tr', '.move-list'), false);
  assert.deepEqual(await items('tr'), ['copy-fen', 'flip']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the app link is a web address or none: javascript: gives no link', async () => {
  const apps = { js: 'javascript:alert(1)', spaced: ' JavaScript:alert(1)', data: 'data:text/html,x', rel: '../app/', web: 'https://example.org/movetext/' };
  const { page, errors } = await pageWith(Object.entries(apps)
    .map(([id, app]) => `<movetext-viewer id="${id}" loading="eager" menu="true" moves="none" pgn="1. e4 *"></movetext-viewer>`
      .replace('menu=', `app="${app}" menu=`)).join(''));
  const links = {};
  for (const id of Object.keys(apps)) {
    await page.locator(`#${id} .mt-menu-button`).click();
    await page.locator(`#${id} [role=menuitem]`).first().waitFor();
    links[id] = await page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('[data-menu=open]')?.getAttribute('href') ?? null, id);
    await page.keyboard.press('Escape');
  }
  assert.equal(links.js, null);
  assert.equal(links.spaced, null);
  assert.equal(links.data, null);
  assert.match(links.rel, /^\.\.\/app\/#game=1/);
  assert.match(links.web, /^https:\/\/example\.org\/movetext\/#game=1/);
  assert.equal(await page.evaluate(() => document.querySelectorAll('a[href^="javascript"]').length), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a page of fifty boards the wheel scrolls the page over a board that cannot step, and steps one that can', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${browser.url}page/many.html`);
  await fenOf(page, 'm0', AFTER_NF3);
  await fenOf(page, 'm1', START);
  assert.equal(await page.evaluate(() => document.querySelectorAll('movetext-viewer').length), 50);
  const centre = async (id) => {
    const box = await page.locator(`#${id} .board`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  // Board 1 is at its last move: going down scrolls the page.
  await page.mouse.move(...(await centre('m0')));
  await page.mouse.wheel(0, 200);
  await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 5_000 });
  await fenOf(page, 'm0', AFTER_NF3);
  // Board 2 is at its start: going down steps through its game, the page stays.
  await page.evaluate(() => document.getElementById('m1').scrollIntoView({ block: 'center' }));
  const y = await page.evaluate(() => window.scrollY);
  await page.mouse.move(...(await centre('m1')));
  await page.mouse.wheel(0, 100);
  await fenOf(page, 'm1', AFTER_E4);
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.scrollY), y);
  // Back to its start, then going up again scrolls the page up.
  await page.mouse.wheel(0, -100);
  await fenOf(page, 'm1', START);
  await page.mouse.wheel(0, -200);
  await page.waitForFunction((y) => window.scrollY < y, y, { timeout: 5_000 });
  await fenOf(page, 'm1', START);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an attribute that names no game or no position says so, and something sensible is shown', async () => {
  const { page, errors } = await pageWith([
    '<movetext-viewer id="g99" loading="eager" game="99" src="six.pgn"></movetext-viewer>',
    '<movetext-viewer id="neg" loading="eager" game="-2" src="six.pgn"></movetext-viewer>',
    '<movetext-viewer id="ok" loading="eager" game="3" src="six.pgn"></movetext-viewer>',
    '<movetext-viewer id="nokings" loading="eager" fen="8/8/8/8/8/8/4P3/8 w - - 0 1"></movetext-viewer>',
    '<movetext-viewer id="de" loading="eager" lang="de" game="7" src="six.pgn"></movetext-viewer>',
  ].join(''));
  const notice = (id) => inWidget(page, id, '.mt-notice', (e) => e?.textContent ?? null);
  const picked = (id) => inWidget(page, id, '.mt-picker', (e) => e.selectedIndex);
  assert.equal(await notice('g99'), '⚠ No game 99: the file has 6.');
  assert.equal(await picked('g99'), 5);
  assert.match(await notice('neg'), /“-2” is not a game number: the first game is shown/);
  assert.equal(await picked('neg'), 0);
  assert.equal(await notice('ok'), null);
  assert.equal(await picked('ok'), 2);
  assert.match(await notice('nokings'), /cannot be set up: the start position is shown/);
  await fenOf(page, 'nokings', START);
  assert.equal(await notice('de'), '⚠ Keine Partie 7: Die Datei hat 6.');
  // Corrected in place: the notice goes.
  await page.evaluate(() => document.getElementById('g99').setAttribute('game', '2'));
  await page.waitForFunction(() => document.getElementById('g99').shadowRoot.querySelector('.mt-picker')?.selectedIndex === 1);
  assert.equal(await notice('g99'), null);
  await page.locator('#neg').screenshot({ path: join(outDir, 'widget-bad-attribute.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the demo page and widgets in the train mode or with a notice have no accessibility violations', async () => {
  const page = await browser.context.newPage();
  await page.goto(`${browser.url}widget/demo.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('movetext-viewer')].every((el) => el.shadowRoot?.querySelector('.board[data-fen]')));
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
  const { page: other } = await pageWith(
    '<movetext-viewer loading="eager" mode="train" pgn="1. e4 e5 *"></movetext-viewer>'
    + '<movetext-viewer loading="eager" game="9" pgn="1. e4 *"></movetext-viewer>',
  );
  assert.deepEqual(await axeViolations(other, { include: [['movetext-viewer']] }), []);
  await other.close();
});
