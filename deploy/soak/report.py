#!/usr/bin/env python3
"""The verdict of `make soak`: Locust's figures per journey and the memory of every process.

    python3 deploy/soak/report.py --stats RUN/locust_stats.csv --rss RUN/rss.csv \\
        --started RUN/started.json --warmup 120 --until 1767225600

Prints (1) a table per journey from Locust's `--csv` statistics (the `JOURNEY` rows the locustfile
records: requests, failures, p50/p95/p99 in ms), with the verification mail and the chat's reply
stream below it; (2) the failures, if any (Locust's failures CSV); (3) a table per process from
deploy/soak/rss.py's samples: its RSS at the end of the warm-up (the first sample at least
`--warmup` s after the load started), at the end of the load (before `--until`), the most after
the warm-up, and the growth from the first to the second; each of the first two is the median of
three samples (the first three after the warm-up, the last three), so a momentary burst is not
read as growth. `--steps-out` also writes
the table of every step (`<journey>: <step>`).

Exit status 0 when no request failed, every process lived to the end and none grew by
`--max-growth` % (default 10) or more after the warm-up; 1 otherwise; 2 when the figures are
missing. Standard library only.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import defaultdict
from pathlib import Path

JOURNEYS = ["landing", "sign-up", "daily reading", "friends", "diary", "chat", "shop"]
# Entries that are not one HTTP request of a step.
MEASURES = {"JOURNEY", "MAIL", "SSE"}


def number(text: str) -> float | None:
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def ms(text: str) -> str:
    value = number(text)
    return "-" if value is None else f"{value:.0f}"


def read_stats(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def stats_table(rows: list[dict[str, str]], label: str) -> list[str]:
    width = max([len(label)] + [len(r["Name"]) for r in rows]) + 2
    lines = [f"{label:<{width}}{'requests':>9}{'failures':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}"]
    for r in rows:
        lines.append(f"{r['Name']:<{width}}{r['Request Count']:>9}{r['Failure Count']:>9}{ms(r['50%']):>9}"
                     f"{ms(r['95%']):>9}{ms(r['99%']):>9}{ms(r['Max Response Time']):>9}")
    return lines


def read_samples(path: Path) -> dict[str, list[tuple[float, int, int | None]]]:
    """name → [(time, pid, rss KiB or None)], in time order."""
    samples: dict[str, list[tuple[float, int, int | None]]] = defaultdict(list)
    with path.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            rss = row["rss_kib"]
            samples[row["name"]].append((float(row["time"]), int(row["pid"]), int(rss) if rss else None))
    for values in samples.values():
        values.sort()
    return samples


def mib(kib: int | None) -> str:
    return "-" if kib is None else f"{kib / 1024:.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stats", type=Path, required=True, help="Locust's <prefix>_stats.csv")
    parser.add_argument("--failures", type=Path, help="Locust's <prefix>_failures.csv")
    parser.add_argument("--rss", type=Path, required=True, help="deploy/soak/rss.py's CSV")
    parser.add_argument("--started", type=Path, required=True, help="the locustfile's --started-file")
    parser.add_argument("--warmup", type=float, required=True, help="seconds of warm-up after the load started")
    parser.add_argument("--until", type=float, help="unix time the load ended (default: the last sample)")
    parser.add_argument("--max-growth", type=float, default=10.0, help="RSS growth in %% that fails the run")
    parser.add_argument("--steps-out", type=Path, help="also write the table of every step here")
    args = parser.parse_args()

    for path in (args.stats, args.rss, args.started):
        if not path.exists():
            print(f"report: {path} is missing (did Locust start the load?)", file=sys.stderr)
            return 2
    rows = read_stats(args.stats)
    started = json.loads(args.started.read_text())["startedAt"]
    problems: list[str] = []

    journeys = {r["Name"]: r for r in rows if r["Type"] == "JOURNEY"}
    ordered = [journeys[n] for n in JOURNEYS if n in journeys] + [r for n, r in journeys.items() if n not in JOURNEYS]
    print()
    print("\n".join(stats_table(ordered, "journey (whole, JOURNEY)")))
    others = [r for r in rows if r["Type"] in ("MAIL", "SSE")]
    if others:
        print()
        print("\n".join(stats_table(others, "measure (MAIL, SSE)")))
    steps = sorted((r for r in rows if r["Type"] not in MEASURES and r["Name"] != "Aggregated"), key=lambda r: r["Name"])
    total_requests = sum(int(r["Request Count"]) for r in steps)
    total_failures = sum(int(r["Failure Count"]) for r in steps)
    slowest = sorted(steps, key=lambda r: number(r["99%"]) or 0, reverse=True)[:5]
    print()
    print(f"steps: {total_requests} requests in {len(steps)} named steps, {total_failures} failed; slowest p99: "
          + ", ".join(f"{r['Name']} {ms(r['99%'])} ms" for r in slowest))
    if args.steps_out:
        args.steps_out.write_text("\n".join(stats_table(steps, "step (HTTP)")) + "\n")
        print(f"every step: {args.steps_out}")
    failed = sum(int(r["Failure Count"]) for r in rows if r["Name"] != "Aggregated")
    if failed:
        problems.append(f"{failed} failures (requests and measures)")
        if args.failures and args.failures.exists():
            with args.failures.open(newline="", encoding="utf-8") as f:
                failures = sorted(csv.DictReader(f), key=lambda r: -int(r["Occurrences"]))
            print("\nfailures (most frequent first):")
            for r in failures[:15]:
                print(f"  {r['Occurrences']:>5} × {r['Method']} {r['Name']}: {r['Error']}")
    if not journeys:
        problems.append("no journey was recorded")

    samples = read_samples(args.rss)
    warm_end = started + args.warmup
    until = args.until if args.until is not None else max(t for v in samples.values() for t, _, _ in v)
    print()
    print(f"memory (VmRSS, MiB): warm-up ends {args.warmup:.0f} s after the load started; warm-up and end are each the "
          "median of 3 samples; growth = end / warm-up − 1")
    print(f"{'process':<14}{'pid':>8}{'warm-up':>10}{'end':>10}{'max':>10}{'growth':>9}  verdict")
    for name in sorted(samples):
        values = samples[name]
        pid = values[0][1]
        gone = [t for t, _, rss in values if rss is None and t <= until]
        after = [(t, rss) for t, _, rss in values if warm_end <= t <= until and rss is not None]
        if gone:
            problems.append(f"{name} (pid {pid}) died {gone[0] - started:.0f} s after the load started")
            print(f"{name:<14}{pid:>8}{'':>10}{'':>10}{'':>10}{'':>9}  DIED at {gone[0] - started:.0f} s")
            continue
        if len(after) < 2:
            problems.append(f"{name}: fewer than 2 samples after the warm-up (run longer than the warm-up)")
            print(f"{name:<14}{pid:>8}  too few samples after the warm-up")
            continue
        # The median of the first (and of the last) three samples: one sample caught in the middle of
        # a burst (identity hashing a password holds ~19 MiB for a moment) says nothing about a leak.
        k = min(3, len(after) // 2)
        first = sorted(rss for _, rss in after[:k])[(k - 1) // 2]
        last = sorted(rss for _, rss in after[-k:])[(k - 1) // 2]
        peak = max(rss for _, rss in after)
        growth = (last / first - 1) * 100
        verdict = "flat" if growth < args.max_growth else f"GREW ≥ {args.max_growth:g} %"
        if growth >= args.max_growth:
            problems.append(f"{name} grew {growth:.1f} % after the warm-up")
        print(f"{name:<14}{pid:>8}{mib(first):>10}{mib(last):>10}{mib(peak):>10}{growth:>8.1f}%  {verdict}")

    print()
    if problems:
        for problem in problems:
            print(f"FAILED: {problem}")
        return 1
    print(f"PASSED: 0 failures in {total_requests} requests; every process lived and stayed within "
          f"{args.max_growth:g} % of its RSS after the warm-up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
