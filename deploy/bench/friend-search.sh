#!/usr/bin/env bash
# The friend search (GET /api/friends/search) through gateway → gRPC → social → PostgreSQL under
# concurrent load, beside a cheap authenticated baseline on the same path (GET /api/blocks: social's
# ListBlocks, an empty list), so the figure that matters is the ratio between the two.
#
# Builds release binaries, starts the fleet on free ports (rate limits off, mail to files), signs a
# searcher up through the API, seeds social's member read model with 10,000 members (MEMBERS; what
# identity's EmailVerified events would have written: username, its NFKC/lower-case key, first name)
# plus 100 friendships and 20 blocks of the searcher among them (so the search's joins have rows to
# look at), then runs wrk twice: 64 connections, 20 s each (override with CONNECTIONS, DURATION).
# Prints requests/s, p50/p90/p99 of each and the ratios.
source "$(dirname "$0")/../dev/lib.sh"
trap 'stop_all' EXIT
command -v wrk >/dev/null || die "wrk is missing. Install it with: sudo apt-get install -y wrk"
command -v psql >/dev/null || die "psql is missing. Install it with: sudo apt-get install -y postgresql-client"
MEMBERS="${MEMBERS:-10000}"

ensure_redis
ensure_postgres
target_dir() { echo "${CARGO_TARGET_DIR:-$ROOT/target}"; }
if [ -n "${BENCH_BIN_DIR:-}" ]; then
  export MEGURI_BIN_DIR="$BENCH_BIN_DIR"
else
  say "building release binaries"
  bins=(--bin gateway --bin bazi-engine --bin identity --bin fortune-gen --bin notify)
  for name in $(fleet_names); do bins+=(--bin "$name"); done
  (cd "$ROOT" && cargo build --quiet --release "${bins[@]}") || die "cargo build failed"
  export MEGURI_BIN_DIR="$(target_dir)/release"
fi
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

# The searcher: a member signed up and verified through the API (the code read from the mail file).
email="bench-$(date +%s)-$$@example.jp"
jar="$(mktemp)"
curl -fsS -o /dev/null -X POST "$GATEWAY_URL/api/auth/signup" -H 'content-type: application/json' \
  -H "origin: $GATEWAY_URL" \
  -d "{\"email\":\"$email\",\"password\":\"bench password 1\",\"username\":\"searcher$$\",\"privacyPolicyAccepted\":true}" \
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
me="$(curl -fsS -c "$jar" -X POST "$GATEWAY_URL/api/auth/verify-email" -H 'content-type: application/json' \
  -H "origin: $GATEWAY_URL" -d "{\"email\":\"$email\",\"code\":\"$code\"}")" || die "verification failed"
cookie="$(awk '$6 == "meguri_session" { print $6 "=" $7 }' "$jar")"
[ -n "$cookie" ] || die "no session cookie"
me_id="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])' <<<"$me")"
# social knows the searcher once it consumed identity's EmailVerified.
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "$GATEWAY_URL/api/invites/$me_id" && break
  sleep 0.1
done

say "seeding social.members with $MEMBERS members, 100 friendships and 20 blocks of the searcher"
psql -v ON_ERROR_STOP=1 -q "$DATABASE_URL" <<SQL || die "seeding failed"
BEGIN;
INSERT INTO social.members (user_id, username, username_key, first_name, profile_image_url, profile_updated_at)
SELECT md5('bench-member-' || i)::uuid, 'member' || lpad(i::text, 5, '0'), 'member' || lpad(i::text, 5, '0'),
       '名前' || i, NULL, now()
FROM generate_series(0, $MEMBERS - 1) AS i
ON CONFLICT (user_id) DO NOTHING;
INSERT INTO social.friendships (user_low, user_high, requester_id, status, created_at, accepted_at,
                                compatibility_status)
SELECT least(m, '$me_id'::uuid), greatest(m, '$me_id'::uuid), '$me_id'::uuid, 'accepted', now(), now(), 'unavailable'
FROM (SELECT md5('bench-member-' || i)::uuid AS m FROM generate_series(0, 99) AS i) AS f
ON CONFLICT DO NOTHING;
INSERT INTO social.blocks (blocker_id, blocked_id, created_at)
SELECT '$me_id'::uuid, md5('bench-member-' || i)::uuid, now() FROM generate_series(100, 119) AS i
ON CONFLICT DO NOTHING;
COMMIT;
ANALYZE social.members;
SQL
hits="$(curl -fsS -H "cookie: $cookie" "$GATEWAY_URL/api/friends/search?q=member&limit=10" \
  | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["results"]))')" || die "the first search failed"
[ "$hits" = 10 ] || die "the search found $hits members, not 10: is the read model seeded?"

run() {
  local label="$1"; shift
  say "wrk: ${CONNECTIONS:-64} connections, ${DURATION:-20}s, $label"
  wrk -t"${WRK_THREADS:-1}" -c"${CONNECTIONS:-64}" -d"${DURATION:-20}s" --latency -H "cookie: $cookie" "$@" \
    | tee "$DEV/bench-friend-search-$label.txt"
}
mkdir -p "$DEV"
run search -s "$ROOT/deploy/bench/friend-search.lua" "$GATEWAY_URL"
# Same deployment, same session, same two hops; ListBlocks reads one (empty) index range.
run baseline -s "$ROOT/deploy/bench/report.lua" "$GATEWAY_URL/api/blocks"

python3 - "$DEV/bench-friend-search-search.txt" "$DEV/bench-friend-search-baseline.txt" <<'PY'
import re, sys
def figures(path):
    text = open(path).read()
    rps = float(re.search(r"requests/s: ([\d.]+)", text).group(1))
    p99 = float(re.search(r"p99: ([\d.]+) ms", text).group(1))
    non2xx = int(re.search(r"non-2xx (\d+)", text).group(1))
    return rps, p99, non2xx
(s_rps, s_p99, s_err), (b_rps, b_p99, b_err) = figures(sys.argv[1]), figures(sys.argv[2])
print(f"friend search  : {s_rps:.0f} req/s, p99 {s_p99:.2f} ms, non-2xx {s_err}")
print(f"baseline blocks: {b_rps:.0f} req/s, p99 {b_p99:.2f} ms, non-2xx {b_err}")
print(f"ratio search/baseline: throughput {s_rps / b_rps:.2f}x, p99 {s_p99 / b_p99:.2f}x")
PY
