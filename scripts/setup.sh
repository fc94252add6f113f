#!/usr/bin/env bash
# Installs what building and testing Movetext needs on a Debian machine that
# has rustup, cargo, node and npm: the wasm32 target and the standard
# library's sources, Trunk, the wasm-bindgen
# CLI of the version in Cargo.lock, the npm tools (wasm-opt from binaryen,
# playwright-core, the analysis engine Stockfish) and Debian's Chromium. Every step is
# skipped when what it installs is already there in the right version, so
# running it again is cheap.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/env.sh
. "$ROOT/scripts/env.sh"
cd "$ROOT"

TRUNK_VERSION="0.21.14"
# The splitter of the app's module (scripts/app-module.sh).
WASM_SPLIT_VERSION="0.2.4"
WASM_BINDGEN_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"

say() { echo "setup: $*"; }

for tool in rustup cargo node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "setup: $tool is needed but not installed" >&2
    exit 1
  fi
done
if [ -z "$WASM_BINDGEN_VERSION" ]; then
  echo "setup: no wasm-bindgen version found in Cargo.lock" >&2
  exit 1
fi

# 1. The WebAssembly target of the Rust toolchain.
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "wasm32-unknown-unknown target present"
else
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 1b. The standard library's sources: the widget's build compiles its own
#     copy of the standard library, for size (scripts/build-widget.sh).
if has_rust_src; then
  say "rust-src present"
else
  say "adding the rust-src component"
  rustup component add rust-src || say "rust-src could not be added: the widget will be built with the prebuilt standard library"
fi

# 2. Trunk.
if [ "$(trunk --version 2>/dev/null || true)" = "trunk $TRUNK_VERSION" ]; then
  say "trunk $TRUNK_VERSION present"
else
  say "installing trunk $TRUNK_VERSION (takes several minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked --force
fi

# 3. The wasm-bindgen CLI; Trunk accepts only the version the app is built with.
#    (No --locked: its lock file names a release the registry no longer has.)
if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "wasm-bindgen $WASM_BINDGEN_VERSION present"
else
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# 3b. wasm-split-cli, which splits the app's dialogs into a part of their
#     own (scripts/app-module.sh); it says no version, cargo's list does.
if command -v wasm-split-cli >/dev/null && cargo install --list 2>/dev/null | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "wasm-split-cli $WASM_SPLIT_VERSION present"
else
  say "installing wasm-split-cli $WASM_SPLIT_VERSION"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked --force
fi

# 4. npm tools, at the versions in package-lock.json.
npm_tools_present() {
  [ -f package-lock.json ] && node -e '
    const fs = require("fs");
    const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
    for (const [path, info] of Object.entries(lock.packages || {})) {
      if (!path) continue;
      // Optional packages for other platforms (the binaries of esbuild) are absent.
      if (info.optional && !fs.existsSync(path)) continue;
      let version;
      try { version = JSON.parse(fs.readFileSync(path + "/package.json", "utf8")).version; }
      catch { process.exit(1); }
      if (version !== info.version) process.exit(1);
    }'
}
if npm_tools_present; then
  say "npm tools present"
elif [ -f package-lock.json ]; then
  say "installing npm tools (npm ci)"
  npm ci --no-audit --no-fund
else
  say "installing npm tools (npm install)"
  npm install --no-audit --no-fund
fi

# 5. Chromium for the browser tests, and zstd (the tests compress a file
#    with it), from Debian.
if [ -x /usr/bin/chromium ] && command -v zstd >/dev/null; then
  say "chromium and zstd present"
else
  say "installing chromium and zstd from Debian"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver zstd
fi

# 6. The analysis engine (the npm package stockfish, installed with the npm
#    tools above); copied into dist/ after each build.
"$ROOT/scripts/copy-engine.sh" --check

say "done"
