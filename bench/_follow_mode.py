"""class_load.py --page follow: how soon phones show the host's new step (issue 23 item 4).

A host creates a class on force-of-nature and starts it; --learners phones join over --ramp
seconds, each its own client polling /sync as the page does (the interval read from the page's
hx-trigger, a random phase per phone, a poll skipped while one is in flight as htmx does, with
HX-Request and the ETag). After a quiet spell (measured: server CPU per poll, beside /healthz),
the host presses Next --moves times, --gap seconds apart. For each move and phone: the time from
the host sending Next to that phone's poll bringing back the new screen (the swap's HTML, whose
poll names the new version). Prints p50/p90/max and how many phones never saw it. Clients run in
two processes on the same cores as the server. Target: p90 < 1 s. The new screen is rendered once
for the room (webapp/views/classroom/shared.py); CLASS_SCREEN_CACHE_BYTES=0 in the environment
renders each phone's own, to show what that buys.

    .venv/bin/python bench/class_load.py --page follow --learners 60
    .venv/bin/python bench/class_load.py --page follow --learners 500 --ramp 15
    .venv/bin/python bench/class_load.py --page follow --learners 60 --two-servers

--two-servers: two servers on one PostgreSQL database (TEST_POSTGRES_URL, a schema of its own,
as bench/durability.py makes it); the host is on the first, and every other phone joins and
polls through the second, so half the room follows a host on another server.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import re
import time
from urllib.parse import urlencode, urlsplit

from _class_mode import FORM, csrf, setup_host
from _server import cpu_seconds

QUIET = 5.0  # seconds of polling with nothing to follow, measured for CPU per poll


async def phone(Client, n: int, job: dict, out: dict) -> None:
    rng = random.Random(n)
    base = job["bases"][n % len(job["bases"])]  # two servers: every other phone on the second
    host, port = urlsplit(base).hostname, urlsplit(base).port
    await asyncio.sleep(max(0.0, job["start"] + rng.random() * job["ramp"] - time.time()))
    client = Client(host, port)
    try:
        _, page = await client.request("GET", "/join")
        body = urlencode({"csrf_token": csrf(page), "code": job["code"],
                          "nickname": f"phone {n}"}).encode()
        await client.request("POST", "/join", body, FORM)
        status, page = await client.request("GET", f"/class/{job['code']}/play")
        assert status == 200, status
    except Exception as err:  # noqa: BLE001 - a failed join is an error of the run
        out["errors"].append(f"join: {type(err).__name__} {err}"[:200])
        return
    every = int(re.search(rb'hx-trigger="every (\d+)ms"', page).group(1)) / 1000
    url = re.search(rb'data-follow[^>]*hx-get="([^"]+)"', page).group(1).decode() \
        .replace("&amp;", "&")
    await asyncio.sleep(rng.random() * every)  # each phone's own phase
    etag = None
    while time.time() < job["end"]:
        tick = time.time()
        headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
        try:
            status, data = await client.request("GET", url, headers=headers)
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as err:
            out["errors"].append(f"sync {type(err).__name__}")
            status, data = 0, b""
        out["polls"].append(tick)
        if status == 200 and b'id="class-screen"' in data:  # the host moved: the new screen
            found = re.search(rb'data-follow[^>]*hx-get="([^"]+)"', data)
            if found:
                url = found.group(1).decode().replace("&amp;", "&")
                out["seen"].append((int(url.rsplit("v=", 1)[1]), time.time()))
            etag = None
        elif status == 200:
            etag = client.etag
        elif status not in (304, 0):
            out["errors"].append(f"sync {status}")
        # The next poll on the interval's beat; a beat missed while waiting is skipped.
        late = time.time() - tick
        await asyncio.sleep(every - late % every)
    client.close()


def run_process(job: dict) -> dict:
    from class_load import Client

    out = {"errors": [], "polls": [], "seen": []}

    async def main():
        phones = range(job["first"], job["last"])
        await asyncio.gather(*(phone(Client, n, job, out) for n in phones))
    asyncio.run(main())
    return out


async def press_next(Client, base: str, host: dict, times: list[float], moves: int) -> dict:
    """The host presses Next at each of `times`: {version it made: when Next was sent}."""
    client = Client(urlsplit(base).hostname, urlsplit(base).port)
    client.cookies.update(host["cookies"])
    sent = {}
    for i, when in enumerate(times[:moves]):
        await asyncio.sleep(max(0.0, when - time.time()))
        t = time.time()
        try:
            status, _ = await client.request(
                "POST", host["url"] + "/move",
                urlencode({"csrf_token": host["token"], "op": "next"}).encode(), FORM)
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as err:
            print(f"  the host's Next {i + 1} failed: {type(err).__name__} (counted as sent)")
            status = 303
        assert status == 303, status
        sent[i] = t
    client.close()
    return sent


def run(base: str, master: int, args, pct, healthz_cpu, others=()) -> None:
    """`others`: (base URL, master pid) of more servers on the same database, which every other
    phone uses; the CPU figures then add up every server's."""
    from class_load import Client, PROCESSES

    masters = [master, *(pid for _, pid in others)]

    host = asyncio.run(setup_host(Client, base, 1))  # started, on step 1
    start = time.time() + 2
    quiet_from = start + args.ramp + 2
    moves_at = [quiet_from + QUIET + i * args.gap for i in range(args.moves)]
    end = moves_at[-1] + args.gap
    job = {"bases": [base, *(url for url, _ in others)], "code": host["code"], "start": start,
           "ramp": args.ramp, "end": end}
    per = [args.learners // PROCESSES + (i < args.learners % PROCESSES) for i in range(PROCESSES)]
    jobs = [{**job, "first": sum(per[:i]), "last": sum(per[:i + 1])} for i in range(PROCESSES)]
    with multiprocessing.Pool(PROCESSES) as pool:
        pending = pool.map_async(run_process, jobs)
        time.sleep(max(0.0, quiet_from - time.time()))
        cpu_before = sum(cpu_seconds(m) for m in masters)
        time.sleep(max(0.0, quiet_from + QUIET - time.time()))
        cpu_quiet = sum(cpu_seconds(m) for m in masters) - cpu_before
        sent = asyncio.run(press_next(Client, base, host, moves_at, args.moves))
        results = pending.get()
    errors = [e for r in results for e in r["errors"]]
    polls = [t for r in results for t in r["polls"]]
    quiet_polls = sum(1 for t in polls if quiet_from <= t < quiet_from + QUIET)
    seen = [s for r in results for s in r["seen"]]
    first_version = min(v for v, _ in seen) if seen else 0  # the version the first Next made
    lags, missed = [], 0
    for i, t in sent.items():
        arrivals = [when for v, when in seen if v == first_version + i]
        lags += [when - t for when in arrivals]
        missed += args.learners - len(arrivals)
    lags.sort()
    servers = f", {len(masters)} servers on one PostgreSQL database" if others else ""
    print(f"follow ({args.learners} phones{servers}, {args.moves} × Next, {args.gap:.0f} s apart, "
          f"after a {args.ramp:.0f} s ramp): host Next → phone shows the new step")
    print(f"  p50 {pct(lags, 50) / 1000:.2f} s, p90 {pct(lags, 90) / 1000:.2f} s, "
          f"max {(lags[-1] if lags else 0):.2f} s   (target: p90 < 1 s); "
          f"{missed} phone-moves never seen")
    if quiet_polls:
        per_poll = cpu_quiet / quiet_polls
        print(f"  quiet polls: {quiet_polls / QUIET:.0f}/s, server CPU {cpu_quiet / QUIET:.2f} "
              f"cores, {per_poll * 1e6:.0f} µs per poll")
        health = healthz_cpu(base, master)
        print(f"  server CPU per /healthz: {health * 1e6:.0f} µs; a poll costs "
              f"{per_poll / health:.1f} × /healthz")
    print(f"  errors: {len(errors)} (target 0)")
    for error in list(dict.fromkeys(errors))[:5]:
        print(f"    error: {error}")
