"""The one live path: a slider moved on any surface -> the verdict and its out-of-band counters.

Every live endpoint (a lesson step, endless practice, a quiz question, its preview, a class on a
quiz) finds its board and what it locks or hides, then calls `live_response`; none reads slider
fields, calls the live check or renders a live answer on its own. Per request the board is
parsed once and analysed once (inside `live_check`, which also reads the sliders). The sandbox,
whose board is its editor form, asks the memo by that whole form first (`remembered`) and reads
the board only on a miss, then renders through the same `rendered`.

A live answer is a function of its inputs only: the board, the page's language, the slider
fields as posted, what the surface locks or hides, and the few context values its blocks read
(all in the memo's key). No learner, session, token or stored answer reaches the rendering, so
the worker's memo (webapp/live/memo.py, bounded in bytes) answers a split it has just rendered
on any surface, to anyone: a class of phones dragging one board repeats a few splits.
`bench/class_load.py --page surfaces` shows what it buys (LIVE_CACHE_BYTES=0 to compare).

A slider field the reader refuses raises SliderError before anything is kept: each surface
words it in its own error place (the verdict's, or the feedback's). An answer is kept as sent:
gzipped once (by security.compress) for a client that accepts gzip, which is in the key.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence

from flask import current_app, make_response, request
from flask_babel import get_locale
from jinja2_fragments.flask import render_blocks

from .. import security, signing
from ..catalogue import live_memo
from ..live import Live, live_check
from ..content.fields import posted
from ..network import base_url


def live_response(template: str, blocks: Sequence[str], board: dict | Callable, form, *,
                  fixed: Mapping | None = None, hide_most: Collection = (), blind: bool = False,
                  goal: bool = False, context: Mapping[str, object] | None = None,
                  named: Hashable | None = None):
    """The `blocks` of `template` for `board` with its sliders set by `form`, as an htmx answer.

    board: the contract's board, without its assignment (the one the page shows). Or, with
        `named`, a function returning (board, hide_most, goal) that is called only when the memo
        hasn't the answer: `named` stands for all three in the key (a question's reference, a
        practice board's lesson, kind and seed: the same name is always the same board), so a
        repeated split costs no question to be made again.
    form: its slider fields are read by the one reader (with the board's analysed sliders).
    fixed, hide_most, blind, goal: as for live_check.
    context: more values the blocks read (str, bool, int or None: they are part of the key).
    The sandbox, whose board is its whole editor form, asks the memo by that form instead
    (`remembered` with its own key, then `rendered`).
    """
    extra = dict(context or {})
    what = ("named", named) if named is not None else (canonical(board),
                                                       tuple(sorted(hide_most)), goal)
    key = (template, tuple(blocks), what, str(get_locale() or "en"), posted(form),
           canonical(fixed), blind, tuple(sorted(extra.items())))

    def fresh() -> tuple[str, str]:
        shown, hidden, graded = board() if named is not None else (board, hide_most, goal)
        return answered(template, blocks, shown, form, fixed=fixed, hide_most=hidden,
                        blind=blind, goal=graded, context=extra)

    return remembered(key, fresh)


def answered(template: str, blocks: Sequence[str], board: dict, form, *, fixed=None,
             hide_most: Collection = (), blind: bool = False, goal: bool = False,
             context: dict) -> tuple[str, str]:
    """The live check of `board` at the form's sliders, rendered (the one making of an answer
    the memo keeps: live_response's and facts_response's)."""
    live = live_check(board, form=form, fit=True, fixed=fixed, hide_most=hide_most,
                      blind=blind, goal=goal)
    return rendered(template, blocks, live, context)


def rendered(template: str, blocks: Sequence[str], live: Live, context: dict,
             link: Callable[[Live], str] | None = None) -> tuple[str, str]:
    """(the blocks rendered for `live`, the page's own address for it or "")."""
    url = link(live) if link else ""
    if link:
        context = {**context, "link_url": base_url() + url}
    return render_blocks(template, list(blocks), live=live, **context), url


def remembered(key: tuple, make: Callable[[], tuple[str, str]]):
    """The htmx answer the memo keeps for `key`, else `make()`'s (body, address) — kept, unless
    make raises. `key` must name everything the body is made of (live_response's does; the
    sandbox names its whole editor form): the memo answers anyone who sends the same."""
    gzip = bool(current_app.config["GZIP"]) and "gzip" in request.headers.get(
        "Accept-Encoding", "")

    def fresh() -> tuple:  # (body, its Content-Encoding or "", the page's address or "")
        body, url = make()
        if not gzip:
            return body, "", url
        # Kept as sent: compressed once by the app's one gzip (security.compress), not again
        # for every answer the memo gives (it leaves a response with a Content-Encoding alone).
        sent = security.compress(make_response(body))
        return sent.get_data(), sent.headers.get("Content-Encoding", ""), url

    body, encoding, url = live_memo().get(("live", *key, gzip), fresh)
    response = make_response(body)
    # Set as one string: werkzeug's `vary` parses and writes the header again on every add.
    response.headers["Vary"] = "HX-Request, Accept-Encoding" if gzip else "HX-Request"
    if encoding:
        response.headers["Content-Encoding"] = encoding
    if url:
        response.headers["HX-Replace-Url"] = url
    return response


def canonical(value) -> str | None:
    """A board, split or lock set as one string (a key part: equal values, equal strings)."""
    if value is None:
        return None
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# --- a question page's live address: the facts a drag needs, signed -------------------------------

# A quiz question's page (an attempt's, a class phone's) puts into its live address, signed, what
# a drag needs: whose page it is, the board it shows, the slider marks it hides, whether the
# question asks more than legality, and whether its verdict is hidden (an exam; a class's key not
# yet revealed). A drag then reads no database, as a lesson step's never did. Only what the page
# already shows goes in: never the question's reference (a generated one's seed would rebuild
# the keys through the API), its key or its explanation; signed, not hidden. A live answer stores
# nothing and a hidden verdict stays hidden, so a drag from a page left open (submitted, time up,
# the host moved on) shows no more than that page did.
FACTS_SALT = "trample-question-live"
MAX_FACTS = 1800  # characters: with the path, well inside a server's request line (4094)


def signed_facts(owner: list, board: dict, hide_most: Collection, goal: bool,
                 blind: bool) -> str | None:
    """The facts for a question page's live address (`?q=`), or None when they would make it too
    long (the drag then reads the database)."""
    signed = signing.dumps(FACTS_SALT, [owner, board, sorted(list(k) for k in hide_most),
                                        bool(goal), bool(blind)])
    return signed if len(signed) <= MAX_FACTS else None


class _NoFacts(Exception):
    """The address carries no facts signed for this page."""


def facts_response(owner: list, template: str, blocks: Sequence[str], form):
    """The one live path's answer to a drag whose address carries facts signed for `owner`, or
    None (none, forged, or another page's). SliderError if a field is refused.

    The memo is asked by the facts as sent (and the owner): a drag that repeats a split a page
    with the same facts sent is answered without reading them again; the facts are checked
    before anything is kept, so only checked ones are ever in the memo."""
    text = request.args.get("q")
    if not text:
        return None
    key = (template, tuple(blocks), ("facts", tuple(owner), text), str(get_locale() or "en"),
           posted(form))

    def fresh() -> tuple[str, str]:
        facts = signing.loads(FACTS_SALT, text)
        if not (isinstance(facts, list) and len(facts) == 5 and facts[0] == owner
                and isinstance(facts[1], dict) and isinstance(facts[2], list)):
            raise _NoFacts
        _, board, hide, goal, blind = facts
        blind = blind is not False
        return answered(template, blocks, board, form,
                        hide_most=tuple(tuple(k) for k in hide if isinstance(k, list)),
                        blind=blind, goal=bool(goal), context={"hide_verdict": blind})

    try:
        return remembered(key, fresh)
    except _NoFacts:
        return None
