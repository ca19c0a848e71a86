"""The board at the moment combat damage is assigned, and its validation.

A board is parsed from the JSON shape in DESIGN.md into frozen dataclasses. Every way the input can
be wrong raises :class:`BoardError` naming the field, so a person can fix it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

PLAYER = "player"
COLORS = ("white", "blue", "black", "red", "green")
# The contract's ability words, in the order people see them (editor, docs, OpenAPI).
ABILITIES = (
    "trample", "trample_over_planeswalkers", "deathtouch", "first_strike", "double_strike",
    "indestructible", *(f"protection_from_{c}" for c in COLORS), "lifelink", "banding",
    "can_block_additional", "infect", "wither", "as_though_unblocked",
)

# Board limits: the one source for the editor, the OpenAPI document and the CLI help.
MAX_ATTACKERS = 8
MAX_BLOCKERS = 12
MAX_PLANESWALKERS = 4
MAX_BATTLES = 4
LIMITS = {"attackers": MAX_ATTACKERS, "blockers": MAX_BLOCKERS,
          "planeswalkers": MAX_PLANESWALKERS, "battles": MAX_BATTLES}
MAX_NUMBER = 999
MAX_NAME = 60
# The defending player as a board starts (704.5a: 0 life loses; 704.5c: 10 poison counters lose).
START_LIFE, MAX_POISON = 20, 9
# 510.4: which combat damage step a board is; absent, every creature on it deals damage.
DAMAGE_STEPS = ("first", "second")
# Whose creatures have lethal damage measured by power rather than toughness (Zilortha, Strength
# Incarnate: "creatures you control"): the attacking player's, the defending player's or both.
SIDES = ("attacking", "defending")


def lethal_basis(power: int, toughness: int, by_power: bool = False) -> int:
    """The damage marked on a creature that destroys it (704.5g): its toughness, or where lethal
    damage is measured by power (Zilortha, Strength Incarnate) its power, though a creature with
    power 0 or less still needs 1 damage marked (its rulings)."""
    return max(power, 1) if by_power else toughness

ID_PATTERN = r"^[A-Za-z0-9_-]{1,40}$"
_ID = re.compile(ID_PATTERN)


class BoardError(ValueError):
    """Any way a board or an assignment can be wrong. ``field`` says where; str() is one sentence.
    ``params``, for a number out of its range: {"low", "high", "value"} (a page words it).
    ``code``, for a board a person can build in the sandbox and the core can't judge (a creature
    already dead, a block no rule allows, a board no ruling settles): with ``params``, what a page
    words in the reader's language (webapp.live.words.board_error_text)."""

    def __init__(self, field_path: str, message: str, params: dict | None = None,
                 code: str | None = None):
        self.field = field_path
        self.detail = message
        self.params = params or {}
        self.code = code
        super().__init__(f"{field_path}: {message}" if field_path else message)


@dataclass(frozen=True)
class Creature:
    id: str
    name: str
    power: int
    toughness: int
    damage: int = 0
    abilities: frozenset[str] = frozenset()
    colors: tuple[str, ...] = ()

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    @property
    def assigns(self) -> int:
        """510.1a: a creature with power 0 or less assigns no combat damage."""
        return max(0, self.power)


@dataclass(frozen=True)
class Attacker(Creature):
    attacking: str = PLAYER
    blocked: bool = False
    blocked_by: tuple[str, ...] = ()

    @property
    def tramples(self) -> bool:
        """702.19c: trample over planeswalkers is a kind of trample; 702.19g: more copies add nothing."""
        return self.has("trample") or self.has("trample_over_planeswalkers")


@dataclass(frozen=True)
class Blocker(Creature):
    pass


@dataclass(frozen=True)
class Planeswalker:
    id: str
    name: str
    loyalty: int
    removed_from_combat: bool = False


@dataclass(frozen=True)
class Battle:
    id: str
    name: str
    defense: int
    removed_from_combat: bool = False


@dataclass(frozen=True)
class Board:
    attackers: tuple[Attacker, ...]
    blockers: tuple[Blocker, ...]
    planeswalkers: tuple[Planeswalker, ...] = ()
    battles: tuple[Battle, ...] = ()
    assignment: dict[str, dict[str, int]] | None = field(default=None, compare=False)
    life: int = START_LIFE
    poison: int = 0
    damage_step: str | None = None
    lethal_by_power: frozenset[str] = frozenset()
    # The defending player assigns the combat damage of each creature attacking them (not their
    # planeswalkers or battles): Defensive Formation. Official rulings: they make trample's and
    # the like's choices too, under the usual rules, so every legal split stays legal.
    defending_player_assigns: bool = False

    def by_power(self, c: Creature) -> bool:
        """Whether lethal damage to ``c`` is measured by its power (its controller has Zilortha)."""
        return ("attacking" if isinstance(c, Attacker) else "defending") in self.lethal_by_power

    def creature(self, cid: str) -> Attacker | Blocker:
        return self._index()[cid]

    def thing(self, tid: str) -> Attacker | Blocker | Planeswalker | Battle:
        return self._index()[tid]

    def name_of(self, rid: str) -> str:
        return "the player" if rid == PLAYER else self._index()[rid].name

    def _index(self) -> dict[str, Any]:
        items = (*self.attackers, *self.blockers, *self.planeswalkers, *self.battles)
        return {x.id: x for x in items}

    def attackers_blocked_by(self, blocker_id: str) -> tuple[Attacker, ...]:
        return tuple(a for a in self.attackers if blocker_id in a.blocked_by)


# --- parsing -------------------------------------------------------------------------------------


def _obj(value: Any, where: str, allowed: set[str], required: set[str]) -> dict:
    if not isinstance(value, dict):
        raise BoardError(where, f"must be an object, not {_kind(value)}")
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise BoardError(f"{where}.{unknown[0]}" if where else unknown[0],
                         f"unknown field; allowed fields are {', '.join(sorted(allowed))}")
    missing = sorted(required - set(value))
    if missing:
        raise BoardError(f"{where}.{missing[0]}" if where else missing[0], "is required")
    return value


def _kind(value: Any) -> str:
    return {bool: "true/false", int: "a number", float: "a decimal number", str: "text",
            list: "a list", dict: "an object", type(None): "null"}.get(type(value), "something else")


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardError(where, f"must be a whole number, not {_kind(value)}")
    if not low <= value <= high:
        raise BoardError(where, f"must be between {low} and {high}, not {value}",
                         {"low": low, "high": high, "value": value})
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise BoardError(where, f"must be true or false, not {_kind(value)}")
    return value


def _text(value: Any, where: str, limit: int = MAX_NAME) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BoardError(where, "must be non-empty text")
    if len(value) > limit:
        raise BoardError(where, f"must be at most {limit} characters")
    return value.strip()


def _ident(value: Any, where: str) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        raise BoardError(where, "must be an id of 1-40 letters, digits, '_' or '-'")
    if value == PLAYER:
        raise BoardError(where, "'player' is reserved for the defending player")
    return value


def _list(value: Any, where: str, limit: int) -> list:
    if not isinstance(value, list):
        raise BoardError(where, f"must be a list, not {_kind(value)}")
    if len(value) > limit:
        raise BoardError(where, f"may have at most {limit} entries")
    return value


def _creature_fields(raw: dict, where: str, by_power: bool = False) -> dict:
    cid = _ident(raw["id"], f"{where}.id")
    abilities = []
    for i, word in enumerate(_list(raw.get("abilities", []), f"{where}.abilities", 20)):
        if not isinstance(word, str) or word not in ABILITIES:
            raise BoardError(f"{where}.abilities[{i}]",
                             f"unknown ability {word!r}; known: {', '.join(sorted(ABILITIES))}")
        abilities.append(word)
    colors = []
    for i, c in enumerate(_list(raw.get("colors", []), f"{where}.colors", 5)):
        if not isinstance(c, str) or c not in COLORS:
            raise BoardError(f"{where}.colors[{i}]", f"unknown color {c!r}; known: {', '.join(COLORS)}")
        colors.append(c)
    toughness = _int(raw["toughness"], f"{where}.toughness", 1, MAX_NUMBER)
    power = _int(raw["power"], f"{where}.power", -MAX_NUMBER, MAX_NUMBER)
    damage = _int(raw.get("damage", 0), f"{where}.damage", 0, MAX_NUMBER)
    if "indestructible" not in abilities and damage >= lethal_basis(power, toughness, by_power):
        if by_power:
            raise BoardError(f"{where}.damage", f"{damage} damage on power {power} means the "
                             "creature has already died (lethal damage is measured by its power "
                             "here; 704.5g) unless it is indestructible",
                             {"damage": damage, "power": power}, "already_died_by_power")
        else:
            raise BoardError(f"{where}.damage", f"{damage} damage on toughness {toughness} means "
                             "the creature has already died (704.5g) unless it is indestructible",
                             {"damage": damage, "toughness": toughness}, "already_died")
    return {
        "id": cid,
        "name": _text(raw.get("name", cid), f"{where}.name"),
        "power": power,
        "toughness": toughness,
        "damage": damage,
        "abilities": frozenset(abilities),
        "colors": tuple(dict.fromkeys(colors)),
    }


_CREATURE = {"id", "name", "power", "toughness", "damage", "abilities", "colors"}


def _parse_attacker(raw: Any, where: str, by_power: bool = False) -> Attacker:
    raw = _obj(raw, where, _CREATURE | {"attacking", "blocked", "blocked_by"},
               {"id", "power", "toughness"})
    blocked_by = _list(raw.get("blocked_by", []), f"{where}.blocked_by", MAX_BLOCKERS)
    ids = tuple(_ident(b, f"{where}.blocked_by[{i}]") for i, b in enumerate(blocked_by))
    if len(set(ids)) != len(ids):
        raise BoardError(f"{where}.blocked_by", "names the same blocker twice")
    blocked = _bool(raw["blocked"], f"{where}.blocked") if "blocked" in raw else bool(ids)
    if ids and not blocked:
        raise BoardError(f"{where}.blocked", "is false but blocked_by names blockers")
    attacking = raw.get("attacking", PLAYER)
    if attacking != PLAYER:
        attacking = _ident(attacking, f"{where}.attacking")
    return Attacker(**_creature_fields(raw, where, by_power), attacking=attacking, blocked=blocked,
                    blocked_by=ids)


def _parse_blocker(raw: Any, where: str, by_power: bool = False) -> Blocker:
    raw = _obj(raw, where, _CREATURE, {"id", "power", "toughness"})
    return Blocker(**_creature_fields(raw, where, by_power))


def _counters(raw: dict, where: str, key: str) -> tuple[int, bool]:
    """Loyalty or defense, and whether it left combat: 0 only for one that left combat (put into
    the graveyard in an earlier damage step, 704.5i / 704.5v)."""
    removed = _bool(raw.get("removed_from_combat", False), f"{where}.removed_from_combat")
    return _int(raw[key], f"{where}.{key}", 0 if removed else 1, MAX_NUMBER), removed


def _parse_planeswalker(raw: Any, where: str) -> Planeswalker:
    raw = _obj(raw, where, {"id", "name", "loyalty", "removed_from_combat"}, {"id", "loyalty"})
    pid = _ident(raw["id"], f"{where}.id")
    return Planeswalker(pid, _text(raw.get("name", pid), f"{where}.name"),
                        *_counters(raw, where, "loyalty"))


def _parse_battle(raw: Any, where: str) -> Battle:
    raw = _obj(raw, where, {"id", "name", "defense", "removed_from_combat"}, {"id", "defense"})
    bid = _ident(raw["id"], f"{where}.id")
    return Battle(bid, _text(raw.get("name", bid), f"{where}.name"), *_counters(raw, where, "defense"))


def _parse_player(raw: Any) -> tuple[int, int]:
    """The defending player's life and poison counters; a player at 0 life or 10 poison counters
    has already lost (704.5a, 704.5c)."""
    raw = _obj(raw, "player", {"life", "poison"}, set())
    return (_int(raw.get("life", START_LIFE), "player.life", 1, MAX_NUMBER),
            _int(raw.get("poison", 0), "player.poison", 0, MAX_POISON))


def _parse_step(raw: Any) -> str | None:
    if raw is None or raw in DAMAGE_STEPS:
        return raw
    raise BoardError("damage_step", f"must be {' or '.join(map(repr, DAMAGE_STEPS))}, not {raw!r}")


def _parse_sides(raw: Any) -> frozenset[str]:
    sides = _list(raw, "lethal_by_power", len(SIDES))
    for i, side in enumerate(sides):
        if side not in SIDES:
            raise BoardError(f"lethal_by_power[{i}]", f"must be {' or '.join(map(repr, SIDES))}, "
                             f"not {side!r}")
    if len(set(sides)) != len(sides):
        raise BoardError("lethal_by_power", "names the same side twice")
    return frozenset(sides)


def parse_board(data: Any) -> Board:
    """Validate a JSON-shaped board (DESIGN.md, "The rules core contract") into a :class:`Board`."""
    data = _obj(data, "", {"attackers", "blockers", "planeswalkers", "battles", "assignment",
                           "player", "damage_step", "lethal_by_power",
                           "defending_player_assigns"}, {"attackers"})
    sides = _parse_sides(data.get("lethal_by_power", []))
    attackers = tuple(_parse_attacker(a, f"attackers[{i}]", "attacking" in sides)
                      for i, a in enumerate(_list(data["attackers"], "attackers", MAX_ATTACKERS)))
    blockers = tuple(_parse_blocker(b, f"blockers[{i}]", "defending" in sides)
                     for i, b in enumerate(_list(data.get("blockers", []), "blockers", MAX_BLOCKERS)))
    walkers = tuple(_parse_planeswalker(p, f"planeswalkers[{i}]") for i, p in
                    enumerate(_list(data.get("planeswalkers", []), "planeswalkers", MAX_PLANESWALKERS)))
    battles = tuple(_parse_battle(b, f"battles[{i}]")
                    for i, b in enumerate(_list(data.get("battles", []), "battles", MAX_BATTLES)))
    if not attackers:
        raise BoardError("attackers", "must name at least one attacking creature",
                         code="no_attacker")
    _check_ids(attackers, blockers, walkers, battles)
    _check_by_power(sides, attackers, blockers)
    life, poison = _parse_player(data.get("player", {}))
    step = _parse_step(data.get("damage_step"))
    if step == "first" and not any(c.has("first_strike") or c.has("double_strike")
                                   for c in (*attackers, *blockers)):
        raise BoardError("damage_step", "is 'first', but no creature has first_strike or "
                         "double_strike, so there is no first-strike damage step (510.4)",
                         code="no_first_strike")
    assigns = _bool(data.get("defending_player_assigns", False), "defending_player_assigns")
    board = Board(attackers, blockers, walkers, battles, None, life, poison, step, sides, assigns)
    if "assignment" in data and data["assignment"] is not None:
        board = replace(board, assignment=parse_assignment(board, data["assignment"]))
    return board


def board_data(board: Board) -> dict:
    """A Board back in the JSON shape parse_board reads (without its assignment)."""
    def creature(c: Creature) -> dict:
        return {"id": c.id, "name": c.name, "power": c.power, "toughness": c.toughness,
                "damage": c.damage, "abilities": [w for w in ABILITIES if c.has(w)],
                "colors": list(c.colors)}

    data = {
        "attackers": [{**creature(a), "attacking": a.attacking, "blocked": a.blocked,
                       "blocked_by": list(a.blocked_by)} for a in board.attackers],
        "blockers": [creature(b) for b in board.blockers],
        "planeswalkers": [{"id": p.id, "name": p.name, "loyalty": p.loyalty,
                           "removed_from_combat": p.removed_from_combat} for p in board.planeswalkers],
        "battles": [{"id": b.id, "name": b.name, "defense": b.defense,
                     "removed_from_combat": b.removed_from_combat} for b in board.battles],
        "player": {"life": board.life, "poison": board.poison},
    }
    if board.damage_step:
        data["damage_step"] = board.damage_step
    if board.lethal_by_power:
        data["lethal_by_power"] = [s for s in SIDES if s in board.lethal_by_power]
    if board.defending_player_assigns:
        data["defending_player_assigns"] = True
    return data


def _check_by_power(sides: frozenset[str], attackers, blockers) -> None:
    """Damage from infect or wither is -1/-1 counters, not marked damage: whether such damage can
    be lethal by power (Zilortha) no ruling settles, so those boards aren't modelled."""
    for side, foes, group in (("defending", attackers, "attackers"),
                              ("attacking", blockers, "blockers")):
        if side not in sides:
            continue
        for i, c in enumerate(foes):
            if c.has("infect") or c.has("wither"):
                raise BoardError(f"{group}[{i}].abilities", f"{c.name} deals damage as -1/-1 "
                                 f"counters, and the {side} player's creatures have lethal damage "
                                 "measured by power: no ruling settles how those meet, so this "
                                 "board isn't modelled", code="counters_by_power")


def _check_ids(attackers, blockers, walkers, battles) -> None:
    seen: dict[str, str] = {}
    groups = (("attackers", attackers), ("blockers", blockers), ("planeswalkers", walkers),
              ("battles", battles))
    for group, items in groups:
        for i, item in enumerate(items):
            if item.id in seen:
                raise BoardError(f"{group}[{i}].id", f"{item.id!r} is already used by {seen[item.id]}")
            seen[item.id] = f"{group}[{i}]"
    blocker_ids = {b.id for b in blockers}
    targets = {p.id for p in walkers} | {b.id for b in battles} | {PLAYER}
    blocking: dict[str, list[Attacker]] = {}
    for i, a in enumerate(attackers):
        if a.attacking not in targets:
            raise BoardError(f"attackers[{i}].attacking", f"{a.attacking!r} is not 'player' or the "
                             "id of a planeswalker or battle on this board")
        for j, b in enumerate(a.blocked_by):
            if b not in blocker_ids:
                raise BoardError(f"attackers[{i}].blocked_by[{j}]", f"{b!r} is not a blocker on this board")
            blocking.setdefault(b, []).append(a)
    for i, a in enumerate(attackers):
        # Who would choose, when the defending player assigns a banded-blocked attacker's damage
        # (702.22j), that it is assigned as though it weren't blocked: no ruling settles it.
        if a.has("as_though_unblocked") and any(
                b.id in a.blocked_by and b.has("banding") for b in blockers):
            raise BoardError(f"attackers[{i}].abilities", f"{a.name} may assign its damage as though "
                             "it weren't blocked, and a blocker with banding lets the defending "
                             "player assign it: no ruling settles who chooses, so this board "
                             "isn't modelled", code="unblocked_and_banding")
    for i, b in enumerate(blockers):
        blocked = blocking.get(b.id, [])
        # 509.1a: one attacker each, unless an ability lets it block more (or it blocks a band).
        if len(blocked) > 1 and not b.has("can_block_additional") and not any(
                a.has("banding") for a in blocked):
            raise BoardError(f"blockers[{i}].abilities", f"{b.name} blocks {len(blocked)} attackers, "
                             "but only a creature with can_block_additional (or blocking a band) can",
                             {"count": len(blocked)}, "blocks_too_many")


def parse_assignment(board: Board, raw: Any) -> dict[str, dict[str, int]]:
    """Validate ``{creature: {recipient: amount}}``; amounts are whole numbers 0..999.

    Recipients that no rule could ever allow (another attacker for an attacker, a blocker that is not
    blocking it, a planeswalker it isn't attacking) are input errors; recipients a rule forbids only
    here (the player for a blocked creature without trample) are left for :func:`check` to explain.
    """
    from .recipients import damage_sources, structural_recipients

    if not isinstance(raw, dict):
        raise BoardError("assignment", f"must be an object, not {_kind(raw)}")
    index = board._index()
    result: dict[str, dict[str, int]] = {}
    for cid, split in raw.items():
        where = f"assignment.{cid}"
        creature = index.get(cid)
        if not isinstance(creature, (Attacker, Blocker)):
            raise BoardError(where, f"{cid!r} is not a creature on this board")
        if not isinstance(split, dict):
            raise BoardError(where, f"must be an object of recipient: amount, not {_kind(split)}")
        allowed = structural_recipients(board, creature)
        result[cid] = {}
        for rid, amount in split.items():
            if rid not in allowed:
                raise BoardError(f"{where}.{rid}", f"{creature.name} can never deal combat damage to "
                                 f"{'that' if rid not in index and rid != PLAYER else board.name_of(rid)}"
                                 f" on this board")
            result[cid][rid] = _int(amount, f"{where}.{rid}", 0, MAX_NUMBER)
    for a in damage_sources(board):
        if isinstance(a, Attacker) and a.id not in result:
            raise BoardError(f"assignment.{a.id}", f"{a.name} deals combat damage in this step, so "
                             "its assignment must be given")
    return result
