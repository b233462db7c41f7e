# What the wrk benchmarks share (sourced after deploy/dev/lib.sh): the release fleet on free ports,
# a member signed up and verified through the API, and one wrk run.
#
# BENCH_BIN_DIR: run binaries built elsewhere (e.g. a baseline commit's gateway beside this one's
# services) to measure a ratio in one sitting; otherwise this checkout's release binaries are built.

# BENCH_NO_WRK: a script that uses only the fleet and the member (make soak) does not need wrk.
[ -n "${BENCH_NO_WRK:-}" ] || command -v wrk >/dev/null || die "wrk is missing. Install it with: sudo apt-get install -y wrk"

# Starts the fleet (rate limits off, mail to files in $MAIL_DIR); sets GATEWAY_URL.
bench_fleet() {
  ensure_redis
  ensure_postgres
  if [ -n "${BENCH_BIN_DIR:-}" ]; then export MEGURI_BIN_DIR="$BENCH_BIN_DIR"; fi
  build_services release
  mkdir -p "$ROOT/frontend/dist" "$DEV"
  MAIL_DIR="$DEV/bench-mail/$(date +%s)-$$"
  mkdir -p "$MAIL_DIR"
  RATE_LIMIT_ENABLED=false LOG_FORMAT=json RUST_LOG=warn MAIL_DIR="$MAIL_DIR" \
    start_fleet "$(free_port)" "$(free_port)" "$(free_port)"
}

# bench_member USERNAME [EXTRA_JSON_FIELDS] — signs a member up (the code read from the mail file) and
# verifies them; sets COOKIE (the session) and MEMBER (the verified user's JSON).
bench_member() {
  local username="$1" extra="${2:-}" email jar code=""
  email="bench-$(date +%s)-$$-$username@example.jp"
  jar="$(mktemp)"
  curl -fsS -o /dev/null -X POST "$GATEWAY_URL/api/auth/signup" -H 'content-type: application/json' \
    -H "origin: $GATEWAY_URL" \
    -d "{\"email\":\"$email\",\"password\":\"bench password 1\",\"username\":\"$username\",${extra:+$extra,}\"privacyPolicyAccepted\":true}" \
    || die "sign-up failed"
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
  MEMBER="$(curl -fsS -c "$jar" -X POST "$GATEWAY_URL/api/auth/verify-email" -H 'content-type: application/json' \
    -H "origin: $GATEWAY_URL" -d "{\"email\":\"$email\",\"code\":\"$code\"}")" || die "verification failed"
  COOKIE="$(awk '$6 == "meguri_session" { print $6 "=" $7 }' "$jar")"
  rm -f "$jar"
  [ -n "$COOKIE" ] || die "no session cookie"
}

# bench_wrk LABEL WRK_ARGS... — 64 connections for 20 s (CONNECTIONS, DURATION, WRK_THREADS), the
# output kept in .dev/bench-LABEL.txt for a ratio.
bench_wrk() {
  local label="$1"; shift
  say "wrk: ${CONNECTIONS:-64} connections, ${DURATION:-20}s, $label"
  wrk -t"${WRK_THREADS:-1}" -c"${CONNECTIONS:-64}" -d"${DURATION:-20}s" --latency "$@" | tee "$DEV/bench-$label.txt"
}
