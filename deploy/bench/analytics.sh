#!/usr/bin/env bash
# The analytics ingest (issue 26): 10,000 page views a minute for 5 minutes from the load generator
# (deploy/loadgen/loadgen.py --analytics-events-per-minute), from consenting visitors in batches of
# 50, through gateway → the `analytics` Redis stream → support (consent check, visit, event row).
# Prints every 10 s the events sent, the rate, and support's lag on the stream (entries unread,
# read but unacknowledged, and how much older the last read entry is than the newest), then how
# long support takes to catch up once the feed stops. Keeping up = the lag stays flat near zero.
#
# Builds release binaries and starts the fleet on free ports (rate limits off). Override RATE
# (events per minute, 10000), DURATION (seconds, 300), VISITORS (20).
source "$(dirname "$0")/../dev/lib.sh"
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT

bench_fleet
stored_before="$(psql -tA "$DATABASE_URL" -c 'SELECT count(*) FROM support.analytics_events' 2>/dev/null || echo 0)"
python3 "$ROOT/deploy/loadgen/loadgen.py" --url "$GATEWAY_URL" --users "${VISITORS:-20}" \
  --duration "${DURATION:-300}" --analytics-events-per-minute "${RATE:-10000}" \
  --redis-url "$REDIS_URL" --redis-prefix "$EVENTS_PREFIX" | tee "$DEV/bench-analytics.txt"
status="${PIPESTATUS[0]}"
stored_after="$(psql -tA "$DATABASE_URL" -c 'SELECT count(*) FROM support.analytics_events' 2>/dev/null || echo 0)"
say "support stored $((stored_after - stored_before)) events during the run (every page view of a consenting visitor)"
exit "$status"
