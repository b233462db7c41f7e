#!/usr/bin/env bash
# The mascot chat through gateway → gRPC → chat (→ billing, fortune-gen, bazi-engine) with the
# built-in responder (no OPENAI_*): (1) time to first token (the first `delta` event) and full reply
# time (to `done`) of SEQUENTIAL sends one after the other and of CONCURRENT sends at once
# (deploy/bench/chat-stream.py, the standard library only), p50/p99; (2) send throughput with wrk at
# 64 connections (every request a new message id, its whole reply stream read) from ONE member and
# from MEMBERS members in turn (one member's spends and memory serialise; many members is the
# capacity figure), beside a baseline on the same path (GET /api/chat/status: chat → billing's
# balance), and the ratios.
#
# Builds release binaries, starts the fleet on free ports (rate limits off, so the chat limit too;
# mail to files), signs MEMBERS members with birth data up through the API, waits for their charts,
# then credits each with CREDITS (default 1,000,000) straight in billing's ledger (one `admin_grant`
# row: what a purchase or an admin grant would write) so the sends are not refused for credits.
# Override MEMBERS (16), SEQUENTIAL (50), CONCURRENT (32), CONNECTIONS (64), DURATION (20).
source "$(dirname "$0")/../dev/lib.sh"
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT
command -v psql >/dev/null || die "psql is missing. Install it with: sudo apt-get install -y postgresql-client"
CREDITS="${CREDITS:-1000000}"

MEMBERS="${MEMBERS:-16}"
BIRTH='"gender":"female","birthDate":"1990-05-15","birthTime":"14:30","birthLocation":"東京, 日本",
  "coordinates":{"longitude":139.6503,"latitude":35.6762}'

# credit_member USER_ID — CREDITS more in billing's ledger, as one admin grant.
credit_member() {
  psql -v ON_ERROR_STOP=1 -q "$DATABASE_URL" <<SQL || die "crediting failed"
BEGIN;
INSERT INTO billing.balances (user_id, credits) VALUES ('$1', 0) ON CONFLICT (user_id) DO NOTHING;
WITH b AS (
  UPDATE billing.balances SET credits = credits + $CREDITS, updated_at = now()
  WHERE user_id = '$1' RETURNING credits
)
INSERT INTO billing.credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key)
SELECT gen_random_uuid(), '$1', $CREDITS, credits, 'admin_grant', 'bench-chat:' || gen_random_uuid() FROM b;
COMMIT;
SQL
}

# chart_ready COOKIE — waits for the member's chart (the replies are grounded in it).
chart_ready() {
  for _ in $(seq 1 300); do
    curl -fsS -H "cookie: $1" "$GATEWAY_URL/api/auth/user" | grep -q '"baziChartStatus":"ready"' && return 0
    sleep 0.1
  done
  die "the chart was not ready in 30 s"
}

bench_fleet
say "signing $MEMBERS members up and crediting each with $CREDITS credits in billing's ledger"
cookies="$DEV/bench-chat-cookies.txt"
: > "$cookies"
for i in $(seq 1 "$MEMBERS"); do
  bench_member "chat$$m$i" "$BIRTH"
  chart_ready "$COOKIE"
  credit_member "$(python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])' <<<"$MEMBER")"
  echo "$COOKIE" >> "$cookies"
done
cookie="$(head -n 1 "$cookies")"
balance="$(curl -fsS -H "cookie: $cookie" "$GATEWAY_URL/api/chat/status" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["balance"])')" || die "GET /api/chat/status failed"
[ "$balance" -ge "$CREDITS" ] || die "the balance is $balance, not at least $CREDITS"

say "time to first token and full reply: ${SEQUENTIAL:-50} sequential sends, then ${CONCURRENT:-32} at once"
python3 "$ROOT/deploy/bench/chat-stream.py" "$GATEWAY_URL" "$cookie" "${SEQUENTIAL:-50}" "${CONCURRENT:-32}" \
  | tee "$DEV/bench-chat-stream.txt"
[ "${PIPESTATUS[0]}" = 0 ] || die "the streaming sends failed"

bench_wrk chat-send --timeout 10s -H "cookie: $cookie" -H "origin: $GATEWAY_URL" -s "$ROOT/deploy/bench/chat-send.lua" \
  "$GATEWAY_URL/api/chat/messages"
CHAT_COOKIES="$cookies" bench_wrk chat-send-many --timeout 10s -H "origin: $GATEWAY_URL" \
  -s "$ROOT/deploy/bench/chat-send.lua" "$GATEWAY_URL/api/chat/messages"
bench_wrk chat-status -H "cookie: $cookie" -s "$ROOT/deploy/bench/report.lua" "$GATEWAY_URL/api/chat/status"

python3 - "$DEV/bench-chat-send.txt" "$DEV/bench-chat-send-many.txt" "$DEV/bench-chat-status.txt" "$MEMBERS" <<'PY'
import re, sys
def figures(path):
    text = open(path).read()
    rps = float(re.search(r"requests/s: ([\d.]+)", text).group(1))
    p99 = float(re.search(r"p99: ([\d.]+) ms", text).group(1))
    non2xx = int(re.search(r"non-2xx (\d+)", text).group(1))
    return rps, p99, non2xx
one, many, base = (figures(path) for path in sys.argv[1:4])
rows = [("send, one member", one, "messages/s"), (f"send, {sys.argv[4]} members", many, "messages/s"),
        ("baseline status", base, "req/s")]
for label, (rps, p99, non2xx), unit in rows:
    print(f"{label:<20}: {rps:.0f} {unit}, p99 {p99:.2f} ms, non-2xx {non2xx}")
print(f"{'ratio send/baseline':<20}: one member {one[0] / base[0]:.2f}x, "
      f"{sys.argv[4]} members {many[0] / base[0]:.2f}x (throughput)")
if one[2] or many[2] or base[2]:
    sys.exit("bench-chat: refused requests were measured (see the HTTP status above): the figures are not valid")
PY
