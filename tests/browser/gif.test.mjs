// The main line as an animated GIF: a short game gives one frame per
// position (counted by walking the file's blocks, and decoded back by the
// browser, whose first, arrow and last frames are saved to look at), and
// the dialog's preview shows the GIF made; a 60-move game at 360 px is
// timed and must stay under 2 MB.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openPasted, outDir, longTasks, axeViolations } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const SHORT = '[White "Anna"]\n[Black "Ben"]\n\n1. e4 e5 2. Nf3 {[%cal Gb8c6]} Nc6 3. Bb5 {[%csl Rc6]} a6 *';
const CORPUS = '/work/shared/corpus/bench/twic1599_1000k.pgn';

/** The GIF's size, frames and their delays, read from its blocks. */
function gifBlocks(bytes) {
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a');
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  let at = 13;
  if (bytes[10] & 0x80) at += 3 * (1 << ((bytes[10] & 7) + 1));
  const skipSubBlocks = () => {
    while (bytes[at] !== 0) at += bytes[at] + 1;
    at += 1;
  };
  const frames = [];
  let delay = 0;
  for (;;) {
    const kind = bytes[at];
    if (kind === 0x3b) break;
    if (kind === 0x21) {
      if (bytes[at + 1] === 0xf9) delay = bytes.readUInt16LE(at + 4);
      at += 2;
      skipSubBlocks();
    } else if (kind === 0x2c) {
      const [left, top, w, h] = [0, 2, 4, 6].map((o) => bytes.readUInt16LE(at + 1 + o));
      const packed = bytes[at + 9];
      at += 10;
      if (packed & 0x80) at += 3 * (1 << ((packed & 7) + 1));
      at += 1; // the LZW code size
      skipSubBlocks();
      frames.push({ left, top, w, h, delay });
    } else {
      throw new Error(`unknown block ${kind} at ${at}`);
    }
  }
  return { width, height, frames };
}

/** What axe-core finds wrong in the image dialog, one line each. */
const violations = (page) => axeViolations(page, '.image-panel');

/** The preview's GIF: its natural size, and its bytes counted (fetched from its address). */
async function madePreview(page) {
  const img = page.locator('.image-preview.gif-made');
  await img.waitFor();
  return img.evaluate(async (el) => {
    await el.decode();
    const bytes = (await (await fetch(el.src)).arrayBuffer()).byteLength;
    return { width: el.naturalWidth, height: el.naturalHeight, bytes };
  });
}

async function downloadGif(page) {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.locator('.gif-download').click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** Frames `indices` of the GIF as decoded by the browser, saved as PNGs; the frame count. */
async function decodeInPage(page, bytes, indices, prefix) {
  const decoded = await page.evaluate(
    async ({ b64, indices }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const decoder = new ImageDecoder({ data, type: 'image/gif' });
      await decoder.tracks.ready;
      await decoder.completed;
      const count = decoder.tracks.selectedTrack.frameCount;
      const images = [];
      for (const frameIndex of indices) {
        const { image } = await decoder.decode({ frameIndex: frameIndex < 0 ? count + frameIndex : frameIndex });
        const c = document.createElement('canvas');
        c.width = image.displayWidth;
        c.height = image.displayHeight;
        c.getContext('2d').drawImage(image, 0, 0);
        image.close();
        images.push(c.toDataURL('image/png'));
      }
      return { count, images };
    },
    { b64: bytes.toString('base64'), indices },
  );
  for (const [i, url] of decoded.images.entries()) {
    await writeFile(join(outDir, `${prefix}-${i}.png`), Buffer.from(url.split(',')[1], 'base64'));
  }
  return decoded.count;
}

test('a short game as an animated GIF: one frame a position, the width chosen', async () => {
  const { page, errors } = await openPasted(browser.context, browser.url, SHORT);
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await page.locator('.image-format').selectOption('Animated GIF (main line)');
  assert.equal(await page.locator('.image-size').inputValue(), '360 px', 'a GIF starts at 360 px');
  await page.locator('.gif-pace').selectOption('0.5 s a move');
  assert.deepEqual(await violations(page), [], 'the GIF options');
  const gif = await downloadGif(page);
  assert.equal(gif.name, 'game.gif');
  const { width, height, frames } = gifBlocks(gif.bytes);
  assert.deepEqual([width, height], [360, 385]);
  assert.equal(frames.length, 7, 'the start and six moves');
  assert.deepEqual(frames.map((f) => f.delay), [50, 50, 50, 50, 50, 50, 300]);
  assert.deepEqual([frames[0].w, frames[0].h], [360, 385], 'the first frame whole');
  assert.ok(frames.slice(1).every((f) => f.w * f.h < 360 * 385), 'later frames only what changed');
  assert.equal(await decodeInPage(page, gif.bytes, [0, 3, -1], 'gif-short'), 7, 'the browser decodes seven frames');
  assert.deepEqual(await madePreview(page), { width, height, bytes: gif.bytes.length }, 'the preview is the GIF made');
  await page.locator('.image-panel').screenshot({ path: join(outDir, 'gif-dialog.png') });

  // A range: from 2. Nf3 to 3. Bb5, at 600 px.
  await page.locator('.image-size').selectOption('600 px');
  await page.locator('.gif-from').selectOption('2. Nf3');
  await page.locator('.gif-to').selectOption('3. Bb5');
  assert.equal(await page.locator('.image-preview.gif-made').count(), 0, 'other settings: the still position again');
  assert.equal(await page.locator('.image-preview').count(), 1);
  const partBytes = (await downloadGif(page)).bytes;
  const part = gifBlocks(partBytes);
  assert.equal(part.width, 600);
  assert.equal(part.frames.length, 3);
  assert.match(await page.locator('.image-panel .dialog-actions').innerText(), /GIF of 3 positions/);
  assert.deepEqual(await madePreview(page), { width: 600, height: part.height, bytes: partBytes.length });
  // Closed: the GIF's address is freed.
  const src = await page.locator('.image-preview.gif-made').getAttribute('src');
  await page.locator('.image-panel .dialog-actions button', { hasText: 'Close' }).click();
  await page.waitForSelector('.image-panel', { state: 'detached' });
  const fetched = await page.evaluate((u) => fetch(u).then(() => 'read', () => 'freed'), src);
  assert.equal(fetched, 'freed');
  assert.deepEqual(errors.filter((e) => !e.includes('net::ERR_FILE_NOT_FOUND')), []);
  await page.close();
});

test('at the real pace: each position shown for the time the next move took', async () => {
  const pgn = '[TimeControl "60"]\n\n1. e4 {[%clk 0:00:58]} e5 {[%clk 0:00:57]} 2. Nf3 {[%clk 0:00:50]} *';
  const { page, errors } = await openPasted(browser.context, browser.url, pgn);
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await page.locator('.image-format').selectOption('Animated GIF (main line)');
  await page.locator('.gif-pace').selectOption('Real pace');
  const { frames } = gifBlocks((await downloadGif(page)).bytes);
  assert.deepEqual(frames.map((f) => f.delay), [200, 300, 800, 300], '2 s, 3 s, 8 s, then the end held');
  await page.locator('.gif-pace').selectOption('Real pace × 5');
  const fast = gifBlocks((await downloadGif(page)).bytes);
  assert.deepEqual(fast.frames.map((f) => f.delay), [40, 60, 160, 300]);
  assert.deepEqual(errors, []);
  await page.close();
});

/** The first game of the corpus with a 60th move and no comments. */
async function longGame() {
  let text;
  try {
    const file = await open(CORPUS);
    const { buffer, bytesRead } = await file.read(Buffer.alloc(1 << 20), 0, 1 << 20, 0);
    await file.close();
    text = buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return null;
  }
  const games = text.split(/\n(?=\[Event )/).slice(0, -1);
  return games.find((g) => / 60\. /.test(g) && !g.includes('{')) ?? null;
}

test('a 60-move game at 360 px: timed, under 2 MB', async (t) => {
  const pgn = await longGame();
  if (!pgn) {
    t.skip(`no game of 60 moves (${CORPUS})`);
    return;
  }
  const { page, errors } = await openPasted(browser.context, browser.url, pgn);
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await page.locator('.image-format').selectOption('Animated GIF (main line)');
  // Started, then cancelled half way: no download.
  await page.locator('.gif-download').click();
  await page.waitForFunction(() => Number(document.querySelector('.gif-progress')?.getAttribute('aria-valuenow')) > 20);
  await page.locator('.image-panel').screenshot({ path: join(outDir, 'gif-progress.png') });
  assert.deepEqual(await violations(page), [], 'the progress bar');
  await page.locator('.gif-cancel').click();
  await page.waitForSelector('.gif-download');
  assert.match(await page.locator('.image-panel .dialog-actions').innerText(), /Cancelled/);
  const tasks = await longTasks(page);
  const started = Date.now();
  const gif = await downloadGif(page);
  const seconds = (Date.now() - started) / 1000;
  const longest = await tasks.take();
  console.log(`longest task while the GIF was made: ${longest.text}`);
  assert.ok(longest.ms < 200, `the page kept answering: ${longest.text}`);
  const { width, frames } = gifBlocks(gif.bytes);
  const plies = frames.length - 1;
  console.log(`GIF of ${plies} plies at ${width} px: ${(gif.bytes.length / 1024).toFixed(0)} KB in ${seconds.toFixed(1)} s`);
  assert.ok(plies >= 119, `${plies} plies`);
  assert.ok(gif.bytes.length < 2 * 1024 * 1024, `${gif.bytes.length} bytes`);
  assert.equal(await decodeInPage(page, gif.bytes, [-1], 'gif-long'), frames.length);
  assert.deepEqual(errors, []);
  await page.close();
});
