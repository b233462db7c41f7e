#!/usr/bin/env bash
# Shared helpers for the development stack: make sure PostgreSQL and Redis answer, start and stop
# the fleet. Sourced by dev.sh and e2e.sh; every path is relative to the repository root.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# MEGURI_DEV_DIR: where the local state goes (logs, generated secrets, mail, a local PostgreSQL and
# Redis); default .dev/ of this checkout. deploy/dev/test_supervisor.py points it at a temporary folder.
DEV="${MEGURI_DEV_DIR:-$ROOT/.dev}"
LOGS="$DEV/logs"
mkdir -p "$LOGS"

STARTED_PIDS=()
LOCAL_PG_DATA=""
LOCAL_REDIS_PIDFILE=""

say() { printf '\033[1;36m[meguri]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[meguri]\033[0m %s\n' "$*" >&2; exit 1; }

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# PostgreSQL: use DATABASE_URL if it answers, else start a project-local cluster under .dev/.
ensure_postgres() {
  export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
  if command -v pg_isready >/dev/null && pg_isready -q -d "$DATABASE_URL"; then
    say "PostgreSQL answers at ${DATABASE_URL%%\?*}"
    return
  fi
  local bin
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    die "PostgreSQL does not answer at $DATABASE_URL and is not installed. Install it with:
    sudo apt-get install -y postgresql
or point DATABASE_URL at a running server."
  fi
  local port="${DEV_PG_PORT:-55432}"
  LOCAL_PG_DATA="$DEV/postgres"
  local as=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || die "running as root needs the 'postgres' system user (it comes with the postgresql package)"
    as=(runuser -u postgres --)
    mkdir -p "$LOCAL_PG_DATA" && chown postgres "$LOCAL_PG_DATA" "$DEV" && chown -R postgres "$LOGS"
  fi
  if [ ! -f "$LOCAL_PG_DATA/PG_VERSION" ]; then
    say "creating a local PostgreSQL cluster in .dev/postgres"
    "${as[@]}" "$bin/initdb" -D "$LOCAL_PG_DATA" -U postgres --auth=trust -E UTF8 >"$LOGS/initdb.log" 2>&1 \
      || die "initdb failed, see .dev/logs/initdb.log"
  fi
  "${as[@]}" "$bin/pg_ctl" -D "$LOCAL_PG_DATA" -l "$LOGS/postgres.log" -w \
    -o "-p $port -k $LOCAL_PG_DATA -c listen_addresses=127.0.0.1" start >/dev/null \
    || die "PostgreSQL did not start, see .dev/logs/postgres.log"
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  say "started a local PostgreSQL at 127.0.0.1:$port"
}

# Redis: use REDIS_URL if it answers, else start a project-local server under .dev/.
ensure_redis() {
  export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
  local hostport="${REDIS_URL#redis://}"; hostport="${hostport%%/*}"; hostport="${hostport##*@}"
  local host="${hostport%%:*}" port="${hostport##*:}"
  if command -v redis-cli >/dev/null && [ "$(redis-cli -h "$host" -p "$port" ping 2>/dev/null)" = PONG ]; then
    say "Redis answers at $REDIS_URL"
    return
  fi
  command -v redis-server >/dev/null || die "Redis does not answer at $REDIS_URL and is not installed. Install it with:
    sudo apt-get install -y redis-server
or point REDIS_URL at a running server."
  local lport="${DEV_REDIS_PORT:-56379}"
  start_local_redis "$lport"
  export REDIS_URL="redis://127.0.0.1:$lport"
  say "started a local Redis at 127.0.0.1:$lport${DEV_REDIS_APPENDONLY:+ (append-only file on)}"
}

# start_local_redis PORT — the project-local Redis under $DEV/redis, daemonized; waits for PONG.
# Without persistence, unless DEV_REDIS_APPENDONLY is set: then with an append-only file synced every
# second, as production's Redis must run (sessions and unread events survive a restart; `make drill`).
start_local_redis() {
  local lport="$1" persistence=(--save "" --appendonly no)
  [ -n "${DEV_REDIS_APPENDONLY:-}" ] && persistence=(--save "" --appendonly yes --appendfsync everysec)
  mkdir -p "$DEV/redis"
  LOCAL_REDIS_PIDFILE="$DEV/redis/redis.pid"
  redis-server --bind 127.0.0.1 --port "$lport" --daemonize yes "${persistence[@]}" \
    --dir "$DEV/redis" --logfile "$LOGS/redis.log" --pidfile "$LOCAL_REDIS_PIDFILE" >/dev/null
  for _ in $(seq 50); do
    [ "$(redis-cli -p "$lport" ping 2>/dev/null)" = PONG ] && return 0
    sleep 0.1
  done
  return 1
}

# A secret shared by the gateway (which mints internal tokens) and the services (which check them).
ensure_internal_secret() {
  if [ -z "${INTERNAL_JWT_SECRET:-}" ]; then
    local f="$DEV/internal_jwt_secret"
    [ -s "$f" ] || python3 -c 'import secrets; print(secrets.token_urlsafe(48))' >"$f"
    INTERNAL_JWT_SECRET="$(cat "$f")"
    export INTERNAL_JWT_SECRET
  fi
}

ensure_frontend_deps() {
  if [ ! -d "$ROOT/frontend/node_modules" ] || [ "$ROOT/frontend/package-lock.json" -nt "$ROOT/frontend/node_modules/.package-lock.json" ]; then
    say "installing frontend packages (npm install)"
    (cd "$ROOT/frontend" && npm install --no-audit --no-fund --loglevel=error)
  fi
}

# MEGURI_STATIC_DIR: serve an SPA built elsewhere (a folder with app/ and admin/) instead of building
# frontend/dist (the gateway's STATIC_DIR).
build_frontend() {
  if [ -n "${MEGURI_STATIC_DIR:-}" ]; then
    say "serving the SPA built in $MEGURI_STATIC_DIR"
    return
  fi
  ensure_frontend_deps
  say "building the frontend (app and admin)"
  (cd "$ROOT/frontend" && npm run --silent build >"$LOGS/frontend-build.log" 2>&1) \
    || { tail -n 40 "$LOGS/frontend-build.log"; die "frontend build failed (.dev/logs/frontend-build.log)"; }
}

# MEGURI_BIN_DIR: run binaries built elsewhere (e.g. a frontend-only checkout) instead of building.
# `build_services release` builds the release binaries (the benchmarks) and points MEGURI_BIN_DIR at them.
build_services() {
  if [ -n "${MEGURI_BIN_DIR:-}" ]; then
    say "using prebuilt services from $MEGURI_BIN_DIR"
    return
  fi
  local profile="${1:-debug}" bins=() name
  say "building the services (cargo build, $profile)"
  for name in gateway bazi-engine identity fortune-gen notify $(fleet_names); do bins+=(--bin "$name"); done
  [ "$profile" = release ] && bins+=(--release)
  (cd "$ROOT" && cargo build --quiet "${bins[@]}") || die "cargo build failed"
  [ "$profile" = release ] && export MEGURI_BIN_DIR="$(target_dir)/release"
  return 0
}

# The services of deploy/dev/fleet.txt, one "name role" line each (comments and blank lines skipped).
fleet_entries() {
  grep -Ev '^[[:space:]]*(#|$)' "$ROOT/deploy/dev/fleet.txt"
}

fleet_names() {
  fleet_entries | awk '{print $1}'
}

target_dir() {
  echo "${CARGO_TARGET_DIR:-$ROOT/target}"
}

# A path as the person reads it: relative to the checkout when it is inside it.
shown() {
  echo "${1#"$ROOT"/}"
}

# Milliseconds since the epoch (bash's EPOCHREALTIME, whatever the locale's decimal point).
now_ms() {
  local t="${EPOCHREALTIME//[.,]/}"
  echo $(( t / 1000 ))
}

# start NAME ENV... — starts target/debug/NAME with the given environment, logging to .dev/logs.
# Every development server listens on loopback only (HOST=127.0.0.1; the binaries' default 0.0.0.0
# is for containers). The command line is remembered so `restart NAME` can start it again; the
# pid replaces the one NAME had before in STARTED_PIDS (stop_all stops what runs now).
declare -A START_ARGS=()
declare -A PID_OF=()
declare -A STARTED_AT_MS=()
start() {
  local name="$1"; shift
  START_ARGS[$name]="$(printf '%q ' "$@")"
  env HOST=127.0.0.1 "$@" "${MEGURI_BIN_DIR:-$(target_dir)/debug}/$name" >>"$LOGS/$name.log" 2>&1 &
  local pid="$!" old="${PID_OF[$name]:-}" kept=() p
  for p in "${STARTED_PIDS[@]}"; do [ "$p" = "$old" ] || kept+=("$p"); done
  STARTED_PIDS=("${kept[@]}" "$pid")
  PID_OF[$name]="$pid"
  STARTED_AT_MS[$name]="$(now_ms)"
  say "started $name (pid $pid, log $(shown "$LOGS/$name.log"))"
}

restart() {
  local name="$1"
  eval "start $name ${START_ARGS[$name]}"
}

# How a process ended, from its wait status: "status N", or the signal that killed it.
ended_how() {
  local code="$1"
  if [ "$code" -gt 128 ] && kill -l "$code" >/dev/null 2>&1; then
    echo "killed by SIG$(kill -l "$code") (status $code)"
  else
    echo "status $code"
  fi
}

# The supervisor of `make dev` (the foreground loop of dev.sh). A process of PID_OF that exits (a
# crash, a kill, a clean exit) is logged and started again on its own after a back-off — 1 s,
# doubled after each quick exit up to 30 s, 1 s again once it had run for a minute — while the
# others keep running untouched (the gateway answers 503 meanwhile and heals when the service is
# back). It runs until the INT/TERM trap (stop_on_signal) sets STOPPING: nothing is started once
# stopping has begun. SUPERVISE_WHILE_PID: also stop supervising once that process has ended (the
# drill's driver; deploy/drill/drill.sh).
STOPPING=""
RESTART_FIRST_DELAY_S=1
RESTART_MAX_DELAY_S=30
RESTART_HEALTHY_AFTER_S=60
supervise() {
  local -A delay_of=() due_of=()
  local name pid code delay ran_ms
  while [ -z "$STOPPING" ]; do
    if [ -n "${SUPERVISE_WHILE_PID:-}" ] && ! kill -0 "$SUPERVISE_WHILE_PID" 2>/dev/null; then
      break
    fi
    for name in "${!PID_OF[@]}"; do
      [ -z "$STOPPING" ] || break
      if [ -n "${due_of[$name]:-}" ]; then
        if [ "$(now_ms)" -ge "${due_of[$name]}" ]; then
          unset "due_of[$name]"
          restart "$name"
        fi
        continue
      fi
      pid="${PID_OF[$name]}"
      kill -0 "$pid" 2>/dev/null && continue
      code=0
      wait "$pid" 2>/dev/null || code=$?
      ran_ms=$(( $(now_ms) - ${STARTED_AT_MS[$name]:-0} ))
      if [ "$ran_ms" -ge $(( RESTART_HEALTHY_AFTER_S * 1000 )) ]; then
        delay="$RESTART_FIRST_DELAY_S"
      else
        delay="${delay_of[$name]:-$RESTART_FIRST_DELAY_S}"
      fi
      delay_of[$name]=$(( delay * 2 < RESTART_MAX_DELAY_S ? delay * 2 : RESTART_MAX_DELAY_S ))
      due_of[$name]=$(( $(now_ms) + delay * 1000 ))
      say "$name (pid $pid) exited, $(ended_how "$code"); starting it again in ${delay} s, the others keep running — see $(shown "$LOGS/$name.log")"
    done
    sleep 0.5
  done
}

# The INT/TERM trap of dev.sh: stop everything once, promptly, and start nothing again.
stop_on_signal() {
  STOPPING=1
  trap '' INT TERM
  echo
  say "stopping…"
  stop_all
  say "stopped"
  exit 0
}

wait_http_ok() {
  local url="$1" seconds="${2:-60}"
  for _ in $(seq $((seconds * 10))); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  return 1
}

# A generated secret kept under .dev/ (stable across runs, never committed).
dev_secret() {
  local f="$DEV/$1"
  [ -s "$f" ] || python3 -c 'import secrets; print(secrets.token_urlsafe(48))' >"$f"
  cat "$f"
}

# The database URL of a service's own role: DATABASE_URL's server with user ROLE and a generated
# password (kept in .dev/db_password_ROLE).
service_db_url() {
  local role="$1"
  python3 - "$DATABASE_URL" "$role" "$(dev_secret "db_password_$role")" <<'PY'
import sys, urllib.parse as u
url, role, password = sys.argv[1:]
p = u.urlsplit(url)
host = (p.hostname or "127.0.0.1") + (f":{p.port}" if p.port else "")
print(u.urlunsplit((p.scheme, f"{role}:{u.quote(password, safe='')}@{host}", p.path or "/postgres", p.query, "")))
PY
}

# start_db_service NAME GRPC_PORT ADMIN_PORT ENV... — provisions the service's role and schema
# (idempotent; as DATABASE_URL's admin role), then starts it; it runs its migrations itself.
# DB_ROLE names the role when it differs from NAME (fortune-gen's is `fortune`: role names take no
# hyphen); its password is kept in .dev/db_password_<role>.
start_db_service() {
  local name="$1" grpc="$2" admin="$3"; shift 3
  local url; url="$(service_db_url "${DB_ROLE:-$name}")"
  DATABASE_ADMIN_URL="$DATABASE_URL" DATABASE_URL="$url" LOG_FORMAT=pretty RUST_LOG=warn \
    "${MEGURI_BIN_DIR:-$(target_dir)/debug}/$name" provision >>"$LOGS/$name.log" 2>&1 \
    || { tail -n 20 "$LOGS/$name.log"; die "could not provision the $name schema (see .dev/logs/$name.log)"; }
  start "$name" GRPC_PORT="$grpc" ADMIN_PORT="$admin" DATABASE_URL="$url" REDIS_URL="$REDIS_URL" \
    REDIS_KEY_PREFIX="$EVENTS_PREFIX" INTERNAL_JWT_SECRET="$INTERNAL_JWT_SECRET" \
    LOG_FORMAT="${LOG_FORMAT:-pretty}" RUST_LOG="${RUST_LOG:-info}" "$@"
}

wait_ready() {
  local name="$1" admin="$2"
  wait_http_ok "http://127.0.0.1:$admin/readyz" 90 || { tail -n 30 "$LOGS/$name.log"; die "$name did not become ready"; }
}

# Starts the services and the gateway on PORT. Mail goes to SMTP_URL when set, else to .eml files
# under MAIL_DIR (default .dev/mail). Sets GATEWAY_URL.
start_fleet() {
  local port="$1" engine_grpc="$2" engine_admin="$3"
  ensure_internal_secret
  EVENTS_PREFIX="${EVENTS_PREFIX:-meguri:}"
  local app_url="http://localhost:$port"
  local id_grpc id_admin fortune_grpc fortune_admin notify_grpc notify_admin name role
  id_grpc="$(free_port)"; id_admin="$(free_port)"
  notify_grpc="$(free_port)"; notify_admin="$(free_port)"; fortune_grpc="$(free_port)"; fortune_admin="$(free_port)"
  declare -gA GRPC_PORT_OF=() ADMIN_PORT_OF=()

  start bazi-engine GRPC_PORT="$engine_grpc" ADMIN_PORT="$engine_admin" \
    INTERNAL_JWT_SECRET="$INTERNAL_JWT_SECRET" LOG_FORMAT="${LOG_FORMAT:-pretty}" RUST_LOG="${RUST_LOG:-info}"
  start_db_service identity "$id_grpc" "$id_admin" TOKEN_PEPPER="$(dev_secret token_pepper)"
  # The fleet's ports first: fortune-gen calls social (when the fleet has it) for the friend updates.
  while read -r name role; do
    GRPC_PORT_OF[$name]="$(free_port)"; ADMIN_PORT_OF[$name]="$(free_port)"
  done < <(fleet_entries)
  # fortune-gen writes with the built-in generator unless OPENAI_API_KEY and OPENAI_BASE_URL are set.
  DB_ROLE=fortune start_db_service fortune-gen "$fortune_grpc" "$fortune_admin" \
    BAZI_ENGINE_ADDR="http://127.0.0.1:$engine_grpc" IDENTITY_ADDR="http://127.0.0.1:$id_grpc" \
    ${GRPC_PORT_OF[social]:+SOCIAL_ADDR="http://127.0.0.1:${GRPC_PORT_OF[social]}"} \
    ${OPENAI_BASE_URL:+OPENAI_BASE_URL="$OPENAI_BASE_URL"} ${OPENAI_API_KEY:+OPENAI_API_KEY="$OPENAI_API_KEY"} \
    ${OPENAI_MODEL:+OPENAI_MODEL="$OPENAI_MODEL"} ${LLM_TIMEOUT_MS:+LLM_TIMEOUT_MS="$LLM_TIMEOUT_MS"} \
    ${CHART_RETRY_BASE_MS:+CHART_RETRY_BASE_MS="$CHART_RETRY_BASE_MS"}
  while read -r name role; do
    # The peers' addresses go to each of them (social calls identity and the engine; chat also
    # billing and fortune-gen, and writes with an LLM when OPENAI_* are set; billing ignores them).
    DB_ROLE="$role" start_db_service "$name" "${GRPC_PORT_OF[$name]}" "${ADMIN_PORT_OF[$name]}" \
      BAZI_ENGINE_ADDR="http://127.0.0.1:$engine_grpc" IDENTITY_ADDR="http://127.0.0.1:$id_grpc" \
      FORTUNE_ADDR="http://127.0.0.1:$fortune_grpc" \
      ${GRPC_PORT_OF[billing]:+BILLING_ADDR="http://127.0.0.1:${GRPC_PORT_OF[billing]}"} \
      ${OPENAI_BASE_URL:+OPENAI_BASE_URL="$OPENAI_BASE_URL"} ${OPENAI_API_KEY:+OPENAI_API_KEY="$OPENAI_API_KEY"} \
      ${OPENAI_MODEL:+OPENAI_MODEL="$OPENAI_MODEL"} \
      ${CHAT_CREDITS_PER_MESSAGE:+CHAT_CREDITS_PER_MESSAGE="$CHAT_CREDITS_PER_MESSAGE"} \
      ${CHAT_REPLY_DEADLINE_MS:+CHAT_REPLY_DEADLINE_MS="$CHAT_REPLY_DEADLINE_MS"} \
      SUPPORT_ATTACHMENT_DIR="${SUPPORT_ATTACHMENT_DIR:-$DEV/support-attachments}" \
      ${SUPPORT_REPLY_LINK_DAYS:+SUPPORT_REPLY_LINK_DAYS="$SUPPORT_REPLY_LINK_DAYS"} \
      ${GEOIP_DB:+GEOIP_DB="$GEOIP_DB"} ${ANALYTICS_RETENTION_DAYS:+ANALYTICS_RETENTION_DAYS="$ANALYTICS_RETENTION_DAYS"}
  done < <(fleet_entries)
  start_db_service notify "$notify_grpc" "$notify_admin" APP_BASE_URL="$app_url" IDENTITY_ADDR="http://127.0.0.1:$id_grpc" \
    MAIL_DIR="${MAIL_DIR:-$DEV/mail}" ${SMTP_URL:+SMTP_URL="$SMTP_URL"} ${NOTIFY_RETRY_BASE_MS:+NOTIFY_RETRY_BASE_MS="$NOTIFY_RETRY_BASE_MS"}
  wait_ready bazi-engine "$engine_admin"
  wait_ready identity "$id_admin"
  wait_ready fortune-gen "$fortune_admin"
  for name in $(fleet_names); do wait_ready "$name" "${ADMIN_PORT_OF[$name]}"; done
  wait_ready notify "$notify_admin"

  start gateway PORT="$port" HOST=127.0.0.1 APP_ENV=development REDIS_URL="$REDIS_URL" REDIS_KEY_PREFIX="$EVENTS_PREFIX" \
    BAZI_ENGINE_ADDR="http://127.0.0.1:$engine_grpc" IDENTITY_ADDR="http://127.0.0.1:$id_grpc" \
    FORTUNE_ADDR="http://127.0.0.1:$fortune_grpc" \
    BILLING_ADDR="http://127.0.0.1:${GRPC_PORT_OF[billing]}" NOTIFY_ADDR="http://127.0.0.1:$notify_grpc" \
    ${GRPC_PORT_OF[social]:+SOCIAL_ADDR="http://127.0.0.1:${GRPC_PORT_OF[social]}"} \
    ${GRPC_PORT_OF[chat]:+CHAT_ADDR="http://127.0.0.1:${GRPC_PORT_OF[chat]}"} \
    ${GRPC_PORT_OF[support]:+SUPPORT_ADDR="http://127.0.0.1:${GRPC_PORT_OF[support]}"} \
    INTERNAL_JWT_SECRET="$INTERNAL_JWT_SECRET" ADMIN_JWT_SECRET="$(dev_secret admin_jwt_secret)" \
    PUBLIC_ORIGIN="http://localhost:$port,http://127.0.0.1:$port" STATIC_DIR="${MEGURI_STATIC_DIR:-$ROOT/frontend/dist}" \
    RATE_LIMIT_ENABLED="${RATE_LIMIT_ENABLED:-true}" LOG_FORMAT="${LOG_FORMAT:-pretty}" RUST_LOG="${RUST_LOG:-info}"
  wait_http_ok "http://127.0.0.1:$port/readyz" 60 || { tail -n 30 "$LOGS/gateway.log"; die "the gateway did not become ready"; }
  GATEWAY_URL="$app_url"
  # Where each process serves /metrics: the gateway on its API port, the services on their admin port.
  declare -gA METRICS_TARGET_OF=([gateway]="127.0.0.1:$port" [bazi-engine]="127.0.0.1:$engine_admin"
    [identity]="127.0.0.1:$id_admin" [fortune-gen]="127.0.0.1:$fortune_admin" [notify]="127.0.0.1:$notify_admin")
  for name in $(fleet_names); do METRICS_TARGET_OF[$name]="127.0.0.1:${ADMIN_PORT_OF[$name]}"; done
}

# write_prometheus_targets FILE — the running fleet's /metrics endpoints (start_fleet's
# METRICS_TARGET_OF) in Prometheus' file_sd format, each with its `app` label, for `make observe`.
write_prometheus_targets() {
  local file="$1" name pairs=()
  for name in "${!METRICS_TARGET_OF[@]}"; do pairs+=("$name=${METRICS_TARGET_OF[$name]}"); done
  mkdir -p "$(dirname "$file")"
  python3 - "$file" "${pairs[@]}" <<'PY'
import json, os, sys
path, pairs = sys.argv[1], sorted(p.split("=", 1) for p in sys.argv[2:])
targets = [{"targets": [address], "labels": {"app": app}} for app, address in pairs]
with open(path + ".tmp", "w", encoding="utf-8") as f:
    json.dump(targets, f, indent=2)
os.replace(path + ".tmp", path)
PY
}

# Debian's prometheus (and promtool) where missing: `make observe` and the rule checks need them.
ensure_prometheus() {
  command -v prometheus >/dev/null && command -v promtool >/dev/null && return 0
  say "installing Debian's prometheus package (Prometheus and promtool)"
  local sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends prometheus >/dev/null \
    || { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends prometheus >/dev/null; } \
    || die "could not install prometheus (apt-get install prometheus)"
}

# An SMTP server on a free loopback port that keeps each message as a .eml file in DIR; sets
# SMTP_URL (for notify). Used by the end-to-end tests, which read the mail from DIR.
start_smtp_sink() {
  local dir="$1"
  ensure_smtp_sink
  mkdir -p "$dir"
  local portfile="$DEV/smtp_sink.port"
  rm -f "$portfile"
  "$MEGURI_SMTP_PYTHON" "$ROOT/deploy/dev/smtp_sink.py" --dir "$dir" --port 0 --no-stdin-watch >"$portfile" 2>>"$LOGS/smtp-sink.log" &
  STARTED_PIDS+=("$!")
  for _ in $(seq 100); do [ -s "$portfile" ] && break; sleep 0.1; done
  [ -s "$portfile" ] || die "the SMTP sink did not start (see .dev/logs/smtp-sink.log)"
  SMTP_URL="smtp://127.0.0.1:$(head -n 1 "$portfile")"
  export SMTP_URL
  say "SMTP sink at $SMTP_URL, mail in $dir"
}

# Stops every process started here: SIGTERM (each drains and exits), and SIGKILL for any still
# running after STOP_GRACE_S, so stopping takes at most that long (the services' own shutdown
# timeout, SHUTDOWN_TIMEOUT_SECONDS, is 10 s).
STOP_GRACE_S=8
stop_all() {
  local pid deadline running
  for pid in "${STARTED_PIDS[@]:-}"; do
    [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true
  done
  deadline=$(( $(now_ms) + STOP_GRACE_S * 1000 ))
  while :; do
    running=()
    for pid in "${STARTED_PIDS[@]:-}"; do
      [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && running+=("$pid")
    done
    [ ${#running[@]} -gt 0 ] && [ "$(now_ms)" -lt "$deadline" ] || break
    sleep 0.1
  done
  for pid in "${running[@]:-}"; do
    [ -n "$pid" ] || continue
    say "pid $pid did not stop within ${STOP_GRACE_S} s of SIGTERM; killing it"
    kill -KILL "$pid" 2>/dev/null || true
  done
  for pid in "${STARTED_PIDS[@]:-}"; do
    [ -n "$pid" ] && wait "$pid" 2>/dev/null || true
  done
  STARTED_PIDS=()
  if [ -n "$LOCAL_REDIS_PIDFILE" ] && [ -f "$LOCAL_REDIS_PIDFILE" ]; then
    kill "$(cat "$LOCAL_REDIS_PIDFILE")" 2>/dev/null || true
  fi
  if [ -n "$LOCAL_PG_DATA" ]; then
    local bin; bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$LOCAL_PG_DATA" -m fast stop >/dev/null 2>&1 || true
    else "$bin/pg_ctl" -D "$LOCAL_PG_DATA" -m fast stop >/dev/null 2>&1 || true; fi
  fi
}

# The SMTP sink of the notify tests (deploy/dev/smtp_sink.py) needs aiosmtpd: install it into a
# project-local venv unless that venv already has it, and export MEGURI_SMTP_PYTHON for the tests.
ensure_smtp_sink() {
  local venv="${MEGURI_TOOLS_DIR:-$ROOT/.dev/tools}/venv"
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import aiosmtpd' >/dev/null 2>&1; then
    say "installing aiosmtpd into $venv (for the SMTP sink of the notify tests)"
    python3 -m venv "$venv" || die "could not create a venv at $venv (Debian: sudo apt-get install -y python3-venv)"
    "$venv/bin/python" -m pip install --quiet aiosmtpd || die "pip install aiosmtpd failed"
  fi
  export MEGURI_SMTP_PYTHON="$venv/bin/python"
}

# Locust from PyPI (the journeys of make observe-check, make soak and make drill): the one on the
# PATH, else one installed into a project-local venv whose bin/ is then put first on the PATH.
ensure_locust() {
  command -v locust >/dev/null && return 0
  local venv="${MEGURI_TOOLS_DIR:-$ROOT/.dev/tools}/locust-venv"
  if [ ! -x "$venv/bin/locust" ]; then
    say "installing Locust into $(shown "$venv") (python3 -m pip install locust)"
    python3 -m venv "$venv" || die "could not create a venv at $venv (Debian: sudo apt-get install -y python3-venv)"
    "$venv/bin/python" -m pip install --quiet locust || die "pip install locust failed"
  fi
  export PATH="$venv/bin:$PATH"
}
