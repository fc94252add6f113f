// The widget as an npm package: dist/widget packed with `npm pack`, the
// tarball installed (offline) into a project of its own, its types checked
// by TypeScript as a page author's code uses them, and the installed files
// used in a page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowser, collectErrors, repoRoot } from './harness.mjs';

const widgetDir = join(repoRoot, 'dist', 'widget');
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

let project;
let browser;
before(async () => {
  project = await mkdtemp(join(tmpdir(), 'movetext-package-'));
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'a-page', private: true, type: 'module' }));
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', project], { cwd: widgetDir, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(packed);
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-save', join(project, filename)], { cwd: project, stdio: 'pipe' });
  browser = await startBrowser({ mounts: { '/project/': project } });
});
after(async () => {
  await browser?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

test('the package says what it is: its name, the workspace version, the licence, a module with types', async () => {
  const installed = join(project, 'node_modules', 'movetext-viewer');
  const pkg = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
  const cargo = await readFile(join(repoRoot, 'Cargo.toml'), 'utf8');
  assert.equal(pkg.version, /^version = "([^"]+)"/m.exec(cargo)[1]);
  assert.equal(pkg.license, 'GPL-3.0-or-later');
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.exports['.'].types, './movetext.d.ts');
  // Everything the script loads beside itself is in the tarball.
  for (const file of ['movetext.js', 'movetext_wasm.js', 'movetext_wasm_bg.wasm', 'movetext.css', 'movetext.d.ts', 'words/de.ftl']) {
    await readFile(join(installed, file));
  }
});

test('TypeScript checks a page author\'s code against the package\'s types, and finds a wrong option', () => {
  const code = `import Movetext, { type MovetextOptions, type MoveDetail } from 'movetext-viewer';
const viewer = document.querySelector('movetext-viewer');
if (viewer) {
  void viewer.goTo('last');
  viewer.addEventListener('move', (e) => { const d: MoveDetail = e.detail; console.log(d.fen.toUpperCase(), d.ply + 1); });
}
const made = document.createElement('movetext-viewer');
void made.setPgn('1. e4 *');
made.ply = 'last';
const shownFirst: string | null = made.orientation;
made.addEventListener('ready', () => console.log(shownFirst));
made.addEventListener('error', (e) => console.log(e.detail.message));
document.addEventListener('move', (e) => console.log(e.detail.san));
const options: MovetextOptions = { pgn: '1. e4 e5 *', ply: 'last', moves: 'bottom', orientation: 'black' };
Movetext.configure({ baseUrl: '/widget/' });
void Movetext.mount(document.body, options).then((h) => { h.on('move', (d) => d.san); return h.getFen(); });
// @ts-expect-error: no such place for the moves
const wrong: MovetextOptions = { moves: 'sideways' };
console.log(wrong);
`;
  const file = join(project, 'page.ts');
  execFileSync('node', ['-e', `require('fs').writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(code)})`]);
  const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
  const run = () => execFileSync(tsc, ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext',
    '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', file], { cwd: project, encoding: 'utf8' });
  assert.doesNotThrow(() => run(), 'the code type-checks');
  // And the types do hold something: a misspelt method is an error.
  execFileSync('node', ['-e', `require('fs').appendFileSync(${JSON.stringify(file)}, "document.querySelector('movetext-viewer')?.goto(3);\\n")`]);
  assert.throws(() => run(), (e) => /Property 'goto' does not exist on type 'MovetextViewerElement'/.test(e.stdout));
});

test('the installed package shows a game in a page', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await writeFile(join(project, 'index.html'), `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Package</title><link rel="icon" href="data:,">
<script type="module" src="./node_modules/movetext-viewer/movetext.js"></script></head>
<body><movetext-viewer loading="eager" ply="last" pgn="1. e4 e5 2. Nf3 *"></movetext-viewer></body></html>`);
  await page.goto(browser.url + 'project/index.html');
  await page.waitForFunction((fen) => document.querySelector('movetext-viewer')?.shadowRoot?.querySelector('.board')?.dataset.fen === fen, AFTER_NF3, { timeout: 30_000 });
  assert.deepEqual(errors, []);
  await page.close();
});
