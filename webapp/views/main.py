"""Home page, the health check, and what every page's layout needs (navigation)."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from ..i18n import _l

bp = Blueprint("main", __name__)

# Surfaces in navigation order; a link shows only once its blueprint is registered.
_NAV = (("learn", "learn.index", _l("Learn")),
        ("sandbox", "sandbox.page", _l("Sandbox")),
        ("quiz", "quiz.index", _l("Quiz")),
        ("classroom", "classroom.index", _l("Class")))


@bp.app_context_processor
def layout():
    blueprints = current_app.blueprints
    return {
        "nav_links": lambda: [(endpoint, label) for name, endpoint, label in _NAV
                              if name in blueprints],
        "config_blueprints": lambda: blueprints,
    }


@bp.get("/")
def index():
    return render_template("main/index.html")


@bp.get("/healthz")
def healthz():
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
