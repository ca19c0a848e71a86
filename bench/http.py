"""Throughput of POST /api/check and of the sandbox's live-check fragment, each relative to
GET /healthz on the same gunicorn, measured side by side (interleaved rounds) in one run.

    .venv/bin/python bench/http.py [--requests 600] [--clients 4] [--rounds 3]

Prints figures; bounded loops; stops by itself. Not a test: the machine is shared and noisy.
"""

from __future__ import annotations

import sys

# This file is named http.py: keep its folder from shadowing the standard library's `http`.
_HERE = sys.path.pop(0)

import argparse  # noqa: E402
import http.client  # noqa: E402
import json
import multiprocessing
import statistics
import time

sys.path.append(_HERE)
from _live import drag_forms, live_form, live_session, timed  # noqa: E402
from _server import cpu_seconds, gunicorn  # noqa: E402

FORCE_OF_NATURE = {
    "attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                   "abilities": ["trample"], "attacking": "player", "blocked_by": ["b1", "b2", "b3"]}],
    "blockers": [{"id": f"b{i}", "name": "Grizzly Bears", "power": 2, "toughness": 2, "damage": 0,
                  "abilities": []} for i in (1, 2, 3)],
    "assignment": {"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}},
}



def _client(job) -> tuple[float, int]:
    port, kind, count, client = job
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    if kind == "healthz":
        method, path, headers, body = "GET", "/healthz", {}, None
    elif kind in ("api_check", "api_fresh"):
        method, path, body = "POST", "/api/check", json.dumps(FORCE_OF_NATURE).encode()
        headers = {"Content-Type": "application/json"}
    else:
        method, path = "POST", "/sandbox/live"
        headers, token = live_session(conn)
        body = live_form(token)
    bodies = [body] * count
    if kind == "api_fresh":  # a board never seen before on every request: nothing cached
        stamp = f"{client}-{time.time_ns()}"
        bodies = [json.dumps({**FORCE_OF_NATURE, "attackers": [
            {**FORCE_OF_NATURE["attackers"][0], "name": f"Force of Nature {stamp}-{i}"}]}).encode()
            for i in range(count)]
    if kind == "live_drag":  # sliders moving on one board: each split new to the server
        bodies = drag_forms(token, client, count)
    if kind == "live_fresh":  # every request a board the server has never seen: nothing cached
        stamp = f"{client}-{time.time_ns()}"
        bodies = [live_form(token, f"Force of Nature {stamp}-{i}") for i in range(count)]
    conn.close()
    return timed(port, method, path, bodies, headers)


def measure(pool, port, kind, requests, clients) -> tuple[float, int]:
    per = requests // clients
    results = pool.map(_client, [(port, kind, per, c) for c in range(clients)])
    slowest = max(t for t, _ in results)
    return per * clients / slowest, sum(e for _, e in results)


def server_cpu(master, pool, port, kind, requests, clients) -> float:
    """Server CPU seconds per request: what a kind costs the server itself, whatever the
    clients (which share this machine's cores) cost."""
    before = cpu_seconds(master)
    measure(pool, port, kind, requests, clients)
    return (cpu_seconds(master) - before) / (requests // clients * clients)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    kinds = ["healthz", "api_check", "api_fresh", "live_fragment", "live_drag", "live_fresh"]
    rates: dict[str, list[float]] = {k: [] for k in kinds}
    cpu: dict[str, list[float]] = {k: [] for k in kinds}
    errors = 0
    with gunicorn() as (_, port, master), multiprocessing.Pool(args.clients) as pool:
        measure(pool, port, "healthz", args.clients * 20, args.clients)  # warm up
        for r in range(args.rounds):
            order = kinds[r % len(kinds):] + kinds[:r % len(kinds)]  # rotate so no endpoint always goes first
            for kind in order:
                rate, errs = measure(pool, port, kind, args.requests, args.clients)
                rates[kind].append(rate)
                errors += errs
        for _ in range(3):  # then the server's own CPU per request, 1,000 requests a kind at a time
            for kind in kinds:
                cpu[kind].append(server_cpu(master, pool, port, kind, 1000, args.clients))
    # Many short interleaved rounds, summed: a burst of noise on this shared machine lands on
    # every endpoint alike instead of on whichever one happened to be running.
    overall = {k: len(v) / sum(1 / r for r in v) for k, v in rates.items()}  # harmonic mean
    base = overall["healthz"]
    print(f"gunicorn 2 workers x 4 threads on loopback; {args.clients} keep-alive clients; "
          f"{args.rounds} interleaved rounds of {args.requests} requests each")
    for kind in kinds:
        rate = overall[kind]
        low, high = min(rates[kind]), max(rates[kind])
        print(f"  {kind:14s} {rate:8.0f} req/s  (rounds {low:.0f}-{high:.0f}, median "
              f"{statistics.median(rates[kind]):.0f})  ratio to healthz {rate / base:5.2f}")
    print(f"  non-200 responses: {errors}")
    print("server CPU per request (both workers, user + system; the clients not counted):")
    base_cpu = statistics.median(cpu["healthz"])
    for kind in kinds:
        used = statistics.median(cpu[kind])
        print(f"  {kind:14s} {used * 1e6:6.0f} µs   healthz/this {base_cpu / used:5.2f}"
              "  (the throughput ratio if the server had the cores to itself)")
    print("  api_check and live_fragment repeat one request (the server keeps recent answers);"
          " live_drag moves the sliders of one board\n  through splits the server has not seen;"
          " api_fresh and live_fresh send a board never seen before on every request.")


if __name__ == "__main__":
    main()
