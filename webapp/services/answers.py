"""Answers to lesson steps: read them from submitted fields, and grade them with the content API.

Grading is never decided here: practice boards go to webapp.content.evaluate_practice (which asks
the rules core), questions to each step's is_correct(). This module only turns form fields into
the answer the content API expects, refusing anything a real form could not have sent with an
AnswerError that says what was wrong (the view shows it as a 400).

Answers are stored as JSON exactly as read:
    practice {"assignment": {attacker: {recipient: amount}}}    predict {"amount": n}
    choice   {"option": option_id}                               legal   {"legal": true|false}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from webapp.content import GoalResult, evaluate_practice
from webapp.live.fields import SliderError, amount, read_split
from webapp.rules import BoardError, analyze, check

ANSWERABLE = ("practice", "predict", "choice", "legal")


class AnswerError(ValueError):
    """The submitted answer can't be read. `code` is stable; `params` fill the message."""

    def __init__(self, code: str, split: dict | None = None, **params):
        super().__init__(code)
        self.code = code
        self.params = params
        self.split = split  # slider fields: what the readable ones said, to show them again


@dataclass(frozen=True)
class Graded:
    correct: bool
    answer: dict
    goal: GoalResult | None = None         # practice: what evaluate_practice said
    check: dict | None = None              # practice/legal: the rules core's verdict
    params: dict = field(default_factory=dict)


# --- sliders --------------------------------------------------------------------------------------


def sliders(board: dict, analysis: dict | None = None) -> dict[str, dict]:
    """attacker id -> {"assigns": damage it assigns, "recipients": [ids in display order]}."""
    analysis = analysis or analyze(board)
    return {cid: {"assigns": max(info["assigns"], 0), "recipients": list(info["recipients"])}
            for cid, info in analysis["creatures"].items() if info["kind"] == "attacker"}


def read_assignment(step, form: Mapping[str, str], analysis: dict | None = None) -> dict:
    """The split on a practice board from its slider fields, read by the one reader
    (webapp.live.fields): locked sliders (step.fixed) keep their value, a missing free slider
    counts as 0. AnswerError (with the split the other fields said) if a field can't be read."""
    known = sliders(step.board_data(), analysis)
    try:
        return read_split(form, {cid: info["recipients"] for cid, info in known.items()},
                          fixed=getattr(step, "fixed", {}) or {})
    except SliderError as err:
        raise AnswerError(err.code, split=err.split, **err.params) from None


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


def read_amount(raw) -> int:
    """A typed amount (a predict step): the sliders' policy (webapp.live.fields.amount)."""
    if raw is None or not str(raw).strip():
        raise AnswerError("missing_number")
    try:
        return amount(raw)
    except SliderError as err:
        raise AnswerError(err.code, **err.params) from None


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
    if step.type == "practice":
        return {"assignment": read_assignment(step, form)}
    if step.type == "predict":
        return {"amount": read_amount(form.get("amount"))}
    if step.type == "choice":
        option = (form.get("option") or "").strip()
        if not option:
            raise AnswerError("missing_option")
        if step.option(option) is None:
            raise AnswerError("unknown_option", value=option[:60])
        return {"option": option}
    if step.type == "legal":
        said = form.get("verdict")
        if not said:
            raise AnswerError("missing_verdict")
        if said not in ("legal", "illegal"):
            raise AnswerError("unknown_verdict", value=str(said)[:20])
        return {"legal": said == "legal"}
    raise AnswerError("nothing_to_answer")


def grade(step, answer: dict) -> Graded:
    """Right or wrong, and the facts the feedback names. AnswerError for an answer of the wrong
    shape (e.g. a stored answer from before the step changed)."""
    try:
        if step.type == "practice":
            assignment = answer["assignment"]
            if not isinstance(assignment, dict) or not all(
                    isinstance(split, dict) for split in assignment.values()):
                raise AnswerError("stale")
            result = evaluate_practice(step, assignment)
            if result.reason in ("bad_input", "fixed_changed"):
                raise AnswerError("stale")
            return Graded(result.met, answer, goal=result, check=result.check,
                          params=dict(result.params))
        if step.type == "predict":
            amount = int(answer["amount"])
            return Graded(step.is_correct(amount), answer,
                          params={"said": amount, "answer": step.answer})
        if step.type == "choice":
            option = answer["option"]
            if step.option(option) is None:
                raise AnswerError("stale")
            return Graded(step.is_correct(option), answer,
                          params={"chosen": option, "right": step.correct_option.id})
        if step.type == "legal":
            said = bool(answer["legal"])
            verdict = check(step.board_data(), step.assignment)
            return Graded(step.is_correct(said), answer, check=verdict,
                          params={"said": said, "legal": step.legal, "rule": step.rule})
    except (AttributeError, KeyError, TypeError, ValueError, BoardError) as err:
        if isinstance(err, AnswerError):
            raise
        raise AnswerError("stale") from None
    raise AnswerError("nothing_to_answer")
