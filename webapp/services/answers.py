"""Answers to lesson steps: read from submitted fields and graded by the step's question kind
(`step.as_question()`, webapp.content.kinds), which asks the rules core. This module keeps what
is the lessons' own: the stored shape of an answer and the −/+ buttons without JavaScript.

Answers are stored as JSON exactly as read, under the kind's field:
    practice {"assignment": {attacker: {recipient: amount}}}    predict {"amount": n}
    choice   {"option": option_id}                               legal   {"legal": true|false}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from webapp.content.kinds import AnswerError, read_amount, slider_split, sliders
from webapp.rules import analyze

__all__ = ["STORED", "AnswerError", "Graded", "grade", "read_amount", "read_answer",
           "read_assignment", "read_sliders", "sliders", "step_slider"]

# The key a lesson answer is stored under, by its question's kind.
STORED = {"split": "assignment", "amount": "amount", "choice": "option", "verdict": "legal"}


@dataclass(frozen=True)
class Graded:
    """A lesson answer, graded: `answer` as stored, `reason` and `params` (facts) from the
    kind's grade, `check` the rules core's verdict on the split graded or judged."""

    correct: bool
    answer: dict
    reason: str = "met"
    check: dict | None = None
    params: dict = field(default_factory=dict)


# --- sliders --------------------------------------------------------------------------------------


def read_assignment(step, form: Mapping[str, str], analysis: dict | None = None) -> dict:
    """The split on a step's board from its slider fields (the one reader, webapp.content.fields):
    locked sliders (a practice step's `fixed`) keep their value, a missing free slider counts
    as 0. AnswerError (with the split the other fields said) if a field can't be read."""
    return slider_split(step.board_data(), form, fixed=getattr(step, "fixed", None),
                           analysis=analysis)


def read_sliders(step, form: Mapping[str, str]) -> dict:
    """The split a live check or a −/+ button (without JavaScript, `op=step:...`) asks to show."""
    board = step.board_data()
    if board is None:
        raise AnswerError("nothing_to_answer")
    analysis = analyze(board)
    assignment = read_assignment(step, form, analysis)
    op = form.get("op", "")
    if op.startswith("step:"):
        assignment = step_slider(assignment, sliders(board, analysis), op)
    return assignment


def step_slider(assignment: dict, limits: dict[str, dict], op: str) -> dict:
    """A −/+ button without JavaScript: "step:<attacker>:<recipient>:<±1>" moves one slider, never
    below 0 nor past the damage the attacker has left (as the sliders themselves behave)."""
    _, _, rest = op.partition(":")
    cid, _, rest = rest.partition(":")
    recipient, _, delta = rest.rpartition(":")
    if cid not in assignment or recipient not in assignment[cid] or delta not in ("1", "-1"):
        raise AnswerError("unknown_slider", field=op[:80])
    row = dict(assignment[cid])
    others = sum(v for r, v in row.items() if r != recipient)
    top = max(limits[cid]["assigns"] - others, 0)
    row[recipient] = min(max(row[recipient] + int(delta), 0), top)
    return {**assignment, cid: row}


# --- reading and grading answers ------------------------------------------------------------------


def read_answer(step, form: Mapping[str, str]) -> dict:
    """The answer to `step` from submitted fields, as stored; AnswerError if it can't be read."""
    question = step.as_question()
    if question is None:
        raise AnswerError("nothing_to_answer")
    return {STORED[question.kind]: question.read(form)}


def grade(step, answer: dict) -> Graded:
    """Right or wrong, and the facts the feedback names. AnswerError("stale") for an answer of
    another shape (e.g. a stored answer from before the step changed)."""
    question = step.as_question()
    if question is None:
        raise AnswerError("nothing_to_answer")
    if not isinstance(answer, dict) or STORED[question.kind] not in answer:
        raise AnswerError("stale")
    graded = question.grade(answer[STORED[question.kind]])
    if graded.reason in ("bad_input", "fixed_changed"):  # a split the step can't have shown
        raise AnswerError("stale")
    return Graded(graded.correct, answer, graded.reason, graded.check, dict(graded.facts))
