#!/usr/bin/env bash
# `make admin EMAIL=…`: creates the admin account (or resets its password and activates it) in the
# local identity schema, through `identity create-admin`. The password is read from ADMIN_PASSWORD
# or asked for on the terminal.
source "$(dirname "$0")/lib.sh"
email="${1:-}"
[ -n "$email" ] || die "usage: make admin EMAIL=you@example.jp"
ensure_postgres
bin="${MEGURI_BIN_DIR:-$(target_dir)/debug}/identity"
[ -x "$bin" ] || (cd "$ROOT" && cargo build --quiet --bin identity) || die "cargo build failed"
url="$(service_db_url identity)"
DATABASE_ADMIN_URL="$DATABASE_URL" DATABASE_URL="$url" RUST_LOG=warn "$bin" provision >/dev/null
if [ -z "${ADMIN_PASSWORD:-}" ]; then
  read -r -s -p "password for $email (8+ characters): " ADMIN_PASSWORD; echo
fi
ADMIN_PASSWORD="$ADMIN_PASSWORD" DATABASE_URL="$url" RUST_LOG=warn "$bin" create-admin "$email"
