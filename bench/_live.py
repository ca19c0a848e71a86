"""What a browser sends when a sandbox slider moves, for the benchmarks (not a test)."""

from __future__ import annotations

import re
import urllib.parse


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
