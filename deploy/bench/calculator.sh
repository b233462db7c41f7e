#!/usr/bin/env bash
# The landing calculator through gateway → gRPC → bazi-engine under concurrent load.
# Builds release binaries, starts the fleet on free ports with the rate limit switched off
# (RATE_LIMIT_ENABLED=false, the documented setting; the default stays on), and runs wrk:
# 64 connections, 2 threads, 20 s (override with CONNECTIONS, DURATION). Prints requests/s, p50, p99.
source "$(dirname "$0")/../dev/lib.sh"
trap 'stop_all' EXIT
command -v wrk >/dev/null || die "wrk is missing. Install it with: sudo apt-get install -y wrk"

ensure_redis
# The fleet includes the services that own a schema (start_fleet provisions them).
ensure_postgres
target_dir() { echo "${CARGO_TARGET_DIR:-$ROOT/target}"; }
# BENCH_BIN_DIR: run binaries built elsewhere (e.g. a baseline commit's gateway beside this one's
# services) to measure a ratio in one sitting; otherwise build this checkout's release binaries.
if [ -n "${BENCH_BIN_DIR:-}" ]; then
  export MEGURI_BIN_DIR="$BENCH_BIN_DIR"
else
  say "building release binaries"
  (cd "$ROOT" && cargo build --quiet --release --bin gateway --bin bazi-engine --bin identity --bin fortune-gen \
    --bin billing --bin notify) || die "cargo build failed"
  export MEGURI_BIN_DIR="$(target_dir)/release"
fi
start() {
  local name="$1"; shift
  env HOST=127.0.0.1 "$@" "$MEGURI_BIN_DIR/$name" >"$LOGS/bench-$name.log" 2>&1 &
  STARTED_PIDS+=("$!")
}
mkdir -p "$ROOT/frontend/dist"
RATE_LIMIT_ENABLED=false LOG_FORMAT=json RUST_LOG=warn start_fleet "$(free_port)" "$(free_port)" "$(free_port)"
# Let the engine finish warming its caches, then warm the connection.
sleep 5
curl -fsS -o /dev/null -X POST "$GATEWAY_URL/api/public/calculate-bazi" -H 'content-type: application/json' \
  -d '{"birthDate":"1990-05-15","birthTime":"14:30","birthLocation":"東京, 日本","coordinates":{"longitude":139.6503,"latitude":35.6762}}'
say "wrk: ${CONNECTIONS:-64} connections, ${DURATION:-20}s against $GATEWAY_URL/api/public/calculate-bazi"
wrk -t"${WRK_THREADS:-1}" -c"${CONNECTIONS:-64}" -d"${DURATION:-20}s" --latency -s "$ROOT/deploy/bench/calculator.lua" "$GATEWAY_URL"
