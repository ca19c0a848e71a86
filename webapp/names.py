"""A board's creature names in the page's language.

A real card keeps its English name (as at official events), but what a board adds to it is said
in words (lessons/cards.toml's grammar): "Hill Giant with a -1/-1 counter", "Thrasta, Tempest's
Roar with Basilisk Collar", "Grizzly Bears (protection from green)". Those words are translated
here, so a French or Japanese board doesn't show English: « Hill Giant avec 1 marqueur -1/-1 »,
「Thrasta, Tempest's Roar（Basilisk Collar付き）」. A name outside that grammar is shown as it is.
"""

from __future__ import annotations

import re

from flask import has_request_context
from flask_babel import get_locale, gettext, ngettext

from .rules.messages import ABILITY_LABELS, N_

_NAME = re.compile(r"(?P<card>.+?)(?: with (?P<mods>.+?))?(?: \((?P<granted>[^)]+)\))?")
_COUNTERS = re.compile(r"(?P<n>a|an|\d+) (?P<kind>[+-]1/[+-]1|[a-z ]+?) counters?")
# Words after "with" that are neither counters nor a card attached to the creature.
_CONDITIONS = {"delirium": N_("delirium")}


def shown_name(name: str) -> str:
    """`name` with its modifiers in the current language (as written in English, or outside a
    request)."""
    if not has_request_context() or str(get_locale() or "en") == "en":
        return name
    match = _NAME.fullmatch(name)
    if match is None or not (match["mods"] or match["granted"]):
        return name
    shown = match["card"]
    if match["mods"]:
        shown = _with(shown, match["mods"].split(" and "))
    if match["granted"]:
        word = _ability(match["granted"])
        shown = gettext("%(card)s (%(ability)s)", card=shown, ability=word)
    return shown


def card_counters(name: str) -> list[str]:
    """The counters a board's name says a creature has ("Grizzly Bears with a +1/+1 counter and
    a trample counter"), each in the page's language: what the board picture draws on the card."""
    match = _NAME.fullmatch(name)
    if match is None or not match["mods"]:
        return []
    found = (_COUNTERS.fullmatch(mod) for mod in match["mods"].split(" and "))
    return [_counter(c) for c in found if c]


def _with(card: str, mods: list[str]) -> str:
    counters = [_COUNTERS.fullmatch(m) for m in mods]
    if all(counters):
        said = gettext(" and ").join(_counter(c) for c in counters)
        return gettext("%(card)s with %(counters)s", card=card, counters=said)
    if len(mods) == 1 and mods[0] in _CONDITIONS:
        return gettext("%(card)s with %(condition)s", card=card,
                       condition=gettext(_CONDITIONS[mods[0]]))
    if len(mods) == 1 and not any(counters):  # an equipment or aura: a card name, kept
        return gettext("%(card)s with %(attachment)s", card=card, attachment=mods[0])
    return f"{card} with {' and '.join(mods)}"  # a mixture the grammar doesn't make


def _counter(match) -> str:
    n = 1 if match["n"] in ("a", "an") else int(match["n"])
    kind = match["kind"]
    if kind[0] not in "+-":
        kind = _ability(kind)
    return ngettext("%(num)s %(kind)s counter", "%(num)s %(kind)s counters", n, kind=kind)


def _ability(words: str) -> str:
    label = ABILITY_LABELS.get(words.replace(" ", "_").replace("can_block_an_additional_creature",
                                                               "can_block_additional"))
    return gettext(label).lower() if label else words
