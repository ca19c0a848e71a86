"""Answer keys re-checked by the rules core, and grading of practice boards.

The rules core (`webapp.rules`) is the only judge: nothing here decides a rule, it only compares a
stored key with what check()/analyze() say. `key_checks` yields one check per key so the test suite
can parametrize over them (a wrong key fails CI with the lesson, step and reason).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from webapp.rules import BoardError, analyze, check

from . import teaching
from .model import Curriculum, Lesson
from .schema import Choice, GoalExact, GoalMost, Legal, Practice, Predict, Worked


@dataclass(frozen=True)
class KeyCheck:
    """A stored fact to re-check: `run()` is None when the rules core agrees, else why not."""

    id: str
    path: str
    field: str
    _run: Callable[[], str | None] = field(repr=False, compare=False)

    def run(self) -> str | None:
        try:
            return self._run()
        except BoardError as err:
            return f"the rules core refused it: {err}"


def key_checks(curriculum: Curriculum) -> list[KeyCheck]:
    out: list[KeyCheck] = []
    for lesson in curriculum.lessons:
        path = str(lesson.folder / "lesson.toml")
        for name in lesson.board_names:
            out.append(KeyCheck(f"{lesson.id}/board:{name}", path, f"boards.{name}",
                                _board_check(lesson, name)))
        for i, step in enumerate(lesson.steps):
            where = f"steps[{i}]"
            for suffix, fld, fn in (*_step_checks(step), *teaching.step_checks(lesson, step)):
                out.append(KeyCheck(f"{lesson.id}/{step.id}{suffix}", path, f"{where}{fld}", fn))
        out.append(KeyCheck(f"{lesson.id}/teaching:fade", path, "steps",
                            lambda lesson=lesson: teaching.fade_order(lesson)))
    from .wording import key_checks as word_checks  # misstatements, citations, fr/ja
    out += word_checks(curriculum)
    return out


def _board_check(lesson: Lesson, name: str):
    def run():
        analyze(lesson.board(name))  # parses, and must be small enough to analyze
        return None
    return run


def _step_checks(step):
    if isinstance(step, Worked):
        yield "", ".assignment", lambda: _must_be_legal(step.board_data(), step.assignment)
    elif isinstance(step, Practice):
        yield "", ".solution", lambda: _practice_solution(step)
    elif isinstance(step, Predict):
        yield "", ".answer", lambda: _predict(step)
    elif isinstance(step, Legal):
        yield "", ".legal", lambda: _legal(step)
    elif isinstance(step, Choice):
        if step.assignment is not None:
            yield ":shown", ".assignment", lambda: _choice_shown(step)
        if step.verify is not None:
            yield "", ".verify", lambda: _choice(step)


def _problems_text(result: dict) -> str:
    return "; ".join(f"{p['rule']} {p['message']}" for p in result["problems"])


def _must_be_legal(board: dict, assignment: dict) -> str | None:
    result = check(board, assignment)
    return None if result["legal"] else f"the assignment is illegal: {_problems_text(result)}"


def max_to(board: dict, creature: str, recipient: str = "player") -> int:
    """The most `creature` can legally assign to `recipient` on `board` (0 if it never can)."""
    info = analyze(board)["creatures"].get(creature)
    if info is None:
        raise BoardError("creature", f"{creature!r} is not a creature on this board")
    return info["recipients"].get(recipient, {}).get("max", 0)


def lethal_for(board: dict, creature: str, blocker: str) -> int:
    info = analyze(board)["creatures"].get(creature)
    if info is None or blocker not in info["lethal"]:
        raise BoardError("blocker", f"{blocker!r} is not blocking {creature!r} on this board")
    return info["lethal"][blocker]


def _practice_solution(step: Practice) -> str | None:
    creatures = analyze(step.board_data())["creatures"]
    sliders = {(a, r) for a, info in creatures.items() if info["kind"] == "attacker"
               for r in info["recipients"]}
    locked = {(a, r) for a, split in step.fixed.items() for r in split}
    if not sliders - locked:
        return "every slider is fixed; leave at least one free"
    result = evaluate_practice(step, step.solution)
    return None if result.met else f"the solution does not reach the goal: {result.message}"


def _predict(step: Predict) -> str | None:
    real = max_to(step.board_data(), step.creature, step.recipient)
    if real != step.answer:
        return f"answer is {step.answer} but the rules core says at most {real} can reach " \
               f"{step.recipient}"
    return None


def _legal(step: Legal) -> str | None:
    result = check(step.board_data(), step.assignment)
    if result["legal"] != step.legal:
        said = _problems_text(result) if result["problems"] else "no problems"
        return f"key says legal = {str(step.legal).lower()} but check() says " \
               f"{str(result['legal']).lower()} ({said})"
    rules = {p["rule"] for p in result["problems"]}
    if not step.legal and step.rule not in rules:
        return f"rule {step.rule} is not among the rules check() cites: {sorted(rules)}"
    return None


def _choice_shown(step: Choice) -> str | None:
    return _must_be_legal(step.board_data(), step.assignment)


def _choice(step: Choice) -> str | None:
    board, v = step.board_data(), step.verify
    if v.kind in ("max", "lethal"):
        real = (max_to(board, v.creature, v.recipient) if v.kind == "max"
                else lethal_for(board, v.creature, v.blocker))
        if step.correct_option.amount != real:
            return f"correct option '{step.correct_option.id}' says {step.correct_option.amount} " \
                   f"but the rules core says {real}"
        return None
    want_legal = v.kind == "only-legal"
    wrong = []
    for o in step.options:
        legal = check(board, o.assignment)["legal"]
        if legal != (want_legal if o.correct else not want_legal):
            wrong.append(f"option '{o.id}' is {'legal' if legal else 'illegal'}")
    return "; ".join(wrong) or None


# --- grading a practice board (the lesson player calls this) -----------------------------------


@dataclass(frozen=True)
class GoalResult:
    """Did an assignment reach a practice step's goal?

    `reason`: met | bad_input | fixed_changed | illegal | wrong_amount | not_most. `check` is the
    rules core's verdict when it ran (its problems name the mistake); `params` has the numbers.
    """

    met: bool
    reason: str
    message: str
    check: dict | None = None
    params: dict = field(default_factory=dict)


def goal_amount(step: Practice) -> int | None:
    """The amount the goal asks `creature` to assign to `recipient` (None for a 'legal' goal)."""
    goal = step.goal
    if isinstance(goal, GoalExact):
        return goal.amount
    if isinstance(goal, GoalMost):
        return max_to(step.board_data(), goal.creature, goal.recipient)
    return None


def evaluate_practice(step: Practice, assignment: dict) -> GoalResult:
    board = step.board_data()
    for cid, split in step.fixed.items():
        for rid, amount in split.items():
            split_given = assignment.get(cid)
            has = split_given.get(rid, 0) if isinstance(split_given, dict) else None
            if has != amount:
                return GoalResult(False, "fixed_changed", f"the slider {cid} -> {rid} is locked at "
                                  f"{amount}", params={"creature": cid, "recipient": rid,
                                                       "locked": amount})
    try:
        result = check(board, assignment)
    except BoardError as err:
        return GoalResult(False, "bad_input", str(err))
    if not result["legal"]:
        return GoalResult(False, "illegal", _problems_text(result), result)
    goal = step.goal
    if isinstance(goal, (GoalExact, GoalMost)):
        want = goal_amount(step)
        has = assignment.get(goal.creature, {}).get(goal.recipient, 0)
        params = {"creature": goal.creature, "recipient": goal.recipient, "has": has, "wants": want}
        if has != want:
            reason = "not_most" if isinstance(goal, GoalMost) else "wrong_amount"
            return GoalResult(False, reason, f"{goal.creature} assigns {has} to {goal.recipient}; "
                              f"the goal is {want}", result, params)
        return GoalResult(True, "met", "goal reached", result, params)
    return GoalResult(True, "met", "goal reached", result)
