"""An exam room: many takers answering a quiz at once, served as `make run` serves them.

    .venv/bin/python bench/quiz_load.py [--takers 200] [--questions 25] [--think 1 4]

Each taker is a client of its own: it starts an exam (tier 3), then for each question opens the
page, thinks --think seconds, and answers with whatever control the question has (a number, a
verdict, an option, or the sliders as they stand). Prints answers/s, p50/p95/p99 per answer,
errors, and checks that every answer the server acknowledged (a 303) is in the database
afterwards. Target: p95 < 150 ms, 0 errors, nothing lost. Not a test.
"""

from __future__ import annotations

import argparse
from pathlib import Path
import asyncio
import multiprocessing
import random
import re
import statistics
import tempfile
import time
from urllib.parse import urlencode

from sqlalchemy import create_engine, text

from _server import gunicorn
from class_load import Client

PROCESSES = 2


def fields_for(html: str, rng: random.Random) -> dict | None:
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    form = {"csrf_token": token}
    if 'name="amount"' in html:
        form["amount"] = str(rng.randint(0, 9))
    elif 'name="verdict"' in html:
        form["verdict"] = rng.choice(["legal", "illegal"])
    elif 'name="option"' in html:
        form["option"] = rng.choice(re.findall(r'name="option" value="([^"]+)"', html))
    for name, value in re.findall(r'name="(dmg:[^"]+)"\s+min="0" max="\d+" step="1" value="(\d+)"',
                                  html):
        form[name] = value
    return form


async def taker(n: int, job: dict, out: dict) -> None:
    rng = random.Random(n)
    await asyncio.sleep(job["start"] + rng.random() * job["ramp"] - time.time())
    client = Client("127.0.0.1", job["port"])
    try:
        _, page = await client.request("GET", "/quiz")
        token = re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()
        body = urlencode({"csrf_token": token, "name": f"Taker {n}", "tier": "3", "mode": "exam",
                          "count": job["questions"]}).encode()
        status, _ = await client.request("POST", "/quiz", body, FORM)
        location = client.location
        for _ in range(job["questions"]):
            if status != 303 or "/review" in location:
                break
            _, page = await client.request("GET", location)
            await asyncio.sleep(rng.uniform(*job["think"]))
            body = urlencode(fields_for(page.decode(), rng)).encode()
            sent = time.perf_counter()
            status, data = await client.request("POST", location, body, FORM)
            out["waits"].append(time.perf_counter() - sent)
            if status == 303:
                out["acknowledged"] += 1
                location = client.location
            else:
                out["errors"].append(f"{status}: {data[:120]!r}")
    except (OSError, asyncio.IncompleteReadError, AttributeError) as err:
        out["errors"].append(type(err).__name__)
    client.close()


FORM = {"Content-Type": "application/x-www-form-urlencoded", "Accept-Encoding": "gzip"}


def run_process(job: dict) -> dict:
    out = {"waits": [], "acknowledged": 0, "errors": []}

    async def main():
        await asyncio.gather(*(taker(n, job, out) for n in range(job["first"], job["last"])))
    asyncio.run(main())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--takers", type=int, default=200)
    parser.add_argument("--questions", type=int, default=25)
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 4.0))
    parser.add_argument("--ramp", type=float, default=5.0)
    parser.add_argument("--root", default=None,
                        help="serve another checkout (an older commit) to compare")
    args = parser.parse_args()
    url = f"sqlite:///{tempfile.mkdtemp(prefix='trample-quiz-')}/trample.db"
    root = {"root": Path(args.root)} if args.root else {}
    with gunicorn(database_url=url, **root) as (_, port, _master):
        job = {"port": port, "start": time.time() + 1, "ramp": args.ramp,
               "questions": args.questions, "think": tuple(args.think)}
        per = [args.takers // PROCESSES + (i < args.takers % PROCESSES) for i in range(PROCESSES)]
        jobs = [{**job, "first": sum(per[:i]), "last": sum(per[:i + 1])} for i in range(PROCESSES)]
        started = time.time()
        with multiprocessing.Pool(PROCESSES) as pool:
            results = pool.map(run_process, jobs)
        took = time.time() - started
    waits = sorted(w for r in results for w in r["waits"])
    acknowledged = sum(r["acknowledged"] for r in results)
    errors = [e for r in results for e in r["errors"]]
    engine = create_engine(url)
    with engine.connect() as connection:
        stored = connection.execute(text("select count(*) from quiz_answers")).scalar()
    q = statistics.quantiles(waits, n=100) if len(waits) > 1 else [0.0] * 99
    print(f"{args.takers} takers, {args.questions}-question exams, {args.think[0]:.0f}-"
          f"{args.think[1]:.0f} s to think: {len(waits)} answers in {took:.0f} s "
          f"({len(waits) / took:.0f}/s)")
    print(f"  per answer: p50 {q[49] * 1000:.1f} ms, p95 {q[94] * 1000:.1f} ms, p99 "
          f"{q[98] * 1000:.1f} ms, errors {len(errors)}   (target: p95 < 150 ms, 0 errors)")
    print(f"  acknowledged {acknowledged}, in the database {stored}: "
          f"{'nothing lost' if stored >= acknowledged else f'LOST {acknowledged - stored}'}")
    for error in list(dict.fromkeys(errors))[:5]:
        print(f"    error: {error}")


if __name__ == "__main__":
    main()
