# Sourced by serve.sh, test.sh and bench-app.sh: installs what is missing
# (scripts/setup.sh), puts the project's tools on PATH, moves to the
# repository root and fetches the crates of Cargo.lock.
MOVETEXT_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$MOVETEXT_SCRIPTS/setup.sh"
# shellcheck source=scripts/env.sh
. "$MOVETEXT_SCRIPTS/env.sh"
cd "$MOVETEXT_ROOT"
cargo fetch --locked
