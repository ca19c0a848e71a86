"""Nicknames that look alike compare equal: the skeleton of Unicode's confusables table (UTS #39),
so a Cyrillic `а` can't pass for a Latin `a` in a class's list and CSV.

    skeleton("Аna") == skeleton("ANA") == skeleton("ana")

The table is Unicode's confusables.txt as the confusable-homoglyphs package ships it (each
character with the characters it can be confused with). Characters are grouped once, at first
use, into classes of single characters that are confusable with one another, and each is written
as its class's smallest member; the key is that of the NFKC case-folded text, as UTS #39 says
for case-insensitive identifiers (so `I` and `l` stay apart, as `i` and `l` do).

Invisible characters are refused before (services/classes.normal_nickname), not mapped away.
"""

from __future__ import annotations

import json
import unicodedata
from functools import lru_cache
from importlib.resources import files


@lru_cache(maxsize=1)
def _table() -> dict[str, str]:
    data = json.loads(files("confusable_homoglyphs").joinpath("confusables.json").read_text(
        encoding="utf-8"))
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            parent[ch] = parent.get(parent[ch], parent[ch])
            ch = parent[ch]
        return ch

    for ch, homoglyphs in data.items():
        if len(ch) != 1:
            continue
        for other in (h["c"] for h in homoglyphs):
            if len(other) == 1:
                a, b = root(ch), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {ch: root(ch) for ch in parent}


def skeleton(text: str) -> str:
    table = _table()
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(table.get(ch, ch) for ch in folded)
