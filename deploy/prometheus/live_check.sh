#!/usr/bin/env bash
# `make observe-check` (part of `make test`): the metrics and dashboards against a real fleet.
#
# 1. Starts the fleet on free ports (debug binaries, rate limits off, mail to files) and a real
#    Prometheus scraping every process each second with Meguri's recording and alerting rules.
# 2. Drives every user journey with the load generator (Locust, deploy/loadgen/locustfile.py:
#    landing, sign-up, daily reading, friends, diary, chat, shop) for LIVE_CHECK_SECONDS (40).
# 3. deploy/prometheus/check_metrics.py on every process' /metrics: `promtool check metrics` and
#    bounded labels.
# 4. deploy/grafana/check_queries.py: every panel query of every dashboard (variables filled in)
#    against that Prometheus; a query that does not parse or returns nothing fails.
# 5. Every rule group evaluated without error.
source "$(dirname "$0")/../dev/lib.sh"
PROM_PID=""
cleanup() {
  [ -n "$PROM_PID" ] && kill "$PROM_PID" 2>/dev/null && wait "$PROM_PID" 2>/dev/null
  stop_all
}
trap cleanup EXIT

ensure_prometheus
ensure_locust
ensure_postgres
ensure_redis
build_services

run="$DEV/live-check/$(date +%s)-$$"
mkdir -p "$run/targets" "$run/mail"
export MAIL_DIR="$run/mail"
EVENTS_PREFIX="live:$(date +%s)-$$:" RATE_LIMIT_ENABLED=false LOG_FORMAT=json RUST_LOG=warn \
  start_fleet "$(free_port)" "$(free_port)" "$(free_port)"
write_prometheus_targets "$run/targets/fleet.json"

# Prometheus: the repository's rules, every process scraped and every rule evaluated each second.
ln -sfn "$ROOT/deploy/prometheus/rules" "$run/rules"
cat >"$run/prometheus.yml" <<'YAML'
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - rules/*.yml
scrape_configs:
  - job_name: meguri
    file_sd_configs:
      - files: [targets/*.json]
YAML
prom_port="$(free_port)"
PROM_URL="http://127.0.0.1:$prom_port"
prometheus --config.file="$run/prometheus.yml" --storage.tsdb.path="$run/data" \
  --web.listen-address="127.0.0.1:$prom_port" --log.level=warn >"$LOGS/live-check-prometheus.log" 2>&1 &
PROM_PID="$!"
wait_http_ok "$PROM_URL/-/ready" 60 || { tail -n 20 "$LOGS/live-check-prometheus.log"; die "Prometheus did not start"; }

targets_up() {
  curl -fsS "$PROM_URL/api/v1/targets?state=active" | python3 -c '
import json, sys
targets = json.load(sys.stdin)["data"]["activeTargets"]
up = [t for t in targets if t["health"] == "up"]
print(f"{len(up)}/{len(targets)}")
sys.exit(0 if targets and len(up) == len(targets) else 1)'
}
for _ in $(seq 60); do targets_up >/dev/null && break; sleep 1; done
say "Prometheus at $PROM_URL: $(targets_up || true) targets up"

seconds="${LIVE_CHECK_SECONDS:-40}"
say "driving every journey for ${seconds} s (Locust, deploy/loadgen/locustfile.py)"
(cd "$run" && locust --headless -f "$ROOT/deploy/loadgen/locustfile.py" --host "$GATEWAY_URL" \
  -u "${LIVE_CHECK_USERS:-6}" -r 3 -t "${seconds}s" --mail-dir "$MAIL_DIR" --members 6 --only-summary --csv "$run/locust" \
  >"$LOGS/live-check-locust.log" 2>&1) || { tail -n 40 "$LOGS/live-check-locust.log"; die "the load generator's journeys failed"; }
tail -n 3 "$run/locust_stats.csv" | cut -d, -f1-6 || true

say "every process' /metrics: promtool check metrics and bounded labels"
python3 "$ROOT/deploy/prometheus/check_metrics.py" "$run/targets/fleet.json"

# A few more scrapes and rule evaluations after the traffic.
sleep 3
say "every dashboard panel's query against Prometheus"
python3 "$ROOT/deploy/grafana/check_queries.py" --prometheus "$PROM_URL"

say "every recording and alerting rule evaluated without error"
curl -fsS "$PROM_URL/api/v1/rules" | python3 -c '
import json, sys
groups = json.load(sys.stdin)["data"]["groups"]
rules = [(g["name"], r) for g in groups for r in g["rules"]]
bad = [(g, r["name"], r.get("lastError")) for g, r in rules if r.get("health") != "ok"]
for g, name, error in bad:
    print(f"  ✗ {g} › {name}: {error}")
print(f"{len(rules)} rules in {len(groups)} groups, {len(bad)} unhealthy")
sys.exit(1 if bad or not rules else 0)'
say "metrics and dashboards checked against a live fleet"
