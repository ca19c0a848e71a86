"""The card catalogue (lessons/cards.toml): real cards with their printed numbers, and tokens.

    cards = load_cards(folder)               # raises ContentError listing every problem
    cards.creature("Grizzly Bears")          # a Card, or None
    shown_problems(cards, creature)          # why a board's creature isn't what its name says
    mismatch(cards, creature)                # the same as facts (a Mismatch), for the pages
    folder_problems(folder)                  # every board of the lessons and the bank, checked

A board names a real card only with its printed power, toughness, colours and the combat
keywords the board format knows. Anything else is said in the name: a token ("Beast token"), a
label for copies ("Grizzly Bears B"), or modifiers after "with": counters ("a +1/+1 counter",
"2 -1/-1 counters", "a trample counter") and the equipment and auras the catalogue lists
("Thrasta, Tempest's Roar with Basilisk Collar"), and abilities an effect grants, in brackets
("Hill Giant (can block an additional creature)"). Planeswalkers and battles must be known by
name; their loyalty and defense are counters now on them, so any number may be shown.
Pure: no Flask, no database.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from .. import paths
from ..rules import ABILITIES, COLORS
from .lines import question_line, table_line
from .model import ContentError, Problem
from .schema import Strict

CARDS_FILE = "cards.toml"  # inside the lessons folder
Ability = Literal[ABILITIES]  # type: ignore[valid-type]
Color = Literal[COLORS]  # type: ignore[valid-type]
Number = Field(ge=0, le=99)


class Card(Strict):
    """A real creature card as printed (or a token as the catalogue makes it)."""

    name: str = Field(min_length=1, max_length=60)
    power: int = Number
    toughness: int = Field(ge=1, le=99)
    colors: tuple[Color, ...]
    abilities: tuple[Ability, ...] = ()
    may_show: tuple[Ability, ...] = ()    # printed text that shows as these words on some boards
    not_modelled: str | None = None       # printed text the board format can't carry
    # Printed "lethal damage dealt to creatures you control is determined by their power rather
    # than their toughness" (Zilortha): a board showing it states lethal_by_power for its side.
    lethal_by_power: bool = False

    def facts(self) -> dict:
        """The fields a board gives this creature."""
        return {"name": self.name, "power": self.power, "toughness": self.toughness,
                "colors": list(self.colors), "abilities": list(self.abilities)}


class Walker(Strict):
    name: str = Field(min_length=1, max_length=60)
    loyalty: int = Field(ge=1, le=99)


class BattleCard(Strict):
    name: str = Field(min_length=1, max_length=60)
    defense: int = Field(ge=1, le=99)


class Modifier(Strict):
    """Equipment or an aura a board may attach to a real card, said in its name."""

    name: str = Field(min_length=1, max_length=40)
    power: int = Field(default=0, ge=-20, le=20)
    toughness: int = Field(default=0, ge=-20, le=20)
    abilities: tuple[Ability, ...] = ()
    only: str | None = None  # a card's own printed ability ("delirium" of Grim Flayer)


class CardsFile(Strict):
    schema_version: Literal[1]
    creatures: tuple[Card, ...] = Field(min_length=1)
    tokens: tuple[Card, ...] = ()
    planeswalkers: tuple[Walker, ...] = ()
    battles: tuple[BattleCard, ...] = ()
    modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True)
class Cards:
    """The loaded catalogue, looked up by name."""

    creatures: tuple[Card, ...]
    tokens: tuple[Card, ...]
    planeswalkers: tuple[Walker, ...]
    battles: tuple[BattleCard, ...]
    modifiers: tuple[Modifier, ...]

    def __len__(self) -> int:
        return len(self.creatures) + len(self.planeswalkers) + len(self.battles)

    def creature(self, name: str) -> Card | None:
        return next((c for c in self.creatures if c.name == name), None)

    def modifier(self, name: str) -> Modifier | None:
        return next((m for m in self.modifiers if m.name == name), None)

    def walker(self, name: str) -> Walker | None:
        return next((w for w in self.planeswalkers if w.name == name), None)

    def battle(self, name: str) -> BattleCard | None:
        return next((b for b in self.battles if b.name == name), None)

    def modelled(self) -> tuple[Card, ...]:
        """Real creatures whose combat text the board format carries, fit for any generated board:
        not those whose text is a choice only its own practice idea teaches (as_though_unblocked),
        nor one that changes lethal damage for its whole side (Zilortha)."""
        return tuple(c for c in self.creatures
                     if c.not_modelled is None and not set(c.abilities) & OWN_IDEA
                     and not c.lethal_by_power)

    def with_ability(self, word: str) -> tuple[Card, ...]:
        """Real creatures printed with this ability word."""
        return tuple(c for c in self.creatures if word in c.abilities)


def parse_cards(source: str, file: Path) -> Cards:
    """Validate the text of a cards file; ContentError names the line of each problem."""
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as err:
        raise ContentError([Problem(str(file), "-", f"not valid TOML: {err}")]) from None
    try:
        spec = CardsFile.model_validate(data)
    except ValidationError as err:
        raise ContentError([_schema_problem(file, source, e) for e in err.errors()]) from None
    seen: dict[str, str] = {}
    problems = []
    for group in ("creatures", "tokens", "planeswalkers", "battles", "modifiers"):
        for item in getattr(spec, group):
            if item.name in seen:
                problems.append(Problem(str(file), f"line {_line_of(source, 1, item.name)}",
                                        f"{item.name!r} is already listed in {seen[item.name]}"))
            seen[item.name] = group
    for token in spec.tokens:
        if not token.name.endswith(" token"):
            problems.append(Problem(str(file), f"line {_line_of(source, 1, token.name)}",
                                    f"a token's name ends in “ token”: {token.name!r}"))
    if problems:
        raise ContentError(problems)
    return Cards(spec.creatures, spec.tokens, spec.planeswalkers, spec.battles, spec.modifiers)


def _schema_problem(file: Path, source: str, e: dict) -> Problem:
    loc = e["loc"]
    line = 1
    if len(loc) >= 2 and isinstance(loc[1], int):  # the index-th [[group]] table
        headers = [n for n, text in enumerate(source.splitlines(), start=1)
                   if text.strip() == f"[[{loc[0]}]]"]
        line = headers[loc[1]] if loc[1] < len(headers) else 1
    where = ".".join(str(p) for p in loc)
    message = {"extra_forbidden": "unknown field", "missing": "is required"}.get(
        e["type"], e["msg"].removeprefix("Value error, "))
    return Problem(str(file), f"line {line}", f"{where}: {message}")


def load_cards(folder: str | Path = paths.LESSONS) -> Cards:
    file = Path(folder) / CARDS_FILE
    try:
        source = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError([Problem(str(file), "-", "file is missing")]) from None
    return parse_cards(source, file)


@lru_cache(maxsize=1)
def default_cards() -> Cards:
    """The catalogue shipped with the app, for callers with no app (the generator, the CLI)."""
    return load_cards(paths.LESSONS)


# --- what a board shows, against what the name says -----------------------------------------------

_COPY_LABEL = re.compile(r" [A-Z1-9]$")  # "Grizzly Bears B": one of several copies
_PT_COUNTERS = re.compile(r"^(a|an|\d+) ([+-]\d+)/([+-]\d+) counters?$")
_EFFECT = re.compile(r" \(([a-z ,]+)\)$")
_KEYWORD_COUNTER = re.compile(r"^an? ([a-z ]+) counter$")
# Keyword counters (122.1b) the board format has a word for.
KEYWORD_COUNTERS = {"trample": "trample", "deathtouch": "deathtouch", "lifelink": "lifelink",
                    "first strike": "first_strike", "double strike": "double_strike",
                    "indestructible": "indestructible"}


# Printed abilities a generated board shows only in the practice idea that teaches them.
OWN_IDEA = frozenset({"as_though_unblocked"})


def is_token(name: str) -> bool:
    return bool(re.search(r"\btoken\b", name, re.IGNORECASE))


def _modifier(cards: Cards, said: str, base: str) -> tuple[int, int, set[str]] | None:
    """What one modifier in a name adds: (power, toughness, abilities), or None if unknown."""
    counters = _PT_COUNTERS.match(said)
    if counters:
        count = 1 if counters.group(1) in ("a", "an") else int(counters.group(1))
        return count * int(counters.group(2)), count * int(counters.group(3)), set()
    keyword = _KEYWORD_COUNTER.match(said)
    if keyword and keyword.group(1) in KEYWORD_COUNTERS:
        return 0, 0, {KEYWORD_COUNTERS[keyword.group(1)]}
    known = cards.modifier(said)
    if known is None or known.only not in (None, base):
        return None
    return known.power, known.toughness, set(known.abilities)


def _gained(said: str) -> str | None:
    """An ability word from its words ("protection from green"), as an effect grants it."""
    words = said.strip().lower().replace(" ", "_")
    return "can_block_additional" if words == "can_block_an_additional_creature" else \
        words if words in ABILITIES else None


@dataclass(frozen=True)
class Mismatch:
    """A board creature named after a real card that doesn't show what the name promises: the
    card as printed (with what its name adds), and the board's numbers, colours and keywords."""
    id: str
    name: str                 # as the board writes it
    printed: tuple[int, int]  # power and toughness the name promises
    colors: frozenset[str]
    abilities: frozenset[str]  # the keywords it must show (it may show `may_show` too)
    shown: tuple[int, int]
    shown_colors: frozenset[str]
    shown_abilities: frozenset[str]
    modified: bool            # the name adds counters, equipment, an aura or an effect
    allowed: frozenset[str]   # the keywords it may show (`abilities` and the card's may_show)

    def as_printed(self) -> dict:
        """The creature's numbers, colours and keywords as its name promises (a may-show keyword
        the board shows is kept), in the board format's orders."""
        keep = self.abilities | (self.shown_abilities & self.allowed)
        return {"power": self.printed[0], "toughness": self.printed[1],
                "colors": [c for c in COLORS if c in self.colors],
                "abilities": [w for w in ABILITIES if w in keep]}


def _promised(cards: Cards, name: str):
    """(card, power, toughness, required keywords, modified) a board name promises; a problem
    sentence if its words aren't the catalogue's grammar; None for a token."""
    if is_token(name):
        return None
    gained: set[str] = set()
    effect = _EFFECT.search(name)
    if effect:  # "Hill Giant (can block an additional creature)": granted by an effect
        name = name[:effect.start()]
        for said in re.split(r", | and ", effect.group(1)):
            word = _gained(said)
            if word is None:
                return f"({said}) is not an ability the board format knows"
            gained.add(word)
    base, _, rest = name.partition(" with ")
    card = cards.creature(base)
    if card is None:
        return f"{base!r} is not in {CARDS_FILE}: add the real card with its printed numbers, " \
               "or show it as a token"
    power, toughness, required = card.power, card.toughness, set(card.abilities) | gained
    for said in re.split(r", | and ", rest) if rest else []:
        added = _modifier(cards, said, base)
        if added is None:
            return f"{said!r} is not a modifier {CARDS_FILE} knows (a counter such as “a +1/+1 " \
                   "counter”, or equipment or an aura it lists)"
        power, toughness = power + added[0], toughness + added[1]
        required |= added[2]
    return card, power, toughness, required, bool(rest or gained)


def mismatch(cards: Cards, creature: dict) -> Mismatch | None:
    """How a board creature named after a real card differs from it, or None: it shows what
    its name promises, it is a token, or its name isn't a real card's in the catalogue's
    grammar (a made-up name such as "Rhino" promises nothing)."""
    name = str(creature.get("name", creature.get("id", "")))
    promised = _promised(cards, _COPY_LABEL.sub("", name))
    if not isinstance(promised, tuple):
        return None
    card, power, toughness, required, modified = promised
    shown = frozenset(creature.get("abilities", []))
    colors = frozenset(creature.get("colors", []))
    pt = (creature.get("power"), creature.get("toughness"))
    if pt == (power, toughness) and required <= shown <= required | set(card.may_show) \
            and colors == set(card.colors):
        return None
    return Mismatch(str(creature.get("id", "")), name, (power, toughness),
                    frozenset(card.colors), frozenset(required), pt, colors, shown, modified,
                    frozenset(required) | frozenset(card.may_show))


def board_mismatches(cards: Cards, board: dict) -> list[Mismatch]:
    """Each attacker and blocker of a contract board that isn't the real card its name says."""
    return [found for group in ("attackers", "blockers") for creature in board.get(group) or ()
            if isinstance(creature, dict) and (found := mismatch(cards, creature))]


def shown_problems(cards: Cards, creature: dict) -> list[str]:
    """Why this board creature is not what its name says ([] when it is): for a lesson's or
    the bank's author, who must use the catalogue's names."""
    name = _COPY_LABEL.sub("", str(creature.get("name", creature.get("id", ""))))
    promised = _promised(cards, name)
    if isinstance(promised, str):
        return [promised]
    found = mismatch(cards, creature)
    return [] if found is None else [mismatch_problem(found)]


def mismatch_problem(found: Mismatch) -> str:
    """A Mismatch in English, for a lesson's, the bank's or a quiz file's author (the pages
    word it in the reader's language: webapp/views/card_words.py)."""
    said = f"{found.printed[0]}/{found.printed[1]}, {_words(found.colors) or 'colourless'}, " \
           f"{_words(found.abilities) or 'no keyword'}"
    board = (f"{found.shown[0]}/{found.shown[1]}, "
             f"{_words(found.shown_colors) or 'colourless'}, "
             f"{_words(found.shown_abilities) or 'no keyword'}")
    name = _COPY_LABEL.sub("", found.name)
    return (f"{name} is {said} as printed{' with what its name adds' if found.modified else ''}, "
            f"but this board shows {board}: say the difference in its name (“with a +1/+1 "
            f"counter”, equipment or an aura from {CARDS_FILE}) or make it a token")


def _words(items) -> str:
    return " and ".join(sorted(str(i).replace("_", " ") for i in items))


def board_problems(cards: Cards, board: dict) -> list[tuple[str, str, str]]:
    """(name as written, field, message) for each thing on a board that isn't what it says."""
    out = []
    for group in ("attackers", "blockers"):
        for i, creature in enumerate(board.get(group) or []):
            if isinstance(creature, dict):
                out += [(str(creature.get("name", "")), f"{group}[{i}]", m)
                        for m in shown_problems(cards, creature)]
    out += _forbidden_blocks(board)
    out += _unstated_lethal_by_power(cards, board)
    for group, known in (("planeswalkers", cards.walker), ("battles", cards.battle)):
        for i, thing in enumerate(board.get(group) or []):
            name = str(thing.get("name", "")) if isinstance(thing, dict) else ""
            if known(name) is None:
                out.append((name, f"{group}[{i}]", f"{name!r} is not in {CARDS_FILE}"))
    return out


def _unstated_lethal_by_power(cards: Cards, board: dict) -> list[tuple[str, str, str]]:
    """Zilortha on a board makes its controller's creatures die by their power: the board must
    say so (`lethal_by_power`), or every lethal number it teaches is wrong."""
    sides = board.get("lethal_by_power") or []
    out = []
    for group, side in (("attackers", "attacking"), ("blockers", "defending")):
        for i, creature in enumerate(board.get(group) or []):
            name = str(creature.get("name", "")) if isinstance(creature, dict) else ""
            card = cards.creature(_COPY_LABEL.sub("", name).partition(" with ")[0])
            if card is not None and card.lethal_by_power and side not in sides:
                out.append((name, f"{group}[{i}]", f"{card.name} measures lethal damage to the "
                            f"{side} player's creatures by their power: the board must say "
                            f"lethal_by_power = [\"{side}\"]"))
    return out


def _forbidden_blocks(board: dict) -> list[tuple[str, str, str]]:
    """A blocker of a colour its attacker has protection from could not have blocked it
    (702.16f): a board showing that block teaches an impossible combat. Colours are the board's
    own (checked against the catalogue above for real cards)."""
    blockers = {b.get("id"): (i, b) for i, b in enumerate(board.get("blockers") or [])
                if isinstance(b, dict)}
    out = []
    for attacker in board.get("attackers") or []:
        if not isinstance(attacker, dict):
            continue
        shielded = {a.removeprefix("protection_from_") for a in attacker.get("abilities") or []
                    if isinstance(a, str) and a.startswith("protection_from_")}
        for blocker_id in attacker.get("blocked_by") or []:
            i, blocker = blockers.get(blocker_id, (None, None))
            for colour in sorted(shielded & set((blocker or {}).get("colors") or [])):
                out.append((str(blocker.get("name", "")), f"blockers[{i}]",
                            f"{blocker.get('name')} can't block {attacker.get('name')}: "
                            f"protection from {colour} (rule 702.16f)"))
    return out


def folder_problems(folder: str | Path) -> list[Problem]:
    """Every board in a lessons folder (lessons and the bank) checked against its cards.toml,
    each problem at its file and line."""
    folder = Path(folder)
    try:
        cards = load_cards(folder)
    except ContentError as err:
        return err.problems
    out = []
    for file in sorted(folder.glob("*/lesson.toml")):
        source = file.read_text(encoding="utf-8")
        try:
            boards = tomllib.loads(source).get("boards") or {}
        except tomllib.TOMLDecodeError:
            continue  # the loader reports it
        for name, board in boards.items():
            out += _located(file, source, table_line(source, f"boards.{name}"),
                            board_problems(cards, board) if isinstance(board, dict) else [])
    for file in sorted(folder.glob("*/boards/*.json")):
        source = file.read_text(encoding="utf-8")
        try:
            board = json.loads(source)
        except ValueError:
            continue
        out += _located(file, source, 1,
                        board_problems(cards, board) if isinstance(board, dict) else [])
    for file in sorted(folder.glob("quizzes/tier-[0-9].toml")):
        source = file.read_text(encoding="utf-8")
        try:
            questions = tomllib.loads(source).get("questions") or []
        except tomllib.TOMLDecodeError:
            continue
        for i, q in enumerate(questions):
            board = q.get("board") if isinstance(q, dict) else None
            if isinstance(board, dict):
                out += _located(file, source, question_line(source, i), board_problems(cards, board),
                                prefix=f"{q.get('id')}: board.")
    return out


def _located(file: Path, source: str, start: int, found, prefix: str = "") -> list[Problem]:
    return [Problem(str(file), f"line {_line_of(source, start, name)}", f"{prefix}{where}: {message}")
            for name, where, message in found]


def _line_of(source: str, start: int, name: str) -> int:
    """The first line from `start` that writes this name (TOML or JSON); `start` if none does."""
    quoted = json.dumps(name, ensure_ascii=False)
    lines = source.splitlines()
    for number in range(start, len(lines) + 1):
        if quoted in lines[number - 1]:
            return number
    return start
