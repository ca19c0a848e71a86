"""class_load.py --page surfaces: server CPU per live answer on every live surface, as a ratio to
/healthz on the same server in the same run (the figure that travels between machines).

One `make run` server is started once. For each surface, a client does what a person does to
reach it (cookies, the CSRF token from the page, the live URL and the form's fields parsed from
the HTML), and sends --answers live answers one after the other on one keep-alive connection,
with the headers htmx sends, while one slider moves back and forth through the values its drag
allows (legal and illegal splits); each answer must be a 200 with a body. The server's CPU (its
workers' user + system time from /proc) before and after gives the CPU per answer. The answers
go in --rounds rounds, with /healthz (--healthz / (rounds + 1) sequential requests from another
keep-alive client) measured before each round and after the last: a round's ratio is to the
mean of the two /healthz beside it, and a surface's ratio (the budget's) is the median of its
rounds', since a shared machine's speed drifts within a run, even from one second to the next;
the ratio to the whole run's /healthz mean is printed beside it. /healthz is a GET without a
cookie, a body or a language: it skips the form parsing, the session and CSRF checks, the
language choice and gzip that a live answer needs (and gunicorn reads and writes fewer bytes).

Requests are sequential on purpose: this measures what one answer costs the server, not queueing
(the other modes of class_load.py measure that). CPU seconds of the server's own processes are
little affected by other jobs on the machine, wall times are: hence the ratio, not milliseconds.
Budget (docs DESIGN.md, "Budgets"): at most 1.5x /healthz on every live surface.

The surfaces: the sandbox; a lesson's practice step (force-of-nature, split-d-practice); endless
practice (an assign board of force-of-nature, as "Try a similar one" opens it); a shared quiz's assign question (a
quiz made at /quiz/new, in practice mode, taken from its take link); a class on the lesson (the
host on its practice step, a phone joined); a class on the quiz (the host on its assign question).
Every surface's live answers may be served from the worker's memo of live answers
(webapp/live/memo.py, through webapp/views/live_answer.py): a drag back and forth repeats splits,
as a class's phones do. Run with LIVE_CACHE_BYTES=0 to see each surface without it.
bench/live_profile.py shows where a live answer's time goes on each surface.
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import time
from datetime import date
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit

from _server import cpu_seconds

LESSON, STEP, CLASS_STEP = "force-of-nature", "split-d-practice", 5  # step 5 of 9: split-d-practice
BUDGET = 1.5
QUIZ_SEED = "20"  # the /quiz/new form's seed ("Other questions" draws another)
WARMUP = 50  # answers first, not measured: templates compiled, the worker's caches filled
GZIP = {"Accept-Encoding": "gzip"}
FORM = {"Content-Type": "application/x-www-form-urlencoded", **GZIP}


class Forms(HTMLParser):
    """Every form of a page: its action and the fields a browser would submit (the first radio
    of a group when none is checked, as a person picks one; an empty number as 0; the primary
    submit button's name and value, or the first one's)."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self.radios: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "fields": {}, "radios": {},
                               "button": {}})
        elif not self.forms or "disabled" in a or not a.get("name"):
            return
        elif tag == "button" and a.get("type", "submit") == "submit":
            form = self.forms[-1]  # the button a person presses: the primary one, or the first
            if not form["button"] or "primary" in (a.get("class") or "").split():
                form["button"] = {a["name"]: a.get("value", "")}
        elif tag == "input" and a.get("type") not in ("submit", "button", "checkbox"):
            form = self.forms[-1]
            if a.get("type") == "radio":
                form["radios"].setdefault(a["name"], a.get("value", ""))
                if "checked" in a:
                    form["fields"][a["name"]] = a.get("value", "")
            else:
                form["fields"][a["name"]] = a.get("value") or ("0" if a.get("type") == "number"
                                                               else "")

    def find(self, pattern: str) -> dict | None:
        """The fields of the first form whose action matches `pattern` (a regex)."""
        for form in self.forms:
            if re.search(pattern, form["action"]):
                return {**form["radios"], **form["fields"], **form["button"]}
        return None


def forms(html: bytes) -> Forms:
    parser = Forms()
    parser.feed(html.decode())
    return parser


class Slider(HTMLParser):
    """Each slider's largest value (its `max`): what a drag can reach."""

    def __init__(self):
        super().__init__()
        self.max: dict[str, int] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("type") == "range" and "disabled" not in a:
            self.max[a["name"]] = int(a.get("max", "0"))


async def get(client, path: str, follow: int = 5):
    """GET, following redirects as a browser does; (status, body, final path)."""
    status, body = await client.request("GET", path, headers=GZIP)
    while status in (301, 302, 303) and follow:
        path, follow = urlsplit(client.location).path + (
            "?" + urlsplit(client.location).query if urlsplit(client.location).query else ""), \
            follow - 1
        status, body = await client.request("GET", path, headers=GZIP)
    return status, body, path


async def post(client, path: str, fields: dict, expect=(303,)):
    status, body = await client.request("POST", path, urlencode(fields).encode(), FORM)
    if status not in expect:
        raise RuntimeError(f"POST {path}: {status} {body[:300]!r}")
    return status, body


# --- reaching each surface as a person does -------------------------------------------------------


async def make_quiz(client) -> dict:
    """A quiz made at /quiz/new (50 generated tier-3 questions, practice mode), saved: its owner
    and take links."""
    _, page, _ = await get(client, "/quiz/new")
    fields = forms(page).find(r"^/quiz/new$")
    fields.update(title="Bench quiz", tier="3", count="50", source="generated", seed=QUIZ_SEED,
                  mode="practice", op="save")  # one seed: the same boards in every run
    await post(client, "/quiz/new", fields)
    _, page, owner = await get(client, urlsplit(client.location).path)
    take = re.search(rb'id="take-link" [^>]*value="([^"]+)"', page).group(1).decode()
    owner_url = re.search(rb'id="owner-link" [^>]*value="([^"]+)"', page).group(1).decode()
    return {"owner": owner, "owner_url": owner_url, "take": urlsplit(take).path}


async def take_quiz(client, quiz: dict) -> tuple[str, int]:
    """Start an attempt from the take link; the first question with sliders: (path, n)."""
    _, page, _ = await get(client, quiz["take"])
    fields = forms(page).find(re.escape(quiz["take"]))
    await post(client, quiz["take"], {**fields, "name": "Bench taker"})
    first = urlsplit(client.location).path  # /quiz/a/<token>/1
    for n in range(1, 51):
        path = first.rsplit("/", 1)[0] + f"/{n}"
        _, page, _ = await get(client, path)
        if b'class="dmg"' in page:
            return path, n
    raise RuntimeError("no assign question among the quiz's 50")


async def host_class(host, fields: dict, step: int) -> str:
    """The host makes a class (a lesson, or a quiz's owner link), starts it and goes to `step`
    (1-based); its code."""
    _, page, _ = await get(host, "/class/new")
    form = forms(page).find(r"^/class/new$")
    await post(host, "/class/new", {**form, **fields})
    url = urlsplit(host.location).path
    _, page, _ = await get(host, url)
    code = re.search(rb'class="code">(\w+)<', page).group(1).decode()
    move = forms(page).find(r"/move$")
    for op in ({"op": "start"}, {"op": "go", "step": str(step)}):
        await post(host, url + "/move", {"csrf_token": move["csrf_token"], **op})
    return code


async def join_class(phone, code: str, nickname: str) -> str:
    _, page, _ = await get(phone, "/join")
    fields = forms(page).find(r"^/join")
    await post(phone, "/join", {**fields, "code": code, "nickname": nickname})
    return f"/class/{code}/play"


async def surfaces(Client, base: str):
    """(name, client, page path, the page if it is open already) for each surface, reached in
    order: a quiz is made once, for its attempt and its class."""
    host, port = urlsplit(base).hostname, urlsplit(base).port
    new = lambda: Client(host, port)  # noqa: E731 - one browser each
    yield "sandbox", new(), "/sandbox", None
    yield "lesson step", new(), f"/learn/{LESSON}/{STEP}", None
    learner = new()
    # An endless-practice assign board of the lesson, named by its address as "Try a similar one"
    # names it (a random board needs the lesson done, and that needs its check passed).
    practice = f"/learn/practice?lesson={LESSON}&kind=assign&seed=1"
    _, page, _ = await get(learner, practice)
    if b'hx-post="/learn/practice/live"' not in page:
        raise RuntimeError(f"{practice} is not an assign board")
    yield "endless practice", learner, practice, page
    owner = new()
    quiz = await make_quiz(owner)
    taker = new()
    question, n = await take_quiz(taker, quiz)
    yield "quiz assign question", taker, question, None
    teacher, phone = new(), new()
    code = await host_class(teacher, {"lesson": LESSON}, CLASS_STEP)
    yield "class on a lesson", phone, await join_class(phone, code, "bench phone"), None
    teacher, phone = new(), new()
    code = await host_class(teacher, {"quiz": base + quiz["owner"]}, n)
    yield "class on a quiz", phone, await join_class(phone, code, "bench phone"), None


# --- measuring ------------------------------------------------------------------------------------


async def healthz(client, master: int, count: int) -> float:
    for _ in range(WARMUP):
        await client.request("GET", "/healthz")
    before = cpu_seconds(master)
    for _ in range(count):
        status, body = await client.request("GET", "/healthz")
        assert status == 200 and body == b"ok", (status, body)
    return (cpu_seconds(master) - before) / count


async def drag(client, base: str, master: int, path: str, page: bytes | None,
               count: int, rounds: int = 1, beside=None) -> dict:
    """`count` live answers from the page at `path` (or `page`, when it is open already), one
    slider moving back and forth over its range; the server CPU per answer and the errors. In
    `rounds` of count / rounds answers, with `beside()` (a /healthz measure) before each round
    and after the last: each round's ratio is to the two /healthz measures around it."""
    from class_load import Form

    status = 200
    if page is None:
        status, page, path = await get(client, path)
    form, limits = Form(), Slider()
    form.feed(page.decode())
    limits.feed(page.decode())
    if status != 200 or form.live is None:
        raise RuntimeError(f"{path}: {status}, no live form")
    fields = form.forms[form.live_form]
    token = next(value for name, value, *_ in fields if name == "csrf_token")
    slider = next(f for f in fields if f[2] == "range" and f[0].startswith("dmg:"))
    top = limits.max[slider[0]]
    sweep = list(range(top + 1)) + list(range(top - 1, 0, -1))  # 0..max..1, again and again
    headers = {**FORM, "HX-Request": "true", "HX-Target": "verdict", "X-CSRFToken": token,
               "HX-Current-URL": base + path}
    errors: list[str] = []
    sizes: list[int] = []

    async def answer(i: int) -> None:
        slider[1] = str(sweep[i % len(sweep)])
        body = urlencode([(f[0], f[1]) for f in fields]).encode()
        try:
            status, data = await client.request("POST", form.live, body, headers)
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as err:
            status, data = type(err).__name__, b""
        sizes.append(len(data))
        if status != 200 or not data:
            errors.append(f"{status}: {data[:160]!r}")

    for i in range(WARMUP):
        await answer(i)
    errors.clear()
    sizes.clear()
    each = max(count // rounds, 1)
    cpus, checks, wall = [], [], 0.0
    for r in range(rounds):
        if beside is not None:
            checks.append(await beside())
        before, started = cpu_seconds(master), time.perf_counter()
        for i in range(r * each, (r + 1) * each):
            await answer(i)
        cpus.append((cpu_seconds(master) - before) / each)
        wall += time.perf_counter() - started
    if beside is not None:
        checks.append(await beside())
    ratios = [c / ((checks[r] + checks[r + 1]) / 2) for r, c in enumerate(cpus)] if checks \
        else []
    return {"live": form.live, "slider": f"{slider[0]} 0..{top}", "cpu": sum(cpus) / rounds,
            "wall": wall / (each * rounds), "errors": errors, "bytes": sum(sizes) / len(sizes),
            "ratios": ratios, "checks": checks}


def machine() -> str:
    model = "unknown CPU"
    try:
        model = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                     if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{os.cpu_count()} cores, {model}"


def run(base: str, master: int, args) -> None:
    from class_load import Client

    async def main():
        probe = Client(urlsplit(base).hostname, urlsplit(base).port)
        print(f"Live answers' server CPU, one `make run` server, {machine()}, {date.today()}; "
              f"sequential requests from one keep-alive client (cost per answer, not queueing)")
        # A busy machine's speed drifts within a run, even between two measures a second apart:
        # each surface's answers are measured in rounds, with /healthz measured before each round
        # and after the last, and each round is compared with the two /healthz beside it. The
        # budget is read from the median of the rounds' ratios (their range is printed too).
        beside = max(args.healthz // (args.rounds + 1), 100)

        async def check() -> float:
            return await healthz(probe, master, beside)

        rows = []
        async for name, client, path, page in surfaces(Client, base):
            rows.append((name, await drag(client, base, master, path, page, args.answers,
                                          args.rounds, check)))
            client.close()
        probe.close()
        checks = [c for _, r in rows for c in r["checks"]]
        per = sum(checks) / len(checks)
        print(f"  /healthz: {per * 1e6:.0f} µs server CPU per request (mean of {len(checks)} "
              f"measures of {beside}, beside each round of live answers; from "
              f"{min(checks) * 1e6:.0f} to {max(checks) * 1e6:.0f} µs)")
        for name, r in rows:
            ratio = statistics.median(r["ratios"])
            print(f"  {name:21} {r['cpu'] * 1e6:6.0f} µs per live answer = {ratio:4.2f}× the "
                  f"/healthz beside it (median of {len(r['ratios'])} rounds, "
                  f"{min(r['ratios']):.2f}–{max(r['ratios']):.2f}; {r['cpu'] / per:4.2f}× the "
                  f"run's), errors {len(r['errors'])}/{args.answers}   "
                  f"(target ≤ {BUDGET}×: {'met' if ratio <= BUDGET else 'over'})")
            live = re.sub(r"[\w-]{20,}", "<token>", r["live"])
            print(f"      POST {live}, {r['slider']}; {r['bytes']:.0f} bytes per answer "
                  f"(uncompressed), wall {r['wall'] * 1e3:.1f} ms (information)")
            for error in list(dict.fromkeys(r["errors"]))[:3]:
                print(f"      error: {error}")
    asyncio.run(main())
