#!/usr/bin/env bash
# `make observe`: a real Prometheus (Debian's package, installed where missing) scraping the running
# `make dev` fleet every 15 s, with Meguri's recording and alerting rules (deploy/prometheus/rules).
# Start `make dev` first (it writes the fleet's /metrics targets to .dev/prometheus/targets/);
# a restarted fleet is picked up within 10 s. Ctrl-C stops Prometheus; its data stays in
# .dev/prometheus/data (delete it to start empty). PROMETHEUS_PORT (9090) sets its port.
source "$(dirname "$0")/lib.sh"

ensure_prometheus
targets="$DEV/prometheus/targets/fleet.json"
[ -s "$targets" ] || die "no fleet to watch: start \`make dev\` first (it writes $(shown "$targets"))"

# Prometheus reads rule_files and file_sd paths relative to its config file: put the config beside
# the targets and let rules/ point at the repository's rules, so an edited rule is loaded by a reload.
dir="$DEV/prometheus"
cp "$ROOT/deploy/prometheus/prometheus.yml" "$dir/prometheus.yml"
ln -sfn "$ROOT/deploy/prometheus/rules" "$dir/rules"
promtool check config "$dir/prometheus.yml" >/dev/null || die "deploy/prometheus/prometheus.yml does not load (promtool check config)"

port="${PROMETHEUS_PORT:-9090}"
url="http://127.0.0.1:$port"
say "Prometheus: $url (targets: $url/targets · alerts: $url/alerts · rules: $url/rules)"
say "reload rules after an edit: curl -X POST $url/-/reload · Grafana: docs/operations.md#grafana"
say "press Ctrl-C to stop"
exec prometheus --config.file="$dir/prometheus.yml" --storage.tsdb.path="$dir/data" \
  --web.listen-address="127.0.0.1:$port" --web.enable-lifecycle --log.level=warn
