"""How gunicorn serves the app: `make run` and the benchmarks read this one file.

    gunicorn -c python:webapp.serving 'webapp:create_app()'

HOST and PORT come from the environment (`HOST=0.0.0.0 make run` for a store's wifi).
"""

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# One process per core (the GIL), a few threads each so a slow client never blocks a worker.
workers = int(os.environ.get("WEB_WORKERS", "2"))
worker_class = "gthread"
threads = 4
# A class's phones keep their connections while the learner reads; up to 500 per server.
worker_connections = 1000
keepalive = 10
# Trust X-Forwarded-* from nobody here: behind a proxy, the app's PROXY_FIX setting decides
# (gunicorn would otherwise trust them from 127.0.0.1, where anyone on this machine can send them).
forwarded_allow_ips = ""
accesslog = os.environ.get("ACCESS_LOG", "-")


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
