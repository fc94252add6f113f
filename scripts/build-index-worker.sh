#!/usr/bin/env bash
# Builds the position index worker into dist/ (after the app, which Trunk
# builds into dist): index-worker.js (a thin script) and index-worker.wasm
# (crates/index-worker, without wasm-bindgen: the script calls its three
# exported functions). The page starts one worker per core once a file of
# several games is open; see docs/app.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/env.sh
. "$ROOT/scripts/env.sh"
cd "$ROOT"

if [ ! -d dist ]; then
  echo "index worker: no dist/ (build the app first)" >&2
  exit 1
fi
cargo build --release --locked --offline -p movetext-index-worker --features exports --target wasm32-unknown-unknown
wasm-opt -O3 "${WASM_FEATURES[@]}" \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/movetext_index_worker.wasm" -o dist/index-worker.wasm
cp static/index-worker.js dist/index-worker.js
echo "index worker built in dist/ ($(stat -c %s dist/index-worker.wasm) bytes)"
