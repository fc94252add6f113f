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

# ---- Core checks ------------------------------------------------------------
# Further checks of the core (crates/core, crates/cli) go here, each as
#   some-check || failed+=("name of the check")
if cargo clippy --version >/dev/null 2>&1; then
  echo "== Lints (clippy, warnings are errors)"
  cargo clippy --workspace --locked --offline -- -D warnings || failed+=("clippy")
fi
# ---- End of core checks -----------------------------------------------------

echo "== Building the app (release)"
if trunk build --release --offline && scripts/build-widget.sh; then
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
