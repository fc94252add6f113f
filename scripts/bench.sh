#!/usr/bin/env bash
# Movetext benchmark: builds the native and the wasm benchmark and runs both,
# printing MiB/s and games/s of Movetext's reader (full trees, legal moves),
# pgn-reader 0.29 + shakmaty (validating moves) and Movetext's header index,
# the ratio movetext / pgn-reader for every sample, and heap bytes per move
# of open games; then `movetext search` beside pgn-extract searching the same
# positions in 64 MiB of the samples (scripts/bench-cli.sh --search). See
# docs/benchmarks.md.
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
      sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
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

target="${CARGO_TARGET_DIR:-target}"
if [[ $native == 1 ]]; then
  echo
  "$target/release/movetext-bench"
fi
if [[ $wasm == 1 ]]; then
  echo
  node bench/wasm/run.mjs "$target/wasm32-unknown-unknown/release/movetext_bench_wasm.wasm"
fi

# The position search beside pgn-extract, on 64 MiB of the same samples.
if [[ $native == 1 && ${#features[@]} == 0 ]]; then
  echo
  echo "Position search, movetext beside pgn-extract (scripts/bench-cli.sh --search):"
  MOVETEXT_BENCH_CLI_MB="${MOVETEXT_BENCH_SEARCH_MB:-64}" scripts/bench-cli.sh --search
fi
