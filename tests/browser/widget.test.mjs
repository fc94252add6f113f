// Browser tests of the embeddable widget (dist/widget, built by
// scripts/build-widget.sh): a page with widgets made from elements and from
// the API, under a strict Content-Security-Policy, with page styles that
// must not reach inside. Expected FENs were computed independently of Movetext.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, outDir, squareCentre, collectErrors, demoWithWidget } from './harness.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:";
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const AFTER_NC6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
const AFTER_C4 = 'rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Widgets</title>
<link rel="stylesheet" href="page.css">
<link rel="icon" href="data:,">
<script type="module" src="/widget/movetext.js"></script>
<script type="module" src="page.js"></script>
</head><body>
<h1>Two games</h1>
<movetext-viewer id="a" orientation="black" ply="3" moves="none" pgn="1. e4 e5 2. Nf3 Nc6 3. Bb5 *"></movetext-viewer>
<div id="b"></div>
<movetext-viewer id="c" src="games.pgn" game="2" moves="right" players="true" clocks="false" controls="false"></movetext-viewer>
<movetext-viewer id="e" editable="true" fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" moves="bottom" notation="de"></movetext-viewer>
<movetext-viewer id="bad" moves="bottom">this is { not a game ((( 1. Kx9 $$$ ]]]</movetext-viewer>
</body></html>`;

// Styles a careless page might have: none of them may reach the widgets.
const PAGE_CSS = `
button { display: none !important; }
div { border: 7px solid red !important; padding: 30px !important; }
svg { width: 10px !important; }
`;

const PAGE_JS = `
import Movetext from '/widget/movetext.js';
window.moves = [];
window.handleB = await Movetext.mount(document.getElementById('b'), {
  pgn: '[White "Bea"]\\n[Black "Carl"]\\n\\n1. d4 d5 2. c4 *', ply: 'last', moves: 'bottom', theme: 'dark',
});
window.handleB.on('move', (d) => window.moves.push(d.san));
window.mounted = true;
`;

let browser;
before(async () => {
  const fixtures = join(outDir, 'widget-page');
  await mkdir(fixtures, { recursive: true });
  await writeFile(join(fixtures, 'index.html'), PAGE);
  await writeFile(join(fixtures, 'page.css'), PAGE_CSS);
  await writeFile(join(fixtures, 'page.js'), PAGE_JS);
  await writeFile(join(fixtures, 'games.pgn'), '[White "First"]\n\n1. e4 *\n\n[White "Second"]\n[Black "Player"]\n[Orientation "black"]\n\n1. d4 {[%clk 0:10:00]} d5 *\n');
  browser = await startBrowser({ headers: { 'content-security-policy': CSP }, mounts: { '/page/': fixtures } });
});
after(async () => {
  await browser?.close();
});

async function openPage() {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(browser.url + 'page/');
  await page.waitForFunction(() => window.mounted === true);
  // Elements are drawn as they come near the screen: each is brought to it.
  for (const id of ['a', 'c', 'e', 'bad']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForSelector(`#${id} .board[data-fen]`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return { page, errors };
}

const fen = (page, id) => page.locator(`#${id} .board`).getAttribute('data-fen');

test('two widgets render with their options under a strict CSP', async () => {
  const { page, errors } = await openPage();
  // Widget a: an element; Black below; the third half-move; no move list.
  assert.equal(await fen(page, 'a'), AFTER_NF3);
  assert.equal(await page.locator('#a .board').getAttribute('data-flipped'), 'true');
  assert.equal(await page.locator('#a .move-list').count(), 0);
  // Widget b: by the API; the last move; moves below; players named.
  assert.equal(await fen(page, 'b'), AFTER_C4);
  assert.equal(await page.locator('#b .move-list').count(), 1);
  assert.match(await page.locator('#b .player-bar.at-bottom .player-name').innerText(), /Bea/);
  assert.equal(await page.locator('#b .mt-widget').getAttribute('data-theme'), 'dark');
  const boardA = await page.locator('#a .board').boundingBox();
  const boardB = await page.locator('#b .board').boundingBox();
  const movesB = await page.locator('#b .move-list').boundingBox();
  assert.ok(movesB.y > boardB.y + boardB.height, 'moves below the board');
  // The page's styles stay outside: buttons shown, board not squashed.
  assert.ok(boardA.width > 200, `board a is ${boardA.width}px wide`);
  assert.ok(await page.locator('#b .controls .nav-next').isVisible(), 'buttons are visible');
  // Widget c: a same-origin file, its second game, the Orientation tag,
  // moves beside the board, no clocks and no buttons.
  assert.match(await page.locator('#c .player-bar.player-white .player-name').innerText(), /Second/);
  assert.equal(await page.locator('#c .board').getAttribute('data-flipped'), 'true');
  assert.equal(await page.locator('#c .player-clock').count(), 0);
  assert.equal(await page.locator('#c .controls').count(), 0);
  const boardC = await page.locator('#c .board').boundingBox();
  const movesC = await page.locator('#c .move-list').boundingBox();
  assert.ok(movesC.x >= boardC.x + boardC.width, 'moves beside the board');
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  await page.screenshot({ path: join(outDir, 'widgets-1280x800.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('each widget navigates on its own, by keys when focused and by the API', async () => {
  const { page, errors } = await openPage();
  await page.locator('#a .board').click();
  await page.keyboard.press('ArrowRight');
  assert.equal(await fen(page, 'a'), AFTER_NC6);
  assert.equal(await fen(page, 'b'), AFTER_C4, 'b did not move');
  await page.evaluate(() => window.handleB.goTo('first'));
  await page.waitForFunction(() => document.querySelector('#b').shadowRoot.querySelector('.board').dataset.fen.startsWith('rnbqkbnr/pppppppp'));
  assert.equal(await fen(page, 'b'), START);
  assert.equal(await fen(page, 'a'), AFTER_NC6, 'a did not move');
  await page.evaluate(() => window.handleB.goTo(2));
  assert.equal(await page.evaluate(() => window.handleB.getFen()), 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2');
  assert.deepEqual(await page.evaluate(() => window.moves.slice(-2)), ['', 'd5']);
  // A click on b's move list, then keys: only b moves.
  await page.locator('#b .mv', { hasText: 'c4' }).click();
  await page.keyboard.press('Home');
  assert.equal(await fen(page, 'b'), START);
  assert.equal(await fen(page, 'a'), AFTER_NC6);
  // Flip and PGN through the API; the element has the same methods.
  await page.evaluate(() => window.handleB.flip());
  assert.equal(await page.locator('#b .board').getAttribute('data-flipped'), 'true');
  assert.match(await page.evaluate(() => window.handleB.getPgn()), /\[White "Bea"\][\s\S]*1\. d4 d5 2\. c4 \*/);
  assert.match(await page.evaluate(() => document.getElementById('a').getPgn()), /3\. Bb5 \*/);
  await page.evaluate(() => window.handleB.setPgn('1. c4 e5 *'));
  await page.waitForFunction(() => document.querySelector('#b').shadowRoot.querySelectorAll('.mv').length === 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a page that listens to the focus inside a widget may call the widget back', async () => {
  const { page, errors } = await openPage();
  await page.evaluate(() => {
    window.heard = [];
    // (Inside its shadow root, where the moves of the focus from one of its
    // buttons to another are heard.)
    document.getElementById('b').shadowRoot.addEventListener('focusin', () => {
      window.heard.push([window.handleB.getFen(), window.handleB.getPgn().length]);
    });
  });
  // A click on a move, then the arrow keys: the focus follows the shown move.
  await page.locator('#b .mv', { hasText: 'd5' }).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  const heard = await page.evaluate(() => window.heard);
  assert.ok(heard.length >= 3, JSON.stringify(heard));
  for (const [fenNow, pgnLength] of heard) {
    assert.match(fenNow, /^[rnbqkpRNBQKP1-8\/]+ [wb] /, 'the FEN is read while the focus moves');
    assert.ok(pgnLength > 0, 'the PGN is read while the focus moves');
  }
  assert.equal(heard.at(-2)[0], AFTER_C4, 'read after the step to c4');
  assert.equal(await page.locator('#b .mt-failed').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a malformed PGN in one widget leaves the others working', async () => {
  const { page, errors } = await openPage();
  assert.equal(await fen(page, 'bad'), START);
  assert.match(await page.locator('#bad .mt-problems').innerText(), /problem/);
  // What the reader says in English is fetched for it, then shown.
  await page.waitForFunction(() => !document.getElementById('bad').shadowRoot.querySelector('[data-words]'));
  const said = await page.locator('#bad .mt-problems').getAttribute('title');
  assert.match(said, /^line 1, column 1: 1\. this is not a move; it and the rest of the game are kept as text$/m);
  assert.match(said, /^line 1, column 40: the game has no result at its end/m);
  assert.doesNotMatch(said, /: $/m, 'every problem has its text');
  assert.ok(await page.locator('#bad .unplayed').count() >= 1, 'the text is kept and shown');
  await page.locator('#a .board').click();
  await page.keyboard.press('End');
  assert.equal(await fen(page, 'a'), 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');
  await page.evaluate(() => window.handleB.destroy());
  assert.equal(await page.locator('#b .board').count(), 0);
  await page.keyboard.press('Home');
  assert.equal(await fen(page, 'a'), START);
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the demo page shows its widgets', async () => {
  // The demo has an inline example script, so it is served without the CSP.
  const { startServer } = await import('./static-server.mjs');
  const { server, url } = await startServer({ root: join(outDir, '../../../dist') });
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const words = [];
  page.on('request', (r) => { if (r.url().includes('/words/')) words.push(r.url()); });
  await page.goto(url + 'widget/demo.html');
  await page.waitForFunction(() => document.querySelectorAll('movetext-viewer').length === 3
    && [...document.querySelectorAll('movetext-viewer')].every((el) => el.shadowRoot?.querySelector('.board[data-fen]'))
    && document.querySelector('#scripted').shadowRoot?.querySelector('.board'));
  await page.screenshot({ path: join(outDir, 'widget-demo-1280x800.png'), fullPage: true });
  await page.locator('#last').click();
  assert.equal(await page.locator('#shown').innerText(), 'Bb4');
  // Its games have no problems: no words are fetched for them.
  assert.deepEqual(words, []);
  assert.deepEqual(errors, []);
  await page.close();
  await new Promise((ok) => server.close(ok));
});

test('an editable widget takes moves on its board; getPgn has them', async () => {
  const { page, errors } = await openPage();
  assert.equal(await fen(page, 'e'), '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
  await page.locator('#e .board').scrollIntoViewIfNeeded();
  const at = (square) => squareCentre(page, square, '#e .board');
  const e2 = await at('e2');
  const e4 = await at('e4');
  await page.mouse.click(e2.x, e2.y);
  await page.mouse.click(e4.x, e4.y);
  assert.equal(await fen(page, 'e'), '4k3/8/8/8/4P3/8/8/4K3 b - - 0 1');
  const k = await at('e8');
  const d7 = await at('d7');
  await page.mouse.click(k.x, k.y);
  await page.mouse.click(d7.x, d7.y);
  assert.equal(await page.locator('#e .mv').allInnerTexts().then((t) => t.join(' ')), 'e4 Kd7');
  assert.match(await page.evaluate(() => document.getElementById('e').getPgn()), /\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 w - - 0 1"\][\s\S]*1\. e4 Kd7 \*/);
  // The other widgets are not editable: a click on a piece selects nothing.
  await page.locator('#a .board').scrollIntoViewIfNeeded();
  const a = await page.locator('#a .board').boundingBox();
  await page.mouse.click(a.x + a.width / 16, a.y + a.height / 16);
  assert.equal(await page.locator('#a .board').getAttribute('data-selected'), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a widget of several games has a game picker; choosing a game shows it', async () => {
  const browser2 = await startBrowser();
  try {
    const pgn = '[White "Ann"]\n[Black "Bo"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 1-0\n\n[White "Cy"]\n[Black "Di"]\n[Round "2"]\n[Result "0-1"]\n\n1. d4 0-1\n\n[White "Ed"]\n[Black "Flo"]\n\n1. c4 *';
    const { page, errors, widget } = await demoWithWidget(browser2.context, browser2.url, 'picker', { pgn });
    const picker = widget.locator('.mt-picker');
    await picker.waitFor();
    assert.deepEqual(await picker.locator('option').allInnerTexts(), ['1. Ann – Bo, 1-0 (round 1)', '2. Cy – Di, 0-1 (round 2)', '3. Ed – Flo']);
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await widget.locator('.player-name', { hasText: 'Cy' }).waitFor();
    await widget.screenshot({ path: join(outDir, 'widget-picker.png') });
    await page.evaluate(() => document.querySelector('#picker').goTo('last'));
    await page.waitForFunction(() => document.querySelector('#picker').shadowRoot.querySelector('.board')?.dataset.fen.startsWith('rnbqkbnr/pppppppp/8/8/3P4'));
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await browser2.close();
  }
});
