#!/usr/bin/env python3
"""The supervisor of `make dev` (deploy/dev/dev.sh and lib.sh), run for real.

Each test starts deploy/dev/dev.sh itself — its signal handling, start_fleet, the supervisor loop
and stop_all — in a process group of its own, with stand-ins for the binaries (MEGURI_BIN_DIR: a
small Python server per service that answers every HTTP path on its admin port, or the gateway's
PORT, with 200; exits 0 on SIGTERM and SIGINT as the real services do, and 3 on SIGUSR1, a crash),
a prebuilt SPA folder (MEGURI_STATIC_DIR) and a temporary state folder (MEGURI_DEV_DIR), so no
build runs and the checkout's .dev/ is not touched. PostgreSQL and Redis must answer at
DATABASE_URL / REDIS_URL (make test's ensure_postgres / ensure_redis), as for `make dev`.

Run: python3 -m unittest deploy/dev/test_supervisor.py (make test runs it from deploy/dev/test.sh).
"""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEV_SH = ROOT / "deploy" / "dev" / "dev.sh"
STOP_WITHIN_S = 10
FIXED_PROCESSES = ["gateway", "bazi-engine", "identity", "fortune-gen", "notify"]

STAND_IN = """\
import http.server, os, signal, sys

if sys.argv[1:] == ["provision"]:
    sys.exit(0)
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
signal.signal(signal.SIGINT, lambda *_: os._exit(0))
signal.signal(signal.SIGUSR1, lambda *_: os._exit(3))


class Ok(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


port = int(os.environ.get("ADMIN_PORT") or os.environ["PORT"])
http.server.ThreadingHTTPServer(("127.0.0.1", port), Ok).serve_forever()
"""

STARTED = re.compile(r"started (\S+) \(pid (\d+)")


def fleet_names() -> list[str]:
    lines = (ROOT / "deploy" / "dev" / "fleet.txt").read_text().splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.lstrip().startswith("#")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def running(pid: int) -> bool:
    """True while the process exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def group_empty(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    # Members that are only zombies (reparented to an init that does not reap) run nothing.
    members = [p for p in os.listdir("/proc") if p.isdigit() and pgid_of(int(p)) == pgid]
    return not any(running(int(p)) for p in members)


def pgid_of(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


class Fleet:
    """dev.sh running in a process group of its own, its output read line by line."""

    def __init__(self, work: Path, ignore_sigint: bool) -> None:
        self.port = free_port()
        env = dict(os.environ)
        env.update(
            MEGURI_BIN_DIR=str(work / "bin"),
            MEGURI_STATIC_DIR=str(work / "static"),
            MEGURI_DEV_DIR=str(work / "dev"),
            PORT=str(self.port),
            BAZI_ENGINE_GRPC_PORT=str(free_port()),
            BAZI_ENGINE_ADMIN_PORT=str(free_port()),
        )
        # `make dev &` from a script: the shell starts background jobs with SIGINT ignored.
        ignore = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ignore_sigint else None
        self.proc = subprocess.Popen(
            ["bash", str(DEV_SH)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
            preexec_fn=ignore,
        )
        self.pgid = self.proc.pid
        self.lines: list[str] = []
        self.pids: dict[str, int] = {}
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line)
        self._queue.put(None)

    def wait_for(self, pattern: str, seconds: float) -> re.Match[str]:
        """The next output line matching pattern (earlier lines are kept in self.lines)."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line matching {pattern!r} within {seconds} s; output:\n" + "".join(self.lines))
            try:
                line = self._queue.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"dev.sh ended before {pattern!r}; output:\n" + "".join(self.lines))
            self.lines.append(line)
            if m := STARTED.search(line):
                self.pids[m.group(1)] = int(m.group(2))
            if m := re.search(pattern, line):
                return m

    def drain(self) -> None:
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                return
            if line is None:
                return
            self.lines.append(line)

    def wait_all_gone(self, pids: list[int]) -> float:
        """Seconds until dev.sh, every pid and the whole process group are gone (fails after 10 s)."""
        start = time.monotonic()
        while time.monotonic() - start < STOP_WITHIN_S:
            if self.proc.poll() is not None and not any(running(p) for p in pids) and group_empty(self.pgid):
                return time.monotonic() - start
            time.sleep(0.05)
        left = [p for p in pids if running(p)]
        raise AssertionError(f"still running {STOP_WITHIN_S} s later: dev.sh exit {self.proc.poll()}, pids {left}")

    def kill(self) -> None:
        if not group_empty(self.pgid):
            os.killpg(self.pgid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        if self.proc.stdout:
            self.proc.stdout.close()


class SupervisorTest(unittest.TestCase):
    def setUp(self) -> None:
        tmp = tempfile.TemporaryDirectory(prefix="meguri-supervisor-")
        self.addCleanup(tmp.cleanup)
        self.work = Path(tmp.name)
        (self.work / "bin").mkdir()
        (self.work / "static" / "app").mkdir(parents=True)
        (self.work / "static" / "admin").mkdir()
        self.names = FIXED_PROCESSES + fleet_names()
        for name in self.names:
            stand_in = self.work / "bin" / name
            stand_in.write_text(f"#!{sys.executable}\n{STAND_IN}")
            stand_in.chmod(0o755)

    def start_fleet(self, ignore_sigint: bool = False) -> Fleet:
        fleet = Fleet(self.work, ignore_sigint)
        self.addCleanup(fleet.kill)
        fleet.wait_for(r"Meguri is running", 120)
        fleet.wait_for(r"press Ctrl-C to stop", 10)
        self.assertEqual(sorted(fleet.pids), sorted(self.names), "dev.sh started every process once")
        for name, pid in fleet.pids.items():
            self.assertTrue(running(pid), f"{name} (pid {pid}) runs")
        with urllib.request.urlopen(f"http://127.0.0.1:{fleet.port}/readyz", timeout=5) as answer:
            self.assertEqual(answer.status, 200, "the URL make dev prints answers")
        return fleet

    def assert_restarted_alone(self, fleet: Fleet, name: str, how: signal.Signals, ended: str, delay_s: int = 1) -> None:
        before = dict(fleet.pids)
        os.kill(before[name], how)
        fleet.wait_for(rf"{re.escape(name)} \(pid {before[name]}\) exited, {ended}; starting it again in {delay_s} s", 10)
        fleet.wait_for(rf"started {re.escape(name)} \(pid \d+", 10)
        self.assertNotEqual(fleet.pids[name], before[name], f"{name} came back as a new process")
        self.assertFalse(running(before[name]), f"{name}'s old process is gone")
        self.assertTrue(running(fleet.pids[name]), f"{name} runs again")
        time.sleep(1.5)  # a supervisor that restarted more than the one process would have by now
        fleet.drain()
        for other, pid in before.items():
            if other != name:
                self.assertEqual(fleet.pids[other], pid, f"{other} was not restarted")
                self.assertTrue(running(pid), f"{other} (pid {pid}) still runs")

    def assert_stops_on(self, fleet: Fleet, send) -> None:
        pids = list(fleet.pids.values())
        started_before = len([line for line in fleet.lines if STARTED.search(line)])
        send()
        took = fleet.wait_all_gone(pids)
        fleet.drain()
        self.assertLess(took, STOP_WITHIN_S)
        self.assertEqual(fleet.proc.returncode, 0, "".join(fleet.lines))
        self.assertEqual(
            len([line for line in fleet.lines if STARTED.search(line)]), started_before, "nothing started once stopping"
        )
        self.assertTrue(any("stopped" in line for line in fleet.lines), "the INT/TERM trap ran")

    def test_a_killed_or_crashed_service_is_restarted_alone_then_ctrl_c_stops_everything(self) -> None:
        fleet = self.start_fleet()
        self.assert_restarted_alone(fleet, "identity", signal.SIGKILL, r"killed by SIGKILL \(status 137\)")
        # Again soon after: the back-off doubles.
        self.assert_restarted_alone(fleet, "identity", signal.SIGKILL, r"killed by SIGKILL \(status 137\)", delay_s=2)
        self.assert_restarted_alone(fleet, "billing", signal.SIGUSR1, r"status 3")
        # Ctrl-C in a terminal: SIGINT to the whole foreground process group.
        self.assert_stops_on(fleet, lambda: os.killpg(fleet.pgid, signal.SIGINT))

    def test_sigint_to_the_group_stops_everything_when_started_with_sigint_ignored(self) -> None:
        # `make dev &` from a script: bash cannot trap an ignored signal; dev.sh starts itself again.
        fleet = self.start_fleet(ignore_sigint=True)
        self.assert_stops_on(fleet, lambda: os.killpg(fleet.pgid, signal.SIGINT))

    def test_sigterm_to_the_supervisor_alone_stops_everything(self) -> None:
        fleet = self.start_fleet()
        self.assert_stops_on(fleet, lambda: os.kill(fleet.proc.pid, signal.SIGTERM))


if __name__ == "__main__":
    unittest.main()
