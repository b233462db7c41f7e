#!/usr/bin/env python3
"""Weighted user journeys against the Meguri gateway (Python 3.9+, standard library only).

Each simulated visitor picks a journey by weight, runs its steps as the SPA would, waits a moment,
and picks again. The script first waits until GET /readyz answers 200, then runs for --duration
seconds and prints requests, status codes and latency percentiles per step.

    python3 deploy/loadgen/loadgen.py --url http://127.0.0.1:8080 --users 8 --duration 60

Journeys (weight): chart 10, place search 5, almanac 2, session check 1. The reading, login and
chat journeys of STYLE §11 are not here yet: their routes do not exist.

With --analytics-share, that share of the visitors agree to analytics when they arrive (PUT
/api/analytics/consent, as the SPA's notice does), keep the cookie and a browser's User-Agent, and
after each journey report the page it showed (POST /api/analytics/events), so their landing
calculations and page views are counted. --journeys-per-visitor stops each visitor after that many
journeys instead of at --duration (the analytics fleet test runs it once per simulated day).

The gateway limits the calculator to 30 and place look-ups to 120 requests per client IP per minute
by default; one load generator is one IP, so run it against a gateway with RATE_LIMIT_ENABLED=false
(or raised limits) unless the 429s are what you want to see. 429s are counted apart from errors.

See README.md beside this file.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import defaultdict

# Queries typed into the birth-place field, as a person types them (the SPA debounces 300 ms).
PLACE_QUERIES = [
    ["と", "とう", "とうきょう"],
    ["大", "大阪"],
    ["さっぽろ"],
    ["na", "naha"],
    ["横浜"],
    ["京都"],
    ["福岡"],
    ["New York"],
    ["ソウル"],
    ["札幌市中央"],
]


class Stats:
    """Latencies and status codes per step name, shared by all visitor threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.statuses: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.unexpected: dict[str, int] = defaultdict(int)
        self.journeys: dict[str, int] = defaultdict(int)

    def record(self, step: str, status: str, seconds: float, expected: bool) -> None:
        with self.lock:
            self.latencies[step].append(seconds)
            self.statuses[step][status] += 1
            if not expected:
                self.unexpected[step] += 1

    def journey(self, name: str) -> None:
        with self.lock:
            self.journeys[name] += 1

    def totals(self) -> tuple[int, int, int]:
        """(requests, rate limited, unexpected answers other than 429)."""
        with self.lock:
            total = sum(len(v) for v in self.latencies.values())
            limited = sum(s.get("429", 0) for s in self.statuses.values())
            unexpected = sum(self.unexpected.values())
        return total, limited, unexpected - limited


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(p / 100 * (len(sorted_values) - 1))))
    return sorted_values[k]


class Client:
    """One visitor's HTTP client: JSON in and out, a request id per call, no retries. A visitor who
    agreed to analytics sends its consent cookie and a browser's User-Agent."""

    def __init__(self, base: str, stats: Stats, timeout: float) -> None:
        self.base = base.rstrip("/")
        self.stats = stats
        self.timeout = timeout
        self.cookie: str | None = None
        self.user_agent = "meguri-loadgen"

    def call(self, step: str, method: str, path: str, body: dict | None = None,
             expect: tuple[int, ...] = (200,)) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        request.add_header("User-Agent", self.user_agent)
        if self.cookie:
            request.add_header("Cookie", self.cookie)
        # Searchable in the gateway's logs (request_id) when a request needs explaining.
        request.add_header("X-Request-Id", "loadgen-" + uuid.uuid4().hex)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        started = time.monotonic()
        status, payload = 0, None
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                status = response.status
                payload = json.loads(response.read() or b"null")
            if self.cookie is None and path == "/api/analytics/consent":
                self.cookie = consent_cookie(response.headers.get_all("Set-Cookie") or [])
        except urllib.error.HTTPError as error:
            status = error.code
            try:
                payload = json.loads(error.read() or b"null")
            except ValueError:
                payload = None
        except (urllib.error.URLError, OSError, ValueError) as error:
            label = type(getattr(error, "reason", error)).__name__
            self.stats.record(step, f"error:{label}", time.monotonic() - started, False)
            return 0, None
        self.stats.record(step, str(status), time.monotonic() - started, status in expect)
        return status, payload


def random_birth(rng: random.Random, place: str | None) -> dict:
    birth: dict = {"birthDate": f"{rng.randint(1940, 2012):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"}
    if rng.random() < 0.8:  # some visitors skip the time; the engine then assumes 12:00
        birth["birthTime"] = f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
    if place:
        birth["birthLocation"] = place
    if rng.random() < 0.5:
        birth["gender"] = rng.choice(["male", "female"])
    return birth


def journey_chart(client: Client, rng: random.Random) -> None:
    """The landing calculator: find the birth place, take its coordinates, calculate."""
    place = None
    for query in rng.choice(PLACE_QUERIES):
        status, payload = client.call("places/search", "GET", "/api/places/search?" + urllib.parse.urlencode({"query": query}),
                                      expect=(200,))
        if status == 200 and isinstance(payload, dict) and payload.get("suggestions"):
            place = payload["suggestions"][0]
        time.sleep(0.3)
    body = random_birth(rng, place)
    if place:
        status, payload = client.call("places/coordinates", "GET",
                                      "/api/places/coordinates?" + urllib.parse.urlencode({"location": place}),
                                      expect=(200, 404))
        if status == 200 and isinstance(payload, dict):
            body["coordinates"] = payload.get("coordinates")
    client.call("public/calculate-bazi", "POST", "/api/public/calculate-bazi", body, expect=(200,))


def journey_place_search(client: Client, rng: random.Random) -> None:
    """Someone typing in the place field and changing their mind."""
    for query in rng.choice(PLACE_QUERIES) + rng.choice(PLACE_QUERIES):
        client.call("places/search", "GET", "/api/places/search?" + urllib.parse.urlencode({"query": query}))
        time.sleep(0.3)


def journey_almanac(client: Client, rng: random.Random) -> None:
    """Today's almanac, then a month of it."""
    client.call("almanac (day)", "GET", "/api/almanac")
    start = time.gmtime(time.time() + 9 * 3600 + rng.randint(0, 365) * 86400)
    first = f"{start.tm_year:04d}-{start.tm_mon:02d}-01"
    last = f"{start.tm_year:04d}-{start.tm_mon:02d}-28"
    client.call("almanac (month)", "GET", "/api/almanac?" + urllib.parse.urlencode({"from": first, "to": last}))


def journey_session_check(client: Client, rng: random.Random) -> None:
    """What the SPA asks first on every load: a visitor without a session gets 401."""
    client.call("auth/user", "GET", "/api/auth/user", expect=(401,))


JOURNEYS = [
    ("chart", 10, journey_chart),
    ("place search", 5, journey_place_search),
    ("almanac", 2, journey_almanac),
    ("session check", 1, journey_session_check),
]
# The SPA page each journey happens on (all on the landing page), reported as a page view by a
# visitor who agreed to analytics.
JOURNEY_PAGES = {"chart": "/", "place search": "/", "almanac": "/", "session check": "/"}


def wait_ready(base: str, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    url = base.rstrip("/") + "/readyz"
    last = ""
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=3) as response:
                if response.status == 200:
                    return True
        except urllib.error.HTTPError as error:
            last = f"HTTP {error.code}"
        except (urllib.error.URLError, OSError) as error:
            last = str(getattr(error, "reason", error))
        print(f"waiting for {url} ({last})", file=sys.stderr)
        time.sleep(2)
    return False


def visitor(n: int, args: argparse.Namespace, stats: Stats, stop: threading.Event) -> None:
    rng = random.Random(args.seed + n if args.seed is not None else None)
    client = Client(args.url, stats, args.timeout)
    names = [j[0] for j in JOURNEYS]
    weights = [j[1] for j in JOURNEYS]
    runs = {j[0]: j[2] for j in JOURNEYS}
    counted = rng.random() < args.analytics_share
    if counted:
        client.user_agent = rng.choice(BROWSERS)
        client.call("analytics/consent", "PUT", "/api/analytics/consent", {"analytics": True})
    done = 0
    while not stop.is_set() and (args.journeys_per_visitor is None or done < args.journeys_per_visitor):
        name = rng.choices(names, weights)[0]
        if counted:
            # The page is shown before its journey starts; the SPA reports the view then.
            client.call("analytics/events", "POST", "/api/analytics/events",
                        {"events": [{"name": "page_view", "path": JOURNEY_PAGES[name]}]}, expect=(202,))
        runs[name](client, rng)
        stats.journey(name)
        done += 1
        stop.wait(rng.uniform(args.think_min, args.think_max))


# --- analytics: page views at a fixed rate (issue 26's ingest benchmark) ---------------------------

SPA_PATHS = ["/", "/about", "/home", "/fortune", "/diary", "/friends", "/chat", "/shop", "/settings"]
BROWSERS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
]


def consent_cookie(set_cookies: list[str]) -> str | None:
    """The `meguri_aid` cookie pair among a response's Set-Cookie headers (the visitor's id once
    they agreed to analytics)."""
    for header in set_cookies:
        pair = header.split(";", 1)[0].strip()
        if pair.split("=", 1)[0].endswith("meguri_aid") and not pair.endswith("="):
            return pair
    return None


def consenting_visitor(base: str, timeout: float) -> str:
    """A visitor who agreed to analytics: the `meguri_aid` cookie pair the gateway set."""
    request = urllib.request.Request(base.rstrip("/") + "/api/analytics/consent",
                                     data=json.dumps({"analytics": True}).encode(), method="PUT")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=timeout) as response:
        cookie = consent_cookie(response.headers.get_all("Set-Cookie") or [])
    if cookie is None:
        raise RuntimeError("PUT /api/analytics/consent set no consent cookie")
    return cookie


def resp_command(host: str, port: int, *parts: str) -> object:
    """One Redis command over RESP2 (standard library only); the reply as Python values."""
    import socket
    with socket.create_connection((host, port), timeout=5) as sock:
        payload = f"*{len(parts)}\r\n" + "".join(f"${len(p.encode())}\r\n{p}\r\n" for p in parts)
        sock.sendall(payload.encode())
        reader = sock.makefile("rb")

        def read() -> object:
            line = reader.readline().rstrip(b"\r\n")
            kind, rest = line[:1], line[1:]
            if kind == b"+":
                return rest.decode()
            if kind == b"-":
                raise RuntimeError(rest.decode())
            if kind == b":":
                return int(rest)
            if kind == b"$":
                n = int(rest)
                if n < 0:
                    return None
                data = reader.read(n + 2)[:-2]
                return data.decode(errors="replace")
            if kind == b"*":
                n = int(rest)
                return None if n < 0 else [read() for _ in range(n)]
            raise RuntimeError(f"unexpected RESP reply {line!r}")

        return read()


def ingest_lag(redis_url: str, key: str, group: str) -> tuple[int, int, float]:
    """(entries not yet read by `group`, entries read but not acknowledged, lag in seconds: how much
    older the group's last read entry is than the stream's newest)."""
    parsed = urllib.parse.urlparse(redis_url)
    host, port = parsed.hostname or "127.0.0.1", parsed.port or 6379
    stream = resp_command(host, port, "XINFO", "STREAM", key)
    info = dict(zip(stream[::2], stream[1::2])) if isinstance(stream, list) else {}
    groups = resp_command(host, port, "XINFO", "GROUPS", key)
    for entry in groups or []:
        g = dict(zip(entry[::2], entry[1::2]))
        if g.get("name") != group:
            continue
        newest = int(str(info.get("last-generated-id", "0-0")).split("-")[0])
        read = int(str(g.get("last-delivered-id", "0-0")).split("-")[0])
        unread = g.get("lag")
        unread = int(unread) if isinstance(unread, int) else -1
        pending = int(g.get("pending") or 0)
        seconds = max(0.0, (newest - read) / 1000) if (unread or pending) else 0.0
        return unread, pending, seconds
    return -1, -1, float("nan")


def run_analytics(args: argparse.Namespace) -> int:
    """Page views at `--analytics-events-per-minute` from consenting visitors in batches of 50,
    with the ingest lag (support's group on the analytics stream) printed every 10 s."""
    rate = args.analytics_events_per_minute / 60.0
    batch = 50
    visitors = max(4, args.users)
    cookies = [consenting_visitor(args.url, args.timeout) for _ in range(visitors)]
    stats = Stats()
    client = Client(args.url, stats, args.timeout)
    key = f"{args.redis_prefix}stream:analytics"
    sent = 0
    lock = threading.Lock()
    stop = threading.Event()
    started = time.monotonic()

    def feed(n: int) -> None:
        nonlocal sent
        rng = random.Random(n)
        interval = batch * visitors / rate  # seconds between this visitor's batches
        next_at = started + rng.uniform(0, interval)
        while not stop.is_set():
            stop.wait(max(0.0, next_at - time.monotonic()))
            if stop.is_set():
                return
            next_at += interval
            events = [{"name": "page_view", "path": rng.choice(SPA_PATHS)} for _ in range(batch)]
            data = json.dumps({"events": events}).encode()
            request = urllib.request.Request(args.url.rstrip("/") + "/api/analytics/events", data=data, method="POST")
            request.add_header("Content-Type", "application/json")
            request.add_header("Cookie", cookies[n])
            request.add_header("User-Agent", rng.choice(BROWSERS))
            t0 = time.monotonic()
            try:
                with urllib.request.urlopen(request, timeout=args.timeout) as response:
                    accepted = json.loads(response.read() or b"{}").get("accepted", 0)
                    stats.record("analytics/events", str(response.status), time.monotonic() - t0, response.status == 202)
                    with lock:
                        sent += int(accepted)
            except urllib.error.HTTPError as error:
                stats.record("analytics/events", str(error.code), time.monotonic() - t0, False)
            except (urllib.error.URLError, OSError) as error:
                stats.record("analytics/events", f"error:{type(error).__name__}", time.monotonic() - t0, False)

    threads = [threading.Thread(target=feed, args=(n,), daemon=True) for n in range(visitors)]
    for thread in threads:
        thread.start()
    print(f"{visitors} consenting visitors, {args.analytics_events_per_minute} page views a minute in batches of "
          f"{batch} for {args.duration:.0f} s; lag of group support on {key}")
    print(f"{'t s':>5} {'sent':>8} {'events/min':>10} {'unread':>7} {'pending':>7} {'lag s':>6}")
    lags = []
    next_line = started + 10
    while time.monotonic() - started < args.duration:
        time.sleep(0.2)
        if time.monotonic() >= next_line:
            elapsed = time.monotonic() - started
            unread, pending, lag = ingest_lag(args.redis_url, key, "support")
            lags.append(lag)
            with lock:
                total = sent
            print(f"{elapsed:5.0f} {total:8d} {total / elapsed * 60:10.0f} {unread:7d} {pending:7d} {lag:6.2f}")
            next_line += 10
    stop.set()
    for thread in threads:
        thread.join(timeout=args.timeout + 5)
    # The tail: how long the ingest takes to catch up once the feed stops.
    drained_in = None
    for i in range(120):
        unread, pending, _ = ingest_lag(args.redis_url, key, "support")
        if unread == 0 and pending == 0:
            drained_in = i * 0.5
            break
        time.sleep(0.5)
    elapsed = time.monotonic() - started
    report(stats, elapsed)
    valid = [l for l in lags if l == l]
    print(f"sent {sent} events in {args.duration:.0f} s ({sent / args.duration * 60:.0f}/min); "
          f"lag max {max(valid, default=float('nan')):.2f} s, mean {sum(valid) / max(1, len(valid)):.2f} s; "
          f"caught up {'%.1f s after the feed stopped' % drained_in if drained_in is not None else 'NOT within 60 s'}")
    total, limited, unexpected = stats.totals()
    return 0 if drained_in is not None and unexpected == 0 and total else 1


def report(stats: Stats, elapsed: float) -> None:
    print(f"\n{'step':24} {'requests':>8} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}  statuses")
    with stats.lock:
        for step in sorted(stats.latencies):
            values = sorted(stats.latencies[step])
            statuses = " ".join(f"{k}:{v}" for k, v in sorted(stats.statuses[step].items()))
            print(f"{step:24} {len(values):8d} {len(values) / elapsed:7.1f} {percentile(values, 50) * 1000:8.1f} "
                  f"{percentile(values, 95) * 1000:8.1f} {percentile(values, 99) * 1000:8.1f}  {statuses}")
        print("journeys: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.journeys.items())))


def env_default(name: str, fallback: str) -> str:
    value = os.environ.get(name, "").strip()
    return value or fallback


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=env_default("LOADGEN_URL", "http://127.0.0.1:8080"),
                        help="gateway base URL (env LOADGEN_URL; default %(default)s)")
    parser.add_argument("--users", type=int, default=int(env_default("LOADGEN_USERS", "4")),
                        help="concurrent visitors (env LOADGEN_USERS; default %(default)s)")
    parser.add_argument("--duration", type=float, default=float(env_default("LOADGEN_DURATION", "60")),
                        help="seconds of load after readiness (env LOADGEN_DURATION; default %(default)s)")
    parser.add_argument("--ramp", type=float, default=float(env_default("LOADGEN_RAMP", "5")),
                        help="seconds over which visitors start (env LOADGEN_RAMP; default %(default)s)")
    parser.add_argument("--think-min", type=float, default=0.5, help="least pause between journeys, s")
    parser.add_argument("--think-max", type=float, default=2.0, help="longest pause between journeys, s")
    parser.add_argument("--timeout", type=float, default=10.0, help="per-request timeout, s")
    parser.add_argument("--ready-timeout", type=float, default=120.0, help="how long to wait for /readyz, s")
    parser.add_argument("--max-error-ratio", type=float, default=0.01,
                        help="exit 1 when unexpected answers (other than 429) exceed this share; default %(default)s")
    parser.add_argument("--seed", type=int, default=None, help="random seed, for repeatable runs")
    parser.add_argument("--analytics-share", type=float, default=0.0,
                        help="share of visitors (0–1) who agree to analytics and report their page views")
    parser.add_argument("--journeys-per-visitor", type=int, default=None,
                        help="each visitor stops after this many journeys (default: runs until --duration)")
    parser.add_argument("--analytics-events-per-minute", type=int, default=0,
                        help="instead of the journeys: page views at this rate from consenting visitors, printing "
                             "support's ingest lag every 10 s (needs --redis-url)")
    parser.add_argument("--redis-url", default=env_default("REDIS_URL", "redis://127.0.0.1:6379"),
                        help="where the event streams are (env REDIS_URL; default %(default)s)")
    parser.add_argument("--redis-prefix", default=env_default("REDIS_KEY_PREFIX", ""),
                        help="the fleet's REDIS_KEY_PREFIX (env REDIS_KEY_PREFIX)")
    args = parser.parse_args()
    if args.users < 1 or args.duration <= 0 or args.think_max < args.think_min:
        parser.error("--users must be ≥ 1, --duration > 0 and --think-max ≥ --think-min")
    if not 0.0 <= args.analytics_share <= 1.0 or (args.journeys_per_visitor is not None and args.journeys_per_visitor < 1):
        parser.error("--analytics-share must be within 0–1 and --journeys-per-visitor ≥ 1")

    if not wait_ready(args.url, args.ready_timeout):
        print(f"the gateway at {args.url} did not become ready in {args.ready_timeout:.0f} s", file=sys.stderr)
        return 2
    if args.analytics_events_per_minute > 0:
        return run_analytics(args)
    print(f"{args.url} is ready: {args.users} visitors for {args.duration:.0f} s "
          f"(weights: {', '.join(f'{n} {w}' for n, w, _ in JOURNEYS)})")

    stats = Stats()
    stop = threading.Event()
    threads = []
    started = time.monotonic()
    for n in range(args.users):
        thread = threading.Thread(target=visitor, args=(n, args, stats, stop), name=f"visitor-{n}", daemon=True)
        thread.start()
        threads.append(thread)
        if args.users > 1:
            stop.wait(args.ramp / args.users)
    next_line = started + 10
    while time.monotonic() - started < args.duration and any(t.is_alive() for t in threads):
        time.sleep(0.2)
        if time.monotonic() >= next_line:
            total, limited, unexpected = stats.totals()
            print(f"{time.monotonic() - started:5.0f} s  requests {total}  rate-limited {limited}  unexpected {unexpected}")
            next_line += 10
    stop.set()
    for thread in threads:
        thread.join(timeout=args.timeout + 5)
    elapsed = time.monotonic() - started

    report(stats, elapsed)
    total, limited, unexpected = stats.totals()
    ratio = unexpected / total if total else 1.0
    print(f"total {total} requests in {elapsed:.0f} s; rate-limited {limited}; unexpected {unexpected} ({ratio:.2%})")
    return 0 if total and ratio <= args.max_error_ratio else 1


if __name__ == "__main__":
    sys.exit(main())
