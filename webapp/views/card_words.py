"""A real card's name on a board a person built (the sandbox, a quiz question made from it) that
doesn't show the printed card, in words: one wording for the sandbox's notice and the quiz's
refusal. A name promises its card (docs/board-format.md, "Names: real cards as printed"), so a
judge who knows the cards never meets a Grizzly Bears that is 2/3 without a reason on the board."""

from __future__ import annotations

from ..catalogue import catalogue
from ..content.cards import Mismatch, board_mismatches
from ..i18n import _l, ability_label, color_list, gettext, name_list
from ..live.words import labels
from ..rules import ABILITIES, COLORS

ADVICE = _l("A real card’s name promises the printed card: give it back its printed numbers, "
            "colours and keywords, say the change in its name (“with a +1/+1 counter”), or make "
            "it a token (“Bear token”).")


def mismatch_texts(board: dict) -> list[str]:
    """One sentence per creature of a contract board that isn't the card its name says, named
    as the board picture names it ("Grizzly Bears 2")."""
    return [text for _, text in mismatch_notes(board)]


def mismatch_notes(board: dict) -> list[tuple[str, str]]:
    """(creature id, its sentence) for each such creature: the sandbox offers to restore it."""
    names = labels(board)
    return [(m.id, mismatch_text(m, names.get(m.id, m.name)))
            for m in board_mismatches(catalogue().cards, board)]


def as_printed(board: dict, creature_id: str) -> dict | None:
    """The fields that make a contract board's creature the card its name says (None: it is
    already, or its name promises nothing)."""
    found = next((m for m in board_mismatches(catalogue().cards, board) if m.id == creature_id),
                 None)
    return found.as_printed() if found else None


def mismatch_text(m: Mismatch, name: str) -> str:
    printed = _looks(m.printed, m.colors, m.abilities)
    shown = _looks(m.shown, m.shown_colors, m.shown_abilities)
    if m.modified:
        return gettext("%(name)s is %(printed)s as printed with what its name adds; this board "
                       "shows %(shown)s.", name=name, printed=printed, shown=shown)
    return gettext("%(name)s is %(printed)s as printed; this board shows %(shown)s.",
                   name=name, printed=printed, shown=shown)


def _looks(pt: tuple, colors, abilities) -> str:
    """"2/2, green, no keyword": what a card looks like on a board."""
    keywords = name_list(ability_label(w).lower() for w in ABILITIES if w in abilities) \
        if abilities else gettext("no keyword")
    return gettext("%(power)s/%(toughness)s, %(colors)s, %(keywords)s", power=pt[0],
                   toughness=pt[1], colors=color_list([c for c in COLORS if c in colors]),
                   keywords=keywords)
