"""Learner progress: answers given, where each lesson was left, which lessons are finished.

Plain functions over plain values (ids, dicts); each one that writes commits before it returns, so
an answer the server has confirmed is on disk before the learner sees the confirmation.
Nothing here grades an answer: the caller grades with webapp.content / webapp.rules and passes
`correct` in.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select

from .database import Busy, db, write
from .models import Learner, LessonProgress, StepAttempt, aware, utcnow


@dataclass(frozen=True)
class LessonState:
    lesson_id: str
    current_step: str
    started_at: datetime
    updated_at: datetime
    completed_at: datetime | None

    @property
    def done(self) -> bool:
        return self.completed_at is not None


@dataclass(frozen=True)
class Attempt:
    id: int
    lesson_id: str
    step_id: str
    correct: bool
    answer: dict
    created_at: datetime


def new_learner_id() -> str:
    return secrets.token_urlsafe(16)


def ensure_learner(learner_id: str) -> None:
    """Make sure the learner row exists (first answer, or a database that was reset)."""
    if db.session.get(Learner, learner_id) is not None:
        return
    write(lambda: db.session.merge(Learner(id=learner_id)))


def learner_exists(learner_id: str) -> bool:
    return db.session.get(Learner, learner_id) is not None


def record_answer(learner_id: str, lesson_id: str, step_id: str, *, correct: bool,
                  answer: dict, at: datetime | None = None) -> Attempt:
    """Store one answer and move the lesson's bookmark to this step; committed on return.
    `at` is when it was given (the app's clock; now by default): spaced review counts from it."""
    ensure_learner(learner_id)
    rows = []

    def add():
        rows.append(StepAttempt(learner_id=learner_id, lesson_id=lesson_id, step_id=step_id,
                                correct=bool(correct), answer=answer, created_at=at or utcnow()))
        db.session.add(rows[-1])
        _bookmark(learner_id, lesson_id, step_id)

    write(add)
    return _attempt(rows[-1])


def visit(learner_id: str, lesson_id: str, step_id: str) -> None:
    """The learner opened this step: it is where "Continue" resumes this lesson."""
    ensure_learner(learner_id)

    def mark():
        _bookmark(learner_id, lesson_id, step_id)

    write(mark)


def complete_lesson(learner_id: str, lesson_id: str, step_id: str) -> None:
    """Mark the lesson finished (the first finish time is kept when it is done again)."""
    ensure_learner(learner_id)

    def mark():
        state = _bookmark(learner_id, lesson_id, step_id)
        if state.completed_at is None:
            state.completed_at = utcnow()

    write(mark)


def _bookmark(learner_id: str, lesson_id: str, step_id: str) -> LessonProgress:
    state = db.session.get(LessonProgress, (learner_id, lesson_id))
    now = utcnow()
    if state is None:
        state = LessonProgress(learner_id=learner_id, lesson_id=lesson_id, current_step=step_id,
                               started_at=now, updated_at=now)
        db.session.add(state)
    else:
        state.current_step = step_id
        state.updated_at = now
    return state


# --- reading --------------------------------------------------------------------------------------


def lessons(learner_id: str | None) -> dict[str, LessonState]:
    """lesson id -> where the learner is in it (lessons never opened are absent)."""
    if not learner_id:
        return {}
    rows = db.session.scalars(select(LessonProgress).where(LessonProgress.learner_id == learner_id))
    return {r.lesson_id: LessonState(r.lesson_id, r.current_step, r.started_at, r.updated_at,
                                     r.completed_at) for r in rows}


def get_attempt(learner_id: str | None, attempt_id: int) -> Attempt | None:
    """One of this learner's attempts (None for someone else's or an unknown id)."""
    if not learner_id:
        return None
    row = db.session.get(StepAttempt, attempt_id)
    return _attempt(row) if row is not None and row.learner_id == learner_id else None


def latest_attempts(learner_id: str | None, lesson_id: str | None = None
                    ) -> dict[tuple[str, str], Attempt]:
    """(lesson id, step id) -> the learner's most recent answer to that step."""
    if not learner_id:
        return {}
    newest = (select(func.max(StepAttempt.id))
              .where(StepAttempt.learner_id == learner_id)
              .group_by(StepAttempt.lesson_id, StepAttempt.step_id))
    if lesson_id is not None:
        newest = newest.where(StepAttempt.lesson_id == lesson_id)
    rows = db.session.scalars(select(StepAttempt).where(StepAttempt.id.in_(newest))
                              .order_by(StepAttempt.id))
    return {(r.lesson_id, r.step_id): _attempt(r) for r in rows}


def first_attempts(learner_id: str | None, lesson_id: str) -> dict[tuple[str, str], Attempt]:
    """(lesson id, step id) -> the learner's first answer to that step (what a score counts:
    the feedback shows the answer, so a retry right after proves little)."""
    if not learner_id:
        return {}
    oldest = (select(func.min(StepAttempt.id))
              .where(StepAttempt.learner_id == learner_id, StepAttempt.lesson_id == lesson_id)
              .group_by(StepAttempt.step_id))
    rows = db.session.scalars(select(StepAttempt).where(StepAttempt.id.in_(oldest)))
    return {(r.lesson_id, r.step_id): _attempt(r) for r in rows}


def to_review(learner_id: str | None) -> list[Attempt]:
    """The steps whose latest answer was wrong, oldest mistake first."""
    return [a for a in latest_attempts(learner_id).values() if not a.correct]


# --- the hint ladder -------------------------------------------------------------------------------

# The miss that shows the worked answer: the first gets a nudge, the second the step's hint.
ANSWER_AT = 3
# After the answer was shown, a right answer clears the step from Review only this long after:
# copying the answer just seen proves nothing (a similar board will, once there is one).
CLEAN_AFTER = timedelta(days=1)


def ladder(learner_id: str | None, attempt_id: int) -> tuple[int, bool]:
    """(the wrong answers in a row to this attempt's step ending with it, whether the learner
    asked to see the answer after one of them); (0, False) for a right or unknown attempt."""
    row = db.session.get(StepAttempt, attempt_id) if learner_id else None
    if row is None or row.learner_id != learner_id:
        return 0, False
    rows = db.session.scalars(
        select(StepAttempt).where(StepAttempt.learner_id == learner_id,
                                  StepAttempt.lesson_id == row.lesson_id,
                                  StepAttempt.step_id == row.step_id,
                                  StepAttempt.id <= attempt_id)
        .order_by(StepAttempt.id.desc()))
    misses, revealed = 0, False
    for attempt in rows:
        if attempt.correct:
            break
        misses += 1
        revealed = revealed or attempt.revealed_at is not None
    return misses, revealed


def reveal(learner_id: str | None, attempt_id: int, at: datetime | None = None) -> bool:
    """The learner asks for the worked answer after this wrong answer; committed on return.
    False for a right answer or someone else's."""
    row = db.session.get(StepAttempt, attempt_id) if learner_id else None
    if row is None or row.learner_id != learner_id or row.correct:
        return False
    if row.revealed_at is None:
        def mark():
            row.revealed_at = at or utcnow()
        write(mark)
    return True


def answer_seen(learner_id: str | None) -> set[tuple[str, str]]:
    """(lesson id, step id) of the steps answered right last, but only soon after the worked
    answer was shown (the ANSWER_AT-th miss in a row, or "Show me"): they stay in Review."""
    if not learner_id:
        return set()
    rows = db.session.scalars(select(StepAttempt).where(StepAttempt.learner_id == learner_id)
                              .order_by(StepAttempt.id))
    seen: dict[tuple[str, str], datetime | None] = {}
    misses: dict[tuple[str, str], int] = {}
    for row in rows:
        key = (row.lesson_id, row.step_id)
        if row.correct:
            misses[key] = 0
            shown = seen.get(key)
            if shown is not None and aware(row.created_at) - aware(shown) >= CLEAN_AFTER:
                seen[key] = None
            continue
        misses[key] = misses.get(key, 0) + 1
        for at in (row.revealed_at, row.created_at if misses[key] >= ANSWER_AT else None):
            if at is not None and (seen.get(key) is None or aware(at) > aware(seen[key])):
                seen[key] = at
    latest = latest_attempts(learner_id)
    return {key for key, shown in seen.items()
            if shown is not None and key in latest and latest[key].correct}



def _attempt(row: StepAttempt) -> Attempt:
    return Attempt(row.id, row.lesson_id, row.step_id, row.correct, row.answer, row.created_at)
