"""Where a slider move's cost goes: throughput and server CPU of a drag (new splits on a board
the server already knows) answered in stages, each relative to GET /healthz, side by side.

    .venv/bin/python bench/live_floor.py [--rounds 30] [--requests 300]

Each stage does what the one before it does, and one thing more:
  post     the same POST (form, cookie, htmx headers) answered "ok" without reading it
  read     parse the posted form and find the prepared board
  check    also ask the rules core about the split (check + blocker_status)
  words    also build what the page would show: the sliders' state and the verdict's words
  live     the real POST /sandbox/live: also render the HTML, the board link, gzip
The stages are extra routes on an app made in bench/_floor_app.py (webapp/ has no such routes).
Prints figures; not a test: the machine is shared and noisy.
"""

from __future__ import annotations

import sys

# bench/http.py would shadow the standard library's `http`: keep this folder off the front of
# the path.
_HERE = sys.path.pop(0)

import argparse  # noqa: E402
import http.client  # noqa: E402
import multiprocessing  # noqa: E402

sys.path.append(_HERE)
from _floor_app import ROUTES  # noqa: E402
from _live import drag_forms, live_session, timed  # noqa: E402
from _server import cpu_seconds, gunicorn  # noqa: E402

STAGES = {"healthz": "/healthz", **ROUTES, "live": "/sandbox/live"}


def _client(job) -> tuple[float, int]:
    port, path, count, client = job
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers, token = live_session(conn)
    conn.close()
    if path == "/healthz":
        return timed(port, "GET", path, [None] * count, {})
    return timed(port, "POST", path, drag_forms(token, client, count), headers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    per = args.requests // args.clients
    rates: dict[str, list[float]] = {k: [] for k in STAGES}
    cpu: dict[str, float] = dict.fromkeys(STAGES, 0.0)  # summed: a clock tick is 10 ms
    names = list(STAGES)
    errors = 0
    with gunicorn(app="bench._floor_app:floor_app()") as (_, port, master), \
            multiprocessing.Pool(args.clients) as pool:
        pool.map(_client, [(port, "/healthz", 20, c) for c in range(args.clients)])  # warm up
        for r in range(args.rounds):
            for name in names[r % len(names):] + names[:r % len(names)]:  # rotate the order
                before = cpu_seconds(master)
                jobs = [(port, STAGES[name], per, c) for c in range(args.clients)]
                results = pool.map(_client, jobs)
                cpu[name] += cpu_seconds(master) - before
                rates[name].append(per * args.clients / max(t for t, _ in results))
                errors += sum(e for _, e in results)
    overall = {k: len(v) / sum(1 / r for r in v) for k, v in rates.items()}  # harmonic mean
    used = {k: v / (args.rounds * per * args.clients) for k, v in cpu.items()}
    print(f"gunicorn 2 workers x 4 threads on loopback; {args.clients} clients each dragging a "
          f"board of its own; {args.rounds} interleaved rounds of {per * args.clients} requests")
    print("  stage      req/s  ratio to healthz   server CPU/request  healthz CPU / this")
    for name in names:
        print(f"  {name:8s} {overall[name]:7.0f}  {overall[name] / overall['healthz']:10.2f}"
              f"   {used[name] * 1e6:14.0f} µs  {used['healthz'] / used[name]:12.2f}")
    print(f"  non-200 responses: {errors}")


if __name__ == "__main__":
    main()
