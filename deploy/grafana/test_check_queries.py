#!/usr/bin/env python3
"""Unit tests of check_queries.py against a fake Prometheus HTTP API (standard library only).

    python3 deploy/grafana/test_check_queries.py
"""

import json
import os
import sys
import tempfile
import threading
import unittest
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_queries  # noqa: E402


class FakePrometheus(BaseHTTPRequestHandler):
    """Answers like Prometheus: `bad(` does not parse, `missing_metric` has no series, the rest one."""

    asked = []

    def do_GET(self):  # noqa: N802 (http.server's name)
        url = urllib.parse.urlsplit(self.path)
        params = urllib.parse.parse_qs(url.query)
        if url.path.startswith("/api/v1/label/"):
            label = url.path.split("/")[4]
            body = {"status": "success", "data": {"app": ["gateway", "identity"], "route": ["/api/a", "/healthz"]}.get(label, [])}
            return self.answer(200, body)
        query = params.get("query", [""])[0]
        FakePrometheus.asked.append(query)
        if "bad(" in query:
            return self.answer(400, {"status": "error", "errorType": "bad_data", "error": "parse error"})
        result = [] if "missing_metric" in query else [{"metric": {}, "value": [0, "1"]}]
        return self.answer(200, {"status": "success", "data": {"resultType": "vector", "result": result}})

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *_args):
        pass


def dashboard(exprs, variables=()):
    panels = [{"type": "row", "title": "row", "panels": [
        {"title": f"panel {i}", "targets": [{"refId": "A", "expr": e}]} for i, e in enumerate(exprs)
    ]}]
    return {"title": "Test", "templating": {"list": list(variables)}, "panels": panels}


APP = {"name": "app", "type": "query", "query": {"query": "label_values(up, app)"}, "includeAll": True, "allValue": ".*"}


class CheckQueries(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), FakePrometheus)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.url = f"http://127.0.0.1:{cls.server.server_address[1]}"

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()

    def check(self, board):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(board, f)
        try:
            return check_queries.check_dashboard(self.url, f.name)
        finally:
            os.unlink(f.name)

    def test_variables_and_builtins_are_filled_in_as_grafana_sends_them(self):
        FakePrometheus.asked.clear()
        ran, failures = self.check(dashboard(['sum(rate(x{app=~"$app"}[$__rate_interval]))'], [APP]))
        self.assertEqual((ran, failures), (1, []))
        self.assertEqual(FakePrometheus.asked, ['sum(rate(x{app=~".*"}[1m]))'])

    def test_a_query_that_does_not_parse_fails(self):
        _, failures = self.check(dashboard(["bad(x"]))
        self.assertEqual(len(failures), 1)
        self.assertIn("parse error", failures[0])

    def test_a_query_without_data_fails(self):
        _, failures = self.check(dashboard(["sum(missing_metric)", "sum(up)"]))
        self.assertEqual(len(failures), 1)
        self.assertIn("no data", failures[0])

    def test_an_unknown_variable_fails_rather_than_being_sent(self):
        _, failures = self.check(dashboard(['up{app=~"$nope"}']))
        self.assertIn("unresolved variable", failures[0])

    def test_a_variable_with_no_values_fails(self):
        empty = dict(APP, name="svc", query={"query": "label_values(up, nothing_here)"})
        _, failures = self.check(dashboard(["sum(up)"], [empty]))
        self.assertTrue(any("variable $svc" in f for f in failures), failures)


if __name__ == "__main__":
    unittest.main(verbosity=1)
