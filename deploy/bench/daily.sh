#!/usr/bin/env bash
# The daily reading: (1) the time to build one with the built-in generator (criterion, fortune-gen's
# `daily` bench), and (2) the cached GET /api/fortune/daily through gateway → gRPC → fortune-gen under
# concurrent load. Builds release binaries, starts the fleet on free ports (rate limits off, mail to
# files), signs a member up through the API, waits for the chart, reads today's reading once (that call
# generates and stores it), then runs wrk: 64 connections, 20 s (override with CONNECTIONS, DURATION).
# Prints requests/s, p50/p90/p99.
source "$(dirname "$0")/../dev/lib.sh"
trap 'stop_all' EXIT
command -v wrk >/dev/null || die "wrk is missing. Install it with: sudo apt-get install -y wrk"

say "criterion: building one daily reading with the built-in generator"
(cd "$ROOT" && cargo bench --quiet -p fortune-gen --bench daily -- --noplot 2>&1 | grep -E "^[a-z_/ ]+ +time:|time:" ) \
  || die "cargo bench failed"

ensure_redis
ensure_postgres
say "building release binaries"
(cd "$ROOT" && cargo build --quiet --release --bin gateway --bin bazi-engine --bin identity --bin fortune-gen \
  --bin billing --bin notify) || die "cargo build failed"
target_dir() { echo "${CARGO_TARGET_DIR:-$ROOT/target}"; }
export MEGURI_BIN_DIR="$(target_dir)/release"
start() {
  local name="$1"; shift
  env "$@" "$MEGURI_BIN_DIR/$name" >"$LOGS/bench-$name.log" 2>&1 &
  STARTED_PIDS+=("$!")
}
mkdir -p "$ROOT/frontend/dist"
MAIL_DIR="$DEV/bench-mail/$(date +%s)-$$"
mkdir -p "$MAIL_DIR"
RATE_LIMIT_ENABLED=false LOG_FORMAT=json RUST_LOG=warn MAIL_DIR="$MAIL_DIR" \
  start_fleet "$(free_port)" "$(free_port)" "$(free_port)"

email="bench-$(date +%s)-$$@example.jp"
jar="$(mktemp)"
curl -fsS -o /dev/null -X POST "$GATEWAY_URL/api/auth/signup" -H 'content-type: application/json' \
  -H "origin: $GATEWAY_URL" \
  -d "{\"email\":\"$email\",\"password\":\"bench password 1\",\"username\":\"bench$$\",\"gender\":\"female\",
       \"birthDate\":\"1990-05-15\",\"birthTime\":\"14:30\",\"birthLocation\":\"東京, 日本\",
       \"coordinates\":{\"longitude\":139.6503,\"latitude\":35.6762},\"privacyPolicyAccepted\":true}" \
  || die "sign-up failed"
code=""
for _ in $(seq 1 100); do
  code="$(python3 - "$MAIL_DIR" "$email" <<'PY'
import email, email.policy, pathlib, re, sys
folder, to = pathlib.Path(sys.argv[1]), sys.argv[2]
for path in sorted(folder.rglob("*.eml")):
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    if to not in str(msg["To"]):
        continue
    body = msg.get_body(preferencelist=("plain",))
    found = re.search(r"\b(\d{6})\b", body.get_content() if body else "")
    if found:
        print(found.group(1)); break
PY
)"
  [ -n "$code" ] && break
  sleep 0.1
done
[ -n "$code" ] || die "no verification mail in $MAIL_DIR"
curl -fsS -o /dev/null -c "$jar" -X POST "$GATEWAY_URL/api/auth/verify-email" -H 'content-type: application/json' \
  -H "origin: $GATEWAY_URL" -d "{\"email\":\"$email\",\"code\":\"$code\"}" || die "verification failed"
cookie="$(awk '$6 == "meguri_session" { print $6 "=" $7 }' "$jar")"
[ -n "$cookie" ] || die "no session cookie"
for _ in $(seq 1 300); do
  curl -fsS -H "cookie: $cookie" "$GATEWAY_URL/api/auth/user" | grep -q '"baziChartStatus":"ready"' && break
  sleep 0.1
done
first="$(curl -fsS -w ' %{time_total}' -H "cookie: $cookie" "$GATEWAY_URL/api/fortune/daily?timezoneOffset=-540")" \
  || die "the first daily reading failed"
say "first GET /api/fortune/daily (generates and stores it): ${first##* } s"
say "wrk: ${CONNECTIONS:-64} connections, ${DURATION:-20}s against $GATEWAY_URL/api/fortune/daily (stored reading)"
wrk -t"${WRK_THREADS:-1}" -c"${CONNECTIONS:-64}" -d"${DURATION:-20}s" --latency -H "cookie: $cookie" \
  -s "$ROOT/deploy/bench/report.lua" "$GATEWAY_URL/api/fortune/daily?timezoneOffset=-540"
