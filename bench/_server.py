"""Start the app under gunicorn as `make run` does, on a free loopback port, for the benchmarks
(not a test)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Every simulated phone of a benchmark comes from 127.0.0.1: the per-address rate limits are
# lifted (they are measured by tests/web/test_limits.py, not here).
UNLIMITED = ",".join(f"{bucket}=100000000/60" for bucket in (
    "join", "join-hour", "class-lookup", "class-new", "quiz-new", "attempt", "quiz-attempt",
    "learner-new"))


@contextlib.contextmanager
def gunicorn(root: Path = ROOT, app: str = "webapp:create_app()", database_url: str | None = None,
             **settings: str):
    """Yields (base URL, port, master pid). `root` may be another checkout (an older commit, to
    compare): it is served with its own code, and its own webapp/serving.py if it has one.
    `database_url` defaults to a fresh SQLite file; `settings` are more environment variables
    (e.g. WEB_WORKERS="1")."""
    root = Path(root).resolve()
    port = free_port()
    instance = tempfile.mkdtemp(prefix="trample-bench-")
    env = {**os.environ, "SECRET_KEY": "bench",
           "DATABASE_URL": database_url or f"sqlite:///{instance}/bench.db",
           "HOST": "127.0.0.1", "PORT": str(port), "ACCESS_LOG": "",
           "PYTHONPATH": str(root), "RATE_LIMITS": UNLIMITED, **settings}
    bin_dir = Path(sys.executable).parent
    subprocess.run([str(bin_dir / "flask"), "--app", "webapp", "db-upgrade"], cwd=root, env=env,
                   check=True, capture_output=True)
    if (root / "webapp" / "serving.py").exists():
        how = ["-c", "python:webapp.serving"]
    else:  # older checkouts: what their Makefile ran
        how = ["--workers", "2", "--threads", "4", "--bind", f"127.0.0.1:{port}"]
    proc = subprocess.Popen([str(bin_dir / "gunicorn"), *how, "--log-level", "warning", app],
                            cwd=root, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        # Up to a minute: on a loaded 2-core machine gunicorn's preload alone can take 10 s.
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {proc.returncode} before answering")
            try:
                if urllib.request.urlopen(base + "/healthz", timeout=2).read() == b"ok":
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("gunicorn did not answer /healthz within 60 s") from None
                time.sleep(0.1)
        yield base, port, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=60)  # a busy machine stops it slowly too


def workers(master: int) -> list[int]:
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def cpu_seconds(master: int) -> float:
    """CPU time (user + system) used so far by the gunicorn master's workers (Linux /proc)."""
    total = 0
    for pid in workers(master):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")
