#!/usr/bin/env bash
# End-to-end tests: the real fleet on free ports, the built SPA, Playwright driving Debian's Chromium.
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT

ensure_postgres
ensure_redis
ensure_smtp_sink
[ -x /usr/bin/chromium ] || die "Chromium is missing. Install it with: sudo apt-get install -y chromium fonts-noto-cjk"
build_frontend
build_services
# Account mail goes through a real SMTP server; the tests read the codes and links from its files.
E2E_MAIL_DIR="$DEV/e2e-mail/$(date +%s)-$$"
start_smtp_sink "$E2E_MAIL_DIR"
# A run of its own: events and sessions of earlier runs stay apart.
EVENTS_PREFIX="e2e:$(date +%s)-$$:"
# Every spec signs its own members up from 127.0.0.1: the whole suite (with chat and shop) passes
# the production 30 sign-ups and verifications per 15 minutes of one address. The limit stays on,
# raised for this run; the gateway's and fleet tests check the limit itself.
export RATE_LIMIT_AUTH_PER_15_MINUTES="${RATE_LIMIT_AUTH_PER_15_MINUTES:-300}"
start_fleet "$(free_port)" "$(free_port)" "$(free_port)"
# The support spec makes a staff reply the way the admin SPA will (support's StaffReply).
export SUPPORT_ADDR="http://127.0.0.1:${GRPC_PORT_OF[support]}" INTERNAL_JWT_SECRET
export MEGURI_SUPPORT_BIN="${MEGURI_BIN_DIR:-$(target_dir)/debug}/support"
export E2E_STAFF_REPLY="$ROOT/deploy/dev/staff-reply.sh"
# A staff account of this run for the admin specs (identity's create-admin on the e2e schema).
export E2E_ADMIN_EMAIL="${E2E_ADMIN_EMAIL:-e2e-staff@example.jp}" E2E_ADMIN_PASSWORD="${E2E_ADMIN_PASSWORD:-e2e staff password 1}"
ADMIN_PASSWORD="$E2E_ADMIN_PASSWORD" DATABASE_URL="$(service_db_url identity)" RUST_LOG=warn \
  "${MEGURI_BIN_DIR:-$(target_dir)/debug}/identity" create-admin "$E2E_ADMIN_EMAIL" >/dev/null \
  || die "could not create the e2e staff account"
# The readings journeys (home, profile, onboarding) need fortune-gen, which the fleet now runs.
export MEGURI_E2E_READINGS="${MEGURI_E2E_READINGS:-1}"
say "running Playwright against $GATEWAY_URL"
(cd "$ROOT/frontend" && E2E_BASE_URL="$GATEWAY_URL" E2E_MAIL_DIR="$E2E_MAIL_DIR" npx playwright test "$@")
