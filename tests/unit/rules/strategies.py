"""Hypothesis strategies for small, valid boards: shared blockers, deathtouch, marked damage,
planeswalkers, battles, removed targets, blockers that left combat.

Every strategy a board draws from is built once, here, not inside the composite: building one
(st.lists, st.integers, st.sampled_from) on every draw cost Hypothesis more than running the
test it fed (the 10,000-board oracle spent 70% of its time making strategies)."""

from __future__ import annotations

import functools

from hypothesis import strategies as st

ATTACKER_ABILITIES = ["trample", "trample_over_planeswalkers", "deathtouch", "banding",
                      "first_strike", "lifelink", "infect", "as_though_unblocked"]
BLOCKER_ABILITIES = ["trample", "deathtouch", "indestructible", "protection_from_green", "banding"]
COMBAT_ABILITIES = ["trample", "deathtouch", "first_strike", "double_strike", "lifelink", "infect",
                    "wither", "indestructible", "protection_from_green", "protection_from_red",
                    "trample_over_planeswalkers", "as_though_unblocked"]
COMBAT_COLORS = ["green", "red", "white"]


@functools.cache
def _between(low: int, high: int):
    return st.integers(low, high)


@functools.cache
def _some(items: tuple, max_size: int | None = None):
    """Distinct items of `items`, in drawn order (st.lists(unique=True) built once)."""
    return st.lists(st.sampled_from(items), unique=True, max_size=max_size)


_BOOL = st.booleans()
_BLOCKER_IDS = [tuple(f"b{i}" for i in range(n)) for n in range(8)]


@functools.cache
def _one_of(items: tuple):
    return st.sampled_from(items)


SIDES = ((), ("defending",), ("attacking",), ("attacking", "defending"))
_SIDES = st.sampled_from(SIDES[:2]) | st.sampled_from(SIDES)
DAMAGE_AS_COUNTERS = ("infect", "wither")


def _lethal_top(power: int, toughness: int, abilities, by_power: bool) -> int:
    """The most damage a creature may have marked and still be on the board."""
    basis = max(power, 1) if by_power else toughness
    return basis + 1 if "indestructible" in abilities else basis - 1


def _without_counters(creatures: list[dict]) -> None:
    """Boards where damage as -1/-1 counters meets lethal damage by power are refused."""
    for c in creatures:
        c["abilities"] = [w for w in c["abilities"] if w not in DAMAGE_AS_COUNTERS]


@st.composite
def boards(draw, max_attackers=3, max_blockers=3, max_power=4):
    sides = draw(_SIDES)
    n_blockers = draw(_between(0, max_blockers))
    blockers = []
    for i in range(n_blockers):
        toughness = draw(_between(1, 3))
        power = draw(_between(0, 3))
        abilities = draw(_some(tuple(BLOCKER_ABILITIES), 2))
        top = _lethal_top(power, toughness, abilities, "defending" in sides)
        blockers.append({"id": f"b{i}", "name": f"Blocker {i}", "power": power,
                         "toughness": toughness, "damage": draw(_between(0, top)),
                         "abilities": abilities + ["can_block_additional"]})
    planeswalkers = [{"id": "pw", "name": "Jace", "loyalty": draw(_between(1, 4)),
                      "removed_from_combat": draw(_BOOL)}] if draw(_BOOL) else []
    battles = [{"id": "bt", "name": "Invasion", "defense": draw(_between(1, 4)),
                "removed_from_combat": draw(_BOOL)}] if draw(_BOOL) else []
    targets = ("player",) + tuple(p["id"] for p in planeswalkers) + tuple(b["id"] for b in battles)
    attackers = []
    for i in range(draw(_between(1, max_attackers))):
        blocked_by = draw(_some(_BLOCKER_IDS[n_blockers])) if blockers else []
        attacker = {"id": f"a{i}", "name": f"Attacker {i}",
                    "power": draw(_between(-1, max_power)), "toughness": 3,
                    "abilities": draw(_some(tuple(ATTACKER_ABILITIES), 3)),
                    "attacking": draw(_one_of(targets)), "blocked_by": blocked_by}
        if not blocked_by and draw(_between(0, 3)) == 0:
            attacker["blocked"] = True  # blocked, but every blocker has left combat (702.19d)
        attackers.append(attacker)
    banded = {b["id"] for b in blockers if "banding" in b["abilities"]}
    for a in attackers:  # a board the core refuses: who chooses is not settled
        if banded & set(a["blocked_by"]):
            a["abilities"] = [w for w in a["abilities"] if w != "as_though_unblocked"]
    board = {"attackers": attackers, "blockers": blockers, "planeswalkers": planeswalkers,
             "battles": battles}
    if "defending" in sides:  # only the defending side's lethal damage decides a split
        _without_counters(attackers)
        board["lethal_by_power"] = ["defending"]
    if draw(_BOOL):  # Defensive Formation: another chooser, the same legal splits (its rulings)
        board["defending_player_assigns"] = True
    return board


@st.composite
def boards_with_assignment(draw):
    """A valid board and any assignment of the attackers to recipients they could be said to hit,
    with any amounts (wrong totals included)."""
    from .naive import candidate_recipients

    board = draw(boards())
    assignment = {}
    for a in board["attackers"]:
        recipients = candidate_recipients(board, a)
        assignment[a["id"]] = {r: draw(_between(0, 4)) for r in recipients
                               if draw(_between(0, 2))}
    return board, assignment


def _combat_creature(draw, cid: str, max_power: int, by_power: bool = False) -> dict:
    abilities = draw(_some(tuple(COMBAT_ABILITIES), 3))
    toughness = draw(_between(1, 4))
    power = draw(_between(-1, max_power))
    top = _lethal_top(power, toughness, abilities, by_power)
    return {"id": cid, "name": cid.upper(), "power": power,
            "toughness": toughness, "damage": draw(_between(0, max(0, min(top, 2)))),
            "abilities": abilities, "colors": draw(_some(tuple(COMBAT_COLORS), 2))}


@st.composite
def combat_boards(draw, max_attackers=3, max_blockers=3, max_power=4):
    """Boards for resolving combat: both sides with first/double strike, deathtouch, infect,
    wither, lifelink, indestructible, protection and colours; life and poison near losing; lethal
    damage measured by power on either side (Zilortha)."""
    sides = draw(_SIDES)
    blockers = []
    n_blockers = draw(_between(0, max_blockers))
    for i in range(n_blockers):
        b = _combat_creature(draw, f"b{i}", 3, "defending" in sides)
        b["abilities"] = [w for w in b["abilities"] if "trample" not in w] + ["can_block_additional"]
        blockers.append(b)
    planeswalkers = [{"id": "pw", "name": "Jace", "loyalty": draw(_between(1, 4)),
                      "removed_from_combat": draw(_BOOL)}] if draw(_BOOL) else []
    battles = [{"id": "bt", "name": "Invasion", "defense": draw(_between(1, 4))}
               ] if draw(_BOOL) else []
    targets = ("player",) + tuple(p["id"] for p in planeswalkers) + tuple(b["id"] for b in battles)
    attackers = []
    for i in range(draw(_between(1, max_attackers))):
        a = _combat_creature(draw, f"a{i}", max_power, "attacking" in sides)
        a["attacking"] = draw(_one_of(targets))
        a["blocked_by"] = draw(_some(_BLOCKER_IDS[n_blockers], 2)) if blockers else []
        if not a["blocked_by"] and draw(_between(0, 4)) == 0:
            a["blocked"] = True  # every blocker left combat (702.19d)
        attackers.append(a)
    board = {"attackers": attackers, "blockers": blockers, "planeswalkers": planeswalkers,
             "battles": battles}
    if draw(_BOOL):
        board["player"] = {"life": draw(_between(1, 8)), "poison": draw(_between(0, 9))}
    if sides:
        board["lethal_by_power"] = list(sides)
        _without_counters(blockers if "attacking" in sides else [])
        _without_counters(attackers if "defending" in sides else [])
    return board
