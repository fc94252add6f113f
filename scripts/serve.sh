#!/usr/bin/env bash
# Installs what is missing, builds a release of the app and serves it on
# http://localhost:8080 (PORT=... to change). It opens on the sample game.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/setup.sh"
# shellcheck source=scripts/env.sh
. "$ROOT/scripts/env.sh"
cd "$ROOT"

cargo fetch --locked
trunk build --release --offline
exec node tests/browser/static-server.mjs dist "${PORT:-8080}"
