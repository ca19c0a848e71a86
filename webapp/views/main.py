"""Home page, the health check, and what every page's templates need (navigation, the `kind`
filter: a quiz question's type as the kind `_question.html` branches on; `answer_words`: an
answer in words, views.answer_words)."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..content.kinds import kind_name
from .answer_words import answer_in_words
from ..i18n import _l

bp = Blueprint("main", __name__)

# Surfaces in navigation order: one entry per surface that exists.
_NAV = (("learn.index", _l("Learn")),
        ("sandbox.page", _l("Sandbox")),
        ("quiz.index", _l("Quiz")),
        ("classroom.index", _l("Class")))


@bp.app_context_processor
def layout():
    return {"nav_links": lambda: _NAV}


bp.add_app_template_filter(kind_name, "kind")
bp.add_app_template_global(answer_in_words, "answer_words")


@bp.get("/")
def index():
    return render_template("main/index.html")


@bp.get("/healthz")
def healthz():
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
