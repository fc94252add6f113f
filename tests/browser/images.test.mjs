// Images of the shown position: an SVG and a PNG with an arrow, as the
// board shows it. The PNG's size is read from its header and a pixel of the
// arrow is read back by drawing the PNG in the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openPasted, outDir } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const PGN = '[White "Anna <b>"]\n[Black "Ben"]\n\n1. e4 {[%cal Re2e4] [%csl Gd5]} e5 *';

async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(button).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('the position as SVG and as PNG, with its arrow, in the size chosen', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, PGN);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await page.waitForSelector('.image-panel .image-preview');
  await page.locator('.image-panel').screenshot({ path: join(outDir, 'image-dialog.png') });

  const svg = await download(page, '.image-download');
  assert.equal(svg.name, 'position-1.svg');
  const text = svg.bytes.toString('utf8');
  assert.match(text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(text, /<polygon points="[^"]+" fill="#c42b2b"/, 'the red arrow');
  assert.match(text, /Anna &lt;b&gt; – Ben, 1\. e4/, 'the caption, as text');
  assert.equal((text.match(/<use /g) ?? []).length, 32);

  await page.locator('.image-format').selectOption('PNG');
  await page.locator('.image-size').selectOption('600 px');
  const png = await download(page, '.image-download');
  assert.equal(png.name, 'position-1.png');
  assert.deepEqual([...png.bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
  const [width, height] = [png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)];
  assert.deepEqual([width, height], [600, 642], 'the width chosen, taller by the caption');
  // The arrow's middle (e3, a dark square): red at 0.82 over the square.
  const pixel = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(337, 420, 1, 1).data];
  }, png.bytes.toString('base64'));
  const expected = [0.82 * 0xc4 + 0.18 * 0xa9, 0.82 * 0x2b + 0.18 * 0x82, 0.82 * 0x2b + 0.18 * 0x5e];
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(pixel[i] - expected[i]) < 12, `pixel ${pixel} is the arrow's ${expected.map(Math.round)}`);
  await page.screenshot({ path: join(outDir, 'image-page.png') });
  assert.deepEqual(errors, []);
  await page.close();
});
