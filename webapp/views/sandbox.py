"""The Sandbox: build a board, drag damage, get the verdict. Parse, ask the core, render.

GET /sandbox?b=<link>   the page for a board link (default board when there is none)
POST /sandbox           the editor (buttons, fields): full page, or the `workspace` block for htmx
POST /sandbox/live      a slider moved: the `verdict` block plus out-of-band counters and link
"""

from __future__ import annotations

import re

from flask import Blueprint, g, request, url_for

from .. import csrf, sandbox_state as state
from ..htmx import render, wants_fragment
from ..i18n import COOKIE as LANG_COOKIE, gettext
from ..response_cache import ResponseCache
from ..present import attacker_views, labels, value_text, verdict
from ..rules import BoardError, analyze, check

bp = Blueprint("sandbox", __name__)
TEMPLATE = "sandbox/page.html"
bp.add_app_template_global(value_text)
live_cache = ResponseCache(maxsize=4096)
_CSRF_FIELD = re.compile(rb"(?:^|(?<=&))csrf_token=[^&]*&?")


def _default_names() -> dict[str, str]:
    return {"attacker": gettext("Attacker"), "blocker": gettext("Blocker"),
            "planeswalker": gettext("Planeswalker"), "battle": gettext("Battle")}


@bp.get("/sandbox")
def page():
    link = request.args.get("b")
    if not link:
        return _show(state.default_board())
    try:
        board = state.decode(link)
    except state.LinkError:
        return _show(state.default_board(), status=400, link_error=True)
    return _show(board)


@bp.post("/sandbox")
def edit():
    board = state.from_form(request.form, _default_names())
    op = request.form.get("op", "")
    board, editing = _apply(board, op)
    return _show(board, blocks="workspace", url_header="HX-Push-Url", editing=editing,
                 use_best=op == "best")


@bp.post("/sandbox/live")
@csrf.exempt
def live():
    """A slider moved. This changes nothing on the server (so it needs no CSRF token) and its
    answer depends only on the form, the language and the host (for the copyable link), so equal
    requests share one rendering."""
    body = _CSRF_FIELD.sub(b"", request.get_data())  # the same board from any session
    # What the language is chosen from (not the chosen language: choosing costs more than a hit).
    language = (request.args.get("lang"), request.cookies.get(LANG_COOKIE),
                request.headers.get("Accept-Language"))
    key = (request.host_url, language, wants_fragment(), request.mimetype, body)

    def show():
        board = state.from_form(request.form, _default_names())
        return _show(board, blocks=["verdict", "live_oob"], url_header="HX-Replace-Url")

    return live_cache.get_or_render(key, show)


def _apply(board: dict, op: str) -> tuple[dict, bool]:
    """Editor buttons. Returns the new board and whether the editor should stay open."""
    verb, _, arg = op.partition(":")
    if verb == "add":
        return state.add(board, arg, _default_names()), True
    if verb == "remove":
        return state.remove(board, arg), True
    if verb == "reset":
        return state.default_board(), False
    if verb == "step":
        attacker, _, rest = arg.partition(":")
        recipient, _, delta = rest.rpartition(":")
        if attacker in board["assignment"] or any(a["id"] == attacker for a in board["attackers"]):
            return state.step(board, attacker, recipient, 1 if delta == "1" else -1), False
        return board, False
    return board, verb == "update"


def _show(board: dict, blocks="workspace", status: int = 200, url_header: str | None = None,
          editing: bool = False, use_best: bool = False, link_error: bool = False):
    context = _context(board, use_best)
    link = url_for("sandbox.page", b=context["link"])
    g.link_args = {"b": context["link"]}  # the language switcher keeps the board
    response = render(TEMPLATE, blocks, status=status, editing=editing, link_error=link_error,
                      link_url=request.host_url.rstrip("/") + link, **context)
    if url_header:
        response.headers[url_header] = link
    return response


def _context(board: dict, use_best: bool) -> dict:
    context = {"board": board, "error": None, "attackers": [], "verdict": None,
               "legal_assignments": None, "names": labels(board)}
    if board["attackers"]:
        try:
            analysis = analyze(state.to_core(board, with_assignment=False))
            if use_best:
                board = {**board, "assignment": analysis.get("best") or {}}
            board = state.fit_assignment(board, analysis)
            core = state.to_core(board)
            result = check(core)
        except BoardError as err:
            context["error"] = str(err)
        else:
            context.update(attackers=attacker_views(core, analysis, result),
                           verdict=verdict(core, result),
                           legal_assignments=analysis.get("legal_assignments"))
    context["board"] = board
    context["link"] = state.encode(board)
    return context
