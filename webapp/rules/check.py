"""Is a proposed combat damage assignment legal? (510.1, 702.19, 702.2c)"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from . import messages
from .model import (PLAYER, Attacker, Battle, Blocker, Board, BoardError, Planeswalker,
                    parse_assignment, parse_board)
from .recipients import NOTHING_RULE, Plan, lethal_damage, may_decline, plan_for

# Every rule number the engine can name in its answers (problems, gates, who chooses; and what
# resolve.py says damage does and who dies): pages explain each one (lessons/rules.toml), and a
# test keeps this list complete.
ENGINE_RULES = frozenset({"506.4c", "510.1a", "510.1b", "510.1c", "510.1d", "510.4", "702.19a",
                          "702.19b", "702.19c", "702.19d", "702.19e", "702.19f", "702.22j", "702.22k",
                          "510.2", "120.3a", "120.3c", "120.3e", "120.3h", "702.2b", "702.12b",
                          "702.15b", "702.16e", "702.80a", "702.90b", "702.90c", "704.5a", "704.5c",
                          "704.5f", "704.5g", "704.5h", "704.5i", "704.5v"})


def as_board(data: Board | dict) -> Board:
    return data if isinstance(data, Board) else parse_board(data)


class Totals:
    """What the whole assignment puts on each blocker and planeswalker (702.19b-c count it all)."""

    def __init__(self, board: Board, assignment: dict[str, dict[str, int]]):
        self.board = board
        self.on = defaultdict(int)
        self.deathtouched: set[str] = set()
        for a in board.attackers:
            for rid, amount in assignment.get(a.id, {}).items():
                self.on[rid] += amount
                if amount and a.has("deathtouch"):
                    self.deathtouched.add(rid)

    def needs(self, blocker: Blocker) -> int:
        """Lethal damage to assign before any from this board: toughness (or power, 702.19b with
        Zilortha) minus what is marked."""
        return lethal_damage(blocker, False, self.board.by_power(blocker))

    def lethal(self, blocker: Blocker) -> bool:
        return blocker.id in self.deathtouched or self.on[blocker.id] >= self.needs(blocker)


def check(data: Board | dict, assignment: Any = None) -> dict:
    """Answer ``{"legal": bool, "problems": [...]}`` for every creature in the assignment.

    Every problem is reported, not just the first; each names its code, rule, creature, recipient,
    params and an English message.
    """
    board = as_board(data)
    if assignment is not None:
        asg = parse_assignment(board, assignment)
    elif board.assignment is not None:
        asg = board.assignment
    else:
        raise BoardError("assignment", "is required to check a board")
    totals = Totals(board, asg)
    problems: list[dict] = []
    for creature in (*board.attackers, *board.blockers):
        if creature.id in asg:
            problems += _creature_problems(board, plan_for(board, creature), asg[creature.id], totals)
    return {"legal": not problems, "problems": problems}


def blocker_status(data: Board | dict, assignment: Any = None) -> dict[str, dict]:
    """Per blocker, what the whole assignment gives it and whether that is lethal (702.19b, 702.2c):
    ``{"b1": {"assigned": 3, "marked": 0, "needs": 2, "lethal": true}}``. Damage from every attacker
    counts, so a blocker shared by two attackers is lethal once their damage together is."""
    board = as_board(data)
    asg = parse_assignment(board, assignment) if assignment is not None else board.assignment or {}
    totals = Totals(board, asg)
    return {b.id: {"assigned": totals.on[b.id], "marked": b.damage,
                   "needs": totals.needs(b), "lethal": totals.lethal(b)}
            for b in board.blockers}


def _problem(code: str, rule: str, creature, recipient: str | None, **params) -> dict:
    params = {"creature": creature.id, "creature_name": creature.name, **params}
    return {"code": code, "rule": rule, "creature": creature.id, "recipient": recipient,
            "params": params, "message": messages.render(code, params)}


def _creature_problems(board: Board, plan: Plan, split: dict[str, int], totals: Totals) -> list[dict]:
    if plan.choices:
        return _either_way_problems(board, plan, split, totals)
    c = plan.creature
    assigned = sum(split.values())
    if not plan.recipients:
        if not assigned:
            return []
        reason = plan.nothing_because
        if reason == "planeswalker_removed" and not c.tramples:
            reason = "target_removed"
        target = getattr(c, "attacking", None)
        return [_problem("no_damage_to_assign", NOTHING_RULE[reason], c, None, reason=reason,
                         assigned=assigned, power=c.power,
                         target_name=board.name_of(target) if target else "")]
    out = [wrong_recipient(board, c, rid) for rid, n in split.items()
           if n and rid not in plan.recipients]
    if assigned != c.assigns:
        out.append(_problem("wrong_total", "510.1a", c, None, power=c.assigns, assigned=assigned))
    for rid, gate in plan.gates.items():
        if split.get(rid, 0) > 0:
            out += _gate_problems(board, c, rid, gate, totals)
    return out


def _either_way_problems(board: Board, plan: Plan, split: dict[str, int],
                         totals: Totals) -> list[dict]:
    """An attacker that may assign its combat damage as though it weren't blocked: a split that
    puts nothing on its blockers is checked as that way (510.1b), any other as the blocked way.
    Damage past the blockers from a blocked creature without trample is the mix neither way
    allows (all or nothing)."""
    blocked_way, free_way = plan.choices
    if not any(split.values()) and may_decline(plan):
        return []
    if free_way.recipients and not any(split.get(b, 0) for b in plan.creature.blocked_by):
        return _creature_problems(board, free_way, split, totals)
    out = _creature_problems(board, blocked_way, split, totals)
    return [_problem("unblocked_all_or_nothing", "510.1b", plan.creature, p["recipient"],
                     target_name=p["params"]["target_name"], power=plan.creature.assigns)
            if p["code"] == "blocked_no_trample" else p for p in out]


def _gate_problems(board: Board, a: Attacker, rid: str, gate, totals: Totals) -> list[dict]:
    """Damage past the blockers before each has lethal damage breaks the gate's own rule: 702.19b,
    or for a planeswalker's controller 702.19c (702.19e once the planeswalker left combat)."""
    out = []
    for bid in gate.blockers:
        b = board.creature(bid)
        if not totals.lethal(b):
            out.append(_problem("player_before_lethal", gate.rule, a, bid, target=rid,
                                target_name=board.name_of(rid), blocker=bid, blocker_name=b.name,
                                has=totals.on[bid], needs=totals.needs(b),
                                marked=b.damage, deathtouch=a.has("deathtouch")))
    if gate.planeswalker:
        pw = board.thing(gate.planeswalker)
        if totals.on[pw.id] < pw.loyalty:
            out.append(_problem("controller_before_loyalty", "702.19c", a, pw.id,
                                planeswalker=pw.id, planeswalker_name=pw.name,
                                has=totals.on[pw.id], loyalty=pw.loyalty))
    return out


def wrong_recipient(board: Board, c, rid: str) -> dict:
    """Why a structurally possible recipient is ruled out on this board."""
    if isinstance(c, Blocker):
        if c.has("trample") or c.has("trample_over_planeswalkers"):
            return _problem("trample_when_blocking", "702.19a", c, rid)
        return _problem("blocker_to_player", "510.1d", c, rid)
    target = None if c.attacking == PLAYER else board.thing(c.attacking)
    if c.blocked and not c.tramples:
        return _problem("blocked_no_trample", "510.1c", c, rid, target_name=board.name_of(rid))
    if rid == c.attacking and target is not None and target.removed_from_combat:
        return _problem("target_removed", "506.4c", c, rid, target_name=target.name)
    if isinstance(target, Planeswalker):
        return _problem("planeswalker_controller", "702.19f", c, rid, planeswalker=target.id,
                        planeswalker_name=target.name)
    if isinstance(target, Battle):
        rule = "702.19c" if c.has("trample_over_planeswalkers") else "702.19b" if c.tramples else "510.1b"
        return _problem("battle_protector", rule, c, rid, battle=target.id, battle_name=target.name)
    raise AssertionError(f"no rule explains {c.id} -> {rid}")  # plan and this function disagree
