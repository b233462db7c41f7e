#!/usr/bin/env bash
# `make test`: every Rust test (unit and integration against real PostgreSQL and Redis), the
# frontend's type check and unit tests, the Chromium end-to-end tests and a Schemathesis run over
# the gateway's OpenAPI document.
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT

ensure_postgres
ensure_redis
ensure_smtp_sink
ensure_frontend_deps

say "Rust tests"
cd "$ROOT"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-tests=pass --no-fail-fast
else
  cargo test --workspace --no-fail-fast
fi

say "frontend type check and unit tests"
(cd "$ROOT/frontend" && npm run --silent typecheck && npm test --silent)

say "end-to-end tests"
"$ROOT/deploy/dev/e2e.sh"

say "fuzzing the API from its OpenAPI document (no answer >= 500)"
"$ROOT/deploy/dev/fuzz.sh"
say "all tests passed"
