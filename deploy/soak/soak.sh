#!/usr/bin/env bash
# `make soak`: the load generator's weighted journeys (deploy/loadgen/locustfile.py: landing,
# sign-up, daily reading, friends, diary, chat, shop) against a release fleet for 10 minutes, with
# Locust headless, while deploy/soak/rss.py samples the VmRSS of every process of the fleet every
# 10 s. Then deploy/soak/report.py prints a table per journey (requests, failures, p50/p95/p99 ms)
# and one per process (RSS at the end of the warm-up, at the end, the most, the growth).
#
# Builds the release binaries (unless MEGURI_BIN_DIR names prebuilt ones) and starts the fleet on
# free ports with the rate limits off and mail written as .eml files (deploy/bench/lib.sh
# bench_fleet). Fails (status 1) when any request failed, any process died, or any process' RSS
# grew 10 % or more after the warm-up. The figures stay in .dev/soak/<date-time>/ (.dev/soak/latest).
#
# SOAK_DURATION (600 s of load, after the members' set-up), SOAK_USERS (24), SOAK_SPAWN_RATE (2
# users a second), SOAK_WARMUP (120 s), SOAK_MEMBERS (members signed up before the load: users + 8),
# SOAK_MAX_RSS_GROWTH (10, in %), SOAK_SAMPLE_SECONDS (10).
source "$(dirname "$0")/../dev/lib.sh"
BENCH_NO_WRK=1 source "$(dirname "$0")/../bench/lib.sh"
trap stop_all EXIT

DURATION="${SOAK_DURATION:-600}"
USERS="${SOAK_USERS:-24}"
SPAWN_RATE="${SOAK_SPAWN_RATE:-2}"
WARMUP="${SOAK_WARMUP:-120}"
MEMBERS="${SOAK_MEMBERS:-$((USERS + 8))}"
MAX_GROWTH="${SOAK_MAX_RSS_GROWTH:-10}"
SAMPLE_SECONDS="${SOAK_SAMPLE_SECONDS:-10}"
for value in "$DURATION" "$USERS" "$WARMUP" "$MEMBERS" "$SAMPLE_SECONDS"; do
  [[ "$value" =~ ^[0-9]+$ ]] || die "SOAK_DURATION, SOAK_USERS, SOAK_WARMUP, SOAK_MEMBERS and SOAK_SAMPLE_SECONDS are whole numbers (got '$value')"
done
[ "$USERS" -ge 1 ] || die "SOAK_USERS must be at least 1"
[ $((WARMUP + 2 * SAMPLE_SECONDS)) -le "$DURATION" ] \
  || die "SOAK_DURATION ($DURATION s) must leave at least two samples ($SAMPLE_SECONDS s apart) after SOAK_WARMUP ($WARMUP s)"

ensure_locust

RUN_DIR="$DEV/soak/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$RUN_DIR"
bench_fleet

# The fleet's processes for the sampler: `name pid` (PID_OF of deploy/dev/lib.sh).
for name in "${!PID_OF[@]}"; do echo "$name ${PID_OF[$name]}"; done | sort >"$RUN_DIR/pids.txt"
python3 "$ROOT/deploy/soak/rss.py" --pids "$RUN_DIR/pids.txt" --out "$RUN_DIR/rss.csv" --interval "$SAMPLE_SECONDS" &
SAMPLER="$!"
STARTED_PIDS+=("$SAMPLER")

say "Locust: $MEMBERS members signed up first, then $USERS users (+$SPAWN_RATE/s) for $DURATION s against $GATEWAY_URL"
say "RSS of $(wc -l <"$RUN_DIR/pids.txt") processes every $SAMPLE_SECONDS s; warm-up $WARMUP s; figures in $(shown "$RUN_DIR")"
# Locust's own output (its periodic tables, the summary) goes to locust.log; the terminal shows the
# locustfile's progress line every 30 s and any error.
set +e
locust --headless -f "$ROOT/deploy/loadgen/locustfile.py" --host "$GATEWAY_URL" \
  -u "$USERS" -r "$SPAWN_RATE" -t "${DURATION}s" --stop-timeout 60 --only-summary \
  --csv "$RUN_DIR/locust" --mail-dir "$MAIL_DIR" --members "$MEMBERS" --started-file "$RUN_DIR/started.json" \
  2>&1 | tee "$RUN_DIR/locust.log" | grep --line-buffered -E '/(INFO|WARNING|ERROR|CRITICAL)/meguri\.soak|/(ERROR|CRITICAL)/'
locust_status="${PIPESTATUS[0]}"
set -e
ended="$(date +%s)"

dead=()
for name in "${!PID_OF[@]}"; do
  kill -0 "${PID_OF[$name]}" 2>/dev/null || dead+=("$name")
done
kill -TERM "$SAMPLER" 2>/dev/null || true
wait "$SAMPLER" 2>/dev/null || true

set +e
python3 "$ROOT/deploy/soak/report.py" --stats "$RUN_DIR/locust_stats.csv" --failures "$RUN_DIR/locust_failures.csv" \
  --rss "$RUN_DIR/rss.csv" --started "$RUN_DIR/started.json" --warmup "$WARMUP" --until "$ended" \
  --max-growth "$MAX_GROWTH" --steps-out "$RUN_DIR/steps.txt" | tee "$RUN_DIR/report.txt"
report_status="${PIPESTATUS[0]}"
set -e
ln -sfn "$(basename "$RUN_DIR")" "$DEV/soak/latest"

[ ${#dead[@]} -eq 0 ] || say "not running after the load: ${dead[*]} (see $(shown "$LOGS")/<name>.log)"
# Locust exits 1 when a request failed (the report says which); anything else is Locust itself failing.
if [ "$locust_status" -gt 1 ]; then
  die "Locust failed (status $locust_status); see $(shown "$RUN_DIR/locust.log")"
fi
if [ "$report_status" -ne 0 ] || [ ${#dead[@]} -gt 0 ]; then
  die "soak failed; figures in $(shown "$RUN_DIR")"
fi
say "soak passed; figures in $(shown "$RUN_DIR")"
