#!/usr/bin/env bash
# Runs every test: the Rust tests of the workspace, then a release build of
# the app and its browser tests in headless Chromium.
set -euo pipefail

# shellcheck source=scripts/prepare.sh
. "$(dirname "${BASH_SOURCE[0]}")/prepare.sh"

# Every stage runs even when an earlier one failed, so that one run reports
# everything; the script fails at the end if any stage failed.
failed=()

echo "== Rust tests"
cargo test --workspace --locked || failed+=("rust tests")

if cargo fmt --version >/dev/null 2>&1; then
  echo "== Formatting (cargo fmt --check, rustfmt.toml)"
  cargo fmt --all --check || failed+=("formatting")
fi
if cargo clippy --version >/dev/null 2>&1; then
  echo "== Lints (clippy, warnings are errors)"
  cargo clippy --workspace --locked --offline -- -D warnings || failed+=("clippy")
fi
echo "== Documentation (cargo doc, warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --offline || failed+=("documentation")

echo "== Building the app (release)"
if scripts/build.sh; then
  echo "== Browser tests"
  mkdir -p tests/browser/out
  node --test --test-concurrency=1 tests/browser/*.test.mjs || failed+=("browser tests")
else
  failed+=("app build")
fi

if [ ${#failed[@]} -gt 0 ]; then
  echo "== Failed: ${failed[*]}" >&2
  exit 1
fi
echo "== All tests passed"
