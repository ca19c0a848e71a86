"""This machine's address on the local network: what players' phones type to reach `make run`
when it listens on 0.0.0.0 (the printed banner and the projector show it)."""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

from flask import current_app, request, url_for

_FOUND: tuple[float, str | None] = (float("-inf"), None)


def lan_address(max_age: float = 60.0) -> str | None:
    """lan_address_now(), looked up again at most every `max_age` seconds: the host page and the
    projector ask every 2 s, and resolving this machine's name can wait on DNS."""
    global _FOUND
    at, address = _FOUND
    if time.monotonic() - at > max_age:
        address = lan_address_now()
        _FOUND = (time.monotonic(), address)
    return address


def lan_address_now() -> str | None:
    """The IPv4 address other machines on the LAN reach this one at, or None (offline).

    Connecting a UDP socket sends nothing; it only asks the kernel which local address it would
    use for a route off this machine (TEST-NET-1, never contacted)."""
    found = set()
    try:
        found.update(a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None,
                                                         socket.AF_INET))
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    usable = sorted(a for a in found if not a.startswith(("127.", "0.", "169.254.")))
    return usable[0] if usable else None


def is_loopback(host: str) -> bool:
    name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
    return name in ("localhost", "[::1]") or name.startswith("127.")


def external_url(endpoint: str, **values) -> str:
    """An absolute link to a page, for a person to share or scan: on PUBLIC_URL when it is set
    (`make run` sets it), so a request's Host header can't change where it points."""
    return base_url() + url_for(endpoint, **values)


def base_url() -> str:
    """PUBLIC_URL, with 0.0.0.0 replaced by this machine's LAN address (127.0.0.1 while it has
    none); unset, the scheme and host the request named."""
    configured = current_app.config.get("PUBLIC_URL")
    if not configured:
        return request.host_url.rstrip("/")
    parts = urlsplit(configured)
    if parts.hostname == "0.0.0.0":
        here = lan_address() or "127.0.0.1"
        return configured.replace("0.0.0.0", here, 1)
    return configured
