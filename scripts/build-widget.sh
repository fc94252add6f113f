#!/usr/bin/env bash
# Builds the embeddable widget into dist/widget (after the app, which Trunk
# builds into dist): movetext.js, movetext_wasm.js, movetext_wasm_bg.wasm,
# movetext.css, words/ (the words a page in another language than English
# fetches, and what the reader says in English, fetched for a game with
# problems), package.json and movetext.d.ts (the folder is an npm package),
# and a demo page with a sample game. File names are stable, so a page can
# link them directly; see docs/widget.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/env.sh
. "$ROOT/scripts/env.sh"
cd "$ROOT"

# Into WIDGET_OUT (dist/widget unless set).
out="${WIDGET_OUT:-dist/widget}"
# Its own profile (small rather than fast) and no magic bitboards; wasm-opt
# runs its passes until the module stops getting smaller (--converge), told
# what holds for a Rust module: its memory starts zeroed (it is the module's
# own), nothing lives in its lowest kilobyte, and no load, store or division
# traps of itself (-iit: safe Rust never reads outside its memory and checks
# a divisor before dividing; a panic is an explicit trap, which stays). -Os
# rather than -Oz: the module is smaller gzipped, which is how it is sent.
# The standard library is compiled with the widget (-Zbuild-std) under the
# same profile, and a panic stops the module at once (the panic strategy
# immediate-abort): no panic message is formatted, which leaves the whole
# formatting of messages out of the module (12 KB gzipped); nor does a
# panic say where it was (-Zlocation-detail=none: no source file names and
# lines in the module). A panic is then
# a WebAssembly trap, which widget/movetext.js handles as any other (the
# widget shows that it stopped, the others go on). These are unstable
# options of the toolchain (Rust 1.95), which RUSTC_BOOTSTRAP=1 allows.
# Without the standard library's sources (rustup's rust-src) the prebuilt
# standard library is used, and the module is about 13 KB larger.
std_env=()
std_args=()
if has_rust_src; then
  std_env=(RUSTC_BOOTSTRAP=1 "RUSTFLAGS=-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none")
  std_args=(-Zbuild-std=std,panic_abort)
else
  echo "build-widget: no rust-src: the widget is built with the prebuilt standard library (about 13 KB larger)" >&2
fi
env "${std_env[@]}" cargo build --profile widget --locked --offline "${std_args[@]}" \
  -p movetext-widget --target wasm32-unknown-unknown
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name movetext_wasm \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/widget/movetext_widget.wasm"
wasm-opt -Os -iit --converge --low-memory-unused --zero-filled-memory --strip-producers --strip-target-features \
  "${WASM_FEATURES[@]}" "$out/movetext_wasm_bg.wasm" -o "$out/movetext_wasm_bg.wasm"
# The names by which the module and its glue meet, shortened.
node scripts/shorten-wasm-names.mjs "$out/movetext_wasm_bg.wasm" "$out/movetext_wasm.js"
# The scripts and the style sheet minified (the readable sources are in
# widget/ and static/; the glue is wasm-bindgen's).
esbuild widget/movetext.js --minify --format=esm --log-level=warning --outfile="$out/movetext.js"
esbuild widget/upgrade.js --minify --format=esm --log-level=warning --outfile="$out/upgrade.js"
esbuild "$out/movetext_wasm.js" --minify --format=esm --log-level=warning --allow-overwrite --outfile="$out/movetext_wasm.js"
# The shared rules name the app's :root beside the widget's .mt-widget; in
# the widget's shadow root only .mt-widget applies.
cat static/components.css widget/widget.css \
  | sed -e 's/^:root, \.mt-widget {/.mt-widget {/' -e 's/^:root\[data-theme="dark"\], \.mt-widget/.mt-widget/' \
    -e '/^:root\[data-theme="dark"\] .*,$/d' \
  | esbuild --loader=css --minify --log-level=warning > "$out/movetext.css"
# The words the module leaves out, for a page in another language than
# English: the widget's own words in that language, what the reader says
# about a game and the meanings of NAGs.
mkdir -p "$out/words"
for lang in de fr es ru; do
  { cat "locales/$lang.ftl"; grep '^diag-' "locales/app/$lang.ftl"; grep '^nag-' "locales/app/nags/$lang.ftl"; } > "$out/words/$lang.ftl"
done
# In English only what the reader says, which a widget fetches when it shows
# a game with problems (the module is built without the core's English
# messages; the rest of its English words are built in).
grep '^diag-' locales/app/en.ftl > "$out/words/en.ftl"
# An npm package of the widget: its package.json (the version is the
# workspace's) and its types (widget/movetext.d.ts, written by hand).
cp widget/movetext.d.ts "$out/movetext.d.ts"
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
node scripts/widget-package.mjs "$version" > "$out/package.json"
cp static/widget-demo.html "$out/demo.html"
cp static/sample.pgn "$out/sample.pgn"
echo "widget built in $out"
