"""Does a lesson teach, or only show? Checks `lessons check` runs on top of the answer keys.

- Practice is new work (issue 13, part 2): no practice or question step may use a board a worked
  step of the same lesson solved (compared by content, not by name), no practice solution may be
  a worked split, and no free slider may be forced. "Forced" is the rules core's word: with the
  step's locked sliders fixed, analyze() finds one legal amount for it (min == max).
- Backward fading (part 3): a lesson with sliders shows a worked step before any practice, locks
  some sliders in a practice before it frees them all, and its last practice has every slider free.

Nothing here decides a rule; it compares steps with each other and asks `webapp.rules.analyze`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from webapp.rules import analyze

from .schema import Practice, Worked


def _shape(board: dict | None) -> str | None:
    return None if board is None else json.dumps(board, sort_keys=True)


def worked_steps(lesson) -> list[Worked]:
    return [s for s in lesson.steps if isinstance(s, Worked)]


def reused_board(lesson, step) -> str | None:
    """Why `step` (a practice or question) is not new work, or None: it asks about a board a worked
    step of this lesson already solved on screen."""
    board = _shape(step.board_data())
    if board is None:
        return None
    for shown in worked_steps(lesson):
        if _shape(shown.board_data()) == board:
            return (f"this board is solved on screen in the worked step '{shown.id}': give the "
                    "learner a board (or numbers) they have not just seen solved")
    return None


def repeated_split(lesson, step: Practice) -> str | None:
    """Why a practice solution is a split the learner was shown, or None."""
    for shown in worked_steps(lesson):
        if shown.assignment == step.solution:
            return (f"the solution is the split the worked step '{shown.id}' shows: the learner "
                    "would copy it rather than work it out")
    return None


def forced_sliders(step: Practice) -> str | None:
    """Why some free slider of a practice decides nothing, or None. The rules core says, with the
    step's locked sliders kept, whether a free slider has one legal amount only."""
    result = analyze(step.board_data(), fixed=step.fixed)
    if result["legal_assignments"] == 0:
        return "no legal split keeps the locked sliders"
    forced = []
    for cid, info in result["creatures"].items():
        if info["kind"] != "attacker":
            continue
        for rid, bounds in info["recipients"].items():
            if rid in step.fixed.get(cid, {}):
                continue
            if bounds["min"] == bounds["max"]:
                forced.append(f"{cid} -> {rid} can only be {bounds['min']}")
    if not forced:
        return None
    return ("a free slider the learner cannot choose is a forced answer, not practice ("
            + "; ".join(forced) + "): lock it, or change the board or the locked sliders")


def _locks_some(step: Practice) -> bool:
    return any(split for split in step.fixed.values())


def fade_order(lesson) -> str | None:
    """Why a lesson with sliders does not fade worked -> some locked -> all free, or None."""
    steps = lesson.steps
    if not any(s.type in ("worked", "practice") for s in steps):
        return None
    practices = [s for s in steps if isinstance(s, Practice)]
    fade = ("fade the help: a worked step, then a practice with some sliders locked, then one "
            "with every slider free")
    if not practices:
        return f"a lesson with sliders needs practice steps; {fade}"
    out = []
    first_practice = steps.index(practices[0])
    if not any(isinstance(s, Worked) for s in steps[:first_practice]):
        out.append(f"the practice '{practices[0].id}' comes before any worked step")
    partial = [p for p in practices if _locks_some(p)]
    free = [p for p in practices if not _locks_some(p)]
    if not partial:
        out.append("no practice has some sliders locked")
    elif free and steps.index(free[0]) < steps.index(partial[0]):
        out.append(f"the all-free practice '{free[0].id}' comes before any practice with some "
                   "sliders locked")
    if _locks_some(practices[-1]):
        out.append(f"the last practice '{practices[-1].id}' still locks sliders: end with all "
                   "sliders free")
    return "; ".join(out) + f" ({fade})" if out else None


def step_checks(lesson, step) -> Iterator[tuple[str, str, object]]:
    """(id suffix, field, function) for each teaching check of one step."""
    if isinstance(step, Practice):
        yield ":forced", ".fixed", lambda: forced_sliders(step)
        yield ":new-split", ".solution", lambda: repeated_split(lesson, step)
    if step.type == "practice" or (step.question and getattr(step, "board", None)):
        yield ":new-board", ".board", lambda: reused_board(lesson, step)
