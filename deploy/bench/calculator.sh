#!/usr/bin/env bash
# The landing calculator through gateway → gRPC → bazi-engine under concurrent load.
# Builds release binaries, starts the fleet on free ports with the rate limit switched off
# (RATE_LIMIT_ENABLED=false, the documented setting; the default stays on), and runs wrk:
# 64 connections, 1 thread, 20 s (override with CONNECTIONS, DURATION, WRK_THREADS). Prints requests/s, p50, p99.
source "$(dirname "$0")/../dev/lib.sh"
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT

bench_fleet
# Let the engine finish warming its caches, then warm the connection.
sleep 5
curl -fsS -o /dev/null -X POST "$GATEWAY_URL/api/public/calculate-bazi" -H 'content-type: application/json' \
  -d '{"birthDate":"1990-05-15","birthTime":"14:30","birthLocation":"東京, 日本","coordinates":{"longitude":139.6503,"latitude":35.6762}}'
bench_wrk calculator -s "$ROOT/deploy/bench/calculator.lua" "$GATEWAY_URL"
