#!/usr/bin/env python3
"""Runs every panel query of every dashboard against a real Prometheus, as Grafana would.

    check_queries.py --prometheus http://127.0.0.1:9090 [--dashboards deploy/grafana/dashboards]

For each dashboard: its template variables are resolved first (a `query` variable's
`label_values(...)` asked of Prometheus; "All" becomes the variable's allValue, as Grafana sends
it; a `custom` variable takes its first value), then every target's `expr` of every panel (rows'
nested panels included) gets the variables and Grafana's built-ins ($__rate_interval,
$__interval, $__range, …) substituted and is run as an instant query. It fails on a query that
does not parse or evaluate, and on one that returns nothing: a panel that shows "No data" on a
fleet that has served traffic is a broken panel (a renamed metric, a wrong label, a typo).

Exit status 0 when every query answered with data, 1 otherwise (each failure printed).
"""

import argparse
import glob
import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

# Grafana's built-in variables, as it would fill them for a short time range on a fleet scraped
# often (the test's Prometheus scrapes every second).
BUILTINS = {
    "__rate_interval": "1m",
    "__interval": "15s",
    "__interval_ms": "15000",
    "__range": "5m",
    "__range_s": "300",
    "__range_ms": "300000",
}
LABEL_VALUES = re.compile(r"^\s*label_values\(\s*(?:(.*),\s*)?([a-zA-Z_][a-zA-Z0-9_]*)\s*\)\s*$", re.S)
VARIABLE = re.compile(r"\$\{([a-zA-Z0-9_]+)(?::[a-z]+)?\}|\[\[([a-zA-Z0-9_]+)\]\]|\$([a-zA-Z0-9_]+)")


def get(prometheus, path, params):
    url = f"{prometheus}{path}?{urllib.parse.urlencode(params, doseq=True)}"
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:  # 400 / 422: the query does not parse or evaluate
        try:
            return json.load(error)
        except ValueError:
            return {"status": "error", "error": f"HTTP {error.code}"}


def substitute(expr, values):
    def fill(match):
        name = match.group(1) or match.group(2) or match.group(3)
        return values.get(name, match.group(0))

    return VARIABLE.sub(fill, expr)


def variable_query(variable):
    query = variable.get("query", "")
    if isinstance(query, dict):
        query = query.get("query", "")
    return query or variable.get("definition", "")


def resolve_variables(prometheus, dashboard, failures):
    """name -> the value Grafana would send with the variable's default ("All") selection."""
    values = dict(BUILTINS)
    title = dashboard.get("title", "?")
    for variable in dashboard.get("templating", {}).get("list", []):
        name, kind = variable.get("name"), variable.get("type")
        if kind == "query":
            query = substitute(variable_query(variable), values)
            match = LABEL_VALUES.match(query)
            if not match:
                failures.append(f"{title}: variable ${name}: not a label_values(...) query: {query!r}")
                continue
            selector, label = match.group(1), match.group(2)
            params = {"match[]": [selector]} if selector else {}
            answer = get(prometheus, f"/api/v1/label/{label}/values", params)
            found = answer.get("data") or []
            regex = variable.get("regex") or ""
            if regex.startswith("/") and regex.rstrip("gimsuy").endswith("/"):
                pattern = re.compile(regex[1 : regex.rstrip("gimsuy").rfind("/")])
                found = [v for v in found if pattern.search(v)]
            if answer.get("status") != "success" or not found:
                failures.append(f"{title}: variable ${name}: {query!r} gave no value ({answer.get('error', 'empty')})")
            all_value = variable.get("allValue")
            if variable.get("includeAll") and all_value:
                values[name] = all_value
            elif found:
                values[name] = "|".join(re.escape(v) for v in found) if variable.get("multi") else found[0]
        elif kind == "custom":
            options = [o.strip() for o in str(variable.get("query", "")).split(",") if o.strip()]
            values[name] = variable.get("allValue") if variable.get("includeAll") and variable.get("allValue") else (options[0] if options else "")
        elif kind in ("constant", "textbox"):
            values[name] = str(variable.get("query", ""))
        elif kind == "interval":
            options = [o.strip() for o in str(variable.get("query", "")).split(",") if o.strip()]
            values[name] = options[0] if options else "1m"
        elif kind == "datasource":
            values[name] = "meguri-prometheus"
    return values


def panels_of(panels):
    for panel in panels:
        yield panel
        yield from panels_of(panel.get("panels", []))


def check_dashboard(prometheus, path):
    """(queries run, failures) for one dashboard file."""
    with open(path, encoding="utf-8") as f:
        dashboard = json.load(f)
    failures = []
    values = resolve_variables(prometheus, dashboard, failures)
    ran = 0
    for panel in panels_of(dashboard.get("panels", [])):
        for target in panel.get("targets", []):
            expr = target.get("expr")
            if not expr or target.get("hide"):
                continue
            query = substitute(expr, values)
            where = f"{dashboard.get('title')} › {panel.get('title', '?')} [{target.get('refId', '?')}]"
            left = VARIABLE.findall(query)
            if left:
                failures.append(f"{where}: unresolved variable in {query!r}")
                continue
            ran += 1
            answer = get(prometheus, "/api/v1/query", {"query": query})
            if answer.get("status") != "success":
                failures.append(f"{where}: {answer.get('errorType', 'error')}: {answer.get('error')} — {query}")
            elif not answer["data"]["result"]:
                failures.append(f"{where}: no data — {query}")
    return ran, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prometheus", required=True, help="base URL of a Prometheus that scraped a fleet")
    parser.add_argument(
        "--dashboards",
        default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "dashboards"),
        help="folder of dashboard JSON files",
    )
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(args.dashboards, "*.json")))
    if not files:
        print(f"no dashboards in {args.dashboards}", file=sys.stderr)
        return 1
    total, failures = 0, []
    for path in files:
        ran, failed = check_dashboard(args.prometheus.rstrip("/"), path)
        total += ran
        failures += failed
        print(f"{os.path.basename(path)}: {ran} queries, {'all with data' if not failed else f'{len(failed)} failed'}")
    for failure in failures:
        print(f"  ✗ {failure}")
    print(f"{total} panel queries over {len(files)} dashboards: {'all answered with data' if not failures else f'{len(failures)} failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
