#!/usr/bin/env bash
# `make dev`: the whole app on one machine. Ctrl-C (or SIGTERM) stops everything it started.

# bash cannot trap a signal that was ignored when it started, and a script run in the background
# by another script (`make dev &`, nohup) starts with SIGINT ignored: Ctrl-C / SIGINT to the group
# would then stop the services (they handle SIGINT themselves) but not this supervisor, which would
# start them again. Start again with SIGINT at its default so the trap below takes it.
# (`env --default-signal` is coreutils 8.31 or later; without it, SIGTERM still stops everything.)
if [ "$(trap -p INT)" = "trap -- '' SIGINT" ] && env --default-signal=INT true 2>/dev/null; then
  exec env --default-signal=INT "$BASH" "$0" "$@"
fi

source "$(dirname "$0")/lib.sh"

PORT="${PORT:-8080}"
trap 'stop_on_signal' INT TERM
trap 'stop_all' EXIT

ensure_postgres
ensure_redis
build_frontend
build_services
start_fleet "$PORT" "${BAZI_ENGINE_GRPC_PORT:-50052}" "${BAZI_ENGINE_ADMIN_PORT:-9092}"
write_prometheus_targets "$DEV/prometheus/targets/fleet.json"

say "Meguri is running: $GATEWAY_URL"
say "API docs: $GATEWAY_URL/api/openapi.json · metrics: $GATEWAY_URL/metrics · logs: $(shown "$LOGS")/"
say "mail (verification codes, reset links): one .eml file per message in $(shown "${MAIL_DIR:-$DEV/mail}")/ (set SMTP_URL to send for real)"
say "first admin: make admin EMAIL=you@example.jp · Prometheus with the alerts on this fleet: make observe"
say "press Ctrl-C to stop"
# Stay in the foreground as a small supervisor (lib.sh): a service that exits is reported and
# started again alone after a back-off; Ctrl-C / SIGTERM stop everything and restart nothing.
supervise
