#!/usr/bin/env python3
"""Time to first token and full reply time of chat sends through the gateway (standard library only).

Usage: chat-stream.py GATEWAY_URL COOKIE SEQUENTIAL CONCURRENT

Sends SEQUENTIAL messages one after the other, then CONCURRENT at once (one thread and connection
each), every one with a new message id, and reads each reply stream (Server-Sent Events) to its end.
For each send: the time from sending the request to the first `delta` event (time to first token)
and to the `done` event (full reply). Prints p50/p99/max of both, per phase. Exits non-zero when a
send is refused or a stream does not end with `done`.
"""

import http.client
import json
import sys
import threading
import time
import urllib.parse
import uuid


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def send(base, cookie, message):
    """One send; returns (seconds to first delta, seconds to done)."""
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=60)
    body = json.dumps({"messageId": str(uuid.uuid4()), "message": message, "timezoneOffset": -540})
    headers = {"content-type": "application/json", "cookie": cookie, "origin": base}
    start = time.perf_counter()
    conn.request("POST", "/api/chat/messages", body=body.encode(), headers=headers)
    response = conn.getresponse()
    if response.status != 200:
        raise RuntimeError(f"HTTP {response.status}: {response.read()[:200]!r}")
    first = None
    event = None
    while True:
        line = response.fp.readline()
        if not line:
            raise RuntimeError("the stream ended without done")
        line = line.decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[len("event: "):]
            if event == "delta" and first is None:
                first = time.perf_counter() - start
            elif event == "failed":
                raise RuntimeError("the reply failed")
            elif event == "done":
                full = time.perf_counter() - start
                conn.close()
                return (first if first is not None else full), full


def report(label, results):
    ttft = [r[0] * 1000 for r in results]
    full = [r[1] * 1000 for r in results]
    print(f"{label}: {len(results)} sends")
    print(f"  time to first token: p50 {percentile(ttft, 50):.1f} ms  p99 {percentile(ttft, 99):.1f} ms  max {max(ttft):.1f} ms")
    print(f"  full reply         : p50 {percentile(full, 50):.1f} ms  p99 {percentile(full, 99):.1f} ms  max {max(full):.1f} ms")


def main():
    base, cookie, sequential, concurrent = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    messages = ["今日の運勢は？", "仕事運を教えて", "こんにちは", "恋愛運はどう？", "ボクの五行のバランスは？"]
    send(base, cookie, "こんにちは")  # warm-up: connections, the chart and the almanac of today
    results = [send(base, cookie, messages[i % len(messages)]) for i in range(sequential)]
    report("sequential", results)

    concurrent_results, errors = [], []
    lock = threading.Lock()
    barrier = threading.Barrier(concurrent)

    def one(i):
        barrier.wait()
        try:
            r = send(base, cookie, messages[i % len(messages)])
            with lock:
                concurrent_results.append(r)
        except Exception as e:  # noqa: BLE001 - reported below
            with lock:
                errors.append(str(e))

    threads = [threading.Thread(target=one, args=(i,)) for i in range(concurrent)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        print(f"{len(errors)} concurrent sends failed: {errors[:3]}", file=sys.stderr)
        sys.exit(1)
    report(f"concurrent ({concurrent} at once)", concurrent_results)


if __name__ == "__main__":
    main()
