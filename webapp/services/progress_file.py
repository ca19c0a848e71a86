"""A learner's progress as a file they keep: JSON, signed by this site, read back strictly.

    body = progress_file.dump(learner, now)          # bytes of a .json file
    rows = progress_file.parse(body)                 # export's shape, or ProgressFileError(code)

The file holds lessons, steps, answers and their times: no learner id, no code, nothing
personal. It is signed with the app's secret, so a file changed after it was downloaded (an
answer turned right, a lesson marked done) is refused as a whole, and nothing is imported from it.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import (AwareDatetime, BaseModel, ConfigDict, Field, StrictBool, StrictInt,
                      ValidationError, field_validator)

from .. import signing
from .daily import GOALS
from .resume import export

FORMAT = "trample-trainer-progress"
VERSION = 1
SALT = "trample-progress-file"
MAX_BYTES = 4 * 1024 * 1024  # MAX_ROWS answers exported; a request may carry twice it (the view)
MAX_ROWS = 20_000
MAX_ANSWER = 4096  # one stored answer as JSON (a split of a large board is a few hundred bytes)


class ProgressFileError(ValueError):
    """A file that can't be imported; `code`: "empty", "too_big", "not_json", "not_ours" (not a
    progress file of this site's format), "tampered" (changed since this site made it)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


Id = Annotated[str, Field(min_length=1, max_length=60)]


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _small(value: Any) -> Any:
    if len(json.dumps(value)) > MAX_ANSWER:
        raise ValueError("answer too large")
    return value


class LessonRow(_Row):
    lesson: Id
    step: Id
    started: AwareDatetime
    updated: AwareDatetime
    done: AwareDatetime | None


class AnswerRow(_Row):
    lesson: Id
    step: Id
    correct: StrictBool
    answer: dict[str, Any]
    at: AwareDatetime
    _answer = field_validator("answer")(_small)


class PracticeRow(_Row):
    lesson: Id
    kind: str = Field(min_length=1, max_length=10)
    seed: StrictInt = Field(ge=0, lt=2**31)
    correct: StrictBool
    answer: Any
    at: AwareDatetime
    review: Id | None = None  # the lesson step the board reviewed (files from before: none)
    _answer = field_validator("answer")(_small)


class GoalRow(_Row):
    since: date
    goal: StrictInt

    @field_validator("goal")
    @classmethod
    def _offered(cls, goal: int) -> int:
        if goal not in GOALS:
            raise ValueError(f"a daily goal is one of {GOALS}")
        return goal


class ProgressFile(_Row):
    format: Literal["trample-trainer-progress"]
    version: Literal[1]
    exported: AwareDatetime
    lessons: list[LessonRow] = Field(max_length=1000)
    answers: list[AnswerRow] = Field(max_length=MAX_ROWS)
    practice: list[PracticeRow] = Field(max_length=MAX_ROWS)
    goals: list[GoalRow] = Field(default_factory=list, max_length=1000)  # files from before: none
    signature: str = Field(max_length=200)


def _digest(body: dict) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def dump(learner_id: str | None, now: datetime) -> bytes:
    body = {"format": FORMAT, "version": VERSION, "exported": now.isoformat(),
            **export(learner_id)}
    body["signature"] = signing.dumps(SALT, _digest(body))
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def parse(data: bytes) -> dict:
    """The rows of a progress file (datetimes parsed; a lesson or a practice board listed twice
    keeps its first), or ProgressFileError. Everything is checked before anything is used."""
    if not data.strip():
        raise ProgressFileError("empty")
    if len(data) > MAX_BYTES:
        raise ProgressFileError("too_big")
    try:
        raw = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProgressFileError("not_json") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ProgressFileError("not_ours")
    signature = raw.pop("signature", None)
    if not isinstance(signature, str) or signing.loads(SALT, signature) != _digest(raw):
        raise ProgressFileError("tampered")
    try:
        checked = ProgressFile.model_validate({**raw, "signature": signature})
    except ValidationError:
        raise ProgressFileError("not_ours") from None
    lessons = {r.lesson: r.model_dump() for r in reversed(checked.lessons)}
    practice = {(r.lesson, r.kind, r.seed): r.model_dump()
                for r in sorted(checked.practice, key=lambda r: r.at, reverse=True)}
    goals = {r.since: r.model_dump() for r in checked.goals}  # a day listed twice: its last
    return {"lessons": list(lessons.values()), "practice": list(practice.values()),
            "answers": [r.model_dump() for r in checked.answers], "goals": list(goals.values())}
