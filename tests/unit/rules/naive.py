"""A deliberately naive definition of legal combat damage assignment, for property tests.

It reads the clauses literally and enumerates every split; it shares no code with webapp.rules.
"""

from __future__ import annotations

from itertools import product


def _by_id(board: dict) -> dict:
    out = {}
    for group in ("attackers", "blockers", "planeswalkers", "battles"):
        for item in board.get(group, []):
            out[item["id"]] = (group, item)
    return out


def _is_blocked(a: dict) -> bool:
    return a.get("blocked", bool(a.get("blocked_by")))


def candidate_recipients(board: dict, a: dict) -> list[str]:
    """Everything an attacker could be said to damage: its blockers, what it attacks, the player."""
    return list(dict.fromkeys([*a.get("blocked_by", []), a.get("attacking", "player"), "player"]))


def allowed_recipients(board: dict, a: dict) -> set[str]:
    """Whom an attacker may damage in some legal split (both ways of one that may assign as
    though it weren't blocked)."""
    if "as_though_unblocked" in a.get("abilities", []) and _is_blocked(a):
        return _one_way_recipients(board, a) | _one_way_recipients(
            board, {**a, "blocked": False, "blocked_by": []})
    return _one_way_recipients(board, a)


def _one_way_recipients(board: dict, a: dict) -> set[str]:
    ids = _by_id(board)
    abilities = set(a.get("abilities", []))
    tramples = bool(abilities & {"trample", "trample_over_planeswalkers"})
    over_pw = "trample_over_planeswalkers" in abilities
    if a["power"] <= 0:  # 510.1a
        return set()
    if _is_blocked(a) and not tramples:  # 510.1c
        return set(a.get("blocked_by", []))
    allowed = set(a.get("blocked_by", []))
    target = a.get("attacking", "player")
    group, thing = ids.get(target, ("player", {}))
    removed = thing.get("removed_from_combat", False)
    if not removed:  # 510.1b, 702.19b, 702.19d
        allowed.add(target)
    if group == "planeswalkers" and over_pw:  # 702.19c, 702.19e
        allowed.add("player")
    return allowed


def destroys(board: dict, side: str, creature: dict, damage: int) -> bool:
    """Is this much damage marked on a creature enough to destroy it? Its toughness, or, when its
    controller has Zilortha ("lethal damage dealt to creatures you control is determined by their
    power rather than their toughness"), its power, though 0 power needs at least 1 damage."""
    if side in board.get("lethal_by_power", []):
        return damage >= 1 and damage >= creature["power"]
    return damage >= creature["toughness"]


def blocker_is_lethal(board: dict, blocker: dict, assignment: dict) -> bool:
    """702.19b: marked damage plus everything assigned to it this step; 702.2c deathtouch."""
    total = blocker.get("damage", 0)
    for a in board["attackers"]:
        amount = assignment.get(a["id"], {}).get(blocker["id"], 0)
        total += amount
        if amount >= 1 and "deathtouch" in a.get("abilities", []):
            return True
    return destroys(board, "defending", blocker, total)


def attacker_is_legal(board: dict, a: dict, assignment: dict) -> bool:
    """One attacker's split. "You may have it assign its combat damage as though it weren't
    blocked": a blocked one may assign as blocked, or exactly as the same creature unblocked."""
    if "as_though_unblocked" in a.get("abilities", []) and _is_blocked(a):
        unblocked = {**a, "blocked": False, "blocked_by": []}
        return (_legal_one_way(board, a, assignment)
                or _legal_one_way(board, unblocked, assignment))
    return _legal_one_way(board, a, assignment)


def _legal_one_way(board: dict, a: dict, assignment: dict) -> bool:
    ids = _by_id(board)
    split = assignment.get(a["id"], {})
    allowed = _one_way_recipients(board, a)
    total = sum(split.values())
    if not allowed:
        return total == 0
    if total != a["power"]:
        return False
    if any(n > 0 and r not in allowed for r, n in split.items()):
        return False
    blockers = [ids[b][1] for b in a.get("blocked_by", [])] if _is_blocked(a) else []
    past = {r: n for r, n in split.items() if n > 0 and r not in a.get("blocked_by", [])}
    if past and not all(blocker_is_lethal(board, b, assignment) for b in blockers):
        return False
    target = a.get("attacking", "player")
    group, thing = ids.get(target, ("player", {}))
    if (group == "planeswalkers" and past.get("player") and not thing.get("removed_from_combat")):
        on_pw = sum(assignment.get(x["id"], {}).get(target, 0) for x in board["attackers"])
        if on_pw < thing["loyalty"]:
            return False
    return True


def is_legal(board: dict, assignment: dict) -> bool:
    return all(attacker_is_legal(board, a, assignment) for a in board["attackers"])


def compositions(total: int, parts: int):
    if parts == 0:
        if total == 0:
            yield ()
        return
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


def every_whole_split(board: dict):
    """Every joint assignment in which each attacker assigns all of its power (or nothing)."""
    per_attacker = []
    for a in board["attackers"]:
        recipients = candidate_recipients(board, a)
        totals = {max(0, a["power"]), 0}
        options = [dict(zip(recipients, parts)) for t in totals
                   for parts in compositions(t, len(recipients))]
        per_attacker.append([(a["id"], o) for o in options])
    for combo in product(*per_attacker):
        yield dict(combo)


def score(board: dict, assignment: dict) -> tuple[int, int, int]:
    """What "best" maximises: damage past the blockers, then to the player, then blockers killed."""
    blockers = {b["id"]: b for b in board.get("blockers", [])}
    past = sum(n for split in assignment.values() for r, n in split.items() if r not in blockers)
    to_player = sum(split.get("player", 0) for split in assignment.values())
    kills = sum(1 for b in blockers.values()
                if not destroys(board, "defending", b, b.get("damage", 0))
                and blocker_is_lethal(board, b, assignment))
    return past, to_player, kills
