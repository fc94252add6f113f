#!/usr/bin/env bash
# Installs what is missing, builds a release of the app and serves it on
# http://localhost:8080 (PORT=... to change). It opens on the sample game;
# the widget and its demo page are served under /widget/.
# The app's files are sent with its Content-Security-Policy and the two
# cross-origin isolation headers (tests/browser/static-server.mjs).
set -euo pipefail

# shellcheck source=scripts/prepare.sh
. "$(dirname "${BASH_SOURCE[0]}")/prepare.sh"
scripts/build.sh
echo "The widget's demo page: http://localhost:${PORT:-8080}/widget/demo.html"
exec node tests/browser/static-server.mjs dist "${PORT:-8080}"
