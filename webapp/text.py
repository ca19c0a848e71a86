"""Text people type into a one-line field (a quiz title, a taker's name): one rule for every
form that stores it. Plain Python: the quiz file reader uses it too.

Runs of whitespace (tabs and newlines included) become one space. Control characters (NUL, ESC,
DEL...) are refused, not stripped: no name or title has one, so one is a slip or an attack worth
a clear answer; PostgreSQL can't store NUL, and a terminal or spreadsheet may act on the others.
Format characters (the joiner inside an emoji, a right-to-left mark) are kept.
"""

from __future__ import annotations

import re


class ControlCharacters(ValueError):
    """The text holds a control character."""


# Unicode's categories Cc (controls: U+0000-U+001F, U+007F-U+009F) and Cs (surrogates), as one
# character class: every request's link arguments are checked (security.apply_route_marks), and a
# regular expression does it without a Python call per character.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def has_control_characters(text: str) -> bool:
    return _CONTROL.search(text) is not None


def typed_text(raw: str | None, limit: int) -> str:
    """The text as stored (at most `limit` characters), or ControlCharacters."""
    text = " ".join(str(raw or "").split())
    if has_control_characters(text):
        raise ControlCharacters(text)
    return text[:limit]
