#!/usr/bin/env python3
"""Checks what every Meguri process serves on /metrics: Prometheus' own lint and bounded labels.

    check_metrics.py TARGETS.json            # file_sd targets, as `make dev` writes them
    check_metrics.py --file app=metrics.txt  # a saved exposition (tests)

For each target (its `app` label and address) it reads http://ADDRESS/metrics and fails on:

- anything `promtool check metrics` reports (naming conventions: counters end in `_total`, units
  in base units and as a suffix, no `_total` on a non-counter, HELP present, …);
- a name outside Meguri's namespaces (`meguri_…`, or the standard `process_…`);
- a label whose name says it carries a person or a request (user_id, email, path, ip, …);
- a label value that looks unbounded: a UUID, an e-mail address, an IP address, a number of six
  digits or more, a URL, or a raw path (a route label must be the matched pattern: `/api/x/{id}`);
- a family with more than MAX_SERIES series (histogram buckets counted once), or a label with more
  than MAX_VALUES values in one process: a sign that something per-user or per-request crept in.

Exit status 0 when every target is clean, 1 otherwise (each problem printed), 2 when a target
cannot be read.
"""

import argparse
import json
import re
import subprocess
import sys
import urllib.request
from collections import defaultdict

MAX_SERIES = 400
MAX_VALUES = 120
NAMESPACES = ("meguri_", "process_")
FORBIDDEN_LABELS = {
    "user", "user_id", "userid", "member", "member_id", "email", "mail", "username", "name", "id",
    "ip", "address", "client_ip", "path", "url", "uri", "query", "session", "session_id", "token",
    "request_id", "trace_id", "span_id", "ticket", "ticket_id", "entry_id", "message_id", "admin_id",
}
# The buckets and quantiles of one series are one series for the bounds above.
SERIES_DIMENSION_EXCLUDED = {"le", "quantile"}

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", re.I)
IPV4 = re.compile(r"\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b")
LONG_NUMBER = re.compile(r"\d{6,}")
URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.I)
# A path segment that is data rather than a pattern: digits, a ULID/hex id, or a percent-escape.
DATA_SEGMENT = re.compile(r"^(\d+|[0-9a-f]{16,}|[0-9A-HJKMNP-TV-Z]{26}|.*%[0-9A-F]{2}.*)$", re.I)

SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+\S+)?$")
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def parse(text):
    """(families: name -> type, samples: [(name, {label: value})]) of an exposition."""
    types, samples = {}, []
    for line in text.splitlines():
        if line.startswith("# TYPE "):
            parts = line.split()
            if len(parts) >= 4:
                types[parts[2]] = parts[3]
            continue
        if not line.strip() or line.startswith("#"):
            continue
        match = SAMPLE.match(line)
        if not match:
            samples.append((None, {"line": line}))
            continue
        labels = dict((k, bytes(v, "utf-8").decode("unicode_escape")) for k, v in LABEL.findall(match.group(3) or ""))
        samples.append((match.group(1), labels))
    return types, samples


def family_of(name, types):
    """The family a sample belongs to (histogram and summary samples carry suffixes)."""
    for suffix in ("_bucket", "_sum", "_count"):
        if name.endswith(suffix) and types.get(name[: -len(suffix)]) in ("histogram", "summary"):
            return name[: -len(suffix)]
    return name


def value_problem(label, value):
    """Why a label value looks unbounded, or None."""
    if UUID.search(value):
        return "a UUID"
    if EMAIL.search(value):
        return "an e-mail address"
    if IPV4.search(value):
        return "an IP address"
    if URL.match(value):
        return "a URL"
    if LONG_NUMBER.search(value):
        return "a long number"
    if value.startswith("/"):
        data = [s for s in value.split("/") if s and not s.startswith("{") and DATA_SEGMENT.match(s)]
        if data:
            return f"a raw path (segment {data[0]!r}; use the matched pattern)"
    return None


def label_problems(app, text):
    """Every bounded-label and namespace problem of one process' exposition."""
    types, samples = parse(text)
    problems = []
    series = defaultdict(set)
    values = defaultdict(set)
    reported = set()
    for name, labels in samples:
        if name is None:
            problems.append(f"{app}: unreadable line {labels['line']!r}")
            continue
        family = family_of(name, types)
        if not family.startswith(NAMESPACES) and ("ns", family) not in reported:
            reported.add(("ns", family))
            problems.append(f"{app}: {family}: outside Meguri's namespaces ({', '.join(NAMESPACES)})")
        for label, value in labels.items():
            if label in SERIES_DIMENSION_EXCLUDED:
                continue
            if label.lower() in FORBIDDEN_LABELS and ("label", family, label) not in reported:
                reported.add(("label", family, label))
                problems.append(f"{app}: {family}: label {label!r} names a person or a request (unbounded)")
            why = value_problem(label, value)
            if why and ("value", family, label, value) not in reported:
                reported.add(("value", family, label, value))
                problems.append(f"{app}: {family}{{{label}={value!r}}}: the value is {why} (unbounded)")
            values[(family, label)].add(value)
        key = tuple(sorted((k, v) for k, v in labels.items() if k not in SERIES_DIMENSION_EXCLUDED))
        series[family].add(key)
    for family, keys in sorted(series.items()):
        if len(keys) > MAX_SERIES:
            problems.append(f"{app}: {family}: {len(keys)} series (more than {MAX_SERIES})")
    for (family, label), seen in sorted(values.items()):
        if len(seen) > MAX_VALUES:
            problems.append(f"{app}: {family}: label {label!r} has {len(seen)} values (more than {MAX_VALUES})")
    return problems


def promtool_problems(app, text):
    """What `promtool check metrics` says of the exposition (its lint of names and HELP)."""
    run = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True)
    said = [line.strip() for line in (run.stdout + run.stderr).splitlines() if line.strip()]
    if run.returncode == 0 and not said:
        return []
    return [f"{app}: promtool: {line}" for line in said] or [f"{app}: promtool exited {run.returncode}"]


def read_targets(path):
    with open(path, encoding="utf-8") as f:
        groups = json.load(f)
    return [(g.get("labels", {}).get("app", address), address) for g in groups for address in g["targets"]]


def fetch(address):
    with urllib.request.urlopen(f"http://{address}/metrics", timeout=10) as answer:
        return answer.read().decode("utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("targets", nargs="?", help="file_sd JSON of the fleet's /metrics endpoints")
    parser.add_argument("--file", action="append", default=[], metavar="APP=PATH", help="check a saved exposition")
    args = parser.parse_args()
    texts = []
    for item in args.file:
        app, path = item.split("=", 1)
        with open(path, encoding="utf-8") as f:
            texts.append((app, f.read()))
    if args.targets:
        for app, address in read_targets(args.targets):
            try:
                texts.append((app, fetch(address)))
            except OSError as error:
                print(f"{app}: cannot read http://{address}/metrics: {error}", file=sys.stderr)
                return 2
    if not texts:
        parser.error("nothing to check: give a targets file or --file")
    problems = []
    for app, text in texts:
        found = promtool_problems(app, text) + label_problems(app, text)
        types, samples = parse(text)
        families = len({family_of(name, types) for name, _ in samples if name})
        print(f"{app}: {families} metric families, {'clean' if not found else f'{len(found)} problem(s)'}")
        problems += found
    for problem in problems:
        print(f"  ✗ {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
