// Pages written in Markdown: a page rendered by markdown-it, whose blocks
// fenced as ```pgn become viewers when the widget's script has
// `data-upgrade`; other code blocks stay; without script the PGN stays as
// text; and `Movetext.upgrade(selector)` for a page's own blocks (as a
// WordPress page writes them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { startBrowser, collectErrors, outDir, axeViolations } from './harness.mjs';

const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
// (the en passant square only where a capture is possible, as the app writes FENs)
const AFTER_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2';

const MARKDOWN = `# Round one

The first game went the usual way:

\`\`\`pgn
[White "Anna"]
[Black "Ben"]

1. e4 e5 2. Nf3 *
\`\`\`

Some code that is not a game:

\`\`\`js
console.log("[White \\"Not a game\\"]");
\`\`\`

And the second:

\`\`\`pgn
1. d4 c5 *
\`\`\`
`;

const page = (body, script) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Notes</title><link rel="icon" href="data:,">
${script}</head><body><main>${body}</main></body></html>`;

let browser;
before(async () => {
  const dir = join(outDir, 'markdown-page');
  await mkdir(dir, { recursive: true });
  const html = new MarkdownIt().render(MARKDOWN);
  await writeFile(join(dir, 'index.html'), page(html, '<script type="module" src="/widget/movetext.js" data-upgrade></script>'));
  // A WordPress page: its code blocks carry a class the author gives them.
  const wordpress = '<h1>Club news</h1><pre class="wp-block-code games"><code>1. d4 c5 *</code></pre><pre class="wp-block-code"><code>not a game</code></pre>'
    + '<script type="module">import Movetext from "/widget/movetext.js"; window.made = (await Movetext.upgrade("pre.games > code")).length;</script>';
  await writeFile(join(dir, 'wordpress.html'), page(wordpress, ''));
  browser = await startBrowser({ mounts: { '/notes/': dir } });
});
after(async () => {
  await browser?.close();
});

const viewers = (p) => p.locator('movetext-viewer');
const fenOf = (p, i) => p.evaluate(async (k) => {
  const v = document.querySelectorAll('movetext-viewer')[k];
  await v.ready;
  await v.goTo('last');
  return v.getFen();
}, i);

test('a Markdown page rendered by markdown-it: its pgn blocks become viewers, its other code stays', async () => {
  const p = await browser.context.newPage();
  const errors = collectErrors(p);
  await p.goto(browser.url + 'notes/index.html');
  await p.waitForFunction(() => document.querySelectorAll('movetext-viewer').length === 2);
  await p.waitForFunction(() => [...document.querySelectorAll('movetext-viewer')].every((v) => v.shadowRoot?.querySelector('.board[data-fen]')), null, { timeout: 30_000 });
  assert.equal(await fenOf(p, 0), AFTER_NF3);
  assert.equal(await fenOf(p, 1), AFTER_C5);
  assert.match(await viewers(p).first().evaluate((v) => v.shadowRoot.textContent), /Anna/);
  assert.equal(await p.locator('pre > code.language-js').count(), 1, 'the other code block stays');
  assert.equal(await p.locator('code.language-pgn').count(), 0);
  assert.deepEqual(await axeViolations(p), []);
  await p.screenshot({ path: join(outDir, 'markdown-upgraded.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await p.close();
});

test('without script, the page keeps its PGN as text', async () => {
  const p = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(p);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await p.goto(browser.url + 'notes/index.html');
  assert.equal(await p.locator('pre > code.language-pgn').count(), 2);
  assert.match(await p.locator('pre > code.language-pgn').first().innerText(), /\[White "Anna"\]\s+\[Black "Ben"\]\s+1\. e4 e5 2\. Nf3 \*/);
  assert.equal(await viewers(p).count(), 0);
  await p.close();
});

test('Movetext.upgrade(selector) turns the blocks a page selects into viewers', async () => {
  const p = await browser.context.newPage();
  const errors = collectErrors(p);
  await p.goto(browser.url + 'notes/wordpress.html');
  await p.waitForFunction(() => window.made !== undefined);
  assert.equal(await p.evaluate(() => window.made), 1);
  // Drawn once near the screen (as every viewer of a page).
  await p.waitForFunction(() => document.querySelector('movetext-viewer')?.shadowRoot?.querySelector('.board[data-fen]'), null, { timeout: 30_000 });
  assert.equal(await fenOf(p, 0), AFTER_C5);
  assert.equal(await p.locator('pre.wp-block-code').count(), 1, 'the block not selected stays');
  assert.deepEqual(errors, []);
  await p.close();
});
