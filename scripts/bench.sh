#!/usr/bin/env bash
# Movetext benchmark: builds the native and the wasm benchmark and runs both,
# printing MiB/s and games/s of Movetext's reader (full trees, legal moves),
# pgn-reader 0.29 + shakmaty (validating moves) and Movetext's header index,
# the ratio movetext / pgn-reader for every sample, and heap bytes per move
# of open games. See README.md, "Benchmark".
#
#   scripts/bench.sh [--native-only | --wasm-only] [--no-ours]
#
# --no-ours measures only pgn-reader (builds without movetext-core).
# Environment: MOVETEXT_BENCH_CORPUS (default ../shared/corpus/bench from the
# repository root), MOVETEXT_BENCH_MB (default 64), MOVETEXT_BENCH_RUNS
# (default 5); CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS applies to the
# wasm build only (e.g. "-C target-feature=+simd128").
set -euo pipefail

cd "$(dirname "$0")/.."

native=1
wasm=1
features=()
for arg in "$@"; do
  case "$arg" in
    --native-only) wasm=0 ;;
    --wasm-only) native=0 ;;
    --no-ours) features=(--no-default-features) ;;
    -h | --help)
      sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "unknown argument: $arg (try --help)" >&2
      exit 2
      ;;
  esac
done

if [[ $native == 1 ]]; then
  cargo build --release -p movetext-bench "${features[@]}"
fi
if [[ $wasm == 1 ]]; then
  cargo build --release --target wasm32-unknown-unknown -p movetext-bench-wasm "${features[@]}"
fi

if [[ $native == 1 ]]; then
  echo
  target/release/movetext-bench
fi
if [[ $wasm == 1 ]]; then
  echo
  node bench/wasm/run.mjs target/wasm32-unknown-unknown/release/movetext_bench_wasm.wasm
fi
