#!/usr/bin/env python3
"""Unit tests of check_metrics.py: it must pass a clean exposition and catch each kind of mistake.

    python3 deploy/prometheus/test_check_metrics.py
"""

import os
import shutil
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_metrics  # noqa: E402

CLEAN = """# HELP meguri_gateway_http_requests_total HTTP requests by matched route, method and status
# TYPE meguri_gateway_http_requests_total counter
meguri_gateway_http_requests_total{route="/api/diary/{id}",method="GET",status="200"} 3
meguri_gateway_http_requests_total{route="unmatched",method="GET",status="404"} 1
# HELP meguri_gateway_http_request_duration_seconds HTTP request latency by matched route
# TYPE meguri_gateway_http_request_duration_seconds histogram
meguri_gateway_http_request_duration_seconds_bucket{route="/api/diary/{id}",method="GET",le="0.005"} 2
meguri_gateway_http_request_duration_seconds_bucket{route="/api/diary/{id}",method="GET",le="+Inf"} 3
meguri_gateway_http_request_duration_seconds_sum{route="/api/diary/{id}",method="GET"} 0.02
meguri_gateway_http_request_duration_seconds_count{route="/api/diary/{id}",method="GET"} 3
# HELP process_resident_memory_bytes Resident memory size in bytes
# TYPE process_resident_memory_bytes gauge
process_resident_memory_bytes 63684608
"""


def counter(name, labels="", value=1, help_text="Something counted"):
    return f"# HELP {name} {help_text}\n# TYPE {name} counter\n{name}{labels} {value}\n"


class LabelChecks(unittest.TestCase):
    def test_a_clean_exposition_has_no_problem(self):
        self.assertEqual(check_metrics.label_problems("gateway", CLEAN), [])

    def test_a_label_named_for_a_person_is_refused(self):
        text = counter("meguri_chat_messages_total", '{user_id="alice"}')
        self.assertIn("names a person or a request", "\n".join(check_metrics.label_problems("chat", text)))

    def test_id_like_values_are_refused_whatever_the_label_is_called(self):
        for value, why in [
            ("0193b1c2-7d4e-7f00-8a1b-2c3d4e5f6a7b", "a UUID"),
            ("someone@example.jp", "an e-mail address"),
            ("203.0.113.7", "an IP address"),
            ("1234567", "a long number"),
            ("https://meguri.example/api", "a URL"),
            ("/api/diary/81234", "a raw path"),
        ]:
            problems = check_metrics.label_problems("x", counter("meguri_x_total", f'{{outcome="{value}"}}'))
            self.assertTrue(any(why in p for p in problems), (value, problems))

    def test_a_route_pattern_is_not_a_raw_path(self):
        text = counter("meguri_x_total", '{route="/api/friends/{username}/compatibility"}')
        self.assertEqual(check_metrics.label_problems("x", text), [])

    def test_too_many_series_or_values_are_refused(self):
        lines = [f'meguri_x_total{{outcome="o{i}"}} 1' for i in range(check_metrics.MAX_VALUES + 1)]
        text = "# HELP meguri_x_total x\n# TYPE meguri_x_total counter\n" + "\n".join(lines) + "\n"
        self.assertTrue(any("values (more than" in p for p in check_metrics.label_problems("x", text)))

    def test_histogram_buckets_count_as_one_series(self):
        buckets = [f'meguri_y_seconds_bucket{{le="{i}"}} 1' for i in range(check_metrics.MAX_SERIES + 5)]
        text = "# HELP meguri_y_seconds y\n# TYPE meguri_y_seconds histogram\n" + "\n".join(buckets) + "\n"
        self.assertEqual(check_metrics.label_problems("x", text), [])

    def test_a_name_outside_the_namespaces_is_refused(self):
        problems = check_metrics.label_problems("x", counter("http_requests_total"))
        self.assertTrue(any("outside Meguri's namespaces" in p for p in problems), problems)


@unittest.skipUnless(shutil.which("promtool"), "promtool is not installed")
class PromtoolChecks(unittest.TestCase):
    def test_promtool_passes_the_clean_exposition(self):
        self.assertEqual(check_metrics.promtool_problems("gateway", CLEAN), [])

    def test_promtool_refuses_a_counter_without_total_and_a_missing_help(self):
        text = "# TYPE meguri_x_count counter\nmeguri_x_count 1\n"
        problems = "\n".join(check_metrics.promtool_problems("x", text))
        self.assertIn("no help text", problems)
        self.assertIn("_total", problems)


if __name__ == "__main__":
    unittest.main(verbosity=1)
