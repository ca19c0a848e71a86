"""Response hardening and compression, applied to every response Flask makes (static files are
served in front of Flask by webapp/statics.py, with the same HEADERS).

CSP: scripts and styles only from our own origin — no inline script, no inline style, no eval
(htmx is configured with allowEval=false and without its injected indicator styles).
"""

from __future__ import annotations

import gzip
import re

from flask import Flask, abort, current_app, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from werkzeug.middleware.proxy_fix import ProxyFix

from .text import has_control_characters

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

# Sent with every page and every static file.
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}

_COMPRESSIBLE = ("text/", "application/json", "application/javascript", "image/svg+xml")

# A Host header a browser can send: a DNS name (labels of 1-63 characters, 253 in all), an IPv4
# address or a bracketed IPv6 address, and an optional port.
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST = re.compile(rf"^(?:(?=[^:]{{1,253}}(?::|$)){_LABEL}(?:\.{_LABEL})*\.?"
                   r"|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$")


def refuse_bad_hosts(wsgi_app):
    """Answer a request whose Host header no browser would send with a plain 400, before Flask:
    building any link (or the error page) for it would fail."""
    def app(environ, start_response):
        host = environ.get("HTTP_HOST")
        if host is not None and not _HOST.match(host):
            start_response("400 Bad Request", [
                ("Content-Type", "text/plain; charset=utf-8"), *HEADERS.items(),
                ("Cache-Control", "no-store")])
            return [b"Bad request: the Host header is not a valid host name.\n"]
        return wsgi_app(environ, start_response)
    return app


def accepts_upload(size: int, too_big=None):
    """Route marker: this view takes a file of up to `size` bytes (past MAX_CONTENT_LENGTH, which
    suits forms and boards), so it can answer a too-big file in words; a request larger still is
    a 413 whose page says `too_big` (the error handler reads it)."""
    def mark(view):
        view.max_content_length = size
        view.too_big = too_big
        return view
    return mark


def apply_route_marks():
    # No token, code or name in a link has a control character; PostgreSQL can't even be asked
    # about one with NUL in it (a 500 on every page with a token).
    if any(isinstance(v, str) and has_control_characters(v)
           for v in (request.view_args or {}).values()):
        abort(404)
    view = current_app.view_functions.get(request.endpoint)
    size = getattr(view, "max_content_length", None)
    if size:
        request.max_content_length = size


class LazySession(SessionMixin):
    """The session, read from its cookie only when something first reads or writes it. Most
    requests never do (a slider's live answer, a class's poll, /healthz): they are spared
    checking the cookie's signature and decoding it. Once read, every operation is the cookie
    session's own. `accessed` is set by Flask whenever the `session` proxy is touched (a
    template's context touches it), as on Flask's own session."""

    accessed = False

    def __init__(self, load):
        self._load, self._session = load, None

    @property
    def loaded(self):
        """The cookie session, if something has read it (else None)."""
        return self._session

    def _real(self):
        if self._session is None:
            self._session = self._load()
        return self._session

    def __getitem__(self, key):
        return self._real()[key]

    def __setitem__(self, key, value):
        self._real()[key] = value

    def __delitem__(self, key):
        del self._real()[key]

    def __contains__(self, key):
        return key in self._real()

    def __iter__(self):
        return iter(self._real())

    def __len__(self):
        return len(self._real())

    def get(self, key, default=None):
        return self._real().get(key, default)

    def setdefault(self, key, default=None):
        return self._real().setdefault(key, default)

    @property
    def modified(self) -> bool:
        return self._session is not None and self._session.modified

    @property
    def permanent(self) -> bool:
        return self._real().permanent

    @permanent.setter
    def permanent(self, value: bool) -> None:
        self._real().permanent = value


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie is Secure whenever the request came over https (or config forces it).
    The cookie is read lazily (LazySession): a request that never touches the session leaves
    its cookie alone, as Flask does for a session read and not changed (the app never makes a
    session permanent, so there is no expiry to refresh)."""

    def get_cookie_secure(self, app):
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def open_session(self, app, request):
        if not app.secret_key:
            return None
        return LazySession(lambda: super(SessionInterface, self).open_session(app, request))

    def save_session(self, app, session, response):
        if isinstance(session, LazySession):
            if session.loaded is None:  # neither read nor changed: only Flask's Vary: Cookie
                if session.accessed:
                    response.vary.add("Cookie")
                return
            session.loaded.accessed = session.loaded.accessed or session.accessed
            session = session.loaded
        super().save_session(app, session, response)


# A route with one of these path variables is reached by an unguessable link (a quiz's or a
# class's token, a class's code): its pages and downloads (results, the quiz's key) must not be
# kept on the disk of a shared store laptop, so they are `no-store` unless the view chose its own
# caching (the class poll: a status line revalidated by ETag). A new secret route names its
# variable `token` or `code`.
SECRET_ARGUMENTS = ("token", "code")


def set_headers(response):
    """HEADERS, and what a response may be cached for, where the view set none. The names a
    response has are read once (werkzeug's setdefault reads them all for each header)."""
    headers = response.headers
    have = {name.lower() for name, _ in headers}
    for name, value in HEADERS.items():
        if name.lower() not in have:
            headers.add(name, value)
    if request.is_secure and "strict-transport-security" not in have:
        headers.add("Strict-Transport-Security", "max-age=31536000")
    if "cache-control" not in have:
        rule = request.url_rule
        if rule is not None and not rule.arguments.isdisjoint(SECRET_ARGUMENTS):
            headers.add("Cache-Control", "no-store")
        elif response.mimetype == "text/html":
            # Pages carry the visitor's CSRF token and progress: never for a shared cache.
            headers.add("Cache-Control", "private, no-cache")
    return response


def compress(response):
    """gzip pages and JSON (when GZIP is on): a phone on store wifi should not download them
    uncompressed. A streamed file is left alone: static files come gzipped from disk
    (webapp/statics.py)."""
    if (
        response.status_code != 200
        or response.direct_passthrough
        or "gzip" not in request.headers.get("Accept-Encoding", "")
        or "Content-Encoding" in response.headers
        or not (response.mimetype or "").startswith(_COMPRESSIBLE)
    ):
        return response
    response.vary.add("Accept-Encoding")
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
    app.wsgi_app = refuse_bad_hosts(app.wsgi_app)
    app.before_request(apply_route_marks)  # before CSRFProtect's, which reads the form
    app.after_request(set_headers)
    if app.config["GZIP"]:
        app.after_request(compress)
