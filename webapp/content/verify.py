"""Answer keys re-checked by the rules core: every board, every worked split, and each question
step's key through its kind (`step.as_question().key_problems()`, webapp.content.kinds).

The rules core (`webapp.rules`) is the only judge: nothing here decides a rule, it only compares a
stored key with what check()/analyze() say. `key_checks` yields one check per key so the test suite
can parametrize over them (a wrong key fails CI with the lesson, step and reason).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from webapp.rules import BoardError, analyze, check

from . import teaching
from .kinds import said
from .model import Curriculum, Lesson
from .schema import Worked

__all__ = ["KeyCheck", "key_checks"]


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
    """A worked step's split must be legal; a question's key is checked by its kind."""
    if isinstance(step, Worked):
        yield "", ".assignment", lambda: _must_be_legal(step.board_data(), step.assignment)
        return
    question = step.as_question()
    if question is not None:
        yield "", KEY_FIELDS[step.type](step), lambda: "; ".join(question.key_problems()) or None


# Where a question step's key is, for the message naming the file and field.
KEY_FIELDS = {"practice": lambda step: ".solution", "predict": lambda step: ".answer",
              "legal": lambda step: ".legal",
              "choice": lambda step: ".verify" if step.verify is not None else ".assignment"
              if step.assignment is not None else ".options"}


def _must_be_legal(board: dict, assignment: dict) -> str | None:
    result = check(board, assignment)
    return None if result["legal"] else f"the assignment is illegal: {said(result)}"
