"""Everything that is legal on a board: per recipient the least and most, how many ways, the best.

Attackers that share no blocker or planeswalker are independent, so the board splits into
components whose counts multiply. Inside a component the attackers' choices are walked one
(attacker, recipient) amount at a time through a layered graph whose state is only what later
choices can still change: damage left to assign, damage on each shared blocker/planeswalker (capped
at what makes it lethal/enough) and which of them *must* end up lethal because damage already went
past them (702.19b-c). A state whose blocker is done but still owed lethal damage is dropped. Paths
through the graph are exactly the legal assignments, so counting, min/max and "best" are exact.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from .check import as_board, wrong_recipient
from .model import PLAYER, Blocker, Board, BoardError
from .recipients import (Plan, lethal_damage, lethal_reason, may_decline, plan_for,
                         structural_recipients)

# Choices walked for the whole board; beyond this it is refused rather than analysed slowly. The
# largest teaching boards walk a few thousand; a refusal costs at most this much work, once.
MAX_EDGES = 40_000
_REFUSED_KEPT = 64  # boards refused lately, answered again without walking (bounded by the limits)
_PAST, _TO_PLAYER = 10**8, 10**4  # "best" ranks: damage past blockers, then to player, then kills
_BLOCKED_WAY = 1 << 40  # in a state's mask: the current attacker took the blocked way


def analyze(data: Board | dict, fixed: dict | None = None) -> dict:
    """Per creature: lethal needs, each recipient's legal min/max; the number of legal assignments
    of the attackers' damage; and ``best``, a legal assignment sending the most past the blockers.

    ``fixed`` ({attacker: {recipient: amount}}, like an assignment) counts only the assignments
    that keep those amounts: the min/max of the other recipients are then what is left to choose
    (an exercise's locked sliders). When no legal assignment keeps them, ``legal_assignments`` is
    0 and the bounds of the attackers they touch are None.
    """
    board = as_board(data)
    locks = _locks(board, fixed)
    with _refused_lock:
        if board in _refused:
            raise BoardError("board", _TOO_MANY)
    plans = {c.id: plan_for(board, c) for c in (*board.attackers, *board.blockers)}
    creatures = {a.id: _attacker_entry(board, plans[a.id]) for a in board.attackers}
    creatures.update({b.id: _blocker_entry(plans[b.id]) for b in board.blockers})
    count, best = 1, {a.id: {} for a in board.attackers}
    budget = MAX_EDGES
    for component in _components(board, plans):
        try:
            ids = tuple(p.creature.id for p in component)
            solved = _solve(board, ids, budget, tuple(sorted(
                (key, amount) for key, amount in locks.items() if key[0] in ids)))
        except BoardError:
            with _refused_lock:
                _refused[board] = True
                while len(_refused) > _REFUSED_KEPT:
                    _refused.popitem(last=False)
            raise
        budget -= solved.walked
        count *= solved.count
        for (aid, rid), (low, high) in solved.bounds.items():
            creatures[aid]["recipients"][rid] = {"min": low, "max": high}
        for aid, split in solved.best.items():
            best[aid] = dict(split)
    return {"creatures": creatures, "legal_assignments": count, "best": best}


def _locks(board: Board, fixed: dict | None) -> dict[tuple[str, str], int]:
    """The fixed amounts as {(attacker, recipient): amount}, read like an assignment (bad ids are
    input errors); blockers' amounts are not walked, so fixing one is an error too."""
    if not fixed:
        return {}
    from .model import parse_assignment

    if not isinstance(fixed, dict):
        raise BoardError("fixed", "must be an object of attacker: {recipient: amount}")
    locks = {}
    whole = {**{a.id: {} for a in board.attackers}, **fixed}
    for cid, split in parse_assignment(board, whole).items():
        if not any(a.id == cid for a in board.attackers):
            raise BoardError(f"fixed.{cid}", "only an attacker's damage can be fixed")
        locks.update({(cid, rid): amount for rid, amount in split.items()})
    return locks


def _lethal_detail(board: Board, b: Blocker, deathtouch: bool) -> dict:
    """Where a blocker's lethal number comes from; ``power`` appears where lethal damage is
    measured by power (Zilortha)."""
    by_power = board.by_power(b)
    return {"toughness": b.toughness, "marked": b.damage, "deathtouch": deathtouch,
            "needs": lethal_damage(b, deathtouch, by_power),
            "reason": lethal_reason(b, deathtouch, by_power),
            **({"power": b.power} if by_power else {})}


def _attacker_entry(board: Board, plan: Plan) -> dict:
    a = plan.creature
    dt = a.has("deathtouch")
    blockers = [board.creature(b) for b in a.blocked_by]
    return {
        "kind": "attacker",
        "power": a.power,
        "assigns": plan.assigns,
        "nothing_because": plan.nothing_because,
        "lethal": {b.id: lethal_damage(b, dt, board.by_power(b)) for b in blockers},
        "lethal_detail": {b.id: _lethal_detail(board, b, dt) for b in blockers},
        "recipients": {rid: {"min": 0, "max": 0} for rid in plan.recipients},
        "gated": {rid: {"rule": g.rule, "after": list(g.blockers),
                        **({"loyalty_of": g.planeswalker} if g.planeswalker else {})}
                  for rid, g in plan.gates.items()},
        "chooser": plan.chooser,
        "chooser_rule": plan.chooser_rule,
        "reach": dict(plan.reach),
        "closed": _closed(board, plan),
        "nothing_rule": plan.nothing_rule,
        **({"as_though_unblocked": {"rule": "510.1b", "recipients": list(plan.choices[1].recipients),
                                    "may_decline": may_decline(plan)}} if plan.choices else {}),
    }


def _closed(board: Board, plan: Plan) -> dict[str, str]:
    """What an attacker could be said to damage but never may on this board, and the rule that
    rules it out (the planeswalker's controller without trample over planeswalkers: 702.19f)."""
    if not plan.recipients:
        return {}
    out = {}
    for rid in sorted(structural_recipients(board, plan.creature) - set(plan.recipients)):
        out[rid] = wrong_recipient(board, plan.creature, rid)["rule"]
    return out


def _blocker_entry(plan: Plan) -> dict:
    """Blockers split freely among the attackers they block (510.1d); nothing gates them."""
    n, power = len(plan.recipients), plan.assigns
    return {
        "kind": "blocker",
        "power": plan.creature.power,
        "assigns": power,
        "nothing_because": plan.nothing_because,
        "lethal": {},
        "lethal_detail": {},
        "recipients": {rid: {"min": power if n == 1 else 0, "max": power} for rid in plan.recipients},
        "gated": {},
        "chooser": plan.chooser,
        "chooser_rule": plan.chooser_rule,
    }


def _components(board: Board, plans: dict[str, Plan]) -> list[list[Plan]]:
    """Group attackers that share a blocker or a planeswalker; others cannot affect each other."""
    active = [plans[a.id] for a in board.attackers if plans[a.id].recipients]
    parent = list(range(len(active)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for i, plan in enumerate(active):
        shared = {r for r in plan.recipients if r != PLAYER}
        shared |= {g.planeswalker for g in plan.gates.values() if g.planeswalker}
        for thing in shared:
            if thing in owner:
                parent[root(i)] = root(owner[thing])
            else:
                owner[thing] = i
    groups: dict[int, list[Plan]] = {}
    for i, plan in enumerate(active):
        groups.setdefault(root(i), []).append(plan)
    return list(groups.values())


_TOO_MANY = ("this board has too many ways to assign damage to analyze exactly; use fewer or "
             "smaller creatures")
_refused: OrderedDict[Board, bool] = OrderedDict()
_refused_lock = threading.Lock()


@lru_cache(maxsize=512)
def _solve(board: Board, attacker_ids: tuple[str, ...], budget: int,
           locks: tuple = ()) -> "_Solved":
    """Solve one component. Boards are immutable and hash without their assignment, so a page that
    re-checks the same board on every slider move pays for the analysis once. The board limits
    bound each entry, so the cache is bounded in bytes too: under 16 MB even when every entry is
    the largest board allowed (tests/unit/rules/test_purity_and_bounds.py checks it)."""
    plans = [plan_for(board, board.creature(a)) for a in attacker_ids]
    return _Solver(board, plans, dict(locks)).solve(budget)


@dataclass
class _Step:
    attacker: str
    recipient: str
    slot: int | None  # tracked blocker/planeswalker this amount adds to
    deathtouch_kill: bool  # any amount from a deathtouch source is lethal to this blocker
    gate_slots: tuple[int, ...]
    last: bool  # last recipient of its attacker: takes whatever is left
    next_power: int  # power of the next attacker (starts its remaining damage)
    finalize: tuple[int, ...]  # slots no later step touches
    weight: int  # per point of damage, for "best"
    # An attacker that may assign as though it weren't blocked (recipients.Plan.choices):
    either_way: bool = False  # this attacker has the two ways
    to_blocker: bool = False  # an amount here takes the blocked way
    free_slots: tuple[int, ...] | None = None  # the gate as though unblocked; None: no such way
    blocked_gate: bool = True  # the blocked way may send damage here
    power: int = 0  # all of this attacker's damage (nothing assigned yet: rem == power)
    decline: bool = False  # last recipient: assigning nothing at all is a choice too


@dataclass
class _Solved:
    count: int
    bounds: dict[tuple[str, str], tuple[int, int]]
    best: dict[str, dict[str, int]]
    walked: int


class _Solver:
    def __init__(self, board: Board, plans: list[Plan], locks: dict | None = None):
        self.board, self.plans, self.locks = board, plans, locks or {}
        self.slots: dict[str, int] = {}
        self.caps: list[int] = []
        self.is_blocker: list[bool] = []
        for plan in plans:
            for rid in plan.recipients:
                thing = board.thing(rid) if rid != PLAYER else None
                needs = isinstance(thing, Blocker) and lethal_damage(thing, False,
                                                                     board.by_power(thing))
                if needs:
                    self._track(rid, needs, True)
            for way in (plan, *(plan.choices or ())):
                for gate in way.gates.values():
                    if gate.planeswalker:
                        self._track(gate.planeswalker, board.thing(gate.planeswalker).loyalty, False)
        self.steps = self._steps()

    def _track(self, thing_id: str, cap: int, blocker: bool) -> None:
        if thing_id not in self.slots:
            self.slots[thing_id] = len(self.caps)
            self.caps.append(cap)
            self.is_blocker.append(blocker)

    def _steps(self) -> list[_Step]:
        last_toucher: dict[int, int] = {}
        for i, plan in enumerate(self.plans):
            for rid in plan.recipients:
                if rid in self.slots:
                    last_toucher[self.slots[rid]] = i
        steps = []
        for i, plan in enumerate(self.plans):
            a = plan.creature
            next_power = self.plans[i + 1].assigns if i + 1 < len(self.plans) else 0
            for j, rid in enumerate(plan.recipients):
                gate = plan.gates.get(rid)
                gate_slots = tuple(self.slots[t] for t in (*gate.blockers, gate.planeswalker)
                                   if t in self.slots) if gate else ()
                last = j == len(plan.recipients) - 1
                is_blocker = isinstance(self.board.thing(rid), Blocker) if rid != PLAYER else False
                either = {}
                if plan.choices:
                    blocked_way, free_way = plan.choices
                    free_gate = free_way.gates.get(rid)
                    either = dict(
                        either_way=True, to_blocker=rid in a.blocked_by,
                        free_slots=None if rid not in free_way.recipients else tuple(
                            self.slots[t] for t in (*free_gate.blockers, free_gate.planeswalker)
                            if t in self.slots) if free_gate else (),
                        blocked_gate=rid in blocked_way.recipients, power=plan.assigns,
                        decline=last and may_decline(plan))
                steps.append(_Step(
                    attacker=a.id, recipient=rid, slot=self.slots.get(rid),
                    deathtouch_kill=is_blocker and a.has("deathtouch"),
                    gate_slots=gate_slots, last=last,
                    next_power=next_power,
                    finalize=tuple(s for s, t in last_toucher.items() if t == i) if last else (),
                    weight=0 if is_blocker else _PAST + (_TO_PLAYER if rid == PLAYER else 0),
                    **either))
        return steps

    # A state is (damage left for the current attacker, must-be-lethal mask, tracked amounts).
    def _move(self, step: _Step, state: tuple, v: int) -> tuple[tuple, int] | None:
        rem, need, vals = state
        caps = self.caps
        if v:
            s = step.slot
            if s is not None and vals[s] != caps[s]:
                new = caps[s] if step.deathtouch_kill else min(caps[s], vals[s] + v)
                vals = vals[:s] + (new,) + vals[s + 1:]
                if new == caps[s]:
                    need &= ~(1 << s)  # a satisfied requirement is forgotten
            gate_slots = step.gate_slots
            if step.either_way:
                if step.to_blocker:
                    need |= _BLOCKED_WAY
                elif need & _BLOCKED_WAY or step.free_slots is None:  # the blocked way
                    if not step.blocked_gate:
                        return None  # blocked, without trample: past the blockers is no way's
                else:  # nothing on the blockers: as though it weren't blocked (510.1b)
                    gate_slots = step.free_slots
            for s in gate_slots:
                if vals[s] != caps[s]:
                    need |= 1 << s
        kills = 0
        if step.finalize:
            done = list(vals)
            for s in step.finalize:
                full = done[s] == caps[s]
                if need >> s & 1 and not full:
                    return None  # damage went past a blocker (or planeswalker) that never got enough
                kills += full and self.is_blocker[s]
                need &= ~(1 << s)
                done[s] = 0
            vals = tuple(done)
        if step.last:
            need &= ~_BLOCKED_WAY
        rem = step.next_power if step.last else rem - v
        return (rem, need, vals), v * step.weight + kills

    def solve(self, budget: int) -> _Solved:
        start = (self.plans[0].assigns, 0, (0,) * len(self.caps))
        layer = {start}
        edges: list[list[tuple]] = []  # per step: (state, amount, next state, gain)
        walked = 0
        for step in self.steps:
            here, nxt = [], set()
            for state in layer:
                walked += 1 if step.last else state[0] + 1
                if walked > budget:
                    raise BoardError("board", _TOO_MANY)
                for v in self._amounts(step, state[0]):
                    moved = self._move(step, state, v)
                    if moved:
                        here.append((state, v, moved[0], moved[1]))
                        nxt.add(moved[0])
            edges.append(here)
            layer = nxt
        if any(v and (a, r) not in {(s.attacker, s.recipient) for s in self.steps}
               for (a, r), v in self.locks.items()):
            layer = set()  # a locked amount to a recipient no rule allows here: nothing is legal
        ways = dict.fromkeys(layer, 1)
        score = dict.fromkeys(layer, 0)
        choice: list[dict] = [{} for _ in self.steps]
        bounds: dict[tuple[str, str], tuple[int, int]] = {}
        for i in range(len(self.steps) - 1, -1, -1):
            step = self.steps[i]
            here_ways: dict = {}
            here_score: dict = {}
            pick = choice[i]
            low = high = None
            for state, v, after, gain in edges[i]:
                if after not in ways:
                    continue
                here_ways[state] = here_ways.get(state, 0) + ways[after]
                gain += score[after]
                if state not in here_score or gain > here_score[state]:
                    here_score[state] = gain
                    pick[state] = (v, after)
                low = v if low is None or v < low else low
                high = v if high is None or v > high else high
            bounds[(step.attacker, step.recipient)] = (low, high)  # one step per pair
            ways, score = here_ways, here_score
        count = ways.get(start, 0)
        best = self._best(start, choice) if count else {p.creature.id: {} for p in self.plans}
        return _Solved(count, bounds, best, walked)

    def _amounts(self, step: _Step, rem: int):
        """The amounts this step may take: all that is left for the last recipient, a locked amount
        only if it fits, else anything from what is left down to 0."""
        lock = self.locks.get((step.attacker, step.recipient))
        if step.last:
            amounts = (rem, 0) if step.decline and rem == step.power and rem else (rem,)
            return tuple(v for v in amounts if lock is None or lock == v)
        if lock is not None:
            return (lock,) if lock <= rem else ()
        return range(rem, -1, -1)

    def _best(self, start: tuple, choice: list[dict]) -> dict[str, dict[str, int]]:
        """Follow the recorded best choice from the start: one legal assignment of the component."""
        best: dict[str, dict[str, int]] = {p.creature.id: {} for p in self.plans}
        state = start
        for step, pick in zip(self.steps, choice):
            v, state = pick[state]
            best[step.attacker][step.recipient] = v
        return best
