"""The Sandbox: build a board, drag damage, get the verdict. Parse, ask the core, render.

GET /sandbox?b=<link>   the page for a board link (default board when there is none)
POST /sandbox           the editor (buttons, fields): full page, or the `workspace` block for htmx
POST /sandbox/live      a slider moved: the `verdict` block plus out-of-band counters and link
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from urllib.parse import urlencode

from flask import Blueprint, current_app, g, request, url_for
from werkzeug.datastructures import MultiDict

from .. import csrf, i18n, security
from .. import sandbox_state as state
from ..htmx import render, wants_fragment
from ..i18n import COOKIE as LANG_COOKIE
from ..i18n import gettext
from ..present import fill, labels, panel, value_text, verdict
from ..response_cache import LRU, ResponseCache
from ..rules import Board, BoardError, analyze, blocker_status, check, parse_assignment, parse_board

bp = Blueprint("sandbox", __name__)
TEMPLATE = "sandbox/page.html"
bp.add_app_template_global(value_text)
_CSRF_FIELD = re.compile(rb"(?:^|(?<=&))csrf_token=[^&]*&?")


@dataclass
class Caches:
    """Per app (an app's catalogs and config are its own): recent live answers, the boards being
    dragged with what the sandbox shows for them whatever the sliders say, and pieces of their
    live HTML. A board dragged through every split shows a few hundred distinct verdicts and
    counters; `fragments` keeps those of about 15 such boards (2.2 KB a piece, 9 MB at most)."""
    answers: ResponseCache = field(default_factory=lambda: ResponseCache(maxsize=4096))
    boards: LRU = field(default_factory=lambda: LRU(maxsize=128))
    fragments: LRU = field(default_factory=lambda: LRU(maxsize=4096))


@bp.record_once
def _add_caches(setup) -> None:
    setup.app.extensions["sandbox"] = Caches()


def caches() -> Caches:
    return current_app.extensions["sandbox"]


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
    data = _form_body()
    body = _CSRF_FIELD.sub(b"", data)  # the same board from any session
    # What the language is chosen from (not the chosen language: choosing costs more than a hit).
    language = (request.args.get("lang"), request.cookies.get(LANG_COOKIE),
                request.headers.get("Accept-Language"))
    environ = request.environ  # what request.host_url (the copyable link) is made of
    host = tuple(environ.get(k) for k in ("wsgi.url_scheme", "HTTP_HOST", "SERVER_NAME",
                                          "SERVER_PORT", "SCRIPT_NAME"))
    gzip = "gzip" in request.headers.get("Accept-Encoding", "")
    key = (host, language, wants_fragment(), request.mimetype, gzip, body)

    def show():
        board_part, sliders = state.split_body(data)
        # While a slider is dragged only the sliders change: the board's analysis, names and notes
        # are worked out once per board and language (what chooses the language is in the key).
        prepared = caches().boards.get_or_make((host, language, board_part), lambda: _prepare(
            state.from_form(MultiDict(state.board_fields(board_part)), _default_names())))
        if request.args.get("lang") is None:  # nothing to remember: reuse the board's catalog
            i18n.use_translations(prepared.translations)
        assignment = state.read_assignment(sliders, prepared.board["attackers"])
        response = _show(prepared, assignment, blocks=["verdict", "live_oob", "live_link"],
                         url_header="HX-Replace-Url", reuse=True)
        return security.compress(response, remember=False)  # kept compressed: a hit sends it as is

    return caches().answers.get_or_render(key, show)


def _form_body() -> bytes:
    """The posted form, urlencoded (as htmx sends it), even if something read the form first
    (then the raw body is gone, and every request would look alike)."""
    if request.mimetype == "application/x-www-form-urlencoded":
        data = request.get_data()
        if data or not request.content_length:
            return data
    return urlencode(list(request.form.items(multi=True))).encode()


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


def _show(board: dict | Prepared, assignment: dict | None = None, blocks="workspace",
          status: int = 200, url_header: str | None = None, editing: bool = False,
          use_best: bool = False, link_error: bool = False, reuse: bool = False):
    prepared = board if isinstance(board, Prepared) else _prepare(board)
    if assignment is None:
        assignment = board["assignment"]
    context = _context(prepared, assignment, use_best)
    link = url_for("sandbox.page", b=context["link"])
    g.link_args = {"b": context["link"]}  # the language switcher keeps the board
    kept = (caches().fragments, _fragment_keys(prepared, context)) if reuse else None
    response = render(TEMPLATE, blocks, status=status, editing=editing, link_error=link_error,
                      link_url=request.host_url.rstrip("/") + link, reuse=kept, **context)
    if url_header:
        response.headers[url_header] = link
    return response


@dataclass(frozen=True)
class Prepared:
    """What the sandbox shows for a board whatever its sliders say (shared: never mutated)."""
    board: dict  # the editor's board, without its assignment
    names: dict
    core: dict | None = None  # the contract's board, and the same parsed once for the core
    parsed: Board | None = None
    analysis: dict | None = None
    panel: tuple = ()
    error: str | None = None
    translations: object = None
    link_base: dict | None = None
    serial: int = field(default_factory=lambda: next(_serials), compare=False)  # names its HTML


_serials = itertools.count()


def _prepare(board: dict) -> Prepared:
    base = {**board, "assignment": {}}
    names, translations = labels(board), i18n.current_translations()
    if not board["attackers"]:
        return Prepared(base, names, translations=translations)
    try:
        core = state.to_core(board)
        parsed = parse_board(core)
        analysis = analyze(parsed)
    except BoardError as err:
        return Prepared(base, names, error=str(err), translations=translations)
    return Prepared(base, names, core, parsed, analysis, tuple(panel(core, analysis)),
                    translations=translations, link_base=state.link_base(base))


def _fragment_keys(prepared: Prepared, context: dict) -> dict:
    """What the live blocks show beyond their board (which fixes names, notes and gates): dragging
    back and forth, or across splits with the same problems, reuses their HTML."""
    views, verdict = context["attackers"], context["verdict"] or {}
    shown = tuple((v["id"], v["assigns"], v["left"],
                   tuple((r["value"], r["is_lethal"], r["flagged"]) for r in v["rows"]))
                  for v in views)
    problems = tuple((p["text"], p["rule"]) for p in verdict.get("problems", ()))
    board = prepared.serial  # the pieces are kept with other boards' pieces
    return {
        # A legal verdict spells out the split; one that isn't lists its problems.
        "verdict": (board, context["error"], bool(verdict), verdict.get("legal"), problems,
                    shown if verdict.get("legal") else None),
        "live_oob": (board, tuple((v, assigns, left, tuple(r[1:] for r in rows))
                                  for v, assigns, left, rows in shown)),
    }


def _context(prepared: Prepared, assignment: dict, use_best: bool) -> dict:
    board = {**prepared.board, "assignment": assignment}
    context = {"board": board, "error": prepared.error, "attackers": [], "verdict": None,
               "legal_assignments": None, "names": prepared.names}
    if prepared.analysis is not None:
        if use_best:
            board["assignment"] = prepared.analysis.get("best") or {}
        board = state.fit_assignment(board, prepared.analysis)
        split = {a["id"]: dict(board["assignment"].get(a["id"], {})) for a in board["attackers"]}
        try:
            board_now = replace(prepared.parsed, assignment=parse_assignment(prepared.parsed, split))
            result, status = check(board_now), blocker_status(board_now)
        except BoardError as err:
            context["error"] = str(err)
        else:
            context.update(attackers=fill(prepared.panel, split, result, status),
                           verdict=verdict(prepared.core, result, prepared.panel),
                           legal_assignments=prepared.analysis.get("legal_assignments"))
    context["board"] = board
    context["link"] = state.encode(board, prepared.link_base)
    return context
