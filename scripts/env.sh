# Sourced by the other scripts: puts the project's tools first on PATH, and
# says whether the toolchain has the standard library's sources.
# - node_modules/.bin: wasm-opt from the npm package binaryen, esbuild (minifies the widget)
# - cargo's bin directory: trunk and wasm-bindgen installed by scripts/setup.sh
MOVETEXT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export MOVETEXT_ROOT
export PATH="$MOVETEXT_ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# The WebAssembly features Rust's wasm32 target uses, which wasm-opt is told
# of for every module (the app's and its parts, the widget, the index worker).
WASM_FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-reference-types --enable-multivalue)

# Whether rustup's rust-src is installed: the widget's build then compiles
# its own copy of the standard library (scripts/build-widget.sh).
has_rust_src() {
  [ -d "$(rustc --print sysroot)/lib/rustlib/src/rust/library/std" ]
}
