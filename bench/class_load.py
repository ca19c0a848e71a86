"""A class of learners dragging sliders at once, served as `make run` serves them: what each waits.

    .venv/bin/python bench/class_load.py [--page learn|sandbox|both|class] [--learners 500]
        [--quiz]   (--page class: the class is on a quiz, at its first question with sliders)
        [--seconds 60] [--ramp 10] [--path /learn/...] [--url http://host:port] [--root DIR]
    .venv/bin/python bench/class_load.py --page surfaces [--answers 2000] [--rounds 4] [--healthz 2500]
    .venv/bin/python bench/class_load.py --page follow [--learners 60] [--moves 4] [--gap 4]
        [--two-servers]

--page surfaces is another measure: server CPU per live answer on each of the six live surfaces,
sequentially, as a ratio to /healthz on the same server (see bench/_surfaces.py).

Each learner is a client of its own (its own cookies and connection): it opens the page, then
drags a free slider through 8 values 60 ms apart (one live check per value, each sent when the
last was answered, as htmx does), pauses 3-9 s to read and think, and drags again. Learners join
over --ramp seconds; answers during the next --seconds are measured. Clients run in two processes
on the same two cores as the server. --root serves another checkout (e.g. a git worktree of an
older commit) to compare. The server gets the environment: LIVE_CACHE_BYTES=0 runs it without
the memo of practice verdicts (webapp/live/memo.py) to show what that memo buys; WEB_WORKERS and
WEB_THREADS try other shapes. Prints figures; not a test. Target: p95 < 100 ms, 0 errors.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import multiprocessing
import random
import statistics
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from _server import ROOT, cpu_seconds, gunicorn

PAGES = {"learn": "/learn/force-of-nature/split-d-practice", "sandbox": "/sandbox"}
STEP, VALUES, PAUSE = 0.060, 8, (3.0, 9.0)
TIMEOUT = 10.0  # an answer this late counts as an error, and keeps the run bounded
PROCESSES = 2


class Form(HTMLParser):
    """The fields of the form that holds the live sliders, in document order (as htmx posts
    them), the live URL, and each free slider's attacker and damage."""

    def __init__(self):
        super().__init__()
        self.forms, self.live, self.live_form = [], None, None
        self.fieldsets, self.select = [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append([])
        elif tag == "fieldset":
            self.fieldsets.append(a.get("data-assigns"))
        elif "hx-post" in a and "assign" in (a.get("class") or "").split() and self.forms:
            self.live, self.live_form = a["hx-post"], len(self.forms) - 1
        elif not self.forms or "disabled" in a:
            return
        elif tag == "input" and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            if a.get("type") not in ("submit", "button"):
                assigns = next((int(f) for f in reversed(self.fieldsets) if f), None)
                self.forms[-1].append([a["name"], a.get("value", ""), a.get("type"), assigns])
        elif tag == "select":
            self.select = [a.get("name"), None, "select", None]
        elif tag == "option" and self.select and (self.select[1] is None or "selected" in a):
            self.select[1] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "fieldset" and self.fieldsets:
            self.fieldsets.pop()
        elif tag == "select" and self.select:
            self.forms[-1].append(self.select)
            self.select = None


class Client:
    """One learner's HTTP/1.1 keep-alive connection and cookies (reconnects as a browser does
    when the server closed an idle connection)."""

    def __init__(self, host: str, port: int):
        self.host, self.port, self.cookies = host, port, {}
        self.reader = self.writer = None
        self.location = None  # the last redirect's target
        self.etag = None      # the last ETag seen

    async def request(self, method: str, path: str, body: bytes = b"", headers=None):
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                return await asyncio.wait_for(self._exchange(method, path, body, headers or {}),
                                              TIMEOUT)
            except TimeoutError:
                self.close()
                raise
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise

    async def _exchange(self, method, path, body, headers):
        head = {"Host": f"{self.host}:{self.port}", "Content-Length": str(len(body)), **headers}
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        lines = [f"{method} {path} HTTP/1.1", *(f"{k}: {v}" for k, v in head.items()), "", ""]
        self.writer.write("\r\n".join(lines).encode() + body)
        await self.writer.drain()
        status = int((await self.reader.readuntil(b"\r\n")).split()[1])
        length, close = 0, False
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "connection":
                close = value.lower() == "close"
            elif name == "location":
                self.location = value
            elif name == "etag":
                self.etag = value
            elif name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";")[0]
        data = await self.reader.readexactly(length)
        if close:
            self.close()
        return status, gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def learner(n: int, job: dict, out: dict) -> None:
    rng = random.Random(n)
    host, port = urlsplit(job["base"]).hostname, urlsplit(job["base"]).port
    await asyncio.sleep(job["start"] + rng.random() * job["ramp"] - time.time())
    client = Client(host, port)
    started = time.perf_counter()
    try:
        status, html = await client.request("GET", job["path"], headers={"Accept-Encoding": "gzip"})
    except (OSError, asyncio.IncompleteReadError) as err:
        status, html = type(err).__name__, b""
    out["pages"].append(time.perf_counter() - started)
    form = Form()
    form.feed(html.decode())
    if status != 200 or form.live is None:
        out["errors"].append(f"page {status}: {html[:200]!r}")
        return
    fields = form.forms[form.live_form]
    token = next(v for name, v, *_ in fields if name == "csrf_token")
    sliders = [f for f in fields if f[2] == "range" and f[0].startswith("dmg:")]
    headers = {"HX-Request": "true", "HX-Current-URL": job["base"] + job["path"],
               "HX-Target": "verdict", "X-CSRFToken": token, "Accept-Encoding": "gzip",
               "Content-Type": "application/x-www-form-urlencoded"}
    end = job["start"] + job["ramp"] + job["seconds"]
    while time.time() < end:
        slider = rng.choice(sliders)
        attacker = slider[0].split(":")[1]
        others = sum(int(f[1]) for f in sliders if f is not slider and f[0].split(":")[1] == attacker)
        room = max(slider[3] - others - job["locked"].get(attacker, 0), 0)
        target = int(slider[1])
        for _ in range(VALUES):
            if room == 0:
                break
            while target == int(slider[1]):
                target = rng.randint(0, room)
            slider[1] = str(int(slider[1]) + (1 if target > int(slider[1]) else -1))
            body = urlencode([(f[0], f[1]) for f in fields]).encode()
            sent, wall = time.perf_counter(), time.time()
            try:
                status, data = await client.request("POST", form.live, body, headers)
                ok = status == 200 and data
            except (OSError, asyncio.IncompleteReadError) as err:
                status, data, ok = type(err).__name__, b"", False
            waited = time.perf_counter() - sent
            if job["start"] + job["ramp"] <= wall < end:
                out["waits"].append(waited)
                if not ok:
                    out["errors"].append(f"live {status}: {data[:200]!r}")
            await asyncio.sleep(max(0.0, STEP - waited))
        await asyncio.sleep(min(rng.uniform(*PAUSE), max(0.0, end - time.time())))
    client.close()


async def lag_probe(job: dict, out: dict) -> None:
    """How late the clients' own timers fire: when this grows, the clients, not the server, are
    what the figures measure."""
    end = job["start"] + job["ramp"] + job["seconds"]
    while time.time() < end:
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        out["lag"].append(time.perf_counter() - before - 0.05)


def run_process(job: dict) -> dict:
    out = {"waits": [], "errors": [], "pages": [], "lag": []}

    async def main():
        await asyncio.gather(lag_probe(job, out),
                             *(learner(n, job, out) for n in range(job["first"], job["last"])))
    asyncio.run(main())
    return out


def locked_damage(base: str, path: str) -> dict[str, int]:
    """Damage held by locked (disabled) sliders per attacker: free sliders share the rest."""
    html = urllib.request.urlopen(base + path, timeout=TIMEOUT).read().decode()
    locked: dict[str, int] = {}
    for tag in html.split("<input")[1:]:
        tag = tag.split(">")[0]
        if 'class="dmg"' in tag and " disabled" in tag:
            attacker = tag.split('data-attacker="')[1].split('"')[0]
            locked[attacker] = locked.get(attacker, 0) + int(tag.split('value="')[1].split('"')[0])
    return locked


def pct(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100)[p - 1] * 1000 if len(values) > 1 else float("nan")


def run_class(base: str, master: int | None, page: str, args) -> None:
    path = args.path or PAGES[page]
    start = time.time() + 2
    job = {"base": base, "path": path, "start": start, "ramp": args.ramp, "seconds": args.seconds,
           "locked": locked_damage(base, path)}
    per = [args.learners // PROCESSES + (i < args.learners % PROCESSES) for i in range(PROCESSES)]
    jobs = [{**job, "first": sum(per[:i]), "last": sum(per[:i + 1])} for i in range(PROCESSES)]
    with multiprocessing.Pool(PROCESSES) as pool:
        pending = pool.map_async(run_process, jobs)
        time.sleep(max(0.0, start + args.ramp - time.time()))
        cpu_before = cpu_seconds(master) if master else None
        time.sleep(max(0.0, start + args.ramp + args.seconds - time.time()))
        cpu_after = cpu_seconds(master) if master else None
        results = pending.get()
    waits = sorted(w for r in results for w in r["waits"])
    errors = [e for r in results for e in r["errors"]]
    pages = sorted(p for r in results for p in r["pages"])
    lag = [x for r in results for x in r["lag"]]
    print(f"{page} ({path}): {args.learners} learners, {args.seconds:.0f} s measured after a "
          f"{args.ramp:.0f} s ramp")
    print(f"  live answers: {len(waits) / args.seconds:.0f}/s, p50 {pct(waits, 50):.1f} ms, "
          f"p95 {pct(waits, 95):.1f} ms, p99 {pct(waits, 99):.1f} ms, max "
          f"{(waits[-1] if waits else 0) * 1000:.0f} ms, errors {len(errors)}   "
          "(target: p95 < 100 ms, 0 errors)")
    print(f"  pages opened: {len(pages)}, p95 {pct(pages, 95):.0f} ms; clients' own timer lag "
          f"p95 {pct(lag, 95):.1f} ms")
    for error in list(dict.fromkeys(errors))[:5]:
        print(f"    error: {error}")
    if master and waits:
        print(f"  server CPU per live answer: {(cpu_after - cpu_before) / len(waits) * 1e6:.0f} µs "
              f"(information)")


def healthz_cpu(base: str, master: int, count: int = 2000) -> float:
    before = cpu_seconds(master)
    for _ in range(count):
        urllib.request.urlopen(base + "/healthz").read()
    return (cpu_seconds(master) - before) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", choices=["learn", "sandbox", "both", "class", "follow",
                                           "surfaces"],
                        default="both", help="class: one live class (see bench/_class_mode.py); "
                        "follow: host Next -> phones showing the new step (bench/_follow_mode.py); "
                        "surfaces: CPU per live answer on every surface, as a ratio to /healthz "
                        "(see bench/_surfaces.py)")
    parser.add_argument("--answers", type=int, default=2000,
                        help="surfaces: live answers measured per surface")
    parser.add_argument("--rounds", type=int, default=4,
                        help="surfaces: rounds each surface's answers are measured in, "
                             "/healthz measured before each and after the last")
    parser.add_argument("--healthz", type=int, default=2500,
                        help="surfaces: /healthz requests measured beside each surface, "
                             "shared among its rounds + 1 measures")
    parser.add_argument("--learners", type=int, default=500)
    parser.add_argument("--quiz", action="store_true",
                        help="class: the class is on a quiz (its first assign question)")
    parser.add_argument("--step", type=int, default=5,
                        help="class: the practice step of force-of-nature the class is on (5: 10 "
                             "splits to choose from, 6: 495, the most of any practice board)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--ramp", type=float, default=None,
                        help="seconds over which learners join (10; class: 30, see _class_mode)")
    parser.add_argument("--timeline", action="store_true",
                        help="class: live answers' p95 in each 5 s of the measured time")
    parser.add_argument("--moves", type=int, default=4, help="follow: how many times the host "
                        "presses Next")
    parser.add_argument("--gap", type=float, default=4.0, help="follow: seconds between them")
    parser.add_argument("--two-servers", action="store_true", help="follow: two servers on one "
                        "PostgreSQL database, every other phone on the second")
    parser.add_argument("--path", help="another page with live sliders")
    parser.add_argument("--url", help="an already running server (no CPU figures then)")
    parser.add_argument("--root", type=Path, default=ROOT, help="serve this checkout instead")
    args = parser.parse_args()
    if args.ramp is None:
        args.ramp = 30.0 if args.page == "class" else 10.0
    if args.page == "surfaces":
        import _surfaces

        if args.url:
            parser.error("--page surfaces starts its own server: it reads the workers' CPU")
        with gunicorn(args.root) as (base, _port, master):
            _surfaces.run(base, master, args)
        return
    if args.page == "follow":
        import _follow_mode

        if args.two_servers:
            from durability import postgres_url

            url = postgres_url()
            if url is None:
                return
            with gunicorn(args.root, database_url=url) as (base, _port, master), \
                    gunicorn(args.root, database_url=url) as (other, _port2, master2):
                _follow_mode.run(base, master, args, pct, healthz_cpu, [(other, master2)])
            return
        with gunicorn(args.root) as (base, _port, master):
            _follow_mode.run(base, master, args, pct, healthz_cpu)
        return
    if args.page == "class":
        import _class_mode

        with gunicorn(args.root) as (base, _port, master):
            _class_mode.run(base, master, args, pct)
        return
    for page in (["learn", "sandbox"] if args.page == "both" else [args.page]):
        if args.url:
            run_class(args.url.rstrip("/"), None, page, args)
            continue
        with gunicorn(args.root) as (base, _port, master):
            run_class(base, master, page, args)
            print(f"  server CPU per /healthz: {healthz_cpu(base, master) * 1e6:.0f} µs "
                  "(information)")


if __name__ == "__main__":
    main()
