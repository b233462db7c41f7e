# Meguri — one entry point for people and CI. `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

.PHONY: help dev admin new-service test test-rust test-fleet test-frontend test-e2e k8s-check fuzz bench bench-engine bench-gateway bench-daily bench-friends bench-friend-updates bench-chat bench-analytics soak drill observe observe-check prometheus-check size build fmt lint clean

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

dev: ## run the whole app (PostgreSQL, Redis, services, gateway, SPA) and print the URL; Ctrl-C stops it
	@deploy/dev/dev.sh

admin: ## create (or reset) an admin account: make admin EMAIL=you@example.jp (asks for the password)
	@deploy/dev/admin.sh "$(EMAIL)"

new-service: ## scaffold a gRPC service with the shape of docs/service-shape.md: make new-service NAME=social
	@python3 deploy/dev/new_service.py "$(NAME)"

test: ## every test: Kubernetes manifests, make lint, Rust unit + integration, frontend unit, Chromium end-to-end, fuzzing
	@deploy/dev/test.sh

test-rust: ## Rust tests only (every crate, the fleet tests included)
	cargo nextest run --workspace --no-tests=pass

test-fleet: ## the fleet tests only: real services started together (services/fleet-tests)
	cargo nextest run -p fleet-tests

test-frontend: ## frontend type check and unit tests only
	cd frontend && npm run typecheck && npm test

test-e2e: ## Chromium end-to-end tests only (starts the fleet on free ports)
	@deploy/dev/e2e.sh

k8s-check: ## render k8s/base and both overlays and check every service against the shared manifests (offline, ~2 s)
	@python3 deploy/k8s/check.py

fuzz: ## Schemathesis over /api/openapi.json against the real fleet, signed in; fails on any answer >= 500
	@deploy/dev/fuzz.sh

bench: bench-engine bench-gateway bench-daily bench-friends bench-friend-updates bench-chat bench-analytics ## all benchmarks (prints figures)

bench-engine: ## criterion benchmarks of the engine (chart, almanac, places)
	cargo bench -p bazi-engine

bench-gateway: ## the calculator through gateway → gRPC → engine under load (wrk, 64 connections, 20 s)
	@deploy/bench/calculator.sh

bench-daily: ## building a daily reading (criterion) and the stored GET /api/fortune/daily under load (wrk, 64 connections, 20 s)
	@deploy/bench/daily.sh

bench-friends: ## the friend search over 10,000 members beside GET /api/blocks under load (wrk, 64 connections, 20 s each), with the ratio
	@deploy/bench/friend-search.sh

bench-friend-updates: ## building one member's friend updates with 50 friends beside one daily reading (criterion), and the ratio
	@deploy/bench/friend-updates.sh

bench-chat: ## the mascot chat through the gateway (built-in responder): time to first token and full reply (sequential and concurrent, p50/p99), and send throughput at 64 connections (one member, then 16 in turn) beside GET /api/chat/status (wrk, 20 s each), with the ratio
	@deploy/bench/chat.sh

bench-analytics: ## the analytics ingest: 10,000 page views a minute for 5 minutes from the load generator through gateway → stream → support, printing support's lag every 10 s and the catch-up time
	@deploy/bench/analytics.sh

soak: ## the load generator's weighted journeys (Locust, headless, 24 users) against a release fleet for 10 minutes: p50/p95/p99 per journey and every process' RSS growth after a 2-minute warm-up; fails on any error, a dead process or 10 % growth
	@deploy/soak/soak.sh

drill: ## the fault drill: its own PostgreSQL and Redis, the release fleet supervised as by make dev; every process killed in turn, bazi-engine frozen, PostgreSQL and Redis restarted while Locust runs the journeys: time to 503, time to heal, acknowledged writes vs rows; fails on a lost write or a fault that does not heal
	@deploy/drill/drill.sh

observe: ## a real Prometheus with Meguri's rules and alerts scraping the running `make dev` fleet (installs Debian's prometheus where missing)
	@deploy/dev/observe.sh

prometheus-check: ## promtool check config/rules, promtool test rules (every alert fires and stays quiet in a test), every alert's runbook exists, the metrics and dashboard checkers' own tests
	@python3 deploy/prometheus/check.py
	@python3 deploy/prometheus/test_check_metrics.py
	@python3 deploy/grafana/check_dashboards.py
	@python3 deploy/grafana/test_load.py
	@python3 deploy/grafana/test_check_queries.py

observe-check: ## a fleet driven through every journey, a Prometheus scraping it: promtool check metrics + bounded labels on every /metrics, every dashboard panel query answers with data, every rule healthy
	@deploy/prometheus/live_check.sh

size: ## production bundle sizes per entry and chunk (raw and gzip)
	cd frontend && npm run build && npm run size

build: ## release build of every binary and the SPA
	cargo build --release --workspace --bins
	cd frontend && npm run build

fmt: ## format Rust code
	cargo fmt --all

lint: ## every style check (part of make test): rustfmt, docs/configuration.md complete, cargo-deny, tsc, ESLint, clippy
	@deploy/dev/lint.sh

clean: ## remove build outputs and local dev state
	rm -rf target frontend/dist .dev
