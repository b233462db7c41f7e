#!/usr/bin/env python3
"""Checks the Grafana dashboards in deploy/grafana/dashboards/ without a Grafana (standard library only).

For every *.json file:
  * it parses, has a uid equal to its file name (meguri-x.json → "meguri-x"), a title, schemaVersion and
    panels; uids and titles are unique (Grafana refuses two dashboards of one folder with the same title);
  * every panel (rows' nested panels included) is a row, a stat, a gauge or a timeseries (no plugins), has
    an id unique in its dashboard, a gridPos, a title, a description (what on-call does when it looks
    wrong) and the datasource {"type": "prometheus", "uid": "meguri-prometheus"};
  * every target has a non-empty expr and a refId unique in its panel, and no other datasource;
  * a runbook a description names (docs/runbooks/<page>.md) exists;
  * every variable is of type query (label_values(...) on meguri-prometheus) or custom, with includeAll
    true and an allValue that selects every value: ".*", or for a query variable narrowed by a regex,
    that regex itself, or for a custom variable, a regex matching each of its options;
  * every $variable an expr or a variable query uses is defined, or is $__rate_interval, $__interval or
    $__range; a dashboard variable is only used as a regex matcher (=~"$var"), so several values and
    All work.

Exits 1 with every problem found. `--list` prints each dashboard with its panel and target counts.
"""

from __future__ import annotations

import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DASHBOARDS = os.path.join(HERE, "dashboards")
DATASOURCE = {"type": "prometheus", "uid": "meguri-prometheus"}
PANEL_TYPES = {"stat", "gauge", "timeseries"}
BUILTINS = {"__rate_interval", "__interval", "__range"}
# $name, ${name}, ${name:format} and [[name]]: Grafana's ways of naming a variable.
VARIABLE = re.compile(r"\$\{(\w+)(?::[^}]*)?\}|\$(\w+)|\[\[(\w+)(?::[^\]]*)?\]\]")
RUNBOOK = re.compile(r"docs/runbooks/[\w.-]+\.md")


def panels_of(dashboard: dict) -> list[dict]:
    """Every panel, the panels nested in collapsed rows included."""
    found = []
    for panel in dashboard.get("panels", []):
        found.append(panel)
        found += panel.get("panels", []) if panel.get("type") == "row" else []
    return found


def names_in(text: str) -> list[tuple[str, int]]:
    """The variables `text` names, each with the offset where it starts."""
    return [(next(g for g in m.groups() if g), m.start()) for m in VARIABLE.finditer(text)]


def variable_uses(where: str, text: str, variables: set[str]) -> list[str]:
    problems = []
    for name, start in names_in(text):
        if name in BUILTINS:
            continue
        if name not in variables:
            problems.append(f"{where}: ${name} is neither a variable of the dashboard nor one of {sorted(BUILTINS)}")
        elif not re.search(r"=~\s*[\"']$", text[:start]):
            problems.append(f"{where}: ${name} must be used as a regex matcher (label=~\"${name}\")")
    return problems


def all_value_problem(variable: dict) -> str | None:
    """Why the variable's All value would not select every value it lists, if it would not."""
    all_value = variable.get("allValue")
    if all_value in (".*", ".+"):
        return None
    if variable.get("type") == "custom":
        options = [o.strip() for o in str(variable.get("query", "")).split(",") if o.strip()]
        try:
            if options and all_value and all(re.fullmatch(all_value, o) for o in options):
                return None
        except re.error:
            pass
        return f"allValue {all_value!r} must be \".*\" or a regex matching every option ({', '.join(options)})"
    narrowed = str(variable.get("regex", "")).strip()
    if narrowed.startswith("/") and narrowed.rfind("/") > 0:
        narrowed = narrowed[1 : narrowed.rfind("/")]
    narrowed = narrowed.removeprefix("^").removesuffix("$").replace("\\/", "/")
    if narrowed and all_value == narrowed:
        return None
    return f"allValue {all_value!r} must be \".*\" (or, when the variable is narrowed by a regex, that regex)"


def variable_problems(where: str, variable: dict, variables: set[str]) -> list[str]:
    name, problems = variable.get("name", "?"), []
    where = f"{where}: variable {name}"
    kind = variable.get("type")
    if kind not in ("query", "custom"):
        return [f"{where}: type {kind!r}; only query (label_values) and custom variables are allowed"]
    if variable.get("includeAll") is not True:
        problems.append(f"{where}: includeAll must be true")
    problem = all_value_problem(variable)
    if problem:
        problems.append(f"{where}: {problem}")
    if kind == "query":
        query = variable.get("query")
        query = query.get("query", "") if isinstance(query, dict) else str(query or "")
        if not query.startswith("label_values("):
            problems.append(f"{where}: query must be label_values(...), not {query!r}")
        if variable.get("datasource") != DATASOURCE:
            problems.append(f"{where}: datasource must be {DATASOURCE}")
        problems += variable_uses(where, query, variables - {name})
    return problems


def target_problems(where: str, panel: dict, variables: set[str]) -> list[str]:
    problems, ref_ids = [], set()
    targets = panel.get("targets") or []
    if not targets:
        problems.append(f"{where}: no targets")
    for i, target in enumerate(targets):
        ref_id = target.get("refId")
        at = f"{where} target {ref_id or i}"
        if not ref_id:
            problems.append(f"{at}: no refId")
        elif ref_id in ref_ids:
            problems.append(f"{at}: refId used twice")
        ref_ids.add(ref_id)
        expr = target.get("expr")
        if not isinstance(expr, str) or not expr.strip():
            problems.append(f"{at}: no expr")
            continue
        if "datasource" in target and target["datasource"] != DATASOURCE:
            problems.append(f"{at}: datasource must be {DATASOURCE}")
        problems += variable_uses(at, expr, variables)
    return problems


def panel_problems(where: str, panel: dict, variables: set[str]) -> list[str]:
    kind = panel.get("type")
    where = f"{where} panel {panel.get('id')} {panel.get('title', '')!r}"
    problems = [] if "gridPos" in panel else [f"{where}: no gridPos"]
    if kind == "row":
        repeat = panel.get("repeat")
        if repeat and repeat not in variables:
            problems.append(f"{where}: repeats over ${repeat}, which is not a variable")
        return problems
    if kind not in PANEL_TYPES:
        return [*problems, f"{where}: type {kind!r}; only {sorted(PANEL_TYPES)} (and rows) are allowed"]
    if not str(panel.get("title", "")).strip():
        problems.append(f"{where}: no title")
    description = str(panel.get("description", ""))
    if not description.strip():
        problems.append(f"{where}: no description (say what on-call does when it looks wrong)")
    for page in RUNBOOK.findall(description):
        if not os.path.isfile(os.path.join(ROOT, page)):
            problems.append(f"{where}: the description names {page}, which does not exist")
    if panel.get("datasource") != DATASOURCE:
        problems.append(f"{where}: datasource must be {DATASOURCE}")
    return problems + target_problems(where, panel, variables)


def dashboard_problems(path: str, dashboard: dict) -> list[str]:
    where = os.path.relpath(path, ROOT)
    problems = []
    uid = dashboard.get("uid")
    if uid != os.path.basename(path).removesuffix(".json"):
        problems.append(f"{where}: uid {uid!r} must equal the file name without .json")
    for key in ("title", "schemaVersion", "panels"):
        if not dashboard.get(key):
            problems.append(f"{where}: no {key}")
    declared = dashboard.get("templating", {}).get("list", [])
    variables = {v.get("name") for v in declared}
    for variable in declared:
        problems += variable_problems(where, variable, variables)
    ids = set()
    for panel in panels_of(dashboard):
        if panel.get("id") in ids:
            problems.append(f"{where}: panel id {panel.get('id')} used twice")
        ids.add(panel.get("id"))
        problems += panel_problems(where, panel, variables)
    return problems


def main() -> int:
    paths = sorted(glob.glob(os.path.join(DASHBOARDS, "*.json")))
    if not paths:
        print(f"no dashboards in {os.path.relpath(DASHBOARDS, ROOT)}", file=sys.stderr)
        return 1
    problems, seen_uids, seen_titles, counts = [], {}, {}, []
    for path in paths:
        name = os.path.relpath(path, ROOT)
        try:
            with open(path, encoding="utf-8") as f:
                dashboard = json.load(f)
        except (OSError, json.JSONDecodeError) as error:
            problems.append(f"{name}: does not parse: {error}")
            continue
        if not isinstance(dashboard, dict):
            problems.append(f"{name}: is not a JSON object")
            continue
        problems += dashboard_problems(path, dashboard)
        for key, seen in (("uid", seen_uids), ("title", seen_titles)):
            value = dashboard.get(key)
            if value in seen:
                problems.append(f"{name}: {key} {value!r} is also the {key} of {seen[value]}")
            seen[value] = name
        panels = [p for p in panels_of(dashboard) if p.get("type") != "row"]
        counts.append((name, dashboard.get("title"), len(panels), sum(len(p.get("targets", [])) for p in panels)))
    if "--list" in sys.argv[1:]:
        for name, title, panels, targets in counts:
            print(f"{name}: {title!r}, {panels} panels, {targets} targets")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"{len(problems)} problem(s) in the dashboards", file=sys.stderr)
        return 1
    panels = sum(c[2] for c in counts)
    print(f"dashboards: ok ({len(counts)} dashboards, {panels} panels, {sum(c[3] for c in counts)} targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
