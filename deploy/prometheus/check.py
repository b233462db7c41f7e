#!/usr/bin/env python3
"""Checks the Prometheus configuration and rules (part of `make test`, through deploy/dev/test.sh).

1. `promtool check config` on prometheus.yml (which loads rules/*.yml) and `promtool check rules`;
2. `promtool test rules` on every tests/*_test.yml;
3. every alert has `severity` (page or ticket), a `summary`, a `description` and a `runbook_url`
   naming a page of docs/runbooks/ that exists, and every alert is tested in tests/ — firing at
   least once and expected quiet at least once.

Exits 1 on the first kind of failure it meets, with what failed. Needs promtool (Debian's
prometheus package; .ci/run and `make observe` install it) and PyYAML.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SEVERITIES = {"page", "ticket"}


def promtool(*args: str) -> None:
    result = subprocess.run(["promtool", *args], cwd=HERE, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"promtool {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    print(f"promtool {' '.join(args)}: ok")


def alerts() -> list[dict]:
    found = []
    for path in sorted(glob.glob(os.path.join(HERE, "rules", "*.yml"))):
        with open(path, encoding="utf-8") as f:
            for group in yaml.safe_load(f)["groups"]:
                found += [dict(rule, file=os.path.relpath(path, ROOT)) for rule in group["rules"] if "alert" in rule]
    return found


def alert_problems(rule: dict) -> list[str]:
    name, problems = rule["alert"], []
    labels, annotations = rule.get("labels", {}), rule.get("annotations", {})
    if labels.get("severity") not in SEVERITIES:
        problems.append(f"{name}: severity must be one of {sorted(SEVERITIES)}")
    for key in ("summary", "description", "runbook_url"):
        if not str(annotations.get(key, "")).strip():
            problems.append(f"{name}: no {key}")
    runbook = str(annotations.get("runbook_url", "")).split("#", 1)[0]
    if runbook and not (runbook.startswith("docs/runbooks/") and os.path.isfile(os.path.join(ROOT, runbook))):
        problems.append(f"{name}: runbook_url {runbook!r} is not a page of docs/runbooks/")
    return problems


def tested(paths: list[str]) -> tuple[set[str], set[str]]:
    """Alert names expected to fire somewhere, and expected quiet somewhere."""
    firing, quiet = set(), set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for test in yaml.safe_load(f)["tests"]:
                for case in test.get("alert_rule_test", []):
                    (firing if case.get("exp_alerts") else quiet).add(case["alertname"])
    return firing, quiet


def main() -> int:
    if shutil.which("promtool") is None:
        sys.exit("promtool is missing: apt-get install prometheus (Debian), as .ci/run does")
    promtool("check", "config", "prometheus.yml")
    promtool("check", "rules", *sorted(glob.glob(os.path.join("rules", "*.yml"), root_dir=HERE)))
    tests = sorted(glob.glob(os.path.join(HERE, "tests", "*_test.yml")))
    promtool("test", "rules", *[os.path.relpath(t, HERE) for t in tests])

    rules = alerts()
    problems = [p for rule in rules for p in alert_problems(rule)]
    firing, quiet = tested(tests)
    for rule in rules:
        if rule["alert"] not in firing:
            problems.append(f"{rule['alert']} ({rule['file']}): no test expects it to fire")
        if rule["alert"] not in quiet:
            problems.append(f"{rule['alert']} ({rule['file']}): no test expects it to stay quiet")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"{len(rules)} alerts: each with severity, summary, description and an existing runbook, "
          f"each tested firing and quiet")
    return 0


if __name__ == "__main__":
    sys.exit(main())
