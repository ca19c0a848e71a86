"""Response hardening and compression, applied to every response.

CSP: scripts and styles only from our own origin — no inline script, no inline style, no eval
(htmx is configured with allowEval=false and without its injected indicator styles).
"""

from __future__ import annotations

import hashlib
import time

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature
from werkzeug.middleware.proxy_fix import ProxyFix

from .deflate import deflate
from .response_cache import LRU

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

_COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml")
_gzipped = LRU(maxsize=512)  # by content hash


def _gzip(data: bytes, remember: bool = True) -> bytes:
    """Same bytes, same gzip: static files and pages are compressed once.
    Hashing a few KB costs a few microseconds; compressing them costs tens."""
    if not remember:
        return deflate(data, 6, wrapper=16)
    key = hashlib.blake2b(data, digest_size=16).digest()
    return _gzipped.get_or_make(key, lambda: deflate(data, 6, wrapper=16))


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie is Secure whenever the request came over https (or config forces it).

    A browser sends the same signed cookie with every request, and checking its signature again
    costs more than answering a cached live check; so a cookie whose signature was verified is
    remembered (keyed by the whole cookie and the keys that signed it, its age still checked on
    every request). A tampered cookie is a different key and is verified like any other.
    """

    def __init__(self) -> None:
        self._verified = LRU(maxsize=2048)

    def open_session(self, app, request):
        value = request.cookies.get(self.get_cookie_name(app))
        if not value or not app.secret_key:
            return super().open_session(app, request)
        max_age = int(app.permanent_session_lifetime.total_seconds())
        key = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()), value)
        known = self._verified.get(key)
        if known is None or time.time() - known[1] > max_age:
            try:
                data, signed = self.get_signing_serializer(app).loads(
                    value, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            # Kept serialized: each request gets its own copy to change.
            known = (self.serializer.dumps(data), signed.timestamp())
            self._verified.put(key, known)
        return self.session_class(self.serializer.loads(known[0]))

    def get_cookie_secure(self, app):
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def set_headers(response):
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CSP)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def compress(response, remember: bool = True):
    """gzip text responses: a phone on store wifi should not download 50 KB of htmx raw.
    A view that keeps its own responses (the live check) compresses them itself, once, with
    `remember=False`; this hook then leaves them alone."""
    if (
        response.status_code != 200
        or "gzip" not in request.headers.get("Accept-Encoding", "")
        or "Content-Encoding" in response.headers
        or not (response.mimetype or "").startswith(_COMPRESSIBLE)
    ):
        return response
    response.vary.add("Accept-Encoding")
    response.direct_passthrough = False  # static files: read them
    data = response.get_data()
    if len(data) < 500:
        return response
    etag, weak = response.get_etag()
    response.set_data(_gzip(data, remember))
    response.headers["Content-Encoding"] = "gzip"
    if etag:  # a different representation may not share a strong validator
        response.set_etag(etag, weak=True)
    return response


def init_app(app: Flask) -> None:
    app.session_interface = SessionInterface()
    if app.config["PROXY_FIX"]:
        n = int(app.config["PROXY_FIX"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)
    app.after_request(set_headers)
    if app.config["GZIP"]:
        app.after_request(compress)
