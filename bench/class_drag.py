"""A class dragging sliders at once: what each student waits for a verdict, under gunicorn.

    .venv/bin/python bench/class_drag.py [--students 60] [--seconds 20]

Every student keeps one connection, drags one slider of the sandbox step by step at a steady
hand's pace (a new value every 60 ms, so a request every 60 ms or when the last answer came,
whichever is later), pauses --pause seconds between drags, and drags again until the time is
up. Three classes: everyone on the sandbox's own Force of Nature board (a class following the
projector); everyone on a board of their own (each split new to the server); and everyone on a
board of their own dragging without a pause (the worst case: about 16 requests a second each).
The students run as threads in two processes on the same two cores as the server, so the
figures are pessimistic. Prints figures; not a test.
"""

from __future__ import annotations

import sys

# bench/http.py would shadow the standard library's `http`: keep this folder off the front of
# the path.
_HERE = sys.path.pop(0)

import argparse  # noqa: E402
import http.client  # noqa: E402
import multiprocessing  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

sys.path.append(_HERE)
from _live import live_form, live_session  # noqa: E402
from _server import gunicorn  # noqa: E402

STEP = 0.060  # seconds between two values of a dragged slider
PROCESSES = 2


def _student(port: int, board: str, seconds: float, pause: float, seed: int, out: list) -> None:
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers, token = live_session(conn)
    split = [2, 2, 2, 2]
    waits, errors = [], 0
    end = time.monotonic() + seconds
    time.sleep(rng.random() * max(pause, 0.5))  # the class does not start in step
    while time.monotonic() < end:
        slider = rng.randrange(4)
        room = 8 - sum(split) + split[slider]  # sliders never exceed the attacker's power
        target = rng.choice([v for v in range(room + 1) if v != split[slider]] or [0])
        while split[slider] != target and time.monotonic() < end:
            split[slider] += 1 if target > split[slider] else -1
            started = time.monotonic()
            body = live_form(token, board, split)
            try:
                status = _post(conn, body, headers)
            except ConnectionError:  # the server closed an idle connection: a browser reconnects
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                status = _post(conn, body, headers)
            waited = time.monotonic() - started
            waits.append(waited)
            errors += status != 200
            time.sleep(max(0.0, STEP - waited))
        time.sleep(pause)
    conn.close()
    out.append((waits, errors))


def _post(conn, body: bytes, headers: dict) -> int:
    conn.request("POST", "/sandbox/live", body=body, headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status


def _process(job) -> tuple[list[float], int]:
    port, students, own_boards, seconds, pause, first = job
    out: list = []
    threads = []
    for n in range(first, first + students):
        board = f"Force of Nature {n}-{time.time_ns()}" if own_boards else "Force of Nature"
        threads.append(threading.Thread(target=_student, args=(port, board, seconds, pause, n, out)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [w for waits, _ in out for w in waits], sum(e for _, e in out)


def run_class(pool, port: int, students: int, own_boards: bool, seconds: float, pause: float):
    per = [students // PROCESSES + (i < students % PROCESSES) for i in range(PROCESSES)]
    jobs = [(port, per[i], own_boards, seconds, pause, sum(per[:i])) for i in range(PROCESSES)]
    results = pool.map(_process, jobs)
    waits = sorted(w for ws, _ in results for w in ws)
    return waits, sum(e for _, e in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--pause", type=float, default=1.0, help="seconds between two drags")
    args = parser.parse_args()
    print(f"gunicorn 2 workers x 4 threads on loopback; {args.students} students for "
          f"{args.seconds:.0f} s a class, a new slider value every {STEP * 1000:.0f} ms while "
          "dragging; what a student waits for each verdict:")
    classes = [("all on Force of Nature", False, args.pause),
               ("each on a board of their own", True, args.pause),
               ("the same, dragging nonstop", True, 0.0)]
    with gunicorn() as (_, port, _master), multiprocessing.Pool(PROCESSES) as pool:
        run_class(pool, port, args.students, True, 2, 0.0)  # warm up: start every thread
        for label, own_boards, pause in classes:
            waits, errors = run_class(pool, port, args.students, own_boards, args.seconds, pause)
            q = statistics.quantiles(waits, n=100)
            print(f"  {label:29s} pause {pause:3.1f} s {len(waits) / args.seconds:6.0f} verdicts/s"
                  f"  p50 {q[49] * 1000:5.1f} ms  p95 {q[94] * 1000:6.1f} ms  p99 "
                  f"{q[98] * 1000:6.1f} ms  max {waits[-1] * 1000:6.1f} ms  errors {errors}")


if __name__ == "__main__":
    main()
