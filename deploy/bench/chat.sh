#!/usr/bin/env bash
# The mascot chat through gateway → gRPC → chat (→ billing, fortune-gen, bazi-engine) with the
# built-in responder (no OPENAI_*): (1) time to first token (the first `delta` event) and full reply
# time (to `done`) of SEQUENTIAL sends one after the other and of CONCURRENT sends at once
# (deploy/bench/chat-stream.py, the standard library only), p50/p99; (2) send throughput with wrk at
# 64 connections (every request a new message id, its whole reply stream read) beside a baseline on
# the same path (GET /api/chat/status: chat → billing's balance), and the ratio.
#
# Builds release binaries, starts the fleet on free ports (rate limits off, so the chat limit too;
# mail to files), signs a member with birth data up through the API, waits for the chart, then
# credits the member with CREDITS (default 1,000,000) straight in billing's ledger (one `admin_grant`
# row: what a purchase or an admin grant would write) so the sends are not refused for credits.
# Override SEQUENTIAL (50), CONCURRENT (32), CONNECTIONS (64), DURATION (20).
source "$(dirname "$0")/../dev/lib.sh"
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT
command -v psql >/dev/null || die "psql is missing. Install it with: sudo apt-get install -y postgresql-client"
CREDITS="${CREDITS:-1000000}"

bench_fleet
bench_member "chat$$" '"gender":"female","birthDate":"1990-05-15","birthTime":"14:30","birthLocation":"東京, 日本",
  "coordinates":{"longitude":139.6503,"latitude":35.6762}'
cookie="$COOKIE"
me_id="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])' <<<"$MEMBER")"
for _ in $(seq 1 300); do
  curl -fsS -H "cookie: $cookie" "$GATEWAY_URL/api/auth/user" | grep -q '"baziChartStatus":"ready"' && break
  sleep 0.1
done

say "crediting the member with $CREDITS credits in billing's ledger"
psql -v ON_ERROR_STOP=1 -q "$DATABASE_URL" <<SQL || die "crediting failed"
BEGIN;
INSERT INTO billing.balances (user_id, credits) VALUES ('$me_id', 0) ON CONFLICT (user_id) DO NOTHING;
WITH b AS (
  UPDATE billing.balances SET credits = credits + $CREDITS, updated_at = now()
  WHERE user_id = '$me_id' RETURNING credits
)
INSERT INTO billing.credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key)
SELECT gen_random_uuid(), '$me_id', $CREDITS, credits, 'admin_grant', 'bench-chat:' || gen_random_uuid() FROM b;
COMMIT;
SQL
balance="$(curl -fsS -H "cookie: $cookie" "$GATEWAY_URL/api/chat/status" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["balance"])')" || die "GET /api/chat/status failed"
[ "$balance" -ge "$CREDITS" ] || die "the balance is $balance, not at least $CREDITS"

say "time to first token and full reply: ${SEQUENTIAL:-50} sequential sends, then ${CONCURRENT:-32} at once"
python3 "$ROOT/deploy/bench/chat-stream.py" "$GATEWAY_URL" "$cookie" "${SEQUENTIAL:-50}" "${CONCURRENT:-32}" \
  | tee "$DEV/bench-chat-stream.txt"
[ "${PIPESTATUS[0]}" = 0 ] || die "the streaming sends failed"

bench_wrk chat-send --timeout 10s -H "cookie: $cookie" -H "origin: $GATEWAY_URL" -s "$ROOT/deploy/bench/chat-send.lua" \
  "$GATEWAY_URL/api/chat/messages"
bench_wrk chat-status -H "cookie: $cookie" -s "$ROOT/deploy/bench/report.lua" "$GATEWAY_URL/api/chat/status"

python3 - "$DEV/bench-chat-send.txt" "$DEV/bench-chat-status.txt" <<'PY'
import re, sys
def figures(path):
    text = open(path).read()
    rps = float(re.search(r"requests/s: ([\d.]+)", text).group(1))
    p99 = float(re.search(r"p99: ([\d.]+) ms", text).group(1))
    non2xx = int(re.search(r"non-2xx (\d+)", text).group(1))
    return rps, p99, non2xx
(s_rps, s_p99, s_err), (b_rps, b_p99, b_err) = figures(sys.argv[1]), figures(sys.argv[2])
print(f"send (whole reply) : {s_rps:.0f} messages/s, p99 {s_p99:.2f} ms, non-2xx {s_err}")
print(f"baseline status    : {b_rps:.0f} req/s, p99 {b_p99:.2f} ms, non-2xx {b_err}")
print(f"ratio send/baseline: throughput {s_rps / b_rps:.2f}x, p99 {s_p99 / b_p99:.2f}x")
if s_err or b_err:
    sys.exit("bench-chat: refused requests were measured (see the HTTP status above): the figures are not valid")
PY
