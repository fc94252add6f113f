#!/usr/bin/env bash
# The analysis engine: Stockfish 18 compiled to WebAssembly, from the npm
# package `stockfish` (GPL-3.0), a development dependency of package.json at
# the version its lock file pins (installed by `npm ci`, which
# scripts/setup.sh runs). Only its "lite" builds are used (a Web Worker
# script and its .wasm, about 7 MB each): the single-threaded one, which
# needs no cross-origin isolation, and the multi-threaded one, which the app
# uses when the page is cross-origin isolated (scripts/serve.sh sends the two
# headers). The two builds and the licence are copied into dist/engine,
# after Trunk has built the app (Trunk empties dist).
#   scripts/copy-engine.sh          copy into dist/engine
#   scripts/copy-engine.sh --check  only check that the package is installed
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PACKAGE="node_modules/stockfish"
FILES=("bin/stockfish-18-lite-single.js" "bin/stockfish-18-lite-single.wasm" "bin/stockfish-18-lite.js" "bin/stockfish-18-lite.wasm" "Copying.txt")

for f in "${FILES[@]}"; do
  if [ ! -s "$PACKAGE/$f" ]; then
    echo "engine: $PACKAGE/$f is missing (run scripts/setup.sh, which runs npm ci)" >&2
    exit 1
  fi
done
version="$(node -p 'require("./node_modules/stockfish/package.json").version')"
if [ "${1:-}" = "--check" ]; then
  echo "engine: stockfish $version present"
  exit 0
fi
if [ ! -d dist ]; then
  echo "engine: no dist/ (build the app first)" >&2
  exit 1
fi
rm -rf dist/engine
mkdir -p dist/engine
for f in "${FILES[@]}"; do cp "$PACKAGE/$f" dist/engine/; done
echo "engine: stockfish $version copied into dist/engine"
