// A page's own words for the widget: a Fluent file named by the `words`
// attribute words it otherwise (or in a language of the page's own), after
// the widget's own words; an address that is not http(s) or relative is not
// fetched.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, outDir, collectErrors } from './harness.mjs';

const PAGE = `<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8"><title>Parole</title><link rel="icon" href="data:,">
<script type="module" src="/widget/movetext.js"></script></head>
<body><main>
<movetext-viewer id="own" loading="eager" words="it.ftl" pgn="1. e4 e5 *"></movetext-viewer>
</main></body></html>`;

const BAD = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Words</title><link rel="icon" href="data:,">
<script type="module" src="/widget/movetext.js"></script></head>
<body><main>
<movetext-viewer id="bad" loading="eager" words="javascript:alert(1)" pgn="1. e4 e5 *"></movetext-viewer>
</main></body></html>`;

let browser;
let requests;
before(async () => {
  const dir = join(outDir, 'widget-words');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'index.html'), PAGE);
  await writeFile(join(dir, 'bad.html'), BAD);
  await writeFile(join(dir, 'it.ftl'), '# Le parole della pagina\nnav-next = Mossa successiva\nnav-flip = Gira la scacchiera\n');
  browser = await startBrowser({ mounts: { '/words-page/': dir } });
});
after(async () => {
  await browser?.close();
});

const label = (page, id, button) => page.evaluate(([i, b]) => document.getElementById(i)
  .shadowRoot.querySelector(`.nav-${b}`)?.getAttribute('aria-label'), [id, button]);

test('a Fluent file named by the words attribute words the widget in the page\'s language', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(browser.url + 'words-page/index.html');
  await page.waitForFunction(() => document.getElementById('own')?.shadowRoot?.querySelector('.nav-next'));
  assert.equal(await label(page, 'own', 'next'), 'Mossa successiva');
  assert.equal(await label(page, 'own', 'flip'), 'Gira la scacchiera');
  // A word the file does not give stays the widget's own.
  assert.equal(await label(page, 'own', 'prev'), 'Previous move');
  assert.deepEqual(errors, []);
  await page.close();
});

test('words at an address that is not http(s) or relative are not fetched', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const asked = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto(browser.url + 'words-page/bad.html');
  await page.waitForFunction(() => document.getElementById('bad')?.shadowRoot?.querySelector('.nav-next'));
  assert.equal(await label(page, 'bad', 'next'), 'Next move');
  assert.ok(!asked.some((u) => u.startsWith('javascript:')), asked.join(' '));
  assert.deepEqual(errors, []);
  await page.close();
});
