#!/usr/bin/env bash
# End-to-end tests: the real fleet on free ports, the built SPA, Playwright driving Debian's Chromium.
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT

ensure_redis
[ -x /usr/bin/chromium ] || die "Chromium is missing. Install it with: sudo apt-get install -y chromium fonts-noto-cjk"
build_frontend
build_services
start_fleet "$(free_port)" "$(free_port)" "$(free_port)"
say "running Playwright against $GATEWAY_URL"
(cd "$ROOT/frontend" && E2E_BASE_URL="$GATEWAY_URL" npx playwright test "$@")
