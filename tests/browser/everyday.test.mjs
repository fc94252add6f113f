// Browser tests of everyday correctness: the widget's API answering at once
// and its promises, a widget moved right after it is added, widths (the
// demo page at 1280, 800 and 375 px, moves placed by the widget's own
// width), moves by keyboard alone, the move list as one tab stop, focus
// kept in dialogs and given back, a stray `=`, Unicode glyphs, braces typed
// in comments, games counted from 1, figurines in the dark widget, and a
// game whose moves cannot be played. Expected FENs were computed
// independently of Movetext.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openPasted, pastePgn, collectErrors, boardFen, outDir } from './harness.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const AFTER_D4_D5 = 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2';
const AFTER_BC5 = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Widgets</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<script type="module" src="/widget/movetext.js"></script>
</head><body style="margin:0">
<div id="wide" style="width:900px"></div>
<div id="narrow" style="width:400px"></div>
<div id="holder"></div>
</body></html>`;

let browser;
before(async () => {
  const fixtures = join(outDir, 'everyday-page');
  await mkdir(fixtures, { recursive: true });
  await writeFile(join(fixtures, 'index.html'), PAGE);
  browser = await startBrowser({ mounts: { '/everyday/': fixtures } });
});
after(async () => {
  await browser?.close();
});

async function widgetPage() {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(browser.url + 'everyday/');
  await page.waitForFunction(() => customElements.get('movetext-viewer'));
  return { page, errors };
}

/** Opens the app on a pasted game (no edits saved from other tests). */
function appWith(pgn, size = {}) {
  return openPasted(browser.context, browser.url, pgn, size);
}

const activeInfo = (page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return { tag: a?.tagName, cls: a?.className ?? '', node: a?.dataset?.node ?? null, inDialog: !!a?.closest('[role=dialog]'), inMenu: !!a?.closest('[role=menu]') };
  });

test('the widget API answers at once and its promises resolve when the widget shows the change', async () => {
  const { page, errors } = await widgetPage();
  const result = await page.evaluate(async () => {
    const { default: Movetext } = await import('/widget/movetext.js');
    const h = await Movetext.mount(document.getElementById('holder'), { pgn: '1. e4 e5 2. Nf3 Nc6 *', moves: 'bottom' });
    const out = {};
    const shown = () => document.getElementById('holder').shadowRoot.querySelector('.board').dataset.fen;
    const p = h.goTo(3);
    out.isPromise = p instanceof Promise;
    out.fenAtOnce = h.getFen();
    await p;
    out.shownAfter = shown();
    const q = h.setPgn('[White "New"]\n\n1. d4 d5 *');
    out.pgnAtOnce = h.getPgn();
    out.fenAfterSet = h.getFen();
    h.goTo('last');
    out.fenAfterSetAndGo = h.getFen();
    await q;
    await h.goTo('last');
    out.shownLast = shown();
    out.flip = await h.flip().then(() => document.getElementById('holder').shadowRoot.querySelector('.board').dataset.flipped);
    return out;
  });
  assert.equal(result.isPromise, true, 'goTo returns a promise');
  assert.equal(result.fenAtOnce, AFTER_NF3, 'getFen right after goTo');
  assert.equal(result.shownAfter, AFTER_NF3, 'the promise resolves once shown');
  assert.match(result.pgnAtOnce, /\[White "New"\][\s\S]*1\. d4 d5 \*/, 'getPgn right after setPgn');
  assert.equal(result.fenAfterSet, START, 'getFen right after setPgn: the new game');
  assert.equal(result.fenAfterSetAndGo, AFTER_D4_D5);
  assert.equal(result.shownLast, AFTER_D4_D5);
  assert.equal(result.flip, 'true');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a widget moved right after it is added shows its game', async () => {
  const { page, errors } = await widgetPage();
  await page.evaluate(async () => {
    const el = document.createElement('movetext-viewer');
    el.id = 'moved';
    el.setAttribute('pgn', '1. e4 *');
    el.setAttribute('ply', 'last');
    document.body.append(el);
    document.getElementById('wide').append(el);
    // And one moved a little later, while it is still loading.
    const later = document.createElement('movetext-viewer');
    later.id = 'later';
    later.setAttribute('pgn', '1. e4 *');
    document.body.append(later);
    await new Promise((r) => setTimeout(r, 5));
    document.getElementById('narrow').append(later);
  });
  for (const id of ['moved', 'later']) {
    await page.waitForFunction((id) => document.getElementById(id).shadowRoot?.querySelector('.board[data-fen]'), id, { timeout: 10000 });
    await page.waitForTimeout(300);
    const box = await page.locator(`#${id}`).boundingBox();
    assert.ok(box.height > 100, `${id} is ${box.height}px high`);
    assert.equal(await page.locator(`#${id} .board`).count(), 1);
  }
  assert.equal(await page.locator('#moved .board').getAttribute('data-fen'), AFTER_E4);
  assert.deepEqual(errors, []);
  await page.close();
});

test('moves go beside the board by the widget\'s own width, and "right" never covers the buttons', async () => {
  const { page, errors } = await widgetPage();
  await page.evaluate(() => {
    for (const [id, moves] of [['wide', 'auto'], ['narrow', 'auto'], ['holder', 'right']]) {
      const el = document.createElement('movetext-viewer');
      el.setAttribute('pgn', '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *');
      el.setAttribute('moves', moves);
      document.getElementById(id).append(el);
    }
    document.getElementById('holder').style.width = '340px';
  });
  await page.waitForFunction(() => document.querySelectorAll('movetext-viewer').length === 3
    && [...document.querySelectorAll('movetext-viewer')].every((el) => el.shadowRoot?.querySelector('.move-list .mv')));
  const place = async (id) => {
    const board = await page.locator(`#${id} .board`).boundingBox();
    const moves = await page.locator(`#${id} .move-list`).boundingBox();
    const controls = await page.locator(`#${id} .controls`).boundingBox();
    const host = await page.locator(`#${id} movetext-viewer`).boundingBox();
    return { board, moves, controls, host };
  };
  const wide = await place('wide');
  assert.ok(wide.moves.x >= wide.board.x + wide.board.width, 'beside in 900px');
  const narrow = await place('narrow');
  assert.ok(narrow.moves.y >= narrow.board.y + narrow.board.height, 'under in 400px, on a wide page');
  assert.ok(narrow.host.width <= 400, `fits its 400px container (${narrow.host.width})`);
  const right = await place('holder');
  assert.ok(right.host.width <= 340, `fits its 340px container (${right.host.width})`);
  const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  assert.ok(!overlap(right.moves, right.controls), 'the moves do not cover the buttons');
  await page.screenshot({ path: join(outDir, 'everyday-widget-widths.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the demo page does not scroll sideways at 1280, 800 and 375 px', async () => {
  for (const [width, height] of [[1280, 800], [800, 900], [375, 740]]) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height });
    await page.goto(browser.url + 'widget/demo.html');
    // Widgets are drawn as they come near the screen: each is brought to it.
    for (let i = 0; i < await page.locator('movetext-viewer').count(); i++) {
      await page.locator('movetext-viewer').nth(i).scrollIntoViewIfNeeded();
      await page.waitForFunction((n) => document.querySelectorAll('movetext-viewer')[n].shadowRoot?.querySelector('.board[data-fen]'), i);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    assert.ok(scroll <= inner, `at ${width}px the page is ${scroll}px wide`);
    await page.screenshot({ path: join(outDir, `everyday-demo-${width}.png`), fullPage: true });
    await page.locator('movetext-viewer').nth(1).screenshot({ path: join(outDir, `everyday-demo-${width}-dark.png`) });
    await page.close();
  }
});

test('moves by keyboard alone on the app\'s board, and the move list is one tab stop', async () => {
  const { page, errors } = await appWith('1. d4 *');
  await page.keyboard.press('Home');
  assert.equal(await boardFen(page), START);
  // The board takes focus from the keyboard and shows a cursor on the king.
  await page.locator('.board-col .board').focus();
  assert.equal(await page.getAttribute('.board-col .board', 'data-cursor'), 'e1');
  for (const key of ['ArrowUp', 'Enter', 'ArrowUp', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
  assert.equal(await boardFen(page), AFTER_E4, 'e2-e4 by arrows and Enter');
  await page.screenshot({ path: join(outDir, 'everyday-keyboard-board.png') });
  // Escape puts a picked-up piece back; the arrows still move the cursor.
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.getAttribute('.board-col .board', 'data-cursor'), 'e5');
  // The move list: one tab stop (the shown move), arrows inside.
  const stops = await page.locator('.move-list .mv[tabindex="0"]').count();
  assert.equal(stops, 1, 'one tab stop');
  assert.equal(await page.locator('.move-list .mv:not([tabindex="-1"]):not([tabindex="0"])').count(), 0);
  await page.locator('.move-list .mv[tabindex="0"]').focus();
  await page.keyboard.press('Home');
  let active = await activeInfo(page);
  assert.match(active.cls, /\bmv\b/, 'focus stays in the list');
  await page.keyboard.press('ArrowRight');
  active = await activeInfo(page);
  assert.match(active.cls, /\bcurrent\b/, 'focus follows the shown move');
  assert.equal(await page.locator('.move-list .mv[tabindex="0"]').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('dialogs keep focus inside and give it back; the move menu gives it back on Escape', async () => {
  const { page, errors } = await appWith('1. e4 e5 2. Nf3 *');
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.waitForSelector('[role=dialog]');
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    assert.equal((await activeInfo(page)).inDialog, true, `Tab ${i + 1} stays in the dialog`);
  }
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Shift+Tab');
    assert.equal((await activeInfo(page)).inDialog, true, `Shift+Tab ${i + 1} stays in the dialog`);
  }
  await page.keyboard.press('Escape');
  // The move menu by keyboard, then Escape: back on the move.
  await page.locator('.move-list .mv.current').focus();
  await page.keyboard.press('Shift+F10');
  await page.waitForSelector('[role=menu]');
  assert.equal((await activeInfo(page)).inMenu, true);
  await page.keyboard.press('Escape');
  let active = await activeInfo(page);
  assert.match(active.cls, /\bmv\b/, `focus back on the move, not ${active.tag}.${active.cls}`);
  // A comment typed with braces, saved with Ctrl+Enter: focus back on the move.
  await page.keyboard.press('c');
  await page.waitForSelector('.comment-dialog textarea');
  await page.keyboard.type('see {this} line');
  assert.equal(await page.locator('#comment-brace-note').isVisible(), true, 'the dialog says what happens to braces');
  await page.keyboard.press('Control+Enter');
  await page.waitForSelector('.comment-dialog', { state: 'detached' });
  await page.waitForTimeout(200);
  active = await activeInfo(page);
  assert.match(active.cls, /\bmv\b/, `focus back on the move after saving, not ${active.tag}.${active.cls}`);
  // Exported in braces, and read back without a problem.
  await page.getByRole('button', { name: 'Export' }).click();
  const text = await page.getByRole('textbox', { name: 'PGN of the game' }).inputValue();
  await page.keyboard.press('Escape');
  assert.match(text, /2\. Nf3 \{see \(this\) line\} \*/);
  assert.ok(!text.includes(';'), 'no ; comment');
  await pastePgn(page, text);
  await page.waitForFunction(() => document.querySelectorAll('.move-list .comment').length === 1);
  assert.equal(await page.locator('.diagnostics').count(), 0, 'read back without problems');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a stray = is the move with a warning; Unicode glyphs are annotations', async () => {
  const { page, errors } = await appWith('1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5= 4. c3 ‼ Nf6 ⁉ *');
  await page.keyboard.press('Home');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await boardFen(page), AFTER_BC5);
  assert.equal(await page.locator('.move-list .mv').count(), 8, 'every move played');
  assert.match(await page.locator('.move-list .mv[data-node="7"]').innerText(), /c3\s*!!/);
  assert.match(await page.locator('.move-list .mv[data-node="8"]').innerText(), /Nf6\s*!\?/);
  assert.equal(await page.locator('.move-list .comment').count(), 0, 'the glyphs are no comments');
  const problems = await page.locator('.diagnostics').allTextContents();
  assert.match(problems.join('\n'), /stray =/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('games count from 1 in the widget; figurines are solid in the dark widget', async () => {
  const { page, errors } = await widgetPage();
  await page.evaluate(() => {
    const pgn = '[White "First"]\n\n1. e4 *\n\n[White "Second"]\n\n1. Nf3 *\n';
    for (const [id, game] of [['wide', '2'], ['narrow', '0']]) {
      const el = document.createElement('movetext-viewer');
      el.setAttribute('pgn', pgn);
      el.setAttribute('game', game);
      el.setAttribute('notation', 'fan');
      el.setAttribute('theme', 'dark');
      el.setAttribute('moves', 'bottom');
      document.getElementById(id).append(el);
    }
  });
  await page.waitForFunction(() => [...document.querySelectorAll('movetext-viewer')].every((el) => el.shadowRoot?.querySelector('.move-list .mv')));
  assert.match(await page.locator('#wide .player-bar.player-white .player-name').innerText(), /Second/, 'game="2" is the second game');
  assert.match(await page.locator('#narrow .player-bar.player-white .player-name').innerText(), /First/, 'game="0" still the first');
  assert.equal(await page.locator('#wide .move-list .mv .san').first().innerText(), '♞f3');
  await page.locator('#wide').screenshot({ path: join(outDir, 'everyday-dark-figurines.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a game whose moves cannot be played is listed with 0 moves', async () => {
  const { page, errors } = await appWith('[White "A"]\n\n1. e4 e5 *\n\n[White "B"]\n\n1. Kx9 Qz3 2. Ra0 *\n');
  await page.waitForSelector('.game-list .game-row[data-game="1"]');
  await page.waitForFunction(() => document.querySelector('.game-row[data-game="1"] .gl-moves')?.innerText === '0');
  assert.equal(await page.locator('.game-row[data-game="0"] .gl-moves').innerText(), '1');
  assert.deepEqual(errors, []);
  await page.close();
});

test('screenshots of the app at 1280, 800 and 375 px with the keyboard cursor', async () => {
  for (const [width, height] of [[1280, 800], [800, 900], [375, 740]]) {
    const { page, errors } = await appWith('1. e4 e5 2. Nf3 {a comment} Nc6 *', { width, height });
    await page.locator('.board-col .board').focus();
    await page.keyboard.press('ArrowUp');
    await page.screenshot({ path: join(outDir, `everyday-app-${width}.png`), fullPage: true });
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    assert.ok(scroll <= inner, `the app at ${width}px is ${scroll}px wide`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
