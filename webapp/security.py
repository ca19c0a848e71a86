"""Response hardening and compression, applied to every response.

CSP: scripts and styles only from our own origin — no inline script, no inline style, no eval
(htmx is configured with allowEval=false and without its injected indicator styles).
"""

from __future__ import annotations

import gzip

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

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


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie is Secure whenever the request came over https (or config forces it)."""

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


def compress(response):
    """gzip text responses (when GZIP is on): a phone on store wifi should not download htmx and
    the pages uncompressed."""
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
    response.set_data(gzip.compress(data, 6))
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
