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
say "press Ctrl-C to stop"
# Stay in the foreground; if a process dies, say so and stop the rest.
while true; do
  for pid in "${STARTED_PIDS[@]}"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      say "a process (pid $pid) exited; see .dev/logs/. Stopping."
      exit 1
    fi
  done
  sleep 1
done
