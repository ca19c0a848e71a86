"""Signed values: what the app hands a browser and must get back unaltered.

    signing.send_cookie(response, "class_seat", seat.token, path="/class", max_age=AGE)
    token = signing.read_cookie("class_seat")                  # None if missing or forged
    field = signing.dumps("trample-practice", [lesson, kind, seed])   # a hidden form field
    value = signing.loads("trample-practice", request.form["board"])  # None if forged

One place for the app's secret, the salts and the cookie flags (HttpOnly, SameSite=Lax, Secure
when configured or on https). A salt keeps one kind of value from being replayed as another; a
cookie's salt is its name unless it says otherwise (the learner cookie keeps the salt it has
always had, so no learner loses their progress). Signed, not encrypted: a browser can read what
it holds (ids, tokens), never change it.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from datetime import timedelta

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeSerializer


def _serializer(salt: str) -> URLSafeSerializer:
    return _made(current_app.secret_key, salt)


@functools.lru_cache(maxsize=64)
def _made(secret, salt: str) -> URLSafeSerializer:
    """One serializer per secret and salt (a class's phones send a signed cookie with every
    slider move: making one each time cost more than checking the signature)."""
    return URLSafeSerializer(secret, salt=salt)


def dumps(salt: str, value) -> str:
    return _serializer(salt).dumps(value)


def loads(salt: str, text: str | None):
    """The value signed under `salt`, or None when `text` is missing, malformed or forged."""
    try:
        return _serializer(salt).loads(text or "")
    except BadSignature:
        return None


def read_cookie(name: str, *, salt: str | None = None) -> str | None:
    """The string the app stored in cookie `name`; None if absent, forged or not a string."""
    value = loads(salt or name, request.cookies.get(name))
    return value if isinstance(value, str) else None


def send_cookie(response, name: str, value: str, *, path: str = "/",
                max_age: timedelta, salt: str | None = None):
    response.set_cookie(name, dumps(salt or name, value), max_age=max_age, httponly=True,
                        samesite="Lax", path=path,
                        secure=bool(current_app.config["SESSION_COOKIE_SECURE"])
                        or request.is_secure)
    return response


def number(salt: str, *parts, below: int = 2**31) -> int:
    """A number from 0 to `below` that only this app can work out from `parts` (a keyed hash):
    the same parts always give the same number, and nobody can pick parts to get a number."""
    message = "\x1f".join([salt, *map(str, parts)]).encode()
    secret = current_app.secret_key
    key = secret if isinstance(secret, bytes) else str(secret).encode()
    return int.from_bytes(hmac.new(key, message, hashlib.sha256).digest()[:8], "big") % below
