#!/usr/bin/env python3
"""How far `make fuzz`'s requests got, per operation, from Schemathesis's NDJSON event report.

    fuzz_coverage.py EVENTS.ndjson [--json OUT.json]

Each answer is put in one of three classes:
  refused   400, 405, 411, 413, 414, 415, 422, 431: the request's form was refused (validation);
  not found 404: the id in the path or body names nothing (no link or example supplied a real one);
  reached   anything else (2xx, 3xx, 401, 402, 403, 409, 429, 5xx): the operation's logic answered.
Positive cases (generated to fit the document) that are refused mean the document is looser than the
code; negative cases (generated not to fit) are meant to be refused, so the shares are over the
positive cases. An operation is "mostly refused" when more than half of its positive cases were refused,
and "unreachable" when none of its cases reached its logic. Every failed check (a response against
the published schema, a status code or content type it does not list, a 5xx) is counted too.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field

REFUSED = frozenset({400, 405, 411, 413, 414, 415, 422, 431})


@dataclass
class Operation:
    sent: int = 0
    positive: int = 0
    classes: Counter = field(default_factory=Counter)  # over positive cases
    any_reached: int = 0  # over every case
    statuses: Counter = field(default_factory=Counter)
    failures: Counter = field(default_factory=Counter)  # check name → failed responses

    def share(self, cls: str) -> float:
        return self.classes[cls] / self.positive if self.positive else 0.0


def classify(status: int) -> str:
    if status in REFUSED:
        return "refused"
    if status == 404:
        return "not_found"
    return "reached"


def read(path: str) -> dict[str, Operation]:
    ops: dict[str, Operation] = defaultdict(Operation)
    with open(path, encoding="utf-8") as events:
        for line in events:
            event = json.loads(line)
            finished = event.get("ScenarioFinished")
            if not finished:
                continue
            recorder = finished.get("recorder", {})
            cases = recorder.get("cases", {})
            checks = recorder.get("checks", {})
            for case_id, interaction in recorder.get("interactions", {}).items():
                case = cases.get(case_id, {}).get("value", {})
                name = f"{case.get('method', '?').upper()} {case.get('path', '?')}"
                op = ops[name]
                response = interaction.get("response")
                op.sent += 1
                if not response:
                    op.statuses["error"] += 1
                    continue
                status = int(response["status_code"])
                op.statuses[status] += 1
                mode = (case.get("meta") or {}).get("generation", {}).get("mode", "positive")
                cls = classify(status)
                if cls == "reached":
                    op.any_reached += 1
                if mode == "positive":
                    op.positive += 1
                    op.classes[cls] += 1
                for check in checks.get(case_id, []):
                    if str(check.get("status", "")).upper().endswith("FAILURE"):
                        op.failures[check.get("name", "?")] += 1
    return ops


def report(ops: dict[str, Operation]) -> dict:
    width = max((len(n) for n in ops), default=10)
    print(f"\n{'operation':<{width}}  {'sent':>5} {'pos':>5} {'refused':>8} {'404':>6} {'reached':>8}  failed checks")
    for name in sorted(ops):
        op = ops[name]
        failed = ", ".join(f"{k} {v}" for k, v in sorted(op.failures.items()))
        print(
            f"{name:<{width}}  {op.sent:>5} {op.positive:>5} {op.share('refused'):>8.0%} "
            f"{op.share('not_found'):>6.0%} {op.share('reached'):>8.0%}  {failed}"
        )
    mostly_refused = sorted(n for n, op in ops.items() if op.share("refused") > 0.5)
    unreachable = sorted(n for n, op in ops.items() if op.any_reached == 0)
    sent = sum(op.sent for op in ops.values())
    positive = sum(op.positive for op in ops.values())
    classes = sum((op.classes for op in ops.values()), Counter())
    failures = sum((op.failures for op in ops.values()), Counter())
    print(f"\nmostly refused by validation ({len(mostly_refused)}): {', '.join(mostly_refused) or '-'}")
    print(f"unreachable ({len(unreachable)}): {', '.join(unreachable) or '-'}")
    print(
        f"totals: {len(ops)} operations, {sent} requests ({positive} positive: "
        f"{classes['refused']} refused, {classes['not_found']} not found, {classes['reached']} reached logic); "
        f"failed checks: {', '.join(f'{k} {v}' for k, v in sorted(failures.items())) or 'none'}"
    )
    return {
        "operations": len(ops),
        "requests": sent,
        "positive": positive,
        "refused": classes["refused"],
        "not_found": classes["not_found"],
        "reached": classes["reached"],
        "mostly_refused": mostly_refused,
        "unreachable": unreachable,
        "failed_checks": dict(failures),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("events")
    parser.add_argument("--json", help="also write the totals here")
    args = parser.parse_args()
    totals = report(read(args.events))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(totals, out, indent=2, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
