"""The Sandbox: build a board, drag damage, get the verdict. Parse, call the live check, render.

GET /sandbox?b=<link>   the page for a board link (default board when there is none)
POST /sandbox           the editor (buttons, fields): full page, or the `workspace` block for htmx
POST /sandbox/live      a slider moved: the `verdict` block plus out-of-band counters and link
POST /sandbox/deal      "Deal the damage": the full page, or the `outcome` block for htmx: the
                        resolver's outcome step by step, or why this split can't be dealt
A slider field that can't be read (webapp.content.fields) is a 400 saying why, in the verdict's place.
"""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, g, request, url_for
from flask_babel import get_locale, lazy_gettext as _l

from ... import csrf
from ...htmx import render, wants_fragment
from ...i18n import gettext
from ...live import board_cards, labels, live_check, played_out
from ...live.words import slider_error_text, verdict
from ...network import base_url
from ...rules import LIMITS, MAX_NAME, MAX_NUMBER, MAX_POISON
from ..card_words import ADVICE, as_printed, mismatch_notes
from ..live_answer import remembered, rendered
from . import board as state

bp = Blueprint("sandbox", __name__)
TEMPLATE = "sandbox/page.html"


# The editor's words for the cards beside the combat (board.EFFECTS, in its order).
EFFECT_LABELS = {
    "zilortha_defending": _l("The defending player controls Zilortha, Strength Incarnate: "
                             "lethal damage to their creatures is measured by power"),
    "zilortha_attacking": _l("The attacking player controls Zilortha, Strength Incarnate: "
                             "lethal damage to their creatures is measured by power"),
    "defensive_formation": _l("The defending player controls Defensive Formation: they assign "
                              "the combat damage of creatures attacking them"),
}
assert set(EFFECT_LABELS) == set(state.EFFECTS), "every card beside the combat needs a label"


@bp.context_processor
def _limits():
    """The editor's field limits are the rules core's; its cards beside the combat the board's."""
    return {"board_limits": {**LIMITS, "counts": LIMITS, "name": MAX_NAME, "number": MAX_NUMBER,
                             "poison": MAX_POISON},
            "effect_choices": [(e, EFFECT_LABELS[e]) for e in state.EFFECTS]}


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
    board, error = _read_form()
    if error:  # nothing the buttons asked is done; the board is shown again as the form said
        return _show(board, status=400, error=error)
    op = request.form.get("op", "")
    board, editing = _apply(board, op)
    return _show(board, blocks="workspace", url_header="HX-Push-Url", editing=editing,
                 best=op == "best")


@bp.post("/sandbox/live")
@csrf.exempt  # changes nothing on the server, and its answer depends only on the form
def live():
    if not wants_fragment():  # the −/+ buttons without JavaScript: the page's blocks
        return _shown_live()
    # A drag: the answer is a function of the editor form, the page's language and address, so
    # the memo is asked with the form as posted, before the board is read from it (the one live
    # path's render and memo, webapp/views/live_answer.py).
    fields = tuple((k, v) for k, v in request.form.items(multi=True) if k != "csrf_token")
    key = (TEMPLATE, LIVE_BLOCKS, "sandbox", fields, str(get_locale() or "en"), base_url())

    def answer() -> tuple[str, str]:
        board, error = _read_form()
        if error or not board["attackers"]:  # not kept: the page's own answer
            raise _NotLive(_shown_live(board, error))
        live = live_check(state.to_core(board), board["assignment"], fit=True)
        return rendered(TEMPLATE, LIVE_BLOCKS, live, {"error": None}, link=lambda live: url_for(
            "sandbox.page", b=state.encode({**board, "assignment": live.split})))

    try:
        return remembered(key, answer)
    except _NotLive as done:
        return done.response


@bp.post("/sandbox/deal")
def deal():
    """Deal the split the sliders show (fitted as the live check fits it). A slider field that
    can't be read or a board the core refuses is a 400 saying why; an illegal split says why in
    the live check's words. The board and sliders are shown as posted: nothing is lost."""
    board, error = _read_form()
    return _show(board, blocks="outcome", status=400 if error else 200, error=error,
                 dealing=True)


LIVE_BLOCKS = ("verdict", "live_oob", "live_link")


class _NotLive(Exception):
    """A live post answered by the page's blocks (a refused field, no attacker): never kept."""

    def __init__(self, response):
        super().__init__()
        self.response = response


def _shown_live(board: dict | None = None, error: str | None = None):
    if board is None:
        board, error = _read_form()
    if error:  # the verdict's place says why; the link keeps the last board that could be read
        return _show(board, blocks="verdict", status=400, error=error)
    return _show(board, blocks=list(LIVE_BLOCKS), url_header="HX-Replace-Url")


def _read_form() -> tuple[dict, str | None]:
    """The editor's board, and the words for a slider field that can't be read (or None)."""
    try:
        return state.from_form(request.form, _default_names()), None
    except state.FormError as err:
        return err.board, slider_error_text(err.refused)


def _apply(board: dict, op: str) -> tuple[dict, bool]:
    """Editor buttons. Returns the new board and whether the editor should stay open."""
    verb, _, arg = op.partition(":")
    if verb == "add":
        return state.add(board, arg, _default_names()), True
    if verb == "remove":
        return state.remove(board, arg), True
    if verb == "reset":
        return state.default_board(), False
    if verb == "printed":  # the card note's "Use the printed card"
        fields = as_printed(state.to_core(board), arg)
        return (state.change(board, arg, fields) if fields else board), False
    if verb == "step":
        attacker, _, rest = arg.partition(":")
        recipient, _, delta = rest.rpartition(":")
        if any(a["id"] == attacker for a in board["attackers"]):
            return state.step(board, attacker, recipient, 1 if delta == "1" else -1), False
        return board, False
    return board, verb == "update"


def _show(board: dict, blocks="workspace", status: int = 200, url_header: str | None = None,
          editing: bool = False, best: bool = False, link_error: bool = False,
          error: str | None = None, dealing: bool = False):
    live = None
    if board["attackers"]:
        live = live_check(state.to_core(board), board["assignment"], fit=True, best=best)
        board = {**board, "assignment": live.split}
    link = url_for("sandbox.page", b=state.encode(board))
    g.link_args = {"b": link.partition("b=")[2]}  # the language switcher keeps the board
    # The board picture, once the core has read the board (a board it refuses has no picture).
    cards = board_cards(live.board, live.names) if live and live.analysis else None
    dealt = _dealt(live) if dealing and not error else {}
    if dealing and live and live.error:  # a board the core refuses can't be dealt: bad input
        status = 400
    response = render(TEMPLATE, blocks, status=status, board=board, names=labels(board), live=live,
                      cards=cards, misnamed=mismatch_notes(state.to_core(board)),
                      card_advice=ADVICE, dealing=dealing, **dealt,
                      editing=editing, link_error=link_error, error=error,
                      link_url=base_url() + link)
    if url_header:
        response.headers[url_header] = link
    return response


def _dealt(live) -> dict:
    """What "Deal the damage" shows: the outcome with each step's board picture, or (`refused`)
    the live check's answer saying why this split can't be dealt."""
    if not (live and live.legal):
        return {"refused": live}
    dealt = played_out(live.board, live.split, live.names)
    if not dealt["outcome"].legal:  # a first-strike step asks more of the split than one would
        return {"refused": replace(live, verdict=verdict(
            live.board, {"problems": dealt["outcome"].problems}, live.attackers))}
    return dealt
