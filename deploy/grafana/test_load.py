#!/usr/bin/env python3
"""Tests of load.py against a fake Grafana: a small HTTP server in this process that answers the few
API calls the loader makes and records every request. Standard library only:

    python3 deploy/grafana/test_load.py
"""

from __future__ import annotations

import base64
import glob
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
LOADER = os.path.join(HERE, "load.py")
DASHBOARD_FILES = sorted(glob.glob(os.path.join(HERE, "dashboards", "*.json")))
TOKEN = "glsa_test_token"
PROMETHEUS = "http://prometheus.monitoring:9090"


class FakeGrafana:
    """Answers like Grafana 10 for the calls load.py makes; `requests` lists (method, path, headers, body)."""

    def __init__(self, datasource: dict | None = None, folders: list[dict] | None = None,
                 authorization: str = f"Bearer {TOKEN}"):
        self.datasource = datasource
        self.folders = list(folders or [])
        self.authorization = authorization
        self.requests: list[tuple[str, str, dict, object]] = []
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def handle_any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                fake.requests.append((self.command, self.path, dict(self.headers), body))
                status, answer = fake.answer(self.command, self.path, self.headers.get("Authorization"), body)
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = handle_any

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeGrafana:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def answer(self, method: str, path: str, authorization: str | None, body: object) -> tuple[int, object]:
        if authorization != self.authorization:
            return 401, {"message": "Invalid API key"}
        route = path.split("?", 1)[0]
        if route == "/api/datasources/uid/meguri-prometheus":
            if method == "GET":
                return (200, self.datasource) if self.datasource else (404, {"message": "Data source not found"})
            if method == "PUT" and self.datasource:
                self.datasource = {**self.datasource, **body}
                return 200, {"message": "Datasource updated", "datasource": self.datasource}
        if route == "/api/datasources" and method == "POST":
            self.datasource = {**body, "id": 7}
            return 200, {"message": "Datasource added", "id": 7, "datasource": self.datasource}
        if route == "/api/folders" and method == "GET":
            return 200, self.folders
        if route == "/api/folders" and method == "POST":
            folder = {"id": 3, "uid": body.get("uid") or "generated", "title": body["title"]}
            self.folders.append(folder)
            return 200, folder
        if route == "/api/dashboards/db" and method == "POST":
            uid = body["dashboard"]["uid"]
            return 200, {"status": "success", "uid": uid, "url": f"/d/{uid}/x", "version": 1, "id": 1}
        return 404, {"message": "Not found"}

    def calls(self, method: str, route: str) -> list[object]:
        """The bodies of the requests made to `route` with `method`."""
        return [body for m, path, _, body in self.requests if m == method and path.split("?", 1)[0] == route]


def run_loader(*args: str) -> subprocess.CompletedProcess:
    # The fake Grafana is on 127.0.0.1: keep a proxy of the environment out of the way.
    env = {k: v for k, v in os.environ.items() if k.lower() not in ("http_proxy", "https_proxy", "all_proxy")}
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    return subprocess.run([sys.executable, LOADER, *args], capture_output=True, text=True, timeout=60, env=env)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LoaderTest(unittest.TestCase):
    def test_there_are_dashboards_to_load(self) -> None:
        self.assertGreater(len(DASHBOARD_FILES), 1)

    def assert_every_dashboard_loaded(self, grafana: FakeGrafana, folder_uid: str) -> None:
        posted = grafana.calls("POST", "/api/dashboards/db")
        expected = []
        for path in DASHBOARD_FILES:
            with open(path, encoding="utf-8") as f:
                expected.append(json.load(f)["uid"])
        self.assertEqual([body["dashboard"]["uid"] for body in posted], expected)
        for body in posted:
            self.assertIs(body["overwrite"], True)
            self.assertEqual(body["folderUid"], folder_uid)
            self.assertIsNone(body["dashboard"]["id"])
            self.assertTrue(body["dashboard"]["panels"])

    def test_an_empty_grafana_gets_the_datasource_the_folder_and_every_dashboard(self) -> None:
        with FakeGrafana() as grafana:
            result = run_loader("--grafana-url", grafana.url, "--token", TOKEN, "--prometheus-url", PROMETHEUS)
        self.assertEqual(result.returncode, 0, result.stderr)
        created = grafana.calls("POST", "/api/datasources")
        self.assertEqual(len(created), 1)
        self.assertEqual(created[0]["uid"], "meguri-prometheus")
        self.assertEqual(created[0]["type"], "prometheus")
        self.assertEqual(created[0]["url"], PROMETHEUS)
        self.assertEqual(created[0]["access"], "proxy")
        self.assertEqual(grafana.calls("POST", "/api/folders"), [{"uid": "meguri", "title": "Meguri"}])
        self.assert_every_dashboard_loaded(grafana, "meguri")
        self.assertTrue(all(headers.get("Authorization") == f"Bearer {TOKEN}" for _, _, headers, _ in grafana.requests))
        self.assertIn(f"loaded {len(DASHBOARD_FILES)} dashboards", result.stdout)

    def test_an_existing_datasource_is_updated_and_an_existing_folder_reused(self) -> None:
        existing = {"id": 4, "uid": "meguri-prometheus", "name": "Prometheus", "type": "prometheus", "access": "proxy",
                    "url": "http://old:9090", "isDefault": True, "jsonData": {"httpMethod": "GET", "keep": 1},
                    "readOnly": False, "version": 2}
        folders = [{"id": 1, "uid": "other", "title": "Other"}, {"id": 2, "uid": "abc123", "title": "Meguri"}]
        with FakeGrafana(datasource=existing, folders=folders) as grafana:
            result = run_loader("--grafana-url", grafana.url + "/", "--token", TOKEN, "--prometheus-url", PROMETHEUS)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(grafana.calls("POST", "/api/datasources"), [])
        updated = grafana.calls("PUT", "/api/datasources/uid/meguri-prometheus")
        self.assertEqual(len(updated), 1)
        self.assertEqual(updated[0]["url"], PROMETHEUS)
        self.assertEqual(updated[0]["name"], "Prometheus")
        self.assertIs(updated[0]["isDefault"], True)
        self.assertEqual(updated[0]["jsonData"], {"httpMethod": "POST", "timeInterval": "15s", "keep": 1})
        self.assertEqual(grafana.calls("POST", "/api/folders"), [])
        self.assert_every_dashboard_loaded(grafana, "abc123")

    def test_basic_auth_with_user_and_password(self) -> None:
        expected = "Basic " + base64.b64encode(b"admin:s3cret").decode()
        with FakeGrafana(authorization=expected) as grafana:
            result = run_loader("--grafana-url", grafana.url, "--user", "admin", "--password", "s3cret",
                                "--prometheus-url", PROMETHEUS)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_every_dashboard_loaded(grafana, "meguri")

    def test_refused_credentials_stop_with_a_clear_message(self) -> None:
        with FakeGrafana() as grafana:
            result = run_loader("--grafana-url", grafana.url, "--token", "wrong", "--prometheus-url", PROMETHEUS)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("401", result.stderr)
        self.assertIn("Invalid API key", result.stderr)
        self.assertIn("--token", result.stderr)
        self.assertEqual(len(grafana.requests), 1)
        self.assertEqual(grafana.calls("POST", "/api/dashboards/db"), [])

    def test_an_unreachable_grafana_fails(self) -> None:
        result = run_loader("--grafana-url", f"http://127.0.0.1:{free_port()}", "--token", TOKEN,
                            "--prometheus-url", PROMETHEUS, "--timeout", "5")
        self.assertEqual(result.returncode, 1)
        self.assertIn("cannot reach Grafana", result.stderr)

    def test_a_broken_dashboard_file_fails_before_any_request(self) -> None:
        import tempfile

        with tempfile.TemporaryDirectory() as directory, FakeGrafana() as grafana:
            with open(os.path.join(directory, "broken.json"), "w", encoding="utf-8") as f:
                f.write("{not json")
            result = run_loader("--grafana-url", grafana.url, "--token", TOKEN, "--prometheus-url", PROMETHEUS,
                                "--dashboards", directory)
        self.assertEqual(result.returncode, 1)
        self.assertIn("broken.json", result.stderr)
        self.assertEqual(grafana.requests, [])

    def test_usage_errors(self) -> None:
        for args in (
            ["--grafana-url", "http://g", "--prometheus-url", PROMETHEUS],
            ["--grafana-url", "http://g", "--token", "t", "--user", "u", "--password", "p", "--prometheus-url", PROMETHEUS],
            ["--grafana-url", "http://g", "--user", "u", "--prometheus-url", PROMETHEUS],
            ["--grafana-url", "grafana:3000", "--token", "t", "--prometheus-url", PROMETHEUS],
        ):
            result = run_loader(*args)
            self.assertEqual(result.returncode, 2, args)
            self.assertIn("usage:", result.stderr)


if __name__ == "__main__":
    unittest.main()
