# Sourced by serve.sh, test.sh and bench-app.sh: installs what is missing
# (scripts/setup.sh), puts the project's tools on PATH, moves to the
# repository root and fetches the crates of Cargo.lock, and those of the
# standard library that the widget's build compiles (scripts/build-widget.sh).
MOVETEXT_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$MOVETEXT_SCRIPTS/setup.sh"
# shellcheck source=scripts/env.sh
. "$MOVETEXT_SCRIPTS/env.sh"
cd "$MOVETEXT_ROOT"
cargo fetch --locked
if has_rust_src; then
  RUSTC_BOOTSTRAP=1 cargo fetch --locked -Zbuild-std=std,panic_abort --target wasm32-unknown-unknown
fi
