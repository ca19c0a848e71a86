"""Where a live answer's server time goes, per surface: cProfile of the app, in this process.

    .venv/bin/python bench/live_profile.py [--answers 200] [--top 25] [--surface quiz]
    .venv/bin/python bench/live_profile.py --cpu [--answers 500]

--cpu measures instead of profiling: the app's own CPU per request (the serving thread's CPU
time, `time.thread_time`, around the WSGI call), per surface and for /healthz, without the
profiler's overhead or gunicorn's share; its median over the answers is steady on a busy machine,
so a change's effect on one surface shows in one short run.

The app is served by werkzeug in a thread of this process (not gunicorn: a profile needs the
app's own frames); the clients are bench/_surfaces.py's, reaching each surface as a person does
and dragging one slider back and forth. Only the live answers (and, for comparison, /healthz)
are profiled, each surface on its own; the top functions by cumulative time are printed. Figures
are for reading where the time goes, not for budgets: bench/class_load.py --page surfaces is the
measure.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import logging
import os
import pstats
import subprocess
import sys
import statistics
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's webapp, first

import _surfaces  # noqa: E402
from _server import ROOT, UNLIMITED, free_port  # noqa: E402


class Profiled:
    """WSGI middleware: POSTs whose path ends in /live (and GET /healthz) run under the profile
    that `current` names."""

    def __init__(self, app, cpu: bool = False):
        self.app, self.current, self.profiles, self.cpu = app, None, {}, cpu
        self.times: dict[str, list[float]] = {}

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        name = self.current if path.endswith("/live") else "/healthz" if path == "/healthz" \
            else None
        if name is None:
            return self.app(environ, start_response)
        if self.cpu:
            before = time.thread_time()
            body = list(self.app(environ, start_response))
            self.times.setdefault(name, []).append(time.thread_time() - before)
            return body
        profile = self.profiles.setdefault(name, cProfile.Profile())
        profile.enable()
        try:
            return list(self.app(environ, start_response))
        finally:
            profile.disable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=200)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--surface", help="print only surfaces whose name contains this")
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--dump", type=Path, help="also write each profile here (pstats files)")
    parser.add_argument("--cpu", action="store_true",
                        help="the app's CPU per request, per surface, instead of profiles")
    args = parser.parse_args()
    instance = tempfile.mkdtemp(prefix="trample-profile-")
    os.environ.update(SECRET_KEY="bench", DATABASE_URL=f"sqlite:///{instance}/bench.db",
                      RATE_LIMITS=UNLIMITED, INSTANCE_PATH=instance)
    subprocess.run([str(Path(sys.executable).parent / "flask"), "--app", "webapp", "db-upgrade"],
                   cwd=ROOT, check=True, capture_output=True, env={**os.environ,
                                                               "PYTHONPATH": str(ROOT)})
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request

    from webapp import create_app

    app = Profiled(create_app({"INSTANCE_PATH": instance}), cpu=args.cpu)
    port = free_port()
    server = make_server("127.0.0.1", port, app, threaded=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    _surfaces.cpu_seconds = lambda _master: 0.0  # the figures here are the profiles

    async def run():
        from class_load import Client

        probe = Client("127.0.0.1", port)
        await _surfaces.healthz(probe, 0, args.answers)
        async for name, client, path, page in _surfaces.surfaces(Client, base):
            app.current = name
            await _surfaces.drag(client, base, 0, path, page, args.answers)
            app.current = None
            client.close()
        probe.close()

    asyncio.run(run())
    server.shutdown()
    if args.cpu:
        health = statistics.median(app.times["/healthz"][_surfaces.WARMUP:])
        for name, times in app.times.items():
            times = times[_surfaces.WARMUP:]
            cut = statistics.quantiles(times, n=4)
            print(f"{name:21} app CPU per request: median {statistics.median(times) * 1e6:5.0f} µs "
                  f"(quartiles {cut[0] * 1e6:.0f}-{cut[2] * 1e6:.0f}, mean "
                  f"{statistics.fmean(times) * 1e6:.0f}; {len(times)} requests) = "
                  f"{statistics.median(times) / health:.1f}× /healthz's median")
        return
    for name, profile in app.profiles.items():
        if args.surface and args.surface not in name and name != "/healthz":
            continue
        out = io.StringIO()
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            profile.dump_stats(args.dump / (name.strip("/").replace(" ", "-") + ".prof"))
        stats = pstats.Stats(profile, stream=out)
        calls = args.answers + _surfaces.WARMUP
        print(f"=== {name}: {stats.total_tt / calls * 1e6:.0f} µs profiled per request "
              f"({calls} requests)")
        stats.sort_stats(args.sort).print_stats(args.top)
        print("\n".join(line for line in out.getvalue().splitlines()[6:] if line.strip()))


if __name__ == "__main__":
    main()
