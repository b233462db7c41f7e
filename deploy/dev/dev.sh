#!/usr/bin/env bash
# `make dev`: the whole app on one machine. Ctrl-C stops everything it started.
source "$(dirname "$0")/lib.sh"

PORT="${PORT:-8080}"
trap 'echo; say "stopping…"; stop_all; say "stopped"; exit 0' INT TERM
trap 'stop_all' EXIT

ensure_postgres
ensure_redis
build_frontend
build_services
start_fleet "$PORT" "${BAZI_ENGINE_GRPC_PORT:-50052}" "${BAZI_ENGINE_ADMIN_PORT:-9092}"

say "Meguri is running: $GATEWAY_URL"
say "API docs: $GATEWAY_URL/api/openapi.json · metrics: $GATEWAY_URL/metrics · logs: .dev/logs/"
say "mail (verification codes, reset links): one .eml file per message in ${MAIL_DIR:-.dev/mail}/ (set SMTP_URL to send for real)"
say "first admin: make admin EMAIL=you@example.jp"
say "press Ctrl-C to stop"
# Stay in the foreground as a small supervisor: a service that exits is reported and started again
# after a back-off, and the rest keeps running (the gateway answers 503 meanwhile and heals when the
# service is back, without a restart of its own).
declare -A BACKOFF=()
while true; do
  for name in "${!PID_OF[@]}"; do
    pid="${PID_OF[$name]}"
    if ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid" 2>/dev/null; code=$?
      delay="${BACKOFF[$name]:-2}"
      say "$name exited (status $code); starting it again in ${delay}s — see .dev/logs/$name.log"
      sleep "$delay"
      BACKOFF[$name]=$(( delay < 30 ? delay * 2 : 30 ))
      restart "$name"
    fi
  done
  sleep 1
done
