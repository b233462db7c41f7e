#!/usr/bin/env python3
"""The fault drill's driver (`make drill`; deploy/drill/drill.sh starts the fleet and supervises it).

While Locust runs the weighted journeys in the background, this process

- probes one feature of every service ten times a second, signed in as a member (the journeys:
  landing → bazi-engine, sign-in → identity, daily reading → fortune-gen, friends and diary →
  social, chat → chat, shop → billing, mail settings → notify, support → support);
- writes all the time and remembers every write the gateway acknowledged: diary entries (social,
  with the SPA's idempotent client id, retried like the SPA on failure) and sign-ups (identity,
  whose verification mail crosses the event streams to notify);
- injects one fault after another: each process killed (SIGKILL; the supervisor of drill.sh starts
  it again after 1 s, as `make dev` and Kubernetes do), bazi-engine frozen (SIGSTOP) for longer
  than the gateway's deadline, PostgreSQL restarted, Redis restarted (with its append-only file,
  as production must run it);
- and prints per fault: how soon the killed service's features answered 503 with the Japanese
  message, what every other journey answered meanwhile, and how long until everything healed;
  then the writes acknowledged against the rows present (and the mails that arrived).

Exit status 1 when a write the gateway acknowledged is missing, a feature does not heal within
HEAL_LIMIT_S, a killed service's feature answers anything but 503 with a Japanese message (or takes
longer than its deadline to do so), or a process of the fleet restarted on its own during a
database or Redis fault; 0 otherwise.
"""

from __future__ import annotations

import argparse
import csv
import email
import email.policy
import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlsplit

JST = timezone(timedelta(hours=9))
TZ = -540
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
PROBE_EVERY_S = 0.1
HEAL_LIMIT_S = 60.0
HEALED_AFTER = 3  # successes in a row
SAFE_CHARS = "abcdefghjkpqstuxyz23456789"  # no look-alikes (identity's username rule)
MAX_DIARY_PER_MEMBER = 95  # social allows 100 entries per member and 24 h


# ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────

@dataclass
class Answer:
    status: int  # 0: no HTTP answer
    body: object
    problem: str = ""  # the error code, or the transport's failure

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


class Client:
    """One person's requests: their session cookie, the browser's Origin on writes."""

    def __init__(self, base: str, timeout: float = 15.0) -> None:
        parts = urlsplit(base)
        self.host, self.port, self.origin, self.timeout = parts.hostname, parts.port, base, timeout
        self.cookie = ""

    def call(self, method: str, path: str, body: object = None) -> Answer:
        headers = {"X-Request-Id": "drill-" + uuid.uuid4().hex, "Accept": "application/json"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None
        if method != "GET":
            headers["Origin"] = self.origin
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=data, headers=headers)
            answer = conn.getresponse()
            raw = answer.read()
            for name, value in answer.getheaders():
                if name.lower() == "set-cookie" and value.startswith(("meguri_session=", "__Host-meguri_session=")):
                    self.cookie = value.split(";", 1)[0]
            try:
                parsed = json.loads(raw) if raw else None
            except ValueError:
                parsed = raw[:200].decode("utf-8", "replace")
            code = parsed.get("code", "") if isinstance(parsed, dict) else ""
            return Answer(answer.status, parsed, code)
        except (OSError, http.client.HTTPException) as error:
            return Answer(0, None, type(error).__name__)
        finally:
            conn.close()


# ── members ──────────────────────────────────────────────────────────────────────────────────────

def username() -> str:
    return "d" + "".join(random.choice(SAFE_CHARS) for _ in range(11))


def code_in_mail(folder: Path, address: str) -> str | None:
    for path in sorted(folder.rglob("*.eml")):
        try:
            msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        except OSError:
            continue
        if address not in str(msg["To"]):
            continue
        part = msg.get_body(preferencelist=("plain",))
        found = re.search(r"\b(\d{6})\b", part.get_content() if part else "")
        if found:
            return found.group(1)
    return None


def mailed_addresses(folder: Path) -> set[str]:
    seen = set()
    for path in folder.rglob("*.eml"):
        try:
            msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        except OSError:
            continue
        seen.add(str(msg["To"]).strip().strip("<>").lower())
    return seen


def sign_up_body(address: str) -> dict:
    return {
        "email": address, "password": "drill password " + uuid.uuid4().hex[:8], "username": username(),
        "birthDate": f"{random.randint(1960, 2005)}-{random.randint(1, 12):02d}-{random.randint(1, 28):02d}",
        "birthTime": f"{random.randint(0, 23):02d}:{random.randint(0, 59):02d}", "gender": "female",
        "birthLocation": "東京, 日本", "coordinates": {"longitude": 139.6503, "latitude": 35.6762},
        "privacyPolicyAccepted": True,
    }


def member(base: str, mail: Path, tag: str) -> Client:
    """A verified member with a ready chart, signed in."""
    client = Client(base)
    address = f"drill-{tag}-{uuid.uuid4().hex[:10]}@example.jp"
    answer = client.call("POST", "/api/auth/signup", sign_up_body(address))
    if answer.status != 201:
        raise SystemExit(f"drill set-up: sign-up answered {answer.status} {answer.problem}")
    code = None
    for _ in range(300):
        code = code_in_mail(mail, address)
        if code:
            break
        time.sleep(0.1)
    if not code:
        raise SystemExit(f"drill set-up: no verification mail for {address}")
    answer = client.call("POST", "/api/auth/verify-email", {"email": address, "code": code})
    if not answer.ok or not client.cookie:
        raise SystemExit(f"drill set-up: verification answered {answer.status} {answer.problem}")
    client.call("POST", "/api/onboarding/complete")
    for _ in range(600):
        user = client.call("GET", "/api/auth/user").body
        if isinstance(user, dict) and user.get("baziChartStatus") == "ready":
            return client
        time.sleep(0.1)
    raise SystemExit("drill set-up: the member's chart never became ready")


# ── probes ───────────────────────────────────────────────────────────────────────────────────────

@dataclass
class Probe:
    journey: str
    service: str
    method: str
    path: str
    body: object = None
    records: list = field(default_factory=list)  # (sent, answered: monotonic times, Answer)

    def run(self, client: Client, stop: threading.Event) -> None:
        while not stop.is_set():
            began = time.monotonic()
            answer = client.call(self.method, self.path, self.body)
            self.records.append((began, time.monotonic(), answer))
            stop.wait(max(0.0, PROBE_EVERY_S - (time.monotonic() - began)))


def probes() -> list[Probe]:
    calc = {"birthDate": "1990-05-15", "birthTime": "14:30", "gender": "female",
            "birthLocation": "東京, 日本", "coordinates": {"longitude": 139.6503, "latitude": 35.6762}}
    return [
        Probe("landing", "bazi-engine", "POST", "/api/public/calculate-bazi", calc),
        Probe("sign-in", "identity", "GET", "/api/auth/user"),
        Probe("daily reading", "fortune-gen", "GET", f"/api/fortune/daily?timezoneOffset={TZ}"),
        Probe("friends", "social", "GET", "/api/friends"),
        Probe("diary", "social", "GET", "/api/diary?limit=20"),
        Probe("chat", "chat", "GET", "/api/chat/status"),
        Probe("shop", "billing", "GET", "/api/credits/ledger"),
        Probe("mail settings", "notify", "GET", "/api/settings/email-preferences"),
        Probe("support", "support", "GET", "/api/support/tickets"),
    ]


# ── writers ──────────────────────────────────────────────────────────────────────────────────────

class DiaryWriter:
    """Diary entries, one every 0.25 s, rotating over members; a failed write is sent again with the
    same client id (as the SPA's retry does) up to 5 times. `acked`: entry ids answered 201."""

    def __init__(self, writers: list[Client]) -> None:
        self.writers, self.acked, self.unacked, self.attempts = writers, [], 0, 0
        self.written = [0] * len(writers)

    def run(self, stop: threading.Event) -> None:
        pending, tries, turn = None, 0, 0
        while not stop.is_set():
            if pending is None:
                turn = next((i for i in range(len(self.writers)) if self.written[i] < MAX_DIARY_PER_MEMBER), None)
                if turn is None:
                    return
                today = datetime.now(JST).date()
                pending = {"clientId": str(uuid.uuid4()), "date": f"{today:%Y-%m-%d}", "publishToFuture": False,
                           "timezoneOffset": TZ, "content": f"ドリルの記録 {uuid.uuid4().hex[:6]}"}
                tries = 0
            self.attempts += 1
            answer = self.writers[turn].call("POST", "/api/diary", pending)
            if answer.status == 201 and isinstance(answer.body, dict):
                self.acked.append(answer.body["id"])
                self.written[turn] += 1
                pending = None
            else:
                tries += 1
                if tries >= 5:
                    self.unacked += 1
                    pending = None
            stop.wait(0.25)


class SignUpWriter:
    """A new sign-up every 0.5 s. `acked`: addresses answered 201 (a row in identity.users, and a
    verification mail through identity's outbox → the stream → notify)."""

    def __init__(self, base: str) -> None:
        self.base, self.acked, self.unacked = base, [], 0

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            address = f"drill-w-{uuid.uuid4().hex[:12]}@example.jp"
            answer = Client(self.base).call("POST", "/api/auth/signup", sign_up_body(address))
            if answer.status == 201:
                self.acked.append(address)
            else:
                self.unacked += 1
            stop.wait(0.5)


# ── the fleet's processes ────────────────────────────────────────────────────────────────────────

def fleet_pid(bin_dir: str, name: str, parent: int) -> int | None:
    """The pid of the fleet's `name`: the process running BIN_DIR/name whose parent is drill.sh."""
    target = os.path.realpath(os.path.join(bin_dir, name))
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if os.path.realpath(f"/proc/{entry}/exe") != target:
                continue
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if ppid == parent:
            return int(entry)
    return None


# ── one fault ────────────────────────────────────────────────────────────────────────────────────

@dataclass
class Outcome:
    fault: str
    affected: list[str]
    to_503_ms: float | None
    down_answers: str
    others: str
    heal_s: float | None
    problems: list[str]


def summarize(answers: list[Answer]) -> str:
    counts: dict[str, int] = {}
    for a in answers:
        key = str(a.status) if a.status else a.problem
        if a.status and not a.ok and a.problem:
            key += f" {a.problem}"
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{k}×{n}" for k, n in sorted(counts.items(), key=lambda kv: -kv[1])) or "—"


def japanese_error(answer: Answer, statuses: tuple[int, ...]) -> bool:
    """`answer` is one of `statuses` with the app's error body: a code and a Japanese message."""
    body = answer.body if isinstance(answer.body, dict) else {}
    return answer.status in statuses and bool(body.get("code")) and bool(JAPANESE.search(str(body.get("message", ""))))


def since(probe: Probe, starts: dict[int, int], t0: float) -> list[tuple[float, float, Answer]]:
    """The probe's records sent from `t0` on (`starts`: where its records stood before the fault)."""
    return [r for r in probe.records[starts[id(probe)]:] if r[0] >= t0]


def observe(all_probes: list[Probe], starts: dict[int, int], t0: float, affected: set[str],
            wait_for_failure: bool) -> float | None:
    """Waits until every probe has HEALED_AFTER successes in a row after t0 (and, when
    `wait_for_failure`, the affected ones failed first); the time that took, or None."""
    deadline = t0 + HEAL_LIMIT_S
    while time.monotonic() < deadline:
        healed_at = []
        for p in all_probes:
            records = since(p, starts, t0)
            if wait_for_failure and p.journey in affected and not any(not a.ok for _, _, a in records):
                break
            streak = 0
            for t, _, a in reversed(records):
                if not a.ok:
                    break
                streak += 1
                first_ok = t
            if streak < HEALED_AFTER:
                break
            healed_at.append(first_ok)
        else:
            return max(healed_at) - t0 if healed_at else 0.0
        time.sleep(0.2)
    return None


def run_fault(name: str, inject, all_probes: list[Probe], affected: set[str], deadline_s: float | None,
              expect: tuple[int, ...], wait_for_failure: bool = True) -> Outcome:
    """Injects a fault and waits for the fleet to heal. `affected`: the journeys that may fail, each
    failure answered with one of `expect` and a Japanese message (empty: any failure is allowed,
    e.g. the gateway itself down); every other journey must keep answering."""
    starts = {id(p): len(p.records) for p in all_probes}
    time.sleep(1.0)  # a second of normal answers first
    t0 = time.monotonic()
    inject()
    heal = observe(all_probes, starts, t0, affected, wait_for_failure)
    time.sleep(0.5)
    problems: list[str] = []
    first_fail, down, others = None, [], []
    for p in all_probes:
        window = [(sent, answered, a) for sent, answered, a in since(p, starts, t0) if heal is None or sent <= t0 + heal]
        failed = [(answered, a) for _, answered, a in window if not a.ok]
        if p.journey in affected:
            down += [a for _, a in failed]
            if failed:
                first = min(answered for answered, _ in failed)
                first_fail = first if first_fail is None else min(first_fail, first)
            wrong = [a for _, a in failed if expect and not japanese_error(a, expect)]
            if wrong:
                wanted = "/".join(map(str, expect))
                problems.append(f"{name}: {p.journey} answered {summarize(wrong)} (not {wanted} with a Japanese message)")
        else:
            ok = sum(1 for *_, a in window if a.ok)
            if window and ok < len(window):
                others.append(f"{p.journey} {100.0 * ok / len(window):.0f}%")
            if failed:
                problems.append(f"{name}: {p.journey} (not the faulty service's) failed: {summarize([a for _, a in failed])}")
    to_503 = (first_fail - t0) * 1000 if first_fail is not None else None
    if heal is None:
        problems.append(f"{name}: not healed within {HEAL_LIMIT_S:.0f} s")
    if expect and deadline_s is not None and to_503 is not None and to_503 > (deadline_s + 1.0) * 1000:
        problems.append(f"{name}: the first 503 came after {to_503:.0f} ms (deadline {deadline_s * 1000:.0f} ms)")
    served = "all 100%" if not others else ", ".join(others)
    if len(affected) == len(all_probes):
        served = "–"
    return Outcome(name, sorted(affected), to_503, summarize(down), served, heal, problems)


# ── the drill ────────────────────────────────────────────────────────────────────────────────────

def psql(url: str, sql: str) -> list[str]:
    out = subprocess.run(["psql", "-tA", url, "-c", sql], capture_output=True, text=True, check=True)
    return [line for line in out.stdout.splitlines() if line]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--mail-dir", required=True, type=Path)
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("--supervisor-pid", required=True, type=int)
    parser.add_argument("--database-url", required=True, help="the drill's own PostgreSQL (admin)")
    parser.add_argument("--pg-restart", required=True, help="the command that restarts the drill's PostgreSQL")
    parser.add_argument("--redis-port", required=True, type=int)
    parser.add_argument("--redis-start", required=True, help="the command that starts the drill's Redis again")
    parser.add_argument("--grpc-timeout-s", type=float, default=2.0, help="the gateway's GRPC_TIMEOUT_MS")
    parser.add_argument("--reading-timeout-s", type=float, default=10.0, help="the gateway's READING_TIMEOUT_MS")
    parser.add_argument("--load-users", type=int, default=4, help="Locust users running the journeys meanwhile")
    parser.add_argument("--locust-dir", type=Path, required=True)
    parser.add_argument("--lose-a-write", action="store_true",
                        help="checks the drill itself: deletes one acknowledged diary entry before the count, "
                             "so the drill must report it and exit 1 (DRILL_LOSE_A_WRITE=1 make drill)")
    args = parser.parse_args()

    print("drill: signing up the probing member and the writers", flush=True)
    prober = member(args.gateway, args.mail_dir, "probe")
    writers = [member(args.gateway, args.mail_dir, f"w{i}") for i in range(3)]

    locust = None
    if args.load_users > 0:
        args.locust_dir.mkdir(parents=True, exist_ok=True)
        started = args.locust_dir / "started"
        locust = subprocess.Popen(
            ["locust", "--headless", "-f", str(Path(__file__).resolve().parent.parent / "loadgen" / "locustfile.py"),
             "--host", args.gateway, "-u", str(args.load_users), "-r", "2", "-t", "30m", "--mail-dir", str(args.mail_dir),
             "--members", str(max(4, args.load_users)), "--started-file", str(started), "--only-summary",
             "--csv", str(args.locust_dir / "locust")],
            stdout=open(args.locust_dir / "locust.log", "w"), stderr=subprocess.STDOUT)
        for _ in range(1200):
            if started.exists() or locust.poll() is not None:
                break
            time.sleep(0.1)
        print(f"drill: Locust runs the journeys with {args.load_users} users meanwhile", flush=True)

    stop = threading.Event()
    all_probes = probes()
    diary, signups = DiaryWriter(writers), SignUpWriter(args.gateway)
    threads = [threading.Thread(target=p.run, args=(prober, stop), daemon=True) for p in all_probes]
    threads += [threading.Thread(target=diary.run, args=(stop,), daemon=True),
                threading.Thread(target=signups.run, args=(stop,), daemon=True)]
    for t in threads:
        t.start()
    time.sleep(2.0)

    # The journeys a service's death takes down: its own, and those that need it (chat's status
    # shows the balance and every message is charged: chat needs billing).
    needs = {"chat": {"billing"}}
    journeys_of: dict[str, set[str]] = {}
    for p in all_probes:
        for service in {p.service} | needs.get(p.service, set()):
            journeys_of.setdefault(service, set()).add(p.journey)
    outcomes: list[Outcome] = []

    def kill(name: str):
        def inject() -> None:
            pid = fleet_pid(args.bin_dir, name, args.supervisor_pid)
            if pid is None:
                raise SystemExit(f"drill: no running {name} under pid {args.supervisor_pid}")
            os.kill(pid, signal.SIGKILL)
        return inject

    for name in ["bazi-engine", "identity", "fortune-gen", "social", "chat", "billing", "notify", "support"]:
        deadline = args.reading_timeout_s if name == "fortune-gen" else args.grpc_timeout_s
        outcomes.append(run_fault(f"{name} killed", kill(name), all_probes, journeys_of[name], deadline, (503,)))
        print(f"drill: {outcomes[-1].fault}: healed in {outcomes[-1].heal_s}", flush=True)

    every = {p.journey for p in all_probes}
    outcomes.append(run_fault("gateway killed", kill("gateway"), all_probes, every, None, ()))
    print(f"drill: {outcomes[-1].fault}: healed in {outcomes[-1].heal_s}", flush=True)

    frozen_for = args.grpc_timeout_s + 3.0

    def freeze() -> None:
        pid = fleet_pid(args.bin_dir, "bazi-engine", args.supervisor_pid)
        os.kill(pid, signal.SIGSTOP)
        threading.Timer(frozen_for, lambda: os.kill(pid, signal.SIGCONT)).start()

    # A hung service: the gateway gives up at its deadline (504 GATEWAY_TIMEOUT, or 503 once the
    # engine's connection is known broken), never waits longer.
    outcomes.append(run_fault(f"bazi-engine frozen {frozen_for:.0f} s", freeze, all_probes, journeys_of["bazi-engine"],
                              args.grpc_timeout_s, (503, 504)))
    print(f"drill: {outcomes[-1].fault}: healed in {outcomes[-1].heal_s}", flush=True)

    names = ["gateway", "bazi-engine", "identity", "fortune-gen", "social", "chat", "billing", "notify", "support"]

    def pids() -> dict[str, int | None]:
        return {n: fleet_pid(args.bin_dir, n, args.supervisor_pid) for n in names}

    for fault, command in [
        ("PostgreSQL restarted", lambda: subprocess.run(args.pg_restart, shell=True, check=True,
                                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)),
        ("Redis restarted", lambda: (subprocess.run(["redis-cli", "-p", str(args.redis_port), "shutdown"],
                                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
                                     subprocess.run(args.redis_start, shell=True, check=True,
                                                    stdout=subprocess.DEVNULL))),
    ]:
        before = pids()
        # Whatever needs the database (or Redis: the sessions) may fail meanwhile, with a 503 and the message.
        outcome = run_fault(fault, command, all_probes, every, None, (503,), wait_for_failure=False)
        restarted = [n for n, pid in pids().items() if pid != before[n]]
        if restarted:
            outcome.problems.append(f"{fault}: restarted on their own: {', '.join(restarted)}")
        outcomes.append(outcome)
        print(f"drill: {fault}: healed in {outcome.heal_s}", flush=True)

    time.sleep(2.0)
    stop.set()
    for t in threads:
        t.join(timeout=20)
    if locust is not None:
        locust.send_signal(signal.SIGINT)
        try:
            locust.wait(timeout=30)
        except subprocess.TimeoutExpired:
            locust.kill()

    # ── the writes ──
    problems = [p for o in outcomes for p in o.problems]
    if args.lose_a_write and diary.acked:
        psql(args.database_url, f"DELETE FROM social.diary_entries WHERE id = '{diary.acked[len(diary.acked) // 2]}'")
    present = set()
    if diary.acked:
        ids = ",".join(f"'{i}'" for i in diary.acked)
        present = set(psql(args.database_url, f"SELECT id FROM social.diary_entries WHERE id IN ({ids})"))
    lost_diary = [i for i in diary.acked if i not in present]
    rows = set()
    if signups.acked:
        addresses = ",".join(f"'{a}'" for a in signups.acked)
        rows = {r.lower() for r in psql(args.database_url, f"SELECT email FROM identity.users WHERE email IN ({addresses})")}
    lost_signups = [a for a in signups.acked if a.lower() not in rows]
    mails_missing = []
    for _ in range(90):
        mailed = mailed_addresses(args.mail_dir)
        mails_missing = [a for a in signups.acked if a.lower() not in mailed]
        if not mails_missing:
            break
        time.sleep(1.0)
    if lost_diary:
        problems.append(f"{len(lost_diary)} acknowledged diary entries are missing, e.g. {lost_diary[:3]}")
    if lost_signups:
        problems.append(f"{len(lost_signups)} acknowledged sign-ups have no account, e.g. {lost_signups[:3]}")
    if mails_missing:
        problems.append(f"{len(mails_missing)} acknowledged sign-ups never got their verification mail, e.g. {mails_missing[:3]}")

    # ── the report ──
    print()
    print(f"{'fault':<24} {'may fail':<16} {'1st error':>9} {'to heal':>8}  {'others served':<14} answers while down")
    for o in outcomes:
        to_503 = f"{o.to_503_ms:.0f} ms" if o.to_503_ms is not None else "–"
        heal = f"{o.heal_s:.1f} s" if o.heal_s is not None else "never"
        down = "every journey" if len(o.affected) == len(all_probes) else ", ".join(o.affected)
        print(f"{o.fault:<24} {down:<16} {to_503:>9} {heal:>8}  {o.others:<14} {o.down_answers}")
    print()
    print(f"diary entries: {len(diary.acked)} acknowledged, {len(present)} present, {len(lost_diary)} lost "
          f"({diary.attempts} attempts, {diary.unacked} given up unacknowledged)")
    print(f"sign-ups: {len(signups.acked)} acknowledged, {len(rows)} accounts present, {len(lost_signups)} lost; "
          f"{len(signups.acked) - len(mails_missing)} verification mails arrived, {len(mails_missing)} missing "
          f"({signups.unacked} refused while a fault lasted)")
    if locust is not None:
        print(f"Locust's journeys meanwhile: {args.locust_dir / 'locust_stats.csv'}")
        journey_rows = []
        try:
            with open(args.locust_dir / "locust_stats.csv", encoding="utf-8") as f:
                journey_rows = [r for r in csv.DictReader(f) if r.get("Type") == "JOURNEY"]
        except OSError:
            pass
        for r in journey_rows:
            print(f"  {r['Name']:<16} {r['Request Count']:>6} journeys, {r['Failure Count']:>4} failed (faults included)")
    if problems:
        print()
        for p in problems:
            print(f"✗ {p}")
        return 1
    print()
    print("✓ every fault healed with no manual step, every feature of a killed service answered 503 with the "
          "Japanese message, and no acknowledged write was lost")
    return 0


if __name__ == "__main__":
    sys.exit(main())
