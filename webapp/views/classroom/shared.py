"""A class's new screen, rendered once for the room instead of once per phone.

When the host moves, each phone's next poll brings the play page where the class is now (the
`sync` view). For a phone whose screen holds nothing of its own (the lobby, or an item it has not
answered, with the game off) that page is the same for every phone in the room but for three
things: its nickname, its rejoin code and its session's CSRF token. So it is rendered once per
class version, pace and language with stand-ins for those three, kept in a memo bounded in bytes
(webapp/live/memo.py, CLASS_SCREEN_CACHE_BYTES), and each phone gets a copy with its own three
put in. A room of 500 then renders a new step once per worker and language, not 500 times
(`bench/class_load.py --page follow` shows what that buys: the time from the host's Next to the
new step on the phones).

Nothing else about a phone may reach the shared render: the stand-in seat has no id that any
answer points at, and tests/web/test_class_shared_screen.py checks that the copy is, byte for
byte, what the phone's own render gives, in a lesson and a quiz class, in the lobby and on each
kind of item, in English and French.
"""

from __future__ import annotations

from types import SimpleNamespace

from flask import current_app, g
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import escape

from ...services import classes

# Stand-ins: private-use characters, which no template escapes or changes and no text contains.
NICKNAME, REJOIN, TOKEN = "\ue000nickname\ue000", "\ue000rejoin\ue000", "\ue000token\ue000"
_MARK = "\ue000"


def plain(room, seat, src) -> bool:
    """Whether this phone's screen holds nothing of its own: no game box (scores are a phone's
    own), and the lobby, or an item with nothing to answer or not answered yet by this seat."""
    if room.game or seat.removed_at is not None:
        return False
    if room.state == "lobby":
        return True
    if room.state != "running":
        return False  # the end lists what this learner missed
    return not src.answerable(src.number) or \
        classes.result(seat.id, src.item_id(src.number)) is None


def screen(room, seat, src, render, pace: int) -> str | None:
    """The play page for `seat`, from the room's shared render (`render(room, seat, src)` makes
    it, with a stand-in seat); None when the seat's screen has something of its own."""
    memo = current_app.extensions["class_screens"]
    if not memo.max_bytes or not plain(room, seat, src):
        return None  # CLASS_SCREEN_CACHE_BYTES=0: each phone's own render
    key = (room.id, room.version, pace, str(get_locale()), bool(seat.rejoin_code))

    def shared() -> str:
        stand_in = SimpleNamespace(id=None, nickname=NICKNAME, removed_at=None,
                                   rejoin_code=REJOIN if seat.rejoin_code else None)
        field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
        own = g.pop(field, None)  # csrf_token() in the templates reads it from g
        setattr(g, field, TOKEN)
        try:
            page, _status = render(room, stand_in, src)
        finally:
            g.pop(field, None)
            if own is not None:
                setattr(g, field, own)
        return page

    page = memo.get(key, shared)
    mine = (page.replace(NICKNAME, str(escape(seat.nickname)))
            .replace(REJOIN, seat.rejoin_code or "").replace(TOKEN, generate_csrf()))
    return None if _MARK in mine else mine  # a stand-in the templates changed: render its own
