"""Error responses: JSON under /api, a fragment for htmx, a full page otherwise. Never a traceback."""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import (HTTPException, InternalServerError, ServiceUnavailable,
                                 TooManyRequests)

from ..htmx import render, wants_fragment
from ..i18n import _l
from ..services.database import Busy
from ..services.limits import Limited

_TITLES = {
    400: _l("That request didn’t make sense"),
    404: _l("Page not found"),
    405: _l("That action isn’t allowed here"),
    410: _l("This can no longer be shown"),
    413: _l("That was too much data"),
    415: _l("Unsupported kind of data"),
    429: _l("Too many requests"),
    500: _l("Something went wrong on our side"),
    503: _l("The server is busy"),
}
_HINTS = {
    400: _l("Something in the form or link was malformed. Go back and try again."),
    404: _l("There is nothing at this address. Check the link, or start from the home page."),
    405: _l("This address exists, but not for that kind of request."),
    410: _l("Something this page shows can no longer be made: a question or a lesson was "
            "withdrawn, or it is stored in a form this version of the app can’t read."),
    413: _l("Boards are small; this request was far larger than any board."),
    415: _l("This address only accepts a different kind of data."),
    429: _l("This network address has made too many of these requests for now, so nothing was "
            "done. Try again in %(minutes)s min."),
    500: _l("The problem has been logged. Please try again in a moment."),
    503: _l("Nothing was saved. Please send your answer again in a moment."),
}
_CSRF_HINT = _l("The page was open too long or cookies are blocked, so the form's safety check "
                "failed. Reload the page and try again.")


def handle(err: HTTPException, hint=None):
    """The error's page; if drawing it fails too, a plain one (the security headers are still
    added after): an error handler that raises gives gunicorn's bare 500 and a second traceback."""
    try:
        return _handle(err, hint)
    except Exception:  # noqa: BLE001 - whatever broke, the visitor gets an answer
        current_app.logger.exception("The error page for %s failed", err.code)
        code = err.code or 500
        return Response(f"{code} {err.name}\n", code, mimetype="text/plain")


def _handle(err: HTTPException, hint=None):
    code = err.code or 500
    if request.path.startswith("/api/"):
        response = jsonify({"error": _api_message(err)})
        response.status_code = code
    else:
        if hint is None:
            hint = _CSRF_HINT if isinstance(err, CSRFError) else _HINTS.get(code, _HINTS[400])
        if code == 413:  # an upload route says what it takes (security.accepts_upload)
            hint = getattr(current_app.view_functions.get(request.endpoint), "too_big",
                           None) or hint
        response = render("errors/error.html", "error", status=code, code=code,
                          title=_TITLES.get(code, err.name), hint=hint,
                          heading="h2" if wants_fragment() else "h1")
        if wants_fragment():
            # htmx is configured to swap error responses; they go to the page's message area.
            response.headers["HX-Retarget"] = "#flash"
            response.headers["HX-Reswap"] = "innerHTML"
    if code == 405 and getattr(err, "valid_methods", None):
        response.headers["Allow"] = ", ".join(err.valid_methods)
    return response


def _api_message(err: HTTPException) -> str:
    if err.code == 404:
        return "path: no such API endpoint"
    if err.code == 405:
        return "method: not allowed here"
    if err.code == 413:
        return f"body: larger than {current_app.config['MAX_CONTENT_LENGTH'] // 1024} KB"
    return f"request: {err.name.lower()}"


def busy(_err: Busy):
    response = handle(ServiceUnavailable())
    response.headers["Retry-After"] = "2"
    return response


def limited(err: Limited):
    """A rate limit (services/limits.py): 429, when to come back, and nothing done."""
    minutes = -(-err.retry_after // 60)  # rounded up: never "try again in 0 min"
    response = handle(TooManyRequests(), hint=str(_HINTS[429]) % {"minutes": minutes})
    response.headers["Retry-After"] = str(err.retry_after)
    return response


def init_app(app: Flask) -> None:
    app.register_error_handler(Limited, limited)
    app.register_error_handler(HTTPException, handle)
    app.register_error_handler(Busy, busy)
    app.register_error_handler(InternalServerError, handle)
