# Sourced by the other scripts: puts the project's tools first on PATH.
# - node_modules/.bin: wasm-opt from the npm package binaryen, esbuild (minifies the widget)
# - cargo's bin directory: trunk and wasm-bindgen installed by scripts/setup.sh
MOVETEXT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export MOVETEXT_ROOT
export PATH="$MOVETEXT_ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
