"""The rate limits as the views use them: who is asking (the client's network address, as the
join limit always used it: request.remote_addr, which PROXY_FIX makes the forwarded one) and the
rule config gives each bucket. Over the limit, services.limits.Limited is raised; errors.py
answers it with a 429 page in the visitor's language and a Retry-After header."""

from __future__ import annotations

import ipaddress

from flask import current_app, request

from ..services import limits
from ..services.models import utcnow


def clock():
    """Now, by the app's clock (config CLOCK, as Learn's clock: tests move time with it)."""
    return (current_app.config.get("CLOCK") or utcnow)()


def address() -> str:
    """Who is asking, for the limits: an IPv4 address as it is; an IPv6 one by its /64, the block
    one home, phone or server is given (else every address in it, 2^64 of them, would have
    limits of its own); an IPv4 address written as IPv6 (::ffff:a.b.c.d) as that IPv4 one."""
    raw = request.remote_addr or "?"
    try:
        ip = ipaddress.ip_address(raw)
    except ValueError:
        return raw[:64]
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def rule(bucket: str) -> limits.Rule:
    return limits.Rule.parse(current_app.config["RATE_LIMITS"][bucket])


def allowed(bucket: str, *about: str) -> tuple[bool, int]:
    """Count one hit of this address (and what it acts on, `about`) in `bucket`:
    (allowed, seconds until the window ends)."""
    return limits.hit(bucket, "|".join([address(), *about]), rule(bucket), clock())


def limit(bucket: str, *about: str) -> None:
    """allowed(), raising services.limits.Limited (a 429) when over the limit."""
    ok, retry_after = allowed(bucket, *about)
    if not ok:
        raise limits.Limited(bucket, retry_after)
