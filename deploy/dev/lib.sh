#!/usr/bin/env bash
# Shared helpers for the development stack: make sure PostgreSQL and Redis answer, start and stop
# the fleet. Sourced by dev.sh and e2e.sh; every path is relative to the repository root.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DEV="$ROOT/.dev"
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
  mkdir -p "$DEV/redis"
  LOCAL_REDIS_PIDFILE="$DEV/redis/redis.pid"
  redis-server --bind 127.0.0.1 --port "$lport" --daemonize yes --save "" --appendonly no \
    --dir "$DEV/redis" --logfile "$LOGS/redis.log" --pidfile "$LOCAL_REDIS_PIDFILE" >/dev/null
  for _ in $(seq 50); do
    [ "$(redis-cli -p "$lport" ping 2>/dev/null)" = PONG ] && break
    sleep 0.1
  done
  export REDIS_URL="redis://127.0.0.1:$lport"
  say "started a local Redis at 127.0.0.1:$lport"
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

build_frontend() {
  ensure_frontend_deps
  say "building the frontend (app and admin)"
  (cd "$ROOT/frontend" && npm run --silent build >"$LOGS/frontend-build.log" 2>&1) \
    || { tail -n 40 "$LOGS/frontend-build.log"; die "frontend build failed (.dev/logs/frontend-build.log)"; }
}

# MEGURI_BIN_DIR: run binaries built elsewhere (e.g. a frontend-only checkout) instead of building.
build_services() {
  if [ -n "${MEGURI_BIN_DIR:-}" ]; then
    say "using prebuilt services from $MEGURI_BIN_DIR"
    return
  fi
  say "building the services (cargo build)"
  (cd "$ROOT" && cargo build --quiet --bin gateway --bin bazi-engine) || die "cargo build failed"
}

target_dir() {
  echo "${CARGO_TARGET_DIR:-$ROOT/target}"
}

# start NAME ENV... — starts target/debug/NAME with the given environment, logging to .dev/logs.
# The command line is remembered so `restart NAME` can start it again.
declare -A START_ARGS=()
declare -A PID_OF=()
start() {
  local name="$1"; shift
  START_ARGS[$name]="$(printf '%q ' "$@")"
  env "$@" "${MEGURI_BIN_DIR:-$(target_dir)/debug}/$name" >>"$LOGS/$name.log" 2>&1 &
  STARTED_PIDS+=("$!")
  PID_OF[$name]="$!"
  say "started $name (pid $!, log .dev/logs/$name.log)"
}

restart() {
  local name="$1"
  eval "start $name ${START_ARGS[$name]}"
}

wait_http_ok() {
  local url="$1" seconds="${2:-60}"
  for _ in $(seq $((seconds * 10))); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  return 1
}

# Starts bazi-engine and the gateway. Sets GATEWAY_URL.
start_fleet() {
  local port="$1" engine_grpc="$2" engine_admin="$3"
  ensure_internal_secret
  start bazi-engine GRPC_PORT="$engine_grpc" ADMIN_PORT="$engine_admin" \
    INTERNAL_JWT_SECRET="$INTERNAL_JWT_SECRET" LOG_FORMAT="${LOG_FORMAT:-pretty}" RUST_LOG="${RUST_LOG:-info}"
  wait_http_ok "http://127.0.0.1:$engine_admin/readyz" 60 || { tail -n 30 "$LOGS/bazi-engine.log"; die "bazi-engine did not become ready"; }
  start gateway PORT="$port" HOST=127.0.0.1 APP_ENV=development REDIS_URL="$REDIS_URL" \
    BAZI_ENGINE_ADDR="http://127.0.0.1:$engine_grpc" INTERNAL_JWT_SECRET="$INTERNAL_JWT_SECRET" \
    PUBLIC_ORIGIN="http://localhost:$port,http://127.0.0.1:$port" STATIC_DIR="$ROOT/frontend/dist" \
    RATE_LIMIT_ENABLED="${RATE_LIMIT_ENABLED:-true}" LOG_FORMAT="${LOG_FORMAT:-pretty}" RUST_LOG="${RUST_LOG:-info}"
  wait_http_ok "http://127.0.0.1:$port/readyz" 60 || { tail -n 30 "$LOGS/gateway.log"; die "the gateway did not become ready"; }
  GATEWAY_URL="http://localhost:$port"
}

stop_all() {
  local pid
  for pid in "${STARTED_PIDS[@]:-}"; do
    [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true
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
