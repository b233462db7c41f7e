#!/usr/bin/env bash
# staff-reply.sh TICKET_ID BODY — a staff reply to a ticket of the running dev or e2e fleet, through
# support's StaffReply (the admin SPA's call), as `support staff-reply` sends it; prints the stored
# message as JSON. The member gets the reply mail with its /support/reply/{token} link.
# Needs SUPPORT_ADDR and INTERNAL_JWT_SECRET of that fleet (deploy/dev/e2e.sh exports both);
# ADMIN_ID defaults to a fresh id. MEGURI_SUPPORT_BIN names the binary (default: the debug build).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${MEGURI_SUPPORT_BIN:-${CARGO_TARGET_DIR:-$root/target}/debug/support}"
[ -x "$bin" ] || { echo "staff-reply: no support binary at $bin (build it: cargo build -p support)" >&2; exit 1; }
ADMIN_ID="${ADMIN_ID:-$(python3 -c 'import uuid; print(uuid.uuid4())')}" RUST_LOG="${RUST_LOG:-error}" \
  exec "$bin" staff-reply "$@"
