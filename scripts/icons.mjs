// Draws the app's icons for its manifest (static/icons/*.png) from
// static/favicon.svg, rasterised by Chromium: 192 and 512 px as drawn, and
// a maskable 512 px one whose knight sits within the middle 80% (the part a
// launcher's mask always keeps) on a full square of the icon's colour.
// Run by hand when the icon changes: node scripts/icons.mjs
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const svg = await readFile(join(root, 'static/favicon.svg'), 'utf8');
const out = join(root, 'static/icons');
await mkdir(out, { recursive: true });
const background = svg.match(/<rect[^>]*fill="(#[0-9a-f]{6})"/i)[1];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
for (const [name, size, inset] of [['icon-192.png', 192, 0], ['icon-512.png', 512, 0], ['maskable-512.png', 512, 0.1]]) {
  await page.setViewportSize({ width: size, height: size });
  const pad = Math.round(size * inset);
  // The maskable icon: the square filled, the drawing (its rounded corners
  // left out by the mask) shrunk into the safe zone.
  const fill = inset ? background : 'transparent';
  await page.setContent(`<body style="margin:0;background:${fill}"><img src="${source}" style="display:block;margin:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px"></body>`);
  await page.waitForFunction(() => document.images[0].complete);
  await page.screenshot({ path: join(out, name), omitBackground: !inset, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`icons: static/icons/${name}`);
}
await browser.close();
