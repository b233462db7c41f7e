#!/usr/bin/env bash
# The daily reading: (1) the time to build one with the built-in generator (criterion, fortune-gen's
# `daily` bench), and (2) the cached GET /api/fortune/daily through gateway → gRPC → fortune-gen under
# concurrent load. Builds release binaries, starts the fleet on free ports (rate limits off, mail to
# files), signs a member up through the API, waits for the chart, reads today's reading once (that call
# generates and stores it), then runs wrk: 64 connections, 20 s (override with CONNECTIONS, DURATION).
# Prints requests/s, p50/p90/p99.
source "$(dirname "$0")/../dev/lib.sh"
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT

say "criterion: building one daily reading with the built-in generator"
(cd "$ROOT" && cargo bench --quiet -p fortune-gen --bench daily -- --noplot 2>&1 | grep -E "^[a-z_/ ]+ +time:|time:" ) \
  || die "cargo bench failed"

bench_fleet
bench_member "bench$$" '"gender":"female","birthDate":"1990-05-15","birthTime":"14:30","birthLocation":"東京, 日本",
  "coordinates":{"longitude":139.6503,"latitude":35.6762}'
cookie="$COOKIE"
for _ in $(seq 1 300); do
  curl -fsS -H "cookie: $cookie" "$GATEWAY_URL/api/auth/user" | grep -q '"baziChartStatus":"ready"' && break
  sleep 0.1
done
first="$(curl -fsS -w ' %{time_total}' -H "cookie: $cookie" "$GATEWAY_URL/api/fortune/daily?timezoneOffset=-540")" \
  || die "the first daily reading failed"
say "first GET /api/fortune/daily (generates and stores it): ${first##* } s"
bench_wrk daily-stored -H "cookie: $cookie" -s "$ROOT/deploy/bench/report.lua" \
  "$GATEWAY_URL/api/fortune/daily?timezoneOffset=-540"
