"""How gunicorn serves the app: `make run` and the benchmarks read this one file.

    gunicorn -c python:webapp.serving 'webapp:create_app()'

HOST and PORT come from the environment (`HOST=0.0.0.0 make run` for a store's wifi).
"""

import os
import re

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"


def public_url(env) -> str | None:
    """Where absolute links (share links, the join QR code) point: where this server listens,
    0.0.0.0 standing for the LAN address the banner prints (webapp/network.py), so a request's
    Host header can't change them. Behind a proxy (PROXY_FIX), the host it forwards, unless
    PUBLIC_URL says."""
    if env.get("PUBLIC_URL") or env.get("PROXY_FIX", "0") not in ("", "0"):
        return env.get("PUBLIC_URL") or None
    host = env.get("HOST", "127.0.0.1")
    host = "0.0.0.0" if host in ("0.0.0.0", "::", "") else f"[{host}]" if ":" in host else host
    return f"http://{host}:{env.get('PORT', '8000')}"


def control_socket_path(env) -> str:
    """This server's own gunicorn control socket (`gunicornc -s PATH`), named after where it
    listens, in gunicorn's usual folder: its default, one path per user, let a second server on
    the machine take the first's over and remove it when it stopped."""
    folder = env.get("XDG_RUNTIME_DIR") or os.path.join(os.path.expanduser("~"), ".gunicorn")
    where = f"{env.get('HOST', '127.0.0.1')}-{env.get('PORT', '8000')}"
    return os.path.join(folder, "trample-" + re.sub(r"[^A-Za-z0-9.-]", "_", where) + ".ctl")


control_socket = control_socket_path(os.environ)
# gunicorn puts raw_env in the environment before it loads the app (preload_app).
raw_env = [f"PUBLIC_URL={public_url(os.environ)}"] if public_url(os.environ) else []
# Processes, not threads, share the cores: each process has its own interpreter lock. One more
# process than cores, with 2 threads each, kept a 500-learner class at p95 14-23 ms on 2 cores
# where 2 processes x 4 threads gave 84 ms (bench/class_load.py --page class): a worker busy
# drawing the room overview holds up only its own few connections.
workers = int(os.environ.get("WEB_WORKERS") or len(os.sched_getaffinity(0)) + 1)
# gthread, except that a request is read whole before a thread takes it: with no proxy in front,
# twenty clients trickling a POST body otherwise held every thread (webapp/worker.py).
worker_class = "webapp.worker.WholeRequestWorker"
threads = int(os.environ.get("WEB_THREADS") or 2)
# The app (its code, lessons and catalogs) is loaded once, before the workers are forked: a
# worker that dies is replaced at once, without a second of loading while its class waits. The
# master opens no database connection, so no worker inherits one.
preload_app = True
# A class's phones keep their connections while the learner reads; up to 500 per server.
worker_connections = 1000
keepalive = 10
# Trust X-Forwarded-* from nobody here: behind a proxy, the app's PROXY_FIX setting decides
# (gunicorn would otherwise trust them from 127.0.0.1, where anyone on this machine can send them).
forwarded_allow_ips = ""
# No line per request on the organizer's terminal (hundreds a second in a class would bury the
# address players type, and cost the server CPU); ACCESS_LOG=- prints them, or names a file.
accesslog = os.environ.get("ACCESS_LOG") or None


def when_ready(server):
    """Say where the app is, and on a store's LAN (HOST=0.0.0.0) the address players type."""
    from webapp.network import lan_address

    host, port = bind.rsplit(":", 1)
    lines = [f"Trample Trainer is at http://{'127.0.0.1' if host == '0.0.0.0' else host}:{port}/"]
    if host in ("0.0.0.0", "::"):
        lan = lan_address()
        lines.append(f"Players join at http://{lan}:{port}/join" if lan else
                     "No network address found: connect this machine to the store's wifi.")
    for line in lines:
        server.log.info(line)
