"""A worker's memory after many distinct hostile requests stays bounded: nothing keeps what a
stranger sends.

    .venv/bin/python bench/memory.py [--requests 10000]

One gunicorn worker (so every request lands on it) gets --requests distinct requests, each near
the 64 KB body limit or otherwise odd: slider posts padded with junk fields, boards too complex
to analyze, junk JSON, long board links, unknown paths. Prints the worker's resident memory
before, after a warm-up, and after; the bound is 64 MB of growth past the warm-up (the only
in-memory stores are analyze's per-board cache, its list of refused boards and the memo of
practice verdicts, all bounded; the memo keeps only fields that were accepted).
Not a test.
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import random
import re
import zlib
from pathlib import Path

from _server import gunicorn, workers

BOUND_MB = 64


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


PRACTICE = "/learn/force-of-nature/split-d-practice"


def hostile(n: int, rng: random.Random, visitor: dict) -> tuple[str, str, bytes, dict]:
    kind = n % 6
    if kind == 5:  # an accepted practice drag, written differently every time (zeros in front):
        # the memo of verdicts keeps each one, within its bytes
        value = "0" * (n % 59_000) + "1"
        body = (f"csrf_token={visitor['token']}&lesson=force-of-nature&step=split-d-practice"
                f"&dmg:fon:bears-a=3&dmg:fon:bears-b=2&dmg:fon:bears-c={value}&dmg:fon:player=2")
        return "POST", PRACTICE + "/live", body.encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
            "Cookie": visitor["cookie"]}
    if kind == 0:  # a slider post padded close to the body limit, different every time
        pad = "&".join(f"junk{n}_{i}={rng.getrandbits(64):x}" for i in range(2500))
        body = (f"attacker-0-id=a1&attacker-0-name=F{n}&attacker-0-power=8&attacker-0-toughness=8"
                f"&attacker-0-ability=trample&dmg:a1:player={n % 9}&{pad}")[:60_000]
        return "POST", "/sandbox/live", body.encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
    if kind == 1:  # a board too complex to analyze, named differently each time
        board = {"attackers": [{"id": "a1", "name": f"Huge {n}", "power": 999,
                                "toughness": 999, "abilities": ["trample"],
                                "blocked_by": ["b0", "b1", "b2"]}],
                 "blockers": [{"id": f"b{i}", "name": "Wall", "power": 0, "toughness": 999}
                              for i in range(3)]}
        return "POST", "/api/analyze", json.dumps(board).encode(), {"Content-Type": "application/json"}
    if kind == 2:  # junk JSON near the limit
        body = json.dumps({f"k{n}": [rng.random() for _ in range(2500)]}).encode()[:60_000]
        return "POST", "/api/check", body, {"Content-Type": "application/json"}
    if kind == 3:  # a long board link that decodes to junk
        raw = zlib.compress(json.dumps({"attackers": [{"name": "x" * 2000 + str(n)}]}).encode())
        link = "1" + base64.urlsafe_b64encode(raw).decode()
        return "GET", f"/sandbox?b={link[:3900]}", b"", {}
    return "GET", f"/no-such-page/{n}/{'x' * rng.randint(100, 2000)}", b"", {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    args = parser.parse_args()
    rng = random.Random(1)
    with gunicorn(WEB_WORKERS="1") as (_, port, master):
        (worker,) = workers(master)
        start = rss_mb(worker)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", PRACTICE)
        page = conn.getresponse()
        visitor = {"cookie": page.getheader("Set-Cookie").split(";")[0],
                   "token": re.search(r'name="csrf_token" value="([^"]+)"',
                                      page.read().decode()).group(1)}
        statuses: dict[int, int] = {}
        warm = min(500, args.requests)
        for n in range(args.requests):
            if n == warm:
                warmed = rss_mb(worker)
            method, path, body, headers = hostile(n, rng, visitor)
            try:
                conn.request(method, path, body=body or None, headers=headers)
                response = conn.getresponse()
                response.read()
                statuses[response.status] = statuses.get(response.status, 0) + 1
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        end = rss_mb(worker)
        assert workers(master) == [worker], "the worker was restarted: the figure would mean nothing"
    grown = end - warmed
    print(f"{args.requests} distinct hostile requests to one worker; answers by status: "
          f"{dict(sorted(statuses.items()))}")
    print(f"  worker memory: {start:.0f} MB at start, {warmed:.0f} MB after {warm} requests, "
          f"{end:.0f} MB after all: grew {grown:.1f} MB after the warm-up "
          f"({'within' if grown <= BOUND_MB else 'OVER'} the {BOUND_MB} MB bound)")


if __name__ == "__main__":
    main()
