#!/usr/bin/env bash
# Builds the app's module into Trunk's staging folder (Trunk.toml's
# post_build hook; TRUNK_STAGING_DIR). Trunk's own Rust
# build is not used because the module is split before wasm-bindgen reads
# it:
#   1. cargo builds the app (profile `app`, wasm32) with its relocations
#      kept (--emit-relocs), which the split needs;
#   2. wasm-split-cli (crate wasm_split_cli_support) splits off what is
#      reached only from the split points (src/dialogs/dialogs_part.rs,
#      src/state/zstd_reading.rs) into parts of their own, and writes the
#      script that fetches them;
#   3. wasm-bindgen writes the glue; wasm-opt makes the module and each
#      part small;
#   4. everything goes into app-<hash>/ (the hash of its files, so that a
#      new build has new addresses), and the page's start script is told
#      where (index.html's data-module and data-wasm), with preloads.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/env.sh
. "$ROOT/scripts/env.sh"
cd "$ROOT"
stage="${TRUNK_STAGING_DIR:?run by trunk (post_build hook)}"
target="${CARGO_TARGET_DIR:-target}"
work="$target/app-module"

# The relocations are for the wasm target only (RUSTFLAGS of build.sh kept).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-} -Clink-args=--emit-relocs"
cargo build --profile app --locked --offline --target wasm32-unknown-unknown --bin movetext-app

rm -rf "$work"
mkdir -p "$work/split" "$work/out"
wasm-split-cli "$target/wasm32-unknown-unknown/app/movetext-app.wasm" "$work/split" \
  --target web --out-name movetext-app
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$work/out" --out-name movetext-app \
  "$work/split/movetext-app.wasm"
wasm-opt -Oz "${WASM_FEATURES[@]}" "$work/out/movetext-app_bg.wasm" -o "$work/out/movetext-app_bg.wasm"
for part in "$work"/split/*.wasm; do
  name="$(basename "$part")"
  [ "$name" = movetext-app.wasm ] && continue
  wasm-opt -Oz "${WASM_FEATURES[@]}" "$part" -o "$work/out/$name"
done
cp "$work"/split/*.js "$work/out/"

hash="$(cat "$work"/out/*.wasm "$work"/out/*.js | sha256sum | cut -c1-16)"
dir="app-$hash"
rm -rf "$stage"/app-*
cp -r "$work/out" "$stage/$dir"
node - "$stage/index.html" "$dir" <<'JS'
const fs = require('node:fs');
const [file, dir] = process.argv.slice(2);
const page = fs.readFileSync(file, 'utf8');
const mark = '<!-- app-module -->';
if (!page.includes(mark)) throw new Error(`${file}: no "${mark}" to put the app's module at`);
const tags = `<link rel="modulepreload" href="/${dir}/movetext-app.js">`
  + `<link rel="preload" href="/${dir}/movetext-app_bg.wasm" as="fetch" type="application/wasm" crossorigin>`
  + `<script type="module" src="/start.js" data-module="/${dir}/movetext-app.js" data-wasm="/${dir}/movetext-app_bg.wasm"></script>`;
fs.writeFileSync(file, page.replace(mark, tags));
JS
echo "app module: $dir ($(ls "$stage/$dir" | tr '\n' ' '))"
