"""Slow clients against the store set-up: does /healthz still answer while sockets trickle?

    .venv/bin/python bench/slow_clients.py [--sockets 20 200] [--seconds 20] [--trickle body]
                                           [--root OTHER_CHECKOUT]

Starts the app as `make run` does (gunicorn -c python:webapp.serving, on a free loopback port,
a fresh SQLite file), then for each number of sockets: opens them, each sending a POST's headers
(a 100 KB form announced) and then one byte every 5 s (`--trickle headers`: the headers
themselves, a byte every 5 s), and while they are held asks GET /healthz twice a second with a
10 s timeout. Prints p50/p95/max of /healthz and how many timed out. Not a test (the test is
tests/web/test_serving.py).
"""

from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import threading
import time
from pathlib import Path

from _server import ROOT, gunicorn

TIMEOUT = 10.0
BODY_HEAD = (b"POST /join HTTP/1.1\r\nHost: 127.0.0.1\r\n"
             b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n")
HEADERS_HEAD = b"POST /join HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def hold(port: int, count: int, trickle: str, stop: threading.Event) -> list[socket.socket]:
    """Open `count` sockets and keep each sending one byte every 5 s until `stop`."""
    socks = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(BODY_HEAD if trickle == "body" else HEADERS_HEAD)
        socks.append(s)

    def trickle_bytes():
        while not stop.wait(5):
            for s in socks:
                try:
                    s.send(b"a")
                except OSError:
                    pass  # the server closed it: fine, that is one way to survive

    threading.Thread(target=trickle_bytes, daemon=True).start()
    return socks


def probe(port: int, seconds: float) -> tuple[list[float], int]:
    times, failed = [], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.monotonic()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
            connection.request("GET", "/healthz")
            ok = connection.getresponse().read() == b"ok"
            connection.close()
        except OSError:
            ok = False
        elapsed = time.monotonic() - start
        times.append(elapsed if ok else TIMEOUT)
        failed += not ok
        time.sleep(max(0.0, 0.5 - elapsed))
    return times, failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, nargs="+", default=[20, 200])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--trickle", choices=["body", "headers"], default="body")
    parser.add_argument("--root", type=Path, default=ROOT, help="serve this checkout instead")
    args = parser.parse_args()
    with gunicorn(args.root) as (_base, port, _pid):
        for count in args.sockets:
            stop = threading.Event()
            socks = hold(port, count, args.trickle, stop)
            time.sleep(1)  # let the server take them in
            times, failed = probe(port, args.seconds)
            stop.set()
            for s in socks:
                s.close()
            q = statistics.quantiles(times, n=20) if len(times) > 1 else times * 19
            print(f"{count:4d} slow sockets ({args.trickle}): /healthz p50 "
                  f"{statistics.median(times) * 1000:7.1f} ms  p95 {q[18] * 1000:7.1f} ms  "
                  f"max {max(times) * 1000:7.1f} ms  timed out {failed}/{len(times)}", flush=True)
            time.sleep(2)


if __name__ == "__main__":
    main()
