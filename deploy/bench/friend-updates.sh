#!/usr/bin/env bash
# Friend updates: the time to build one member's day of updates with 50 friends (criterion,
# fortune-gen's `friend_updates` bench) beside a baseline, one built-in daily reading, and their
# ratio. With PostgreSQL at DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres)
# it also times the use case's build with the 51 charts read from the database.
source "$(dirname "$0")/../dev/lib.sh"

say "criterion: one member's friend updates with 50 friends, and one daily reading as the baseline"
(cd "$ROOT" && cargo bench --quiet -p fortune-gen --bench friend_updates -- --noplot 2>&1 \
  | grep -E "time:|skipped") || die "cargo bench failed"

python3 - "$(target_dir)/criterion/friend_updates" <<'PY'
import json, pathlib, sys
root = pathlib.Path(sys.argv[1])
def median(name):
    path = root / name / "new" / "estimates.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())["median"]["point_estimate"]
def show(ns):
    return f"{ns / 1000:.1f} µs" if ns < 1_000_000 else f"{ns / 1_000_000:.2f} ms"
baseline = median("daily_reading_baseline")
if baseline is None:
    sys.exit("no criterion estimates under " + str(root))
print(f"{'baseline: one daily reading (map + build)':<58} {show(baseline):>10}")
for name, label in (("50_friends", "friend updates, 50 friends (decode + read + build)"),
                    ("50_friends_postgres", "friend updates, 50 friends, charts from PostgreSQL")):
    value = median(name)
    if value is not None:
        print(f"{label:<58} {show(value):>10}   {value / baseline:.2f}× the baseline")
PY
