#!/usr/bin/env python3
"""Loads Meguri's dashboards into an existing Grafana (10 or later) through its HTTP API.

    python3 deploy/grafana/load.py --grafana-url https://grafana.example.com \\
        --token glsa_… --prometheus-url http://prometheus.monitoring:9090
    python3 deploy/grafana/load.py --grafana-url http://127.0.0.1:3000 \\
        --user admin --password … --prometheus-url http://127.0.0.1:9090

1. creates the Prometheus datasource with uid `meguri-prometheus` (the uid every dashboard names), or
   updates the one that exists to point at --prometheus-url (its name and default flag are kept);
2. creates the folder "Meguri" (uid `meguri`) unless a folder of that title exists;
3. POSTs every deploy/grafana/dashboards/*.json to /api/dashboards/db into that folder with
   overwrite true, so loading again replaces the dashboards with the repository's version.

The token needs a role that may change datasources (Admin; a service account token of role Admin),
or give an admin's --user and --password (basic auth). Stops at the first failure with what failed
and Grafana's own message, exit status 1; loading again after fixing the cause is safe. Standard
library only.
"""

from __future__ import annotations

import argparse
import base64
import glob
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
DASHBOARDS = os.path.join(HERE, "dashboards")
DATASOURCE_UID = "meguri-prometheus"
FOLDER_UID = "meguri"
HINTS = {
    401: "Grafana refused the credentials: check --token, or --user and --password",
    403: "the credentials may not do this: datasources need the Admin role",
    404: "no such API: is --grafana-url Grafana's address (with its sub-path, if it has one)?",
    409: "a conflicting object exists",
    412: "the dashboard was changed in Grafana meanwhile",
}


class LoadError(Exception):
    """Loading stopped; the message says why."""


class Grafana:
    def __init__(self, url: str, authorization: str, timeout: float):
        self.url = url.rstrip("/")
        self.authorization = authorization
        self.timeout = timeout

    def call(self, method: str, path: str, body: object = None, missing_ok: bool = False) -> object:
        """Grafana's JSON answer, or None for a 404 when `missing_ok`."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Authorization", self.authorization)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                text = response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            if missing_ok and error.code == 404:
                return None
            detail = error.read().decode("utf-8", "replace")
            try:
                detail = json.loads(detail).get("message", detail)
            except (ValueError, AttributeError):
                pass
            hint = HINTS.get(error.code, "")
            if "provisioned" in str(detail).lower():
                hint = "this Grafana provisions that object from files: change the mounted files, not the API"
            raise LoadError(
                f"Grafana answered {error.code} {error.reason} to {method} {path}: {str(detail).strip() or '(no message)'}"
                + (f"\n  {hint}" if hint else "")
            ) from None
        except urllib.error.URLError as error:
            raise LoadError(f"cannot reach Grafana at {self.url}: {error.reason}") from None
        except (TimeoutError, OSError) as error:
            raise LoadError(f"cannot reach Grafana at {self.url}: {error}") from None
        try:
            return json.loads(text) if text.strip() else {}
        except ValueError:
            raise LoadError(f"{method} {path} did not answer JSON (is {self.url} a Grafana?): {text[:200]!r}") from None


def read_dashboards(directory: str) -> list[tuple[str, dict]]:
    paths = sorted(glob.glob(os.path.join(directory, "*.json")))
    if not paths:
        raise LoadError(f"no dashboards (*.json) in {directory}")
    dashboards = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                dashboard = json.load(f)
        except (OSError, ValueError) as error:
            raise LoadError(f"{path}: cannot read it as JSON: {error}") from None
        if not isinstance(dashboard, dict) or not dashboard.get("uid") or not dashboard.get("title"):
            raise LoadError(f"{path}: a dashboard needs a uid and a title")
        dashboards.append((os.path.basename(path), dashboard))
    return dashboards


def ensure_datasource(grafana: Grafana, prometheus_url: str, name: str) -> str:
    existing = grafana.call("GET", f"/api/datasources/uid/{DATASOURCE_UID}", missing_ok=True)
    settings = {
        "uid": DATASOURCE_UID,
        "type": "prometheus",
        "access": "proxy",
        "url": prometheus_url,
        "jsonData": {"httpMethod": "POST", "timeInterval": "15s"},
    }
    if existing is None:
        grafana.call("POST", "/api/datasources", {**settings, "name": name, "isDefault": False})
        return f"datasource {DATASOURCE_UID}: created ({name!r} → {prometheus_url})"
    if existing.get("type") != "prometheus":
        raise LoadError(f"datasource {DATASOURCE_UID} exists but is of type {existing.get('type')!r}, not prometheus")
    json_data = {**(existing.get("jsonData") or {}), **settings["jsonData"]}
    body = {**existing, **settings, "jsonData": json_data}
    body.pop("readOnly", None)
    grafana.call("PUT", f"/api/datasources/uid/{DATASOURCE_UID}", body)
    return f"datasource {DATASOURCE_UID}: updated ({existing.get('name')!r} → {prometheus_url})"


def ensure_folder(grafana: Grafana, title: str) -> tuple[str, str]:
    folders = grafana.call("GET", "/api/folders?limit=1000")
    for folder in folders if isinstance(folders, list) else []:
        if folder.get("title") == title:
            return folder["uid"], f"folder {title!r}: exists (uid {folder['uid']})"
    created = grafana.call("POST", "/api/folders", {"uid": FOLDER_UID, "title": title})
    uid = created.get("uid", FOLDER_UID) if isinstance(created, dict) else FOLDER_UID
    return uid, f"folder {title!r}: created (uid {uid})"


def load_dashboard(grafana: Grafana, folder_uid: str, file: str, dashboard: dict) -> str:
    body = {
        "dashboard": {**dashboard, "id": None},
        "folderUid": folder_uid,
        "overwrite": True,
        "message": f"deploy/grafana/load.py: {file}",
    }
    answer = grafana.call("POST", "/api/dashboards/db", body)
    url = answer.get("url", "") if isinstance(answer, dict) else ""
    return f"dashboard {dashboard['uid']}: loaded {dashboard['title']!r} {grafana.url + url if url else ''}".rstrip()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Load Meguri's Prometheus datasource, folder and dashboards into an existing Grafana.",
    )
    parser.add_argument("--grafana-url", required=True, help="e.g. https://grafana.example.com")
    auth = parser.add_mutually_exclusive_group(required=True)
    auth.add_argument("--token", help="a service account token (or API key) of role Admin")
    auth.add_argument("--user", help="a Grafana admin's login (basic auth); needs --password")
    parser.add_argument("--password", help="with --user")
    parser.add_argument("--prometheus-url", required=True, help="the Prometheus Grafana queries, as Grafana reaches it")
    parser.add_argument("--datasource-name", default="Meguri Prometheus",
                        help="the datasource's name when it is created (default: %(default)s)")
    parser.add_argument("--folder", default="Meguri", help="the folder's title (default: %(default)s)")
    parser.add_argument("--dashboards", default=DASHBOARDS, help="the directory of dashboard JSON files")
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.user is not None and not args.password:
        parser.error("--user needs --password")
    if args.password and args.user is None:
        parser.error("--password goes with --user")
    for option in ("grafana_url", "prometheus_url"):
        scheme = urllib.parse.urlsplit(getattr(args, option)).scheme
        if scheme not in ("http", "https"):
            parser.error(f"--{option.replace('_', '-')} must be an http:// or https:// URL")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.token is not None:
        authorization = f"Bearer {args.token}"
    else:
        authorization = "Basic " + base64.b64encode(f"{args.user}:{args.password}".encode()).decode("ascii")
    grafana = Grafana(args.grafana_url, authorization, args.timeout)
    try:
        dashboards = read_dashboards(args.dashboards)
        print(ensure_datasource(grafana, args.prometheus_url, args.datasource_name))
        folder_uid, message = ensure_folder(grafana, args.folder)
        print(message)
        for file, dashboard in dashboards:
            print(load_dashboard(grafana, folder_uid, file, dashboard))
    except LoadError as error:
        print(f"load.py: {error}", file=sys.stderr)
        return 1
    print(f"loaded {len(dashboards)} dashboards into {args.folder!r} at {grafana.url}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
