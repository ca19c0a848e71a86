"""What a browser sends when a sandbox slider moves, and a client that sends it, for the
benchmarks (not a test)."""

from __future__ import annotations

import http.client
import itertools
import re
import time
import urllib.parse

# Every split of Force of Nature's 8 damage among three bears and the player (sliders never
# assign more than the attacker's power).
SPLITS = [s for s in itertools.product(range(9), repeat=4) if sum(s) <= 8]
RECONNECT = 25  # requests per keep-alive connection


def live_session(conn) -> tuple[dict, str]:
    """What a browser has before it drags a slider: the session cookie and the form's token."""
    conn.request("GET", "/sandbox")
    response = conn.getresponse()
    html = response.read().decode()
    cookie = response.getheader("Set-Cookie").split(";")[0]
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    headers = {"Cookie": cookie, "HX-Request": "true", "X-CSRFToken": token,
               "Content-Type": "application/x-www-form-urlencoded", "Accept-Encoding": "gzip"}
    return headers, token


def live_form(token: str, name: str = "Force of Nature", split=(2, 2, 2, 2)) -> bytes:
    """The page's form as htmx posts it when a slider moves."""
    form = [("csrf_token", token), ("attacker-0-id", "a1"), ("attacker-0-name", name),
            ("attacker-0-power", "8"), ("attacker-0-toughness", "8"), ("attacker-0-ability", "trample"),
            ("attacker-0-attacking", "player")]
    for i in (1, 2, 3):
        form += [("attacker-0-blocked_by", f"b{i}"), (f"blocker-{i-1}-id", f"b{i}"),
                 (f"blocker-{i-1}-name", "Grizzly Bears"), (f"blocker-{i-1}-power", "2"),
                 (f"blocker-{i-1}-toughness", "2"), (f"blocker-{i-1}-damage", "0")]
    form += [(f"dmg:a1:b{i}", str(split[i - 1])) for i in (1, 2, 3)]
    form.append(("dmg:a1:player", str(split[3])))
    return urllib.parse.urlencode(form).encode()


def drag_forms(token: str, client: int, count: int) -> list[bytes]:
    """A board of this client's own dragged through `count` splits: each new to the server."""
    stamp = f"{client}-{time.time_ns()}"
    return [live_form(token, f"Force of Nature {stamp}", SPLITS[i % len(SPLITS)])
            for i in range(count)]


def timed(port: int, method: str, path: str, bodies: list, headers: dict) -> tuple[float, int]:
    """Send each body in turn; returns (seconds taken, non-200 answers). A fresh connection every
    RECONNECT requests lands on either gunicorn worker, so placement averages out."""
    conn = None
    start = time.perf_counter()
    errors = 0
    for i, body in enumerate(bodies):
        if i % RECONNECT == 0:
            if conn is not None:
                conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        errors += response.status != 200
    elapsed = time.perf_counter() - start
    if conn is not None:
        conn.close()
    return elapsed, errors
