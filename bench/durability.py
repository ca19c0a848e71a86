"""Nothing acknowledged is lost: learners answer while workers are killed, or while two servers
share one database; afterwards every answer the server confirmed must be in the database.

    .venv/bin/python bench/durability.py [--learners 16] [--seconds 20] [--database sqlite|postgresql|both]

Three runs per database: one server whose workers get `kill -9` every few seconds (gunicorn starts
new ones); two servers on one database; and two servers with kills. Each learner is a client of
its own that answers a lesson question again and again; an answer counts as acknowledged when the
server redirected to it (303 with its id). Prints answers, acknowledged, found, lost, errors (a
503 "busy, send it again" is counted apart: nothing was acknowledged) and p99. PostgreSQL is the
one at TEST_POSTGRES_URL (default postgres@127.0.0.1/test), in a schema of its own. Not a test.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import signal
import statistics
import tempfile
import threading
import time
import urllib.parse
import uuid
from contextlib import ExitStack

from sqlalchemy import create_engine, text

from _server import gunicorn, workers

STEP = "/learn/force-of-nature/two-predict"
POSTGRES = os.environ.get("TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def learner(ports: list[int], seconds: float, seed: int, out: dict) -> None:
    """Answer again and again, on whichever server this learner was sent to."""
    rng = random.Random(seed)
    port = ports[seed % len(ports)]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    cookies: dict[str, str] = {}
    end = time.monotonic() + seconds
    token = None
    while time.monotonic() < end:
        try:
            if token is None:
                status, headers, body = request(conn, "GET", STEP, cookies)
                token = re.search(rb'name="csrf_token" value="([^"]+)"', body).group(1).decode()
            form = urllib.parse.urlencode({"csrf_token": token, "lesson": "force-of-nature",
                                           "step": "two-predict", "amount": rng.randint(0, 9)})
            started = time.monotonic()
            status, headers, _ = request(conn, "POST", STEP, cookies, form.encode())
            out["waits"].append(time.monotonic() - started)
            out["sent"] += 1
            if status == 303:
                answer = re.search(r"answer=(\d+)", headers.get("location", "")).group(1)
                out["acknowledged"].append((cookies.get("learner"), int(answer)))
            elif status == 503:
                out["busy"] += 1
            else:
                out["errors"].append(status)
        except (OSError, http.client.HTTPException, AttributeError):
            # The worker holding this connection was killed: nothing was acknowledged; a browser
            # would reconnect and the learner would press the button again.
            out["dropped"] += 1
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            token = None
    conn.close()


def request(conn, method, path, cookies, body=None):
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    for name, value in response.getheaders():
        if name.lower() == "set-cookie":
            key, _, rest = value.partition("=")
            cookies[key] = rest.split(";")[0]
    return response.status, {k.lower(): v for k, v in response.getheaders()}, data


def killer(masters: list[int], seconds: float, stop: threading.Event, kills: list) -> None:
    rng = random.Random(7)
    while not stop.wait(rng.uniform(1.0, 3.0)):
        master = rng.choice(masters)
        pids = workers(master)
        if pids:
            os.kill(rng.choice(pids), signal.SIGKILL)
            kills.append(time.monotonic())


def stored_ids(url: str) -> set[int]:
    engine = create_engine(url)
    with engine.connect() as connection:
        ids = {row[0] for row in connection.execute(text("select id from step_attempts"))}
    engine.dispose()
    return ids


def run(label: str, url: str, servers: int, kill: bool, args) -> None:
    out = {"waits": [], "sent": 0, "acknowledged": [], "busy": 0, "errors": [], "dropped": 0}
    kills: list = []
    with ExitStack() as stack:
        started = [stack.enter_context(gunicorn(database_url=url)) for _ in range(servers)]
        ports, masters = [port for _, port, _ in started], [pid for _, _, pid in started]
        stop = threading.Event()
        threads = [threading.Thread(target=learner, args=(ports, args.seconds, n, out))
                   for n in range(args.learners)]
        if kill:
            threads.append(threading.Thread(target=killer, args=(masters, args.seconds, stop, kills)))
        for t in threads:
            t.start()
        for t in threads[:args.learners]:
            t.join()
        stop.set()
        for t in threads:
            t.join()
    found = stored_ids(url.replace("postgresql://", "postgresql+psycopg://", 1))
    acknowledged = {answer for _, answer in out["acknowledged"]}
    lost = acknowledged - found
    p99 = statistics.quantiles(out["waits"], n=100)[98] * 1000 if len(out["waits"]) > 1 else 0
    print(f"  {label:38s} answers sent {out['sent']:6d}, acknowledged {len(acknowledged):6d}, "
          f"found {len(acknowledged & found):6d}, LOST {len(lost)}, errors {len(out['errors'])}, "
          f"busy (503) {out['busy']}, dropped by kills {out['dropped']}, kills {len(kills)}, "
          f"p99 {p99:.0f} ms")
    if out["errors"]:
        print(f"    statuses: {sorted(set(out['errors']))}")


def postgres_url() -> str | None:
    try:
        admin = create_engine(POSTGRES, connect_args={"connect_timeout": 3})
        name = f"bench_{uuid.uuid4().hex[:10]}"
        with admin.begin() as connection:
            connection.execute(text(f'create schema "{name}"'))
        admin.dispose()
    except Exception as err:  # noqa: BLE001 - not reachable: say so and go on
        print(f"  PostgreSQL at {POSTGRES} not reachable ({type(err).__name__}): skipped")
        return None
    return f"{POSTGRES}?options=-csearch_path%3D{name}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    print(f"{args.learners} learners answering {STEP} for {args.seconds:.0f} s per run")
    for kind in kinds:
        for label, servers, kill in (("one server, workers killed", 1, True),
                                     ("two servers on one database", 2, False),
                                     ("two servers, workers killed", 2, True)):
            if kind == "sqlite":
                url = f"sqlite:///{tempfile.mkdtemp(prefix='trample-durability-')}/trample.db"
            else:
                url = postgres_url()
                if url is None:
                    break
            try:
                run(f"{kind}: {label}", url, servers, kill, args)
            finally:
                if kind == "sqlite":
                    for suffix in ("", "-wal", "-shm"):
                        path = url.removeprefix("sqlite:///") + suffix
                        if os.path.exists(path):
                            os.remove(path)


if __name__ == "__main__":
    main()
