"""Text people type into a one-line field (a quiz title, a taker's name): one rule for every
form that stores it. Plain Python: the quiz file reader uses it too.

Runs of whitespace (tabs and newlines included) become one space. Control characters (NUL, ESC,
DEL...) are refused, not stripped: no name or title has one, so one is a slip or an attack worth
a clear answer; PostgreSQL can't store NUL, and a terminal or spreadsheet may act on the others.
Format characters (the joiner inside an emoji, a right-to-left mark) are kept.
"""

from __future__ import annotations

import unicodedata


class ControlCharacters(ValueError):
    """The text holds a control character."""


def has_control_characters(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


def typed_text(raw: str | None, limit: int) -> str:
    """The text as stored (at most `limit` characters), or ControlCharacters."""
    text = " ".join(str(raw or "").split())
    if has_control_characters(text):
        raise ControlCharacters(text)
    return text[:limit]
