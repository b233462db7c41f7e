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
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT
command -v psql >/dev/null || die "psql is missing. Install it with: sudo apt-get install -y postgresql-client"
MEMBERS="${MEMBERS:-10000}"

bench_fleet
# The searcher, signed up through the API.
bench_member "searcher$$"
cookie="$COOKIE"
me_id="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])' <<<"$MEMBER")"
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

bench_wrk friend-search -H "cookie: $cookie" -s "$ROOT/deploy/bench/friend-search.lua" "$GATEWAY_URL"
# Same deployment, same session, same two hops; ListBlocks reads one (empty) index range.
bench_wrk friend-search-baseline -H "cookie: $cookie" -s "$ROOT/deploy/bench/report.lua" "$GATEWAY_URL/api/blocks"

python3 - "$DEV/bench-friend-search.txt" "$DEV/bench-friend-search-baseline.txt" <<'PY'
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
