"""The app plus the stages of bench/live_floor.py: a drag's work cut off at each stage
(gunicorn loads it as bench._floor_app:floor_app() from the repository's root). Not a test."""

from __future__ import annotations

from dataclasses import replace

from flask import request
from werkzeug.datastructures import MultiDict

from webapp import create_app, csrf
from webapp import sandbox_state as state
from webapp.rules import blocker_status, check, parse_assignment
from webapp.views import sandbox

ROUTES = {"post": "/floor/post", "read": "/floor/read", "check": "/floor/check",
          "words": "/floor/words"}


def floor_app():
    """The app with one more route per stage."""
    app = create_app()
    plain = {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}

    def read():
        board_part, sliders = state.split_body(request.get_data())

        def prepare():  # as the live view does, once per board
            form = MultiDict(state.board_fields(board_part))
            return sandbox._prepare(state.from_form(form, sandbox._default_names()))

        prepared = sandbox.caches().boards.get_or_make(("floor", board_part), prepare)
        return prepared, state.read_assignment(sliders, prepared.board["attackers"])

    def stage_post():
        return "ok", 200, plain

    def stage_read():
        read()
        return "ok", 200, plain

    def stage_check():
        prepared, assignment = read()
        board = replace(prepared.parsed, assignment=parse_assignment(prepared.parsed, assignment))
        blocker_status(board)
        return ("legal" if check(board)["legal"] else "not legal"), 200, plain

    def stage_words():
        prepared, assignment = read()
        context = sandbox._context(prepared, assignment, use_best=False)
        return ("legal" if context["verdict"]["legal"] else "not legal"), 200, plain

    stages = {"post": stage_post, "read": stage_read, "check": stage_check, "words": stage_words}
    for name, view in stages.items():
        app.add_url_rule(ROUTES[name], f"floor_{name}", csrf.exempt(view), methods=["POST"])
    return app
