"""Meguri's weighted user journeys for Locust (https://locust.io), as the SPA makes its requests.

    locust --headless -f deploy/loadgen/locustfile.py --host http://127.0.0.1:8080 \\
        -u 8 -r 2 -t 120s --mail-dir .dev/mail --members 16

Each Locust user picks a journey by weight, runs its requests one after another as the SPA does
(typing pauses and polling included), waits 1–3 s and picks again:

    landing 10, sign-up 1, daily reading 6, friends 2, diary 3, chat 2, shop 1

Every request is named `<journey>: <step>` and judged against the statuses the SPA expects there;
anything else is a failure whose message carries the status and the body's error `code`. A step
that fails ends its journey. Each whole journey is also recorded as a request of type `JOURNEY`
named after the journey (its duration, failed when a step failed), so Locust's statistics and
`--csv` give p50/p95/p99 per journey beside those per step. Two more kinds of entries: `MAIL`
(`sign-up: verification mail`, from the sign-up's answer until the code is in MAIL_DIR) and `SSE`
(`chat: reply stream`, from sending a chat message until its stream has ended with `done`).

Members: before the load starts (Locust's `init` event) `--members` members sign up through the
API (the code read from the mail files notify writes into `--mail-dir`), wait for their chart, buy
a credit pack through the development checkout (credits for the chat) and are paired as friends
(someone to mention in the diary). The sign-up journey adds every member it makes to the pool. A
journey borrows the members it needs, so no two journeys act as one member at once. The set-up's
requests are named `setup: <step>`; Locust clears the statistics when the load starts, so they
are not in the figures (a set-up that fails stops Locust with status 2 before any load).

Needs a gateway whose rate limits are off (RATE_LIMIT_ENABLED=false: one load generator is one
client address) and whose notify writes mail to files (no SMTP_URL), with billing's development
checkout (no STRIPE_SECRET_KEY). See README.md beside this file; `make soak` runs it against a
release fleet for 10 minutes.
"""

from __future__ import annotations

import codecs
import email
import email.policy
import itertools
import json
import logging
import os
import random
import re
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import quote, urlsplit

import gevent
import gevent.pool
from locust import HttpUser, between, events, task
from locust.clients import HttpSession
from locust.runners import MasterRunner

log = logging.getLogger("meguri.soak")

# Japan: what the SPA sends as `timezoneOffset` from a Japanese browser (Date#getTimezoneOffset).
JST = timezone(timedelta(hours=9))
TZ_OFFSET = -540
TIMEOUT_S = 30.0
CHAT_TIMEOUT_S = 90.0
# The SPA's pauses: the place field's debounce, the chart polling (spec §4).
TYPING_PAUSE_S = 0.3
CHART_POLL_S = 3.0
CHART_WAIT_S = 120.0
MAIL_WAIT_S = 60.0
FREE_MEMBER_WAIT_S = 60.0
# Below the keep-alive of any server in front (the gateway keeps idle connections 75 s, actix-web's
# default was 5 s): a connection is never reused as the server closes it. See Session.
IDLE_CLOSE_S = 4.0
# Leave room under social's limits: 20 friend requests and 100 diary entries per member and 24 h.
MAX_SENT_REQUESTS = 18
MAX_DIARY_ENTRIES = 95

# Queries typed into the birth-place field, as a person types them.
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
CHAT_MESSAGES = [
    "今日の運勢を教えて",
    "仕事運はどうかな？",
    "今週の恋愛運は？",
    "今日はどんな一日になりそう？",
    "最近ちょっと疲れ気味です。気をつけることはある？",
    "私の日主について教えて",
    "今月のラッキーカラーは？",
]
DIARY_LINES = ["と散歩した", "とお茶をした", "と星を見た", "に手紙を書いた", "と駅で会った"]

# Usernames of this run: letters and digits that have no look-alike in identity's username rule
# (no i l 1 0 o, no r n m v w), so two of them can never be refused as USERNAME_LOOKALIKE.
SAFE_CHARS = "abcdefghjkpqstuxyz23456789"
RUN_TAG = "".join(random.choice(SAFE_CHARS) for _ in range(5))
_serial = itertools.count(1)


def next_username() -> str:
    n, text = next(_serial), ""
    while n:
        n, digit = divmod(n, len(SAFE_CHARS))
        text = SAFE_CHARS[digit] + text
    return f"s{RUN_TAG}_{text}"


@events.init_command_line_parser.add_listener
def _options(parser) -> None:
    parser.add_argument("--mail-dir", env_var="LOCUST_MAIL_DIR", default="",
                        help="where notify writes its mail as .eml files (its MAIL_DIR): sign-ups read their code there")
    parser.add_argument("--members", env_var="LOCUST_MEMBERS", type=int, default=16,
                        help="members signed up before the load starts (default 16)")
    parser.add_argument("--started-file", env_var="LOCUST_STARTED_FILE", default="",
                        help="a file to write when the load starts (the set-up done): {\"startedAt\": unix seconds}")


class JourneyFailed(Exception):
    """A step answered what the SPA does not expect: the journey ends there."""


# --- requests -------------------------------------------------------------------------------------


def cause(error: BaseException | None) -> str:
    """An exception and the innermost one it wraps, without object addresses (Locust groups the
    failures by their text): `ConnectionError (RemoteDisconnected: Remote end closed connection…)`."""
    inner, seen = error, set()
    while inner is not None and id(inner) not in seen:
        seen.add(id(inner))
        wrapped = next((a for a in getattr(inner, "args", ()) if isinstance(a, BaseException)), None)
        nxt = wrapped or inner.__cause__ or inner.__context__
        if nxt is None:
            break
        inner = nxt
    text = re.sub(r"<[^>]* at 0x[0-9a-f]+>:?\s*", "", str(inner))[:100]
    return f"{type(error).__name__} ({type(inner).__name__}: {text})" if inner is not error else type(error).__name__


def error_text(r) -> str:
    """`HTTP <status> <code>`, the code from the body's `{"message", "code"}`; or why nothing came back."""
    status = getattr(r, "status_code", 0) or 0
    if not status:
        return f"no answer: {cause(getattr(r, 'error', None))}"
    code = None
    try:
        body = r.json()
        if isinstance(body, dict):
            code = body.get("code")
    except Exception:  # noqa: BLE001 - any body at all
        pass
    if code is None:
        try:
            code = (r.text or r.reason or "").strip().replace("\n", " ")[:80]
        except Exception:  # noqa: BLE001
            code = ""
    return f"HTTP {status} {code}".rstrip()


def call(session: HttpSession, journey: str, step: str, method: str, path: str, *, expect=(200,),
         body=None, check=None):
    """One request named `<journey>: <step>`: a success when its status is in `expect` (and
    `check(status, answer)` returns None), else a failure and JourneyFailed. Returns (status, answer)."""
    name = f"{journey}: {step}"
    headers = {"X-Request-Id": "locust-" + uuid.uuid4().hex}
    if method != "GET":
        # A browser sends its origin with every write; the gateway refuses writes from elsewhere.
        headers["Origin"] = ORIGIN["value"]
    problem = None
    answer = None
    with session.request(method, path, name=name, json=body, headers=headers, catch_response=True,
                         timeout=TIMEOUT_S) as r:
        if r.status_code in expect:
            if r.content:
                try:
                    answer = r.json()
                except ValueError:
                    problem = f"HTTP {r.status_code} with a body that is not JSON"
            if problem is None and check is not None:
                problem = check(r.status_code, answer)
        else:
            problem = error_text(r)
        if problem is None:
            r.success()
        else:
            r.failure(problem)
    if problem is not None:
        raise JourneyFailed(f"{name}: {problem}")
    return r.status_code, answer


def fire(request_type: str, name: str, started: float, length: int = 0, problem: str | None = None) -> None:
    """A measurement that is not one HTTP request (a whole journey, a mail, a reply stream)."""
    ENV["value"].events.request.fire(
        request_type=request_type, name=name, response_time=(time.perf_counter() - started) * 1000,
        response_length=length, exception=None if problem is None else JourneyFailed(problem), context={})


class Journey:
    """`with Journey("diary"):` records the whole journey as a JOURNEY request. A JourneyFailed inside
    is already counted on its step: the journey is recorded failed and the user goes on. A user stopped
    mid-journey (the end of the run) records nothing."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> "Journey":
        self.started = time.perf_counter()
        return self

    def __exit__(self, kind, error, tb) -> bool:
        if kind is not None and not issubclass(kind, Exception):
            return False  # GreenletExit, KeyboardInterrupt: not a journey outcome
        problem = None if error is None else (str(error) if isinstance(error, JourneyFailed)
                                              else f"{type(error).__name__}: {error}")
        fire("JOURNEY", self.name, self.started, problem=problem)
        return isinstance(error, JourneyFailed)  # a bug in this file still raises (Locust logs it)


def jst_today() -> datetime:
    return datetime.now(JST)


def random_birth() -> dict:
    # Not 1948–1951: Japan's summer-time years, where some times need a choice (NONEXISTENT_LOCAL_TIME).
    year = random.randint(1955, 2010)
    birth = {"birthDate": f"{year:04d}-{random.randint(1, 12):02d}-{random.randint(1, 28):02d}"}
    # One in five skips the hour: the SPA then sends '' and the server reads 12:00.
    birth["birthTime"] = "" if random.random() < 0.2 else f"{random.randint(0, 23):02d}:{random.randint(0, 59):02d}"
    return birth


def type_place(session: HttpSession, journey: str) -> tuple[str, dict]:
    """The birth-place field: a few searches as the person types (300 ms apart), then the coordinates
    of the first suggestion. Tokyo when nothing was suggested (the SPA's silent fallback)."""
    place = None
    for query in random.choice(PLACE_QUERIES):
        _, answer = call(session, journey, "place search", "GET", "/api/places/search?query=" + quote(query))
        suggestions = (answer or {}).get("suggestions") or []
        if suggestions:
            place = suggestions[0]
        gevent.sleep(TYPING_PAUSE_S)
    if place is None:
        return "東京, 日本", {"longitude": 139.6503, "latitude": 35.6762}
    _, answer = call(session, journey, "coordinates", "GET", "/api/places/coordinates?location=" + quote(place),
                     check=lambda _s, a: None if isinstance((a or {}).get("coordinates"), dict) else "no coordinates")
    return place, answer["coordinates"]


# --- members --------------------------------------------------------------------------------------


@dataclass(eq=False)
class Member:
    email: str
    username: str
    user_id: str
    session: HttpSession
    credits: int = 0
    friends: set = field(default_factory=set)  # user ids
    sent_requests: int = 0
    diary_entries: int = 0
    idle: bool = True


class Pool:
    """The members journeys borrow (`take`) and give back (`give`); one journey at a time each."""

    def __init__(self) -> None:
        self.members: list[Member] = []

    def add(self, member: Member) -> None:
        self.members.append(member)

    def take(self, wanted=lambda m: True, prefer=None) -> Member | None:
        deadline = time.monotonic() + FREE_MEMBER_WAIT_S
        while True:
            free = [m for m in self.members if m.idle and wanted(m)]
            if prefer is not None:
                free = [m for m in free if prefer(m)] or free
            if free:
                member = random.choice(free)
                member.idle = False
                return member
            if time.monotonic() > deadline:
                return None
            gevent.sleep(0.2)

    def give(self, *members: Member | None) -> None:
        for member in members:
            if member is not None:
                member.idle = True


POOL = Pool()
ENV: dict = {}
ORIGIN: dict = {"value": ""}


class Mailbox:
    """The verification codes in notify's mail folder (`<id>-verification_code.eml` files), each
    file read once."""

    def __init__(self, folder: str) -> None:
        self.folder = Path(folder) if folder else None
        self.read: set[str] = set()
        self.codes: dict[str, str] = {}

    def _scan(self) -> None:
        try:
            entries = list(os.scandir(self.folder))
        except FileNotFoundError:
            return
        for entry in entries:
            if not entry.name.endswith("-verification_code.eml") or entry.name in self.read:
                continue
            self.read.add(entry.name)
            message = email.message_from_bytes(Path(entry.path).read_bytes(), policy=email.policy.default)
            body = message.get_body(preferencelist=("plain",))
            found = re.search(r"(?<!\d)(\d{6})(?!\d)", body.get_content() if body is not None else "")
            if found is None:
                continue
            for address in message["To"].addresses:
                self.codes[address.addr_spec.lower()] = found.group(1)

    def code_for(self, address: str) -> str | None:
        if self.folder is None:
            raise JourneyFailed("no --mail-dir: sign-ups cannot read their code")
        deadline = time.monotonic() + MAIL_WAIT_S
        while True:
            self._scan()
            code = self.codes.pop(address.lower(), None)
            if code is not None or time.monotonic() > deadline:
                return code
            gevent.sleep(0.2)


MAILBOX: dict = {}


class Session(HttpSession):
    """A browser's connection handling: keep-alive, but a connection left idle for IDLE_CLOSE_S is
    dropped before the next request instead of reused. The gateway (actix-web) closes connections idle
    for 5 s; reusing one at that very moment loses the request to the close (a browser retries such a
    request on its own; this client retries nothing, so it must not reuse a connection that old)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.last_used = time.monotonic()

    def request(self, *args, **kwargs):
        if time.monotonic() - self.last_used > IDLE_CLOSE_S:
            for adapter in self.adapters.values():
                if getattr(adapter, "poolmanager", None) is not None:
                    adapter.poolmanager.clear()
        try:
            return super().request(*args, **kwargs)
        finally:
            self.last_used = time.monotonic()


def new_session(user=None) -> HttpSession:
    session = Session(base_url=ENV["value"].host, request_event=ENV["value"].events.request, user=user)
    session.headers.update({"Accept": "application/json", "User-Agent": "meguri-locust"})
    return session


def wait_for_chart(session: HttpSession, journey: str, poll_s: float) -> dict:
    """GET /api/auth/user until the chart is built (`ready`), as home polls it; fails on `failed` or
    after CHART_WAIT_S."""
    deadline = time.monotonic() + CHART_WAIT_S
    while True:
        _, user = call(session, journey, "user (chart status)", "GET", "/api/auth/user")
        status = user.get("baziChartStatus")
        if status == "ready":
            return user
        if status == "failed":
            raise JourneyFailed(f"{journey}: the chart build failed")
        if time.monotonic() > deadline:
            raise JourneyFailed(f"{journey}: the chart was not ready within {CHART_WAIT_S:.0f} s ({status})")
        gevent.sleep(poll_s)


def sign_up_member(journey: str, chart_poll_s: float) -> Member:
    """The sign-up wizard's requests: (the birth place as typed, half the time), POST /api/auth/signup
    with the birth data, the code from the mail, POST /api/auth/verify-email (signed in), the user,
    the end of the onboarding tour, and the chart polling until it is ready."""
    session = new_session()
    birth = random_birth()
    if random.random() < 0.5:
        place, coordinates = type_place(session, journey)
    else:  # the step skipped: Tokyo
        place, coordinates = "東京, 日本", {"longitude": 139.6503, "latitude": 35.6762}
    username = next_username()
    address = f"soak-{username}@example.jp"
    body = {
        "email": address, "password": f"soak password {uuid.uuid4().hex[:8]}", "username": username,
        **birth, "birthLocation": place, "coordinates": coordinates,
        "privacyPolicyAccepted": True, "analyticsConsent": False, "marketingConsent": False,
    }
    if random.random() < 0.7:
        body["gender"] = random.choice(["male", "female"])
    call(session, journey, "sign-up", "POST", "/api/auth/signup", body=body, expect=(201,))
    mailed = time.perf_counter()
    code = MAILBOX["value"].code_for(address)
    if code is None:
        fire("MAIL", f"{journey}: verification mail", mailed, problem=f"no code within {MAIL_WAIT_S:.0f} s")
        raise JourneyFailed(f"{journey}: no verification mail for {address} within {MAIL_WAIT_S:.0f} s")
    fire("MAIL", f"{journey}: verification mail", mailed)
    _, user = call(session, journey, "verify", "POST", "/api/auth/verify-email", body={"email": address, "code": code},
                   check=lambda _s, a: None if (a or {}).get("id") else "no user in the answer")
    if not session.cookies.get("meguri_session") and not session.cookies.get("__Host-meguri_session"):
        raise JourneyFailed(f"{journey}: verify set no session cookie")
    call(session, journey, "user", "GET", "/api/auth/user")
    call(session, journey, "onboarding complete", "POST", "/api/onboarding/complete")
    user = wait_for_chart(session, journey, chart_poll_s)
    return Member(email=address, username=username, user_id=user["id"], session=session,
                  credits=user.get("credits") or 0)


def buy(member: Member, journey: str, outcome: str = "complete", want_credits: int = 0) -> int:
    """The shop as the SPA goes through it without Stripe: the packs, POST /api/shop/checkout with a
    fresh attempt id, the development checkout page and its button, the return to /shop (the
    purchase, the user's new balance). Returns the credits granted."""
    _, before = call(member.session, journey, "user", "GET", "/api/auth/user")
    _, catalogue = call(member.session, journey, "items", "GET", "/api/shop/items",
                        check=lambda _s, a: None if (a or {}).get("items") else "no packs on sale")
    if not catalogue.get("devCheckout"):
        raise JourneyFailed(f"{journey}: billing has no development checkout (STRIPE_SECRET_KEY set?)")
    call(member.session, journey, "chat status", "GET", "/api/chat/status")
    items = catalogue["items"]
    fitting = [i for i in items if i["credits"] >= want_credits] if want_credits else items
    item = random.choice(fitting or items)
    attempt = str(uuid.uuid4())
    _, checkout = call(member.session, journey, "checkout", "POST", "/api/shop/checkout",
                       body={"itemId": item["id"], "quantity": 1, "attemptId": attempt},
                       check=lambda _s, a: None if "/shop/dev-checkout/" in (a or {}).get("checkoutUrl", "")
                       else "not a development checkout URL")
    purchase_id = checkout["purchaseId"]
    call(member.session, journey, "dev checkout page", "GET", f"/api/shop/dev-checkout/{purchase_id}",
         check=lambda _s, a: None if (a or {}).get("status") == "pending" else f"purchase is {(a or {}).get('status')}")
    wanted = "completed" if outcome == "complete" else "canceled"
    call(member.session, journey, f"dev checkout {outcome}", "POST", f"/api/shop/dev-checkout/{purchase_id}",
         body={"outcome": outcome},
         check=lambda _s, a: None if (a or {}).get("status") == wanted else f"purchase is {(a or {}).get('status')}")
    if outcome != "complete":
        return 0
    _, purchase = call(member.session, journey, "purchase", "GET", f"/api/purchases/{purchase_id}",
                       check=lambda _s, a: None if (a or {}).get("status") == "completed" else "not completed")
    granted = purchase.get("creditsGranted") or 0
    expected = (before.get("credits") or 0) + granted

    def risen(_s, user):
        got = (user or {}).get("credits")
        return None if got is not None and got >= expected else f"balance {got}, expected at least {expected}"

    _, after = call(member.session, journey, "user (balance)", "GET", "/api/auth/user", check=risen)
    member.credits = after.get("credits") or 0
    return granted


def befriend(a: Member, b: Member, journey: str, search: bool) -> None:
    """A asks B (found through the search, as typed, when `search`), B accepts."""
    if search:
        # As typed (the box waits 300 ms after the last key): the start of the name, then all of it.
        typed = b.username[: random.randint(3, 6)]
        call(a.session, journey, "search", "GET", f"/api/friends/search?q={quote(typed)}&limit=20")
        gevent.sleep(TYPING_PAUSE_S)

        def listed(_s, answer):
            hit = [m for m in (answer or {}).get("results", []) if m.get("userId") == b.user_id]
            if not hit:
                return "the member is not in the search results"
            return None if hit[0].get("state") == "none" else f"state {hit[0].get('state')}, expected none"

        call(a.session, journey, "search", "GET", f"/api/friends/search?q={quote(b.username)}&limit=20", check=listed)
    call(a.session, journey, "send request", "POST", "/api/friends/requests", body={"userId": b.user_id},
         check=lambda _s, x: None if (x or {}).get("state") == "outgoing" else f"state {(x or {}).get('state')}")
    a.sent_requests += 1
    call(b.session, journey, "list (other member)", "GET", "/api/friends",
         check=lambda _s, x: None if any(r.get("userId") == a.user_id for r in (x or {}).get("incoming", []))
         else "the request is not among the incoming")
    call(b.session, journey, "accept", "POST", f"/api/friends/requests/{a.user_id}/accept",
         check=lambda _s, x: None if (x or {}).get("state") == "friends" else f"state {(x or {}).get('state')}")
    a.friends.add(b.user_id)
    b.friends.add(a.user_id)


# --- the set-up: the pool of members ----------------------------------------------------------------


@events.init.add_listener
def _set_up(environment, **_kwargs) -> None:
    ENV["value"] = environment
    options = environment.parsed_options
    if options is None or isinstance(environment.runner, MasterRunner):
        return  # a master only counts; its workers set up their own members
    if not environment.host:
        log.error("no --host: the gateway's URL is needed")
        sys.exit(2)
    parts = urlsplit(environment.host)
    ORIGIN["value"] = f"{parts.scheme}://{parts.netloc}"
    MAILBOX["value"] = Mailbox(options.mail_dir)
    if not options.mail_dir:
        log.warning("no --mail-dir: the sign-up journey and the member pool need notify's mail folder")
        sys.exit(2)
    wanted = max(2, options.members)
    started = time.monotonic()
    log.info("signing up %d members (run tag %s)…", wanted, RUN_TAG)
    problems: list[str] = []

    def one(_i: int) -> Member | None:
        try:
            member = sign_up_member("setup", chart_poll_s=0.5)
            buy(member, "setup", want_credits=30)
            return member
        except JourneyFailed as failure:
            problems.append(str(failure))
            return None

    members = [m for m in gevent.pool.Pool(8).map(one, range(wanted)) if m is not None]
    for a, b in zip(members[0::2], members[1::2]):
        try:
            befriend(a, b, "setup", search=False)
        except JourneyFailed as failure:
            problems.append(str(failure))
    if problems:
        for problem in problems[:10]:
            log.error("set-up: %s", problem)
        log.error("the set-up failed (%d problems): no load was started", len(problems))
        sys.exit(2)
    for member in members:
        POOL.add(member)
    log.info("%d members ready in %.0f s", len(members), time.monotonic() - started)


@events.test_start.add_listener
def _started(environment, **_kwargs) -> None:
    options = environment.parsed_options
    if options is not None and options.started_file:
        Path(options.started_file).write_text(json.dumps({"startedAt": time.time()}) + "\n")
    if not isinstance(environment.runner, MasterRunner):
        gevent.spawn(_progress, environment)


def _progress(environment) -> None:
    """One line every 30 s (the headless run is otherwise quiet with --only-summary)."""
    began = time.monotonic()
    while True:
        gevent.sleep(30)
        stats = environment.stats
        journeys = sum(e.num_requests for (name, kind), e in stats.entries.items() if kind == "JOURNEY")
        log.info("%4.0f s: %d users, %d requests, %d failures, %d journeys, %d members",
                 time.monotonic() - began, environment.runner.user_count, stats.total.num_requests,
                 stats.total.num_failures, journeys, len(POOL.members))


# --- the journeys -------------------------------------------------------------------------------------


class MeguriUser(HttpUser):
    """One person at a time: a visitor on the landing page, or a member borrowed from the pool."""

    wait_time = between(1.0, 3.0)

    def on_start(self) -> None:
        self.client = new_session(self)  # the visitor's own client, with the idle-connection rule

    @task(10)
    def landing(self) -> None:
        """A visitor: the session check every load makes (401), the birth place as typed and its
        coordinates, the calculation, and the almanac (today; sometimes a month)."""
        j = "landing"
        with Journey(j):
            call(self.client, j, "session check", "GET", "/api/auth/user", expect=(401,))
            place, coordinates = type_place(self.client, j)
            call(self.client, j, "calculate", "POST", "/api/public/calculate-bazi",
                 body={**random_birth(), "birthLocation": place, "coordinates": coordinates},
                 check=lambda _s, a: None if (a or {}).get("baziChart") and (a or {}).get("elements")
                 else "no chart in the answer")
            call(self.client, j, "almanac", "GET", "/api/almanac")
            if random.random() < 0.3:
                first = jst_today().replace(day=1)
                last = first + timedelta(days=27)
                call(self.client, j, "almanac (month)", "GET",
                     f"/api/almanac?from={first:%Y-%m-%d}&to={last:%Y-%m-%d}")

    @task(1)
    def sign_up(self) -> None:
        """A new member: the wizard, the mailed code, the onboarding, the chart; then in the pool."""
        with Journey("sign-up"):
            member = sign_up_member("sign-up", chart_poll_s=CHART_POLL_S)
            POOL.add(member)

    @task(6)
    def daily_reading(self) -> None:
        """Home: the user, today's reading with its dos and don'ts (409 CHART_NOT_READY is polled
        as home does), the day's badges, friend updates, the almanac badges; sometimes a rating."""
        j = "daily reading"
        with Journey(j):
            member = borrow(j)
            try:
                s = member.session
                call(s, j, "user", "GET", "/api/auth/user")
                reading = None
                for _ in range(10):
                    status, answer = call(s, j, "daily", "GET", f"/api/fortune/daily?timezoneOffset={TZ_OFFSET}",
                                          expect=(200, 409), check=daily_check)
                    if status == 200:
                        reading = answer
                        break
                    gevent.sleep(CHART_POLL_S)
                if reading is None:
                    raise JourneyFailed(f"{j}: still CHART_NOT_READY after 10 polls")
                call(s, j, "day info", "GET", f"/api/day-info?timezoneOffset={TZ_OFFSET}")
                call(s, j, "friend updates", "GET", f"/api/friend-updates?timezoneOffset={TZ_OFFSET}")
                call(s, j, "badges", "GET", "/api/fortune/badges")
                if random.random() < 0.3:
                    call(s, j, "rate", "POST", "/api/fortunes/rate",
                         body={"fortuneType": "daily", "fortuneContentHash": reading["contentHash"],
                               "rating": random.choice(["positive", "negative"])})
            finally:
                POOL.give(member)

    @task(2)
    def friends(self) -> None:
        """/friends: A's list, A types B's username, sends a request; B sees it and accepts; A's
        list again and the compatibility (pending at first: 200 either way)."""
        j = "friends"
        with Journey(j):
            a = b = None
            try:
                a = borrow(j, lambda m: m.sent_requests < MAX_SENT_REQUESTS)
                b = borrow(j, lambda m: m is not a and m.user_id not in a.friends and a.user_id not in m.friends)
                call(a.session, j, "list", "GET", "/api/friends")
                befriend(a, b, j, search=True)
                call(a.session, j, "list", "GET", "/api/friends",
                     check=lambda _s, x: None if any(f.get("userId") == b.user_id for f in (x or {}).get("friends", []))
                     else "the new friend is not listed")
                call(a.session, j, "compatibility", "GET", f"/api/friends/{b.user_id}/compatibility",
                     check=lambda _s, x: None if (x or {}).get("status") in ("pending", "ready", "unavailable")
                     else f"status {(x or {}).get('status')}")
            finally:
                POOL.give(a, b)

    @task(3)
    def diary(self) -> None:
        """/diary: the page's reads, an entry written with a fresh client id that mentions a friend
        (sometimes a letter sealed for the next lucky day instead), the list again; the friend finds
        the mention, marks it shown and opens the entry."""
        j = "diary"
        with Journey(j):
            author = friend = None
            try:
                author = borrow(j, lambda m: m.diary_entries < MAX_DIARY_ENTRIES, prefer=lambda m: bool(m.friends))
                s = author.session
                call(s, j, "list", "GET", "/api/diary?limit=20")
                _, overview = call(s, j, "friends", "GET", "/api/friends")
                call(s, j, "mentions", "GET", "/api/mentions/notifications")
                call(s, j, "letters", "GET", "/api/diary/letters")
                today = jst_today()
                listed = {f.get("userId") for f in overview.get("friends", [])}
                friend = borrow(j, lambda m: m.user_id in listed, wait=False)
                entry = {"clientId": str(uuid.uuid4()), "date": f"{today:%Y-%m-%d}", "publishToFuture": False,
                         "timezoneOffset": TZ_OFFSET}
                # Mostly an entry that mentions a friend; one in ten (half when no friend is free) a letter.
                letter = random.random() < (0.5 if friend is None else 0.1)
                if letter:
                    tomorrow = today + timedelta(days=1)
                    _, lucky = call(s, j, "lucky day", "GET",
                                    f"/api/diary/lucky-day?from={tomorrow:%Y-%m-%d}&timezoneOffset={TZ_OFFSET}")
                    entry.update(publishToFuture=True, deliveryDate=lucky["date"],
                                 content="未来のわたしへ。今日は星がきれいでした。")
                elif friend is not None:
                    entry["content"] = f"今日は@{friend.username} {random.choice(DIARY_LINES)}"
                else:
                    entry["content"] = "今日はゆっくり過ごした。"

                def mentioned(_s, answer):
                    if friend is None or letter:
                        return None
                    names = [m.get("userId") for m in (answer or {}).get("mentions", [])]
                    return None if friend.user_id in names else "the friend is not among the mentions"

                _, saved = call(s, j, "write", "POST", "/api/diary", body=entry, expect=(201,), check=mentioned)
                author.diary_entries += 1
                call(s, j, "list", "GET", "/api/diary?limit=20",
                     check=lambda _s, x: None if any(e.get("id") == saved["id"] for e in (x or {}).get("entries", []))
                     else "the new entry is not listed")
                if friend is not None and not letter:
                    def notified(_s, answer):
                        ours = [n for n in answer or [] if (n.get("diaryEntry") or {}).get("id") == saved["id"]]
                        return None if ours else "no mention notification for the entry"

                    _, notices = call(friend.session, j, "mentions (friend)", "GET", "/api/mentions/notifications",
                                      check=notified)
                    notice = next(n for n in notices if n["diaryEntry"]["id"] == saved["id"])
                    call(friend.session, j, "mention shown (friend)", "POST", f"/api/mentions/{notice['id']}/mark-shown",
                         expect=(204,))
                    call(friend.session, j, "entry (friend)", "GET", f"/api/diary/{saved['id']}")
            finally:
                POOL.give(author, friend)

    @task(2)
    def chat(self) -> None:
        """/chat: the status and the history; a message to the mascot (now and then about another
        person's compatibility) whose reply stream is read to its end; sometimes a rating. A member
        short of credits buys some first, as the chat's link to the shop offers."""
        j = "chat"
        with Journey(j):
            member = borrow(j, prefer=lambda m: m.credits >= 1)
            try:
                s = member.session
                _, status = call(s, j, "status", "GET", "/api/chat/status")
                call(s, j, "history", "GET", "/api/chat/messages?limit=20")
                if status["balance"] < status["creditsPerMessage"]:
                    buy(member, j, want_credits=10)
                body = {"messageId": str(uuid.uuid4()), "message": random.choice(CHAT_MESSAGES),
                        "timezoneOffset": TZ_OFFSET}
                if random.random() < 0.2:
                    body["message"] = "この人との相性を見て"
                    body["compatibility"] = {"birthDate": random_birth()["birthDate"],
                                             "gender": random.choice(["male", "female"]), "label": "友だち"}
                done = send_chat(s, j, body)
                member.credits = done.get("balance", 0)
                if random.random() < 0.3:
                    call(s, j, "rate", "POST", "/api/fortunes/rate",
                         body={"fortuneType": "chat", "fortuneContentHash": done["message"]["contentHash"],
                               "rating": "positive"})
            finally:
                POOL.give(member)

    @task(1)
    def shop(self) -> None:
        """/shop → the development checkout → back on /shop (the purchase, the balance risen) →
        /purchase-history (the purchases, the credit ledger). One in ten cancels instead."""
        j = "shop"
        with Journey(j):
            member = borrow(j)
            try:
                buy(member, j, outcome="cancel" if random.random() < 0.1 else "complete")
                call(member.session, j, "purchases", "GET", "/api/purchases")
                call(member.session, j, "ledger", "GET", "/api/credits/ledger?limit=50",
                     check=lambda _s, x: None if isinstance((x or {}).get("entries"), list) else "no ledger entries")
            finally:
                POOL.give(member)


def daily_check(status: int, answer) -> str | None:
    if status == 409:
        return None if (answer or {}).get("code") == "CHART_NOT_READY" else f"HTTP 409 {(answer or {}).get('code')}"
    if not (answer or {}).get("fortune") or not isinstance((answer or {}).get("dos"), list):
        return "a reading without its text or dos"
    return None


def borrow(journey: str, wanted=lambda m: True, prefer=None, wait: bool = True) -> Member | None:
    if not wait:
        free = [m for m in POOL.members if m.idle and wanted(m)]
        if not free:
            return None
        member = random.choice(free)
        member.idle = False
        return member
    member = POOL.take(wanted, prefer)
    if member is None:
        raise JourneyFailed(f"{journey}: no member free for {FREE_MEMBER_WAIT_S:.0f} s (raise --members)")
    return member


class SseReader:
    """text/event-stream from a fetch-style read: bytes in any pieces → (event, data) pairs."""

    def __init__(self) -> None:
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.pending = ""
        self.event = ""
        self.data: list[str] = []

    def feed(self, chunk: bytes, final: bool = False):
        self.pending += self.decoder.decode(chunk, final=final)
        lines = self.pending.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.pending = lines.pop()
        for line in lines:
            if line == "":
                if self.data:
                    yield (self.event or "message", "\n".join(self.data))
                self.event, self.data = "", []
            elif line.startswith(":"):
                continue  # `: keep-alive`
            else:
                name, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if name == "event":
                    self.event = value
                elif name == "data":
                    self.data.append(value)


def send_chat(session: HttpSession, journey: str, body: dict) -> dict:
    """POST /api/chat/messages and read its event stream to the end: `accepted` first, `delta`s,
    `done` last. The request (`chat: send message`) is timed to the stream's start; the whole reply is
    `chat: reply stream` (SSE). Returns the `done` event."""
    name = f"{journey}: send message"
    started = time.perf_counter()
    headers = {"X-Request-Id": "locust-" + uuid.uuid4().hex, "Origin": ORIGIN["value"], "Accept": "text/event-stream"}
    events_seen: list[str] = []
    done = None
    failed = None
    problem = None
    size = 0
    with session.request("POST", "/api/chat/messages", name=name, json=body, headers=headers, catch_response=True,
                         stream=True, timeout=(TIMEOUT_S, CHAT_TIMEOUT_S)) as r:
        if r.status_code != 200:
            problem = error_text(r)
            r.failure(problem)
        elif "text/event-stream" not in r.headers.get("content-type", ""):
            problem = f"HTTP 200 {r.headers.get('content-type')}, not an event stream"
            r.failure(problem)
        else:
            r.success()
    if problem is not None:
        raise JourneyFailed(f"{name}: {problem}")
    reader = SseReader()
    try:
        for chunk in itertools.chain(r.iter_content(chunk_size=None), [b""]):
            size += len(chunk)
            for event, data in reader.feed(chunk, final=chunk == b""):
                events_seen.append(event)
                if event == "done":
                    done = json.loads(data)
                elif event == "failed":
                    failed = json.loads(data)
    except Exception as error:  # noqa: BLE001 - a broken stream is the finding
        problem = f"the stream broke: {type(error).__name__}"
    finally:
        r.close()
    if problem is None:
        if not events_seen or events_seen[0] != "accepted":
            problem = f"the stream did not start with accepted ({events_seen[:1]})"
        elif failed is not None:
            problem = f"failed {failed.get('code')}"
        elif done is None or events_seen[-1] != "done":
            problem = f"the stream ended without done (last: {events_seen[-1]})"
    fire("SSE", f"{journey}: reply stream", started, length=size, problem=problem)
    if problem is not None:
        raise JourneyFailed(f"{journey}: reply stream: {problem}")
    return done
