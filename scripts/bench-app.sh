#!/usr/bin/env bash
# The app's size and speed report next to @lichess-org/pgn-viewer, in one
# run in headless Chromium: gzipped bytes, time to the first board, time to
# open a 64 MiB file. Builds the release (app and widget) first. See docs/benchmarks.md.
set -euo pipefail

# shellcheck source=scripts/prepare.sh
. "$(dirname "${BASH_SOURCE[0]}")/prepare.sh"
scripts/build.sh
node bench/app/report.mjs
