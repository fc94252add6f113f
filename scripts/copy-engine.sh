#!/usr/bin/env bash
# The analysis engine: Stockfish 18 compiled to WebAssembly, from the npm
# package `stockfish` (GPL-3.0), version pinned below. Only its "lite" builds
# are used (a Web Worker script and its .wasm, about 7 MB each): the
# single-threaded one, which needs no cross-origin isolation, and the
# multi-threaded one, which the app uses when the page is cross-origin
# isolated (scripts/serve.sh sends the two headers). The package is fetched once with `npm pack`
# into target/engine (not in git); the two files and the licence are copied
# into dist/engine, after Trunk has built the app (Trunk empties dist).
#   scripts/copy-engine.sh          fetch if missing, then copy into dist/engine
#   scripts/copy-engine.sh --fetch  only fetch
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

VERSION="18.0.8"
NAME="stockfish-18-lite-single"
THREADED="stockfish-18-lite"
CACHE="target/engine/$VERSION"
FILES=("$NAME.js" "$NAME.wasm" "$THREADED.js" "$THREADED.wasm" "Copying.txt")

have_all() {
  for f in "${FILES[@]}"; do [ -s "$CACHE/$f" ] || return 1; done
}

if have_all; then
  echo "engine: stockfish $VERSION present"
else
  echo "engine: fetching stockfish@$VERSION from npm"
  rm -rf "$CACHE"
  mkdir -p "$CACHE/pack"
  tarball="$(cd "$CACHE/pack" && npm pack --silent "stockfish@$VERSION" | tail -n 1)"
  tar -xzf "$CACHE/pack/$tarball" -C "$CACHE/pack" \
    "package/bin/$NAME.js" "package/bin/$NAME.wasm" "package/bin/$THREADED.js" "package/bin/$THREADED.wasm" \
    package/Copying.txt
  mv "$CACHE/pack/package/bin/$NAME.js" "$CACHE/pack/package/bin/$NAME.wasm" \
    "$CACHE/pack/package/bin/$THREADED.js" "$CACHE/pack/package/bin/$THREADED.wasm" \
    "$CACHE/pack/package/Copying.txt" "$CACHE/"
  # The tarball also holds two 110 MB builds that are not used.
  rm -rf "$CACHE/pack"
  have_all
fi

if [ "${1:-}" = "--fetch" ]; then
  exit 0
fi
if [ ! -d dist ]; then
  echo "engine: no dist/ (build the app first)" >&2
  exit 1
fi
rm -rf dist/engine
mkdir -p dist/engine
for f in "${FILES[@]}"; do cp "$CACHE/$f" dist/engine/; done
echo "engine: copied into dist/engine"
