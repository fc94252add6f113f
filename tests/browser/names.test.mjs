// Players' names, captions and the narrow layout: the material lead never
// drawn over the score; a long name shortened to one line (whole in its
// title and for a screen reader); an image caption that keeps its move; no
// empty band where no opening is named; the language choice showing its
// whole name on a phone; and one word for a missing name ("White",
// "Black" in the reader's language) on the screen, in print, in an image's
// caption and in the widget's game picker, with the date as the screen
// writes it. Screenshots at 1280, 800 and 390 px, in English and German.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  startBrowser, openApp, forgetSavedSession, pastePgn, drawn, outDir, axeViolations, demoWithWidget, openingNames } from './harness.mjs';

let browser;
before(async () => {
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
});

const WIDTHS = [1280, 800, 390];
const LANGS = ['en', 'de'];
const SIDES = { en: ['White', 'Black'], de: ['Weiß', 'Schwarz'] };

// A name of 200 characters (the most the page shows of a tag).
const LONG = 'Maximilian Alexander von Hohenzollern-Sigmaringen, '.repeat(5).slice(0, 200);
assert.equal(LONG.length, 200);

/** The app at `width` in `lang`, on `pgn` pasted (the built-in sample when none). */
async function openGame(lang, width, pgn = null) {
  const { page, errors } = await openApp(browser.context, browser.url, { width, path: `?lang=${lang}` });
  if (pgn) {
    await forgetSavedSession(page);
    await pastePgn(page, pgn);
    await page.waitForFunction(() => /Pasted|Eingefügt/.test(document.querySelector('.file-name')?.textContent ?? '')
      && !document.querySelector('.page[aria-busy="true"]'));
  }
  await drawn(page);
  await openingNames(page);
  return { page, errors };
}

/** Steps the board with `key` (End, Home, ArrowRight) as a reader does. */
async function step(page, key) {
  await page.locator('.board-col .board').focus();
  await page.keyboard.press(key);
  await drawn(page);
}

/** Whether two boxes share more than half a pixel each way. */
function overlap(a, b) {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}

test('the material lead and the score are never drawn over each other', async () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const { page, errors } = await openGame(lang, width);
      await step(page, 'End');
      const bars = await page.locator('.board-col .player-bar').evaluateAll((els) => els.map((bar) => {
        const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height, text: el.textContent }; };
        const parts = ['.side-swatch', '.player-id', '.player-material', '.material-lead', '.player-score', '.player-clock']
          .map((s) => [s, bar.querySelector(s)]).filter(([, el]) => el).map(([s, el]) => ({ s, ...box(el) }));
        return { side: bar.dataset.side, bar: box(bar), parts };
      }));
      const black = bars.find((b) => b.side === 'black');
      const lead = black.parts.find((p) => p.s === '.material-lead');
      const score = black.parts.find((p) => p.s === '.player-score');
      assert.equal(lead?.text, '+10', `${lang} ${width}: the sample's end has Black's lead`);
      assert.equal(score?.text, '0', `${lang} ${width}: and Black's score`);
      assert.ok(!overlap(lead, score), `${lang} ${width}: "+10" ${JSON.stringify(lead)} over "0" ${JSON.stringify(score)}`);
      for (const { side, bar, parts } of bars) {
        for (const p of parts) {
          assert.ok(p.x >= bar.x - 0.5 && p.x + p.width <= bar.x + bar.width + 0.5, `${lang} ${width} ${side}: ${p.s} inside its bar`);
        }
        // The parts side by side (the lead is inside the material).
        const row = parts.filter((p) => p.s !== '.material-lead');
        for (let i = 0; i < row.length; i++) {
          for (let j = i + 1; j < row.length; j++) {
            assert.ok(!overlap(row[i], row[j]), `${lang} ${width} ${side}: ${row[i].s} and ${row[j].s} overlap`);
          }
        }
      }
      await page.locator('.board-col').screenshot({ path: join(outDir, `names-bars-${width}-${lang}.png`) });
      if (width === 390) assert.deepEqual(await axeViolations(page), [], `${lang} ${width}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

test('a long name is one line, shortened, and whole in its title and for a screen reader', async () => {
  const pgn = `[White "${LONG}"]\n[Black "Short"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n`;
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const { page, errors } = await openGame(lang, width, pgn);
      const bar = page.locator('.board-col .player-bar.player-white');
      const name = bar.locator('.player-name');
      const seen = await name.evaluate((el) => ({
        title: el.title, text: el.textContent, cut: el.scrollWidth > el.clientWidth,
        bar: el.closest('.player-bar').getBoundingClientRect().height, line: el.getBoundingClientRect().height,
      }));
      assert.equal(seen.title, LONG, `${lang} ${width}: the title holds the whole name`);
      assert.equal(seen.text, LONG, `${lang} ${width}: the text is whole, shortened by the style only`);
      assert.ok(seen.cut, `${lang} ${width}: the name is shortened`);
      assert.ok(seen.bar <= 44 && seen.line <= 26, `${lang} ${width}: one line (${seen.bar} px, name ${seen.line} px)`);
      assert.ok((await bar.ariaSnapshot()).includes(LONG), `${lang} ${width}: a screen reader reads the whole name`);
      // The game's heading: each name on one line, whole in its title.
      const head = await page.locator('.game-title .name').evaluateAll((els) => els.map((el) => ({
        title: el.title, text: el.textContent, height: el.getBoundingClientRect().height, cut: el.scrollWidth > el.clientWidth,
      })));
      assert.equal(head[0].title, LONG);
      assert.equal(head[0].text, LONG);
      assert.ok(head[0].cut && head[0].height <= 26, `${lang} ${width}: ${JSON.stringify(head[0])}`);
      assert.deepEqual([head[1].text, head[1].cut], ['Short', false], 'a short name is whole');
      const title = await page.locator('.game-title').evaluate((el) => el.getBoundingClientRect().height);
      assert.ok(title <= 50, `${lang} ${width}: the heading is at most two lines (${title} px)`);
      assert.ok((await page.locator('.game-title').ariaSnapshot()).includes(LONG), 'the heading, read whole');
      await page.screenshot({ path: join(outDir, `names-long-${width}-${lang}.png`), fullPage: true });
      if (width === 1280 || width === 390) assert.deepEqual(await axeViolations(page), [], `${lang} ${width}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

/** The caption of the image the image dialog previews: its text and its box in the image (800 wide). */
async function previewCaption(page) {
  return page.evaluate(async () => {
    const svg = await (await fetch(document.querySelector('.image-preview').src)).text();
    const host = document.createElement('div');
    host.style.cssText = 'position:absolute;left:0;top:0;width:360px';
    host.innerHTML = svg;
    document.body.append(host);
    const text = [...host.querySelectorAll('text')].pop();
    const box = text.getBBox();
    const seen = { text: text.textContent, x: box.x, right: box.x + box.width, image: host.querySelector('svg').viewBox.baseVal.width };
    host.remove();
    return seen;
  });
}

test('an image caption keeps the move and shortens long names', async () => {
  const pgn = `[White "${LONG}"]\n[Black "${LONG}"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 *\n`;
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const { page, errors } = await openGame(lang, width, pgn);
      await step(page, 'End');
      await page.getByRole('button', { name: lang === 'de' ? 'Bild' : 'Image', exact: true }).click();
      await page.waitForSelector('.image-panel .image-preview');
      await page.locator('.image-size').selectOption({ index: 0 });
      await page.waitForFunction(() => document.querySelector('.image-preview')?.naturalWidth === 360);
      const caption = await previewCaption(page);
      assert.ok(caption.text.endsWith(', 3... Nf6'), `${lang} ${width}: the move is kept: ${caption.text}`);
      assert.match(caption.text, /^Maximilian[^–]*… – Maximilian[^–]*…, 3\.\.\. Nf6$/, 'both names shortened with an ellipsis');
      assert.ok(caption.x >= 0 && caption.right <= caption.image, `${lang} ${width}: the caption inside the image: ${JSON.stringify(caption)}`);
      await page.locator('.image-panel').screenshot({ path: join(outDir, `names-caption-${width}-${lang}.png`) });
      if (width === 390) assert.deepEqual(await axeViolations(page), [], `${lang} ${width}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

test('no band where no opening is named, and the language choice shows its whole name', async () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const { page, errors } = await openGame(lang, width);
      await step(page, 'Home');
      // The opening line's height, and the room between the game's heading
      // and what follows the line (the graphs, else the Table/Book tabs).
      const band = () => page.evaluate(() => {
        const line = document.querySelector('.opening-name');
        const head = document.querySelector('.game-head').getBoundingClientRect();
        const next = line.nextElementSibling.getBoundingClientRect();
        return { eco: line.dataset.eco, height: line.getBoundingClientRect().height, gap: next.top - head.bottom };
      });
      const start = await band();
      assert.equal(start.eco, '', 'no opening at the start');
      assert.equal(start.height, 0, `${lang} ${width}: the empty opening line takes no room`);
      await page.locator('.game-head').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `names-band-${width}-${lang}.png`) });
      await step(page, 'End');
      const named = await band();
      assert.notEqual(named.eco, '', 'an opening is named at the end');
      assert.ok(named.height > 0, 'the opening line is shown');
      assert.ok(start.gap <= named.gap - named.height, `${lang} ${width}: the band shrinks with the line: ${start.gap} < ${named.gap}`);
      assert.ok(start.gap <= 20, `${lang} ${width}: ${start.gap} px under the heading`);

      const choice = await page.locator('.language-choice').evaluate((select) => {
        // The same choice with no limit on its width, holding only the chosen language.
        const alone = select.cloneNode(true);
        alone.style.cssText = 'position:absolute;max-width:none;width:auto;field-sizing:fixed';
        [...alone.options].forEach((o, i) => { if (i !== select.selectedIndex) o.remove(); });
        document.body.append(alone);
        const whole = alone.getBoundingClientRect().width;
        alone.remove();
        const box = select.getBoundingClientRect();
        return { text: select.options[select.selectedIndex].text, width: box.width, whole, right: box.right, page: document.documentElement.clientWidth };
      });
      assert.equal(choice.text, lang === 'de' ? 'Deutsch' : 'English');
      assert.ok(choice.width >= choice.whole - 0.5, `${lang} ${width}: the choice shows "${choice.text}" whole (${choice.width} of ${choice.whole} px)`);
      const fits = await page.evaluate(() => [...document.querySelectorAll('.topbar button, .topbar select')].every((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth));
      assert.ok(fits, `${lang} ${width}: the bar's buttons are on the screen`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.topbar').screenshot({ path: join(outDir, `names-topbar-${width}-${lang}.png`) });
      if (width === 390) assert.deepEqual(await axeViolations(page), [], `${lang} ${width}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

const NAMELESS = '[Event "Club"]\n[White "Anna"]\n[Black "Ben"]\n\n1. e4 *\n\n'
  + '[Date "1858.??.??"]\n[Result "1-0"]\n\n1. d4 d5 1-0\n\n'
  + '[White "?"]\n[Black "-"]\n[Date "1858.06.??"]\n\n1. c4 *\n';

/** The print view's title and details. */
async function printed(page, lang) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('button', { name: lang === 'de' ? 'Drucken…' : 'Print…' }).click();
  await page.waitForSelector('.print-panel');
  const view = page.locator('.print-panel .print-view');
  const seen = { title: await view.locator('.pv-title').innerText(), details: await view.locator('.pv-details').allInnerTexts() };
  await page.keyboard.press('Escape');
  await page.waitForSelector('.print-panel', { state: 'detached' });
  return seen;
}

test('a game without players is "White – Black" on the screen, in print, in a caption and in the widget', async () => {
  for (const lang of LANGS) {
    const [white, black] = SIDES[lang];
    const { page, errors } = await openGame(lang, 1280, NAMELESS);
    await page.locator('.game-row[data-game="1"]').click();
    await page.waitForFunction(() => document.querySelector('.game-place')?.textContent.includes('1858'));
    await step(page, 'End');
    assert.equal(await page.locator('.game-title').textContent(), `${white} – ${black}`);
    assert.equal(await page.locator('.game-place').innerText(), '1858', 'the known year, as the screen writes it');
    assert.deepEqual(await page.locator('.board-col .player-name').allInnerTexts(), [black, white]);
    assert.deepEqual(await printed(page, lang), { title: `${white} – ${black}`, details: ['1858'] });
    await page.getByRole('button', { name: lang === 'de' ? 'Bild' : 'Image', exact: true }).click();
    await page.waitForSelector('.image-panel .image-preview');
    assert.equal((await previewCaption(page)).text, `${white} – ${black}, 1... d5`);
    await page.keyboard.press('Escape');
    // "?" and "-" are no names either; a month and its year.
    await page.locator('.game-row[data-game="2"]').click();
    await page.waitForFunction(() => document.querySelector('.game-place')?.textContent.includes('1858.06'));
    assert.equal(await page.locator('.game-title').textContent(), `${white} – ${black}`);
    assert.equal(await page.locator('.game-place').innerText(), '1858.06');
    assert.deepEqual(await printed(page, lang), { title: `${white} – ${black}`, details: ['1858.06'] });
    await page.screenshot({ path: join(outDir, `names-nameless-${lang}.png`) });
    assert.deepEqual(await axeViolations(page), [], lang);
    assert.deepEqual(errors, []);
    await page.close();

    const demo = await demoWithWidget(browser.context, browser.url, 'nameless', { pgn: NAMELESS, lang });
    const picker = demo.widget.locator('.mt-picker');
    await picker.waitFor();
    await demo.page.waitForFunction(([id, word]) => document.getElementById(id).shadowRoot
      .querySelector('.mt-picker')?.textContent.includes(word), ['nameless', white]);
    const options = await picker.locator('option').allTextContents();
    assert.deepEqual(options, ['1. Anna – Ben', `2. ${white} – ${black}, 1-0`, `3. ${white} – ${black}`]);
    // The second game chosen: its bars name the sides too.
    await picker.selectOption({ index: 1 });
    await demo.page.waitForFunction(([id, word]) => document.getElementById(id).shadowRoot
      .querySelector('.player-bar.player-black .player-name')?.textContent === word, ['nameless', black]);
    assert.equal(await demo.widget.locator('.player-bar.player-white .player-name').textContent(), white);
    await demo.widget.screenshot({ path: join(outDir, `names-widget-${lang}.png`) });
    assert.deepEqual(await axeViolations(demo.page, { include: [['#nameless']] }), [], `widget ${lang}`);
    assert.deepEqual(demo.errors, []);
    await demo.page.close();
  }
});
