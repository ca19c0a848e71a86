"""A bank question's key, re-derived by the rules core: `key_problems(q)` is [] when the core
agrees with every stored fact, else one sentence per disagreement. `assign_target(q)` is the amount
an assign question's goal asks for, from the core. Nothing here decides a rule: it compares stored
keys with what check(), analyze() and blocker_status() say.
"""

from __future__ import annotations

from itertools import combinations

from webapp.rules import BoardError, analyze, blocker_status, check

from .verify import lethal_for, max_to

# An assign goal with `lethal` is checked by trying every split of its one attacker; past this
# many splits the board is too big for a teaching question.
MAX_SPLITS = 20_000


def key_problems(q) -> list[str]:
    try:
        if q.board is not None:
            analyze(q.board)  # parses the board, and it must be small enough to analyze
        return list(_CHECKS[q.type](q))
    except BoardError as err:
        return [f"the rules core refused it: {err}"]


def _rules_of(result: dict) -> set[str]:
    return {p["rule"] for p in result["problems"]}


def _said(result: dict) -> str:
    return "; ".join(f"{p['rule']} {p['message']}" for p in result["problems"]) or "no problems"


def _number(q):
    v = q.verify
    real = max_to(q.board, v.creature, v.recipient) if v.kind == "max" else \
        lethal_for(q.board, v.creature, v.blocker)
    if real != q.answer:
        yield f"answer is {q.answer} but the rules core says {real}"


def _legal(q):
    result = check(q.board, q.assignment)
    if result["legal"] != q.answer:
        yield f"answer says legal = {str(q.answer).lower()} but check() says " \
              f"{str(result['legal']).lower()} ({_said(result)})"
    missing = _rules_of(result) - set(q.rules)
    if missing:
        yield f"rules should cite {', '.join(sorted(missing))}, the rules check() names"


def _rule(q):
    result = check(q.board, q.assignment)
    if result["legal"]:
        yield "the split is legal, so no rule makes it illegal"
        return
    deciding = _rules_of(result)
    for o in q.options:
        if o.correct and o.rule not in deciding:
            yield f"option '{o.id}' (rule {o.rule}) is keyed right, but check() cites " \
                  f"{', '.join(sorted(deciding))}"
        if not o.correct and o.rule in deciding:
            yield f"option '{o.id}' (rule {o.rule}) also decides it: the question is ambiguous"


def _one(q):
    if q.verify is None:
        return
    v = q.verify
    if v.kind in ("max", "lethal"):
        real = max_to(q.board, v.creature, v.recipient) if v.kind == "max" else \
            lethal_for(q.board, v.creature, v.blocker)
        right = next(o for o in q.options if o.correct)
        if right.amount != real:
            yield f"option '{right.id}' says {right.amount} but the rules core says {real}"
        return
    want = v.kind == "only-legal"
    for o in q.options:
        legal = check(q.board, o.assignment)["legal"]
        if legal != (want if o.correct else not want):
            yield f"option '{o.id}' is {'legal' if legal else 'illegal'}"


def _many(q):
    for o in q.options:
        legal = check(q.board, o.assignment)["legal"]
        if legal != o.correct:
            yield f"option '{o.id}' is keyed {'right' if o.correct else 'wrong'} but check() " \
                  f"finds it {'legal' if legal else 'illegal'}"


def _assign(q):
    goal = q.goal
    attackers = {a["id"] for a in q.board.get("attackers", [])}
    if goal.creature is not None and goal.creature not in attackers:
        yield f"goal.creature '{goal.creature}' is not an attacker on the board"
        return
    if goal.lethal is not None and len(attackers) != 1:
        yield "a goal with 'lethal' needs a board with one attacker"
        return
    result = check(q.board, q.example)
    if not result["legal"]:
        yield f"the example is illegal: {_said(result)}"
        return
    if goal.lethal is not None:
        blockers = {b["id"] for b in q.board.get("blockers", [])}
        unknown = set(goal.lethal) - blockers
        if unknown:
            yield f"goal.lethal names {', '.join(sorted(unknown))}, not blockers on the board"
            return
        if _lethal_set(q.board, q.example) != set(goal.lethal):
            yield "the example does not assign lethal damage to exactly goal.lethal"
    if goal.kind == "legal":
        return
    target = assign_target(q)
    if target is None:
        yield "no legal split meets the goal"
        return
    sent = q.example.get(goal.creature, {}).get(goal.recipient, 0)
    if sent != target:
        yield f"the example sends {sent} to {goal.recipient}; the goal asks for {target}"


def _lethal_set(board: dict, split: dict) -> set[str]:
    return {b for b, s in blocker_status(board, split).items() if s["lethal"]}


def assign_target(q) -> int | None:
    """What an assign goal asks `creature` to send to `recipient`: the exact amount, the most any
    legal split allows, or — with `lethal` — the most among legal splits that assign lethal damage
    to exactly those blockers (None if no split can). None for a `legal` goal."""
    goal = q.goal
    if goal.kind == "exact":
        return goal.amount
    if goal.kind == "legal":
        return None
    if goal.lethal is None:
        return max_to(q.board, goal.creature, goal.recipient)
    best = None
    want = set(goal.lethal)
    for split in _every_split(q.board, goal.creature):
        if check(q.board, {goal.creature: split})["legal"] and \
                _lethal_set(q.board, {goal.creature: split}) == want:
            sent = split.get(goal.recipient, 0)
            best = sent if best is None else max(best, sent)
    return best


def _every_split(board: dict, creature: str):
    """Every way to split the creature's damage among the recipients the core allows it."""
    info = analyze(board)["creatures"][creature]
    recipients, total = list(info["recipients"]), info["assigns"]
    if not recipients:
        yield {}
        return
    slots = total + len(recipients) - 1
    count = 0
    for bars in combinations(range(slots), len(recipients) - 1):
        count += 1
        if count > MAX_SPLITS:
            raise BoardError("goal", "too many splits to check this goal; use a smaller board")
        edges = (-1, *bars, slots)
        yield {r: edges[i + 1] - edges[i] - 1 for i, r in enumerate(recipients)}


_CHECKS = {"number": _number, "legal": _legal, "rule": _rule, "one": _one, "many": _many,
           "assign": _assign}
