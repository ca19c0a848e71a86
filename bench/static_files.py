"""Bytes and server CPU per static file request, as a browser asks for them (gzip accepted).

    .venv/bin/python bench/static_files.py [--requests 300]

Calls the app in-process as a WSGI server does (call it, read the body, close it), so the figure
is the app's own CPU per request: no sockets, no gunicorn. Prints, per file under static/, the
bytes sent, the Content-Encoding and Cache-Control, and the CPU per request (process time, mean of
--requests). Not a test; on a shared machine the CPU figures are noisy, compare them in one run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from werkzeug.test import EnvironBuilder  # noqa: E402

from webapp import create_app, paths  # noqa: E402


def fetch(app, path: str) -> tuple[str, dict, bytes]:
    environ = EnvironBuilder(path=path, headers={"Accept-Encoding": "gzip, deflate, br"},
                             base_url="http://localhost").get_environ()
    got = {}

    def start_response(status, headers, exc_info=None):
        got["status"], got["headers"] = status, dict(headers)

    body = app(environ, start_response)
    try:
        data = b"".join(body)
    finally:
        if hasattr(body, "close"):
            body.close()
    return got["status"], got["headers"], data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"INSTANCE_PATH": instance, "SECRET_KEY": "bench",
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance}/bench.db",
                          "CLEANUP_EVERY": 0})
        files = sorted(p.relative_to(paths.STATIC).as_posix() for p in paths.STATIC.rglob("*")
                       if p.is_file() and p.suffix in (".js", ".css", ".svg"))
        total_cpu = total_bytes = 0.0
        print(f"{'file':34} {'bytes':>7} {'of':>7}  {'encoding':8} {'CPU/request':>12}  cache")
        for name in files:
            url = f"/static/{name}"
            status, headers, data = fetch(app, url)
            assert status.startswith("200"), (url, status)
            start = time.process_time()
            for _ in range(args.requests):
                fetch(app, url)
            cpu = (time.process_time() - start) / args.requests
            size = (paths.STATIC / name).stat().st_size
            total_cpu += cpu
            total_bytes += len(data)
            print(f"{name:34} {len(data):7} {size:7}  {headers.get('Content-Encoding', '-'):8} "
                  f"{cpu * 1e6:9.0f} µs  {headers.get('Cache-Control', '-')}")
        print(f"{'all':34} {int(total_bytes):7} {'':7}  {'':8} {total_cpu * 1e6:9.0f} µs")


if __name__ == "__main__":
    main()
