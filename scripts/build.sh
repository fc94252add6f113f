#!/usr/bin/env bash
# Builds everything served from dist/: the app (Trunk), the widget, the
# position index's worker and the engine. Run by serve.sh, test.sh and
# bench-app.sh after prepare.sh.
#
# The app's module is built with its own copy of the standard library
# (-Zbuild-std, small rather than fast like the rest of its profile) and
# without source locations in its panics (-Zlocation-detail=none: a panic
# still says what went wrong, not in which file); 29 KB less to download,
# gzipped. These are unstable options of the toolchain, which
# RUSTC_BOOTSTRAP=1 allows; without rustup's rust-src the prebuilt standard
# library is used. Only the wasm target is affected (Trunk's hooks build
# natively and unset CARGO_UNSTABLE_BUILD_STD).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/env.sh
. "$ROOT/scripts/env.sh"
cd "$ROOT"

if has_rust_src; then
  export RUSTC_BOOTSTRAP=1
  export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zlocation-detail=none"
else
  echo "build: no rust-src: the app is built with the prebuilt standard library (about 30 KB larger)" >&2
fi
trunk build --release --offline
unset RUSTC_BOOTSTRAP CARGO_UNSTABLE_BUILD_STD CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS
scripts/build-widget.sh
scripts/build-index-worker.sh
scripts/copy-engine.sh
