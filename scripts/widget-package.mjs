// Writes the package.json of the widget's npm package (dist/widget) to
// standard output: `node scripts/widget-package.mjs VERSION`. The package
// holds the built files only; the script finds the others beside itself.
const version = process.argv[2];
if (!/^\d+\.\d+\.\d+/.test(version ?? '')) {
  console.error('widget-package: give the version, as in Cargo.toml');
  process.exit(1);
}
const pkg = {
  name: 'movetext-viewer',
  version,
  description: 'A chess PGN viewer for any web page: the <movetext-viewer> element, in WebAssembly',
  license: 'GPL-3.0-or-later',
  type: 'module',
  main: './movetext.js',
  module: './movetext.js',
  types: './movetext.d.ts',
  exports: {
    '.': { types: './movetext.d.ts', import: './movetext.js', default: './movetext.js' },
    './movetext.css': './movetext.css',
    './package.json': './package.json',
  },
  files: ['movetext.js', 'upgrade.js', 'movetext.d.ts', 'movetext_wasm.js', 'movetext_wasm_bg.wasm', 'movetext.css', 'words/'],
  sideEffects: ['./movetext.js'],
  keywords: ['chess', 'pgn', 'viewer', 'web-component', 'custom-element', 'webassembly'],
};
process.stdout.write(`${JSON.stringify(pkg, null, 2)}\n`);
