#!/usr/bin/env bash
# `make drill`: the fault drill. Starts its own PostgreSQL and Redis (project-local, under
# .dev/drill/, never the machine's shared servers; Redis with its append-only file, as production
# runs it) and the release fleet on free ports, supervised as `make dev` supervises it (a process
# that dies is started again after 1 s, the others untouched). Then deploy/drill/drill.py, with
# Locust running the journeys meanwhile, kills each process in turn, freezes bazi-engine beyond the
# gateway's deadline, restarts PostgreSQL and Redis, and prints per fault the time to the 503,
# what every journey answered, the time to heal, and the writes acknowledged against the rows
# present. Exits non-zero on a lost write, a fault that does not heal, or a wrong answer.
#
# DRILL_PG_PORT (55433) and DRILL_REDIS_PORT (56380): the drill's own servers; MEGURI_BIN_DIR:
# run binaries built elsewhere instead of this checkout's release build; DRILL_LOAD_USERS (4):
# Locust users running the journeys during the drill (0: none); DRILL_LOSE_A_WRITE=1: check the
# drill itself (one acknowledged diary entry is deleted before the count: the drill must fail).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export MEGURI_DEV_DIR="${MEGURI_DEV_DIR:-$ROOT/.dev}/drill"
source "$ROOT/deploy/dev/lib.sh"
trap 'stop_all' EXIT

pg_port="${DRILL_PG_PORT:-55433}"
redis_port="${DRILL_REDIS_PORT:-56380}"
ensure_locust
pg_isready -q -h 127.0.0.1 -p "$pg_port" 2>/dev/null && die "something already answers on 127.0.0.1:$pg_port (DRILL_PG_PORT): stop it or pick another port"
[ "$(redis-cli -p "$redis_port" ping 2>/dev/null)" = PONG ] && die "something already answers on 127.0.0.1:$redis_port (DRILL_REDIS_PORT): stop it or pick another port"

# A fresh PostgreSQL and Redis of the drill's own each run.
rm -rf "$DEV/postgres" "$DEV/redis" "$DEV/mail" "$DEV/locust"
export DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres" DEV_PG_PORT="$pg_port"
export REDIS_URL="redis://127.0.0.1:$redis_port" DEV_REDIS_PORT="$redis_port" DEV_REDIS_APPENDONLY=1
ensure_postgres
ensure_redis
[ -n "$LOCAL_PG_DATA" ] && [ -n "$LOCAL_REDIS_PIDFILE" ] || die "the drill needs its own PostgreSQL and Redis"

build_services release
mkdir -p "$DEV/mail"
MAIL_DIR="$DEV/mail" RATE_LIMIT_ENABLED=false LOG_FORMAT=json RUST_LOG=warn \
  start_fleet "$(free_port)" "$(free_port)" "$(free_port)"

pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
as=""; [ "$(id -u)" = 0 ] && as="runuser -u postgres --"
pg_restart="$as $pg_bin/pg_ctl -D $LOCAL_PG_DATA -l $LOGS/postgres.log -w -m fast restart"
redis_start="MEGURI_DEV_DIR='$MEGURI_DEV_DIR' DEV_REDIS_APPENDONLY=1 bash -c 'source \"$ROOT/deploy/dev/lib.sh\"; start_local_redis $redis_port'"

say "the drill: every process killed in turn, bazi-engine frozen, PostgreSQL and Redis restarted"
python3 "$ROOT/deploy/drill/drill.py" --gateway "$GATEWAY_URL" --mail-dir "$DEV/mail" \
  --bin-dir "${MEGURI_BIN_DIR:-$(target_dir)/release}" --supervisor-pid "$$" --database-url "$DATABASE_URL" \
  --pg-restart "$pg_restart" --redis-port "$redis_port" --redis-start "$redis_start" \
  --load-users "${DRILL_LOAD_USERS:-4}" --locust-dir "$DEV/locust" ${DRILL_LOSE_A_WRITE:+--lose-a-write} &
driver="$!"
# The supervisor of `make dev`, until the driver ends: it starts each killed process again.
SUPERVISE_WHILE_PID="$driver" supervise
status=0
wait "$driver" || status=$?
exit "$status"
