// Browser test of moves by touch: real touch input sent to Chromium (the
// DevTools protocol's touch events, as a phone's screen sends them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openApp, boardFen, squareCentre as centre } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

test('a move made by touch: tap a piece, tap its square; a drag by finger', async () => {
  const { page, errors } = await openApp(browser.context, browser.url, { width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touch = async (type, p) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y }],
  });
  const tap = async (square) => {
    const p = await centre(page, square);
    await touch('touchStart', p);
    await touch('touchEnd', p);
  };
  // Tap e2 then e4: the sample's first move is followed.
  await tap('e2');
  await tap('e4');
  await page.waitForFunction(() => document.querySelector('.board').dataset.fen.startsWith('rnbqkbnr/pppppppp/8/8/4P3'));
  // Drag the g8 knight to f6 with a finger: a new variation to 1... e5.
  const from = await centre(page, 'g8');
  const to = await centre(page, 'f6');
  await touch('touchStart', from);
  for (let k = 1; k <= 5; k++) {
    await touch('touchMove', { x: from.x + ((to.x - from.x) * k) / 5, y: from.y + ((to.y - from.y) * k) / 5 });
  }
  await touch('touchEnd', to);
  await page.waitForFunction(() => document.querySelector('.mv.current')?.innerText === 'Nf6');
  assert.equal(await boardFen(page), 'rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2');
  assert.equal(await page.locator('.move-list .var .mv.current').innerText(), 'Nf6', 'a new variation');
  assert.deepEqual(errors, []);
  await page.close();
});
