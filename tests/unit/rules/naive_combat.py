"""A deliberately naive resolution of combat damage, for property tests against webapp.rules.resolve.

Written from the rules, step by step, on plain board dicts; it shares no code with webapp.rules.
510.4 who deals in which step; 510.2 all at once; 702.16e protection prevents; 120.3a-h what the
damage does (702.90b-c infect, 702.80a wither, 702.15b lifelink); 704.5a/c/f/g/h/i/v state-based
actions (702.2b deathtouch, 702.12b indestructible); the second step's board from the first's.
"""

from __future__ import annotations

import copy
from itertools import product

from . import naive

STRIKES = ("first_strike", "double_strike")


def has(creature: dict, word: str) -> bool:
    return word in creature.get("abilities", [])


def two_steps(board: dict) -> bool:
    return any(has(c, w) for c in board["attackers"] + board.get("blockers", []) for w in STRIKES)


def deals(board: dict, creature: dict) -> bool:
    step = board.get("damage_step")
    if step == "first":
        return has(creature, "first_strike") or has(creature, "double_strike")
    if step == "second":
        return has(creature, "double_strike") or not has(creature, "first_strike")
    return True


def blocked_attackers(board: dict, blocker: dict) -> list[str]:
    return [a["id"] for a in board["attackers"] if blocker["id"] in a.get("blocked_by", [])]


def _step_view(board: dict) -> dict:
    """The board as naive.py sees a step: attackers that don't deal damage in it have no power."""
    view = copy.deepcopy(board)
    for a in view["attackers"]:
        if not deals(board, a):
            a["power"] = 0
    return view


def is_legal_step(board: dict, assignment: dict) -> bool:
    view = _step_view(board)
    attackers = {a["id"] for a in board["attackers"]}
    if not naive.is_legal(view, {k: v for k, v in assignment.items() if k in attackers}):
        return False
    for b in board.get("blockers", []):
        split = assignment.get(b["id"], {})
        power = b["power"] if deals(board, b) and blocked_attackers(board, b) else 0
        if set(split) - set(blocked_attackers(board, b)) or sum(split.values()) != max(0, power):
            return False
    return True


def legal_assignments(board: dict) -> list[dict]:
    """Every legal assignment of a step: attackers by naive.py (those that don't deal this step
    assign as if they had no power), blockers any split of all their power among their attackers."""
    view = _step_view(board)
    attacker_splits = [s for s in naive.every_whole_split(view) if naive.is_legal(view, s)]
    blocker_options = []
    for b in board.get("blockers", []):
        targets = blocked_attackers(board, b)
        if not deals(board, b) or b["power"] <= 0 or not targets:
            continue
        blocker_options.append([(b["id"], dict(zip(targets, parts)))
                                for parts in naive.compositions(b["power"], len(targets))])
    out = []
    for split in attacker_splits:
        for combo in product(*blocker_options):
            out.append({**split, **dict(combo)})
    return out


def resolve(board: dict, first: dict, second: dict | None = None) -> dict:
    """{"steps": [outcome, ...], "skipped": code or None, "boards": [step boards]}. Without a
    `second` assignment the second step's board is derived but not resolved."""
    board = copy.deepcopy(board)
    board.setdefault("player", {})
    board["player"].setdefault("life", 20)
    board["player"].setdefault("poison", 0)
    if "damage_step" not in board and two_steps(board):
        board["damage_step"] = "first"
    steps, boards = [], [board]
    outcome = one_step(board, first)
    steps.append(outcome)
    skipped = None
    if board.get("damage_step") == "first":
        if outcome["lost"]:
            skipped = "player_lost"
        else:
            nxt = derive(board, outcome)
            if nxt is None:
                skipped = "no_attackers"
            else:
                boards.append(nxt)
                if second is not None:
                    steps.append(one_step(nxt, second))
    return {"steps": steps, "skipped": skipped, "boards": boards}


def one_step(board: dict, assignment: dict) -> dict:
    things = {}
    for group in ("attackers", "blockers", "planeswalkers", "battles"):
        for x in board.get(group, []):
            things[x["id"]] = (group, x)
    marked = {i: 0 for i, (g, _) in things.items() if g in ("attackers", "blockers")}
    counters = dict(marked)
    touched_by_deathtouch = set()
    removed = {i: 0 for i, (g, _) in things.items() if g in ("planeswalkers", "battles")}
    life, poison = board["player"]["life"], board["player"]["poison"]
    attacker_gain = 0
    dealt = []
    for group in ("attackers", "blockers"):
        for source in board.get(group, []):
            for target, amount in assignment.get(source["id"], {}).items():
                if amount == 0:
                    continue
                kind, thing = things.get(target, ("player", None))
                if kind in ("attackers", "blockers") and any(
                        has(thing, "protection_from_" + c) for c in source.get("colors", [])):
                    dealt.append((source["id"], target, 0))  # prevented
                    continue
                dealt.append((source["id"], target, amount))
                if kind == "player":
                    if has(source, "infect"):
                        poison += amount
                    else:
                        life -= amount
                elif kind in ("planeswalkers", "battles"):
                    removed[target] += amount
                else:
                    if has(source, "infect") or has(source, "wither"):
                        counters[target] += amount
                    else:
                        marked[target] += amount
                    if has(source, "deathtouch"):
                        touched_by_deathtouch.add(target)
                if has(source, "lifelink"):
                    if group == "attackers":
                        attacker_gain += amount
                    else:
                        life += amount
    deaths, survivors = {}, {}
    for cid in marked:
        group, c = things[cid]
        toughness = c["toughness"] - counters[cid]
        power = c["power"] - counters[cid]
        damage = c.get("damage", 0) + marked[cid]
        side = "attacking" if group == "attackers" else "defending"
        why = []
        if toughness <= 0:
            why.append("zero_toughness")
        else:
            if naive.destroys(board, side, {"power": power, "toughness": toughness}, damage):
                why.append("lethal_damage")
            if cid in touched_by_deathtouch:
                why.append("deathtouch")
        if "zero_toughness" in why or (why and not has(c, "indestructible")):
            deaths[cid] = sorted(why)
        else:
            survivors[cid] = (power, toughness, damage)
    left = {}
    for tid, n in removed.items():
        group, thing = things[tid]
        start = thing["loyalty"] if group == "planeswalkers" else thing["defense"]
        left[tid] = max(0, start - n)
        if left[tid] == 0 and not thing.get("removed_from_combat", False):
            deaths[tid] = ["no_counters"]
    return {"dealt": sorted(dealt), "deaths": deaths, "survivors": survivors, "left": left,
            "life": life, "poison": poison, "lost": life <= 0 or poison >= 10,
            "attacker_gain": attacker_gain}


def derive(board: dict, outcome: dict) -> dict | None:
    """The board of the second damage step, as the first step left it."""
    dead = set(outcome["deaths"])
    nxt = {"attackers": [], "blockers": [], "planeswalkers": [], "battles": [],
           "player": {"life": min(999, outcome["life"]), "poison": outcome["poison"]},
           "damage_step": "second",
           **({"lethal_by_power": board["lethal_by_power"]} if board.get("lethal_by_power") else {})}
    for group in ("attackers", "blockers"):
        for c in board.get(group, []):
            if c["id"] in dead:
                continue
            c = copy.deepcopy(c)
            power, toughness, damage = outcome["survivors"][c["id"]]
            c.update(power=max(-999, power), toughness=toughness, damage=min(999, damage))
            if group == "attackers":
                c["blocked"] = c.get("blocked", bool(c.get("blocked_by")))
                c["blocked_by"] = [b for b in c.get("blocked_by", []) if b not in dead]
            nxt[group].append(c)
    for group, key in (("planeswalkers", "loyalty"), ("battles", "defense")):
        for x in board.get(group, []):
            x = copy.deepcopy(x)
            x[key] = outcome["left"][x["id"]]
            x["removed_from_combat"] = x.get("removed_from_combat", False) or x["id"] in dead
            nxt[group].append(x)
    return nxt if nxt["attackers"] else None
