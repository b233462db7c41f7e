#!/usr/bin/env bash
# `make test`: the Kubernetes manifests (make k8s-check), the Prometheus rules and their unit tests
# (make prometheus-check), `make lint` (formatting, docs,
# dependencies, type check, ESLint, clippy), the test of `make dev`'s supervisor, every Rust test
# (unit, each service's integration tests against real PostgreSQL and Redis, and the fleet tests of
# services/fleet-tests, which start several real services together), the frontend's unit tests, a
# fleet driven through every journey with Prometheus scraping it (make observe-check: every
# /metrics linted, every dashboard query answered), the Chromium end-to-end tests and a Schemathesis
# run over the gateway's OpenAPI document. Cheapest first: a failed check stops the run before any
# server is started.
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT

# Offline and about a second, so first. It needs kustomize or kubectl and PyYAML, which a
# development machine may lack: then it is skipped here (make k8s-check itself fails without them).
say "Kubernetes manifests"
if ! command -v kustomize >/dev/null && ! command -v kubectl >/dev/null; then
  say "skipped: neither kustomize nor kubectl is installed (make k8s-check needs one)"
elif ! python3 -c 'import yaml' 2>/dev/null; then
  say "skipped: python3 lacks PyYAML (make k8s-check needs it: python3 -m pip install pyyaml)"
else
  python3 "$ROOT/deploy/k8s/check.py"
fi

# promtool on the rules and their unit tests: a few seconds, offline.
say "Prometheus rules and alerts (make prometheus-check)"
ensure_prometheus
python3 "$ROOT/deploy/prometheus/check.py"
python3 "$ROOT/deploy/prometheus/test_check_metrics.py"
python3 "$ROOT/deploy/grafana/check_dashboards.py"
python3 "$ROOT/deploy/grafana/test_load.py"
python3 "$ROOT/deploy/grafana/test_check_queries.py"

"$ROOT/deploy/dev/lint.sh"

ensure_postgres
ensure_redis
ensure_smtp_sink
ensure_frontend_deps

# A few seconds: dev.sh itself with stand-in binaries (crash → restarted alone; INT/TERM → all gone).
say "make dev's supervisor (deploy/dev/test_supervisor.py)"
python3 "$ROOT/deploy/dev/test_supervisor.py"

say "Rust tests (every crate's, and the fleet tests: services/fleet-tests)"
cd "$ROOT"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-tests=pass --no-fail-fast
else
  cargo test --workspace --no-fail-fast
fi

say "frontend unit tests"
(cd "$ROOT/frontend" && npm test --silent)

say "metrics and dashboards against a live fleet (make observe-check)"
"$ROOT/deploy/prometheus/live_check.sh"

say "end-to-end tests"
"$ROOT/deploy/dev/e2e.sh"

say "fuzzing the API from its OpenAPI document (no answer >= 500)"
"$ROOT/deploy/dev/fuzz.sh"
say "all tests passed"
