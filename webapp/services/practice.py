"""Endless practice: answers to fresh boards (mastery), and spaced review of what was missed.

    record(learner, lesson, kind, seed, correct, answer, at, review_step) -> Answer
                                        committed; the first answer to a board is kept
    standings(learner, now) -> {lesson id: mastery.Standing}  the streak on fresh boards, mastery
    recent(learner, lesson) -> [Answer]  the last few on that lesson's boards, newest first
    due(learner, now) -> [Review]       what was missed, due again after 1, 3 and 7 days

Two things come back for review: a missed lesson step, and a missed practice board (a lesson and
a kind of question). Either is asked again as a similar board, never the identical question: a
board asked as a step's review names the step (`review_step`), and its answer counts in that
step's schedule beside the step's own answers; a practice miss comes back as a new board of the
same lesson and kind, and any later board of that lesson and kind counts in its schedule.
Review needs no table of its own: it is worked out from the stored answers' timestamps
(`schedule`, a pure function), so it agrees with the pages where those answers are given.
`now` is passed in by the caller (the app's clock), so tests move time without waiting.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select

from . import mastery
from .database import db, write
from .models import PracticeAnswer, StepAttempt, aware, utcnow
from .progress import ensure_learner

INTERVALS = (timedelta(days=1), timedelta(days=3), timedelta(days=7))


@dataclass(frozen=True)
class Answer:
    id: int
    lesson_id: str
    kind: str
    seed: int
    correct: bool
    answer: object
    created_at: datetime
    review_step: str | None = None  # the lesson step this board reviewed, if any


@dataclass(frozen=True)
class Review:
    lesson_id: str
    step_id: str | None  # a missed lesson step, or None for a missed practice board ...
    kind: str | None     # ... of this kind (None for a step)
    due_at: datetime
    round: int  # 1, 2 or 3: which of the 1-, 3- and 7-day reviews this is


def record(learner_id: str, lesson_id: str, kind: str, seed: int, *, correct: bool,
           answer, at: datetime | None = None, review_step: str | None = None) -> Answer:
    """Store the first answer to this board (committed on return); a later one changes nothing
    and the stored first answer is returned. `at`: when (the app's clock; now by default);
    `review_step`: the lesson step this board was asked to review, if any."""
    ensure_learner(learner_id)

    def add():
        if _find(learner_id, lesson_id, kind, seed) is None:
            db.session.add(PracticeAnswer(learner_id=learner_id, lesson_id=lesson_id, kind=kind,
                                          seed=seed, correct=bool(correct), answer=answer,
                                          created_at=at or utcnow(), review_step=review_step))

    write(add)
    return _answer(_find(learner_id, lesson_id, kind, seed))


def find(learner_id: str | None, lesson_id: str, kind: str, seed: int) -> Answer | None:
    """The learner's first answer to this board, if they have answered it."""
    row = _find(learner_id, lesson_id, kind, seed) if learner_id else None
    return _answer(row) if row is not None else None


def get(learner_id: str | None, answer_id: int) -> Answer | None:
    if not learner_id:
        return None
    row = db.session.get(PracticeAnswer, answer_id)
    return _answer(row) if row is not None and row.learner_id == learner_id else None


def standings(learner_id: str | None, now: datetime) -> dict[str, mastery.Standing]:
    """lesson id -> its mastery standing (services/mastery.py) from the learner's first answers on
    that lesson's fresh boards, in the order they were given (by time: answers merged from
    another device by a resume code or a progress file keep theirs but get new ids); lessons never
    practised are left out."""
    if not learner_id:
        return {}
    rows = db.session.execute(
        select(PracticeAnswer.lesson_id, PracticeAnswer.correct, PracticeAnswer.created_at)
        .where(PracticeAnswer.learner_id == learner_id)
        .order_by(PracticeAnswer.created_at, PracticeAnswer.id))
    history: dict[str, list[tuple[bool, datetime]]] = {}
    for lesson_id, correct, at in rows:
        history.setdefault(lesson_id, []).append((correct, aware(at)))
    return {lesson_id: mastery.standing(answers, now) for lesson_id, answers in history.items()}


def recent(learner_id: str | None, lesson_id: str, last: int = 5) -> list[Answer]:
    """The learner's last answers to this lesson's practice boards, the newest first."""
    if not learner_id:
        return []
    rows = db.session.scalars(select(PracticeAnswer).where(
        PracticeAnswer.learner_id == learner_id, PracticeAnswer.lesson_id == lesson_id)
        .order_by(PracticeAnswer.id.desc()).limit(last))
    return [_answer(row) for row in rows]


def answered(learner_id: str | None) -> int:
    if not learner_id:
        return 0
    return db.session.scalar(select(func.count()).select_from(PracticeAnswer)
                             .where(PracticeAnswer.learner_id == learner_id)) or 0


def due(learner_id: str | None, now: datetime) -> list[Review]:
    """Missed lesson steps and practice boards whose next review has come, the longest overdue
    first."""
    if not learner_id:
        return []
    # (lesson, step, None) or (lesson, None, kind) -> its answers, (right, when)
    history: dict[tuple[str, str | None, str | None], list[tuple[bool, datetime]]] = {}
    steps = db.session.execute(
        select(StepAttempt.lesson_id, StepAttempt.step_id, StepAttempt.correct,
               StepAttempt.created_at)
        .where(StepAttempt.learner_id == learner_id).order_by(StepAttempt.id))
    for lesson_id, step_id, correct, at in steps:
        history.setdefault((lesson_id, step_id, None), []).append((correct, aware(at)))
    boards = db.session.execute(
        select(PracticeAnswer.lesson_id, PracticeAnswer.kind, PracticeAnswer.review_step,
               PracticeAnswer.correct, PracticeAnswer.created_at)
        .where(PracticeAnswer.learner_id == learner_id).order_by(PracticeAnswer.id))
    for lesson_id, kind, step_id, correct, at in boards:
        key = (lesson_id, step_id, None) if step_id else (lesson_id, None, kind)
        history.setdefault(key, []).append((correct, aware(at)))
    out = []
    for (lesson_id, step_id, kind), answers in history.items():
        next_review = schedule(sorted(answers, key=lambda a: a[1]))
        if next_review is not None and next_review[0] <= now:
            out.append(Review(lesson_id, step_id, kind, next_review[0], next_review[1]))
    return sorted(out, key=lambda r: (r.due_at, r.lesson_id, r.step_id or "", r.kind or ""))


def schedule(attempts: list[tuple[bool, datetime]]) -> tuple[datetime, int] | None:
    """When a step's next review is due and which round it is, from its answers in order, or
    None when it needs none (never missed, or reviewed right after 1, 3 and 7 days).

    A miss (re)starts the rounds: due 1 day later. A right answer once a review is due moves to
    the next round (due 3, then 7 days after it); a right answer before then, such as the retry
    right after the feedback, moves nothing."""
    round_, due_at = None, None
    for correct, at in attempts:
        if not correct:
            round_, due_at = 0, at + INTERVALS[0]
        elif round_ is not None and at >= due_at:
            round_ += 1
            if round_ == len(INTERVALS):
                round_, due_at = None, None
            else:
                due_at = at + INTERVALS[round_]
    return None if round_ is None else (due_at, round_ + 1)



def _find(learner_id, lesson_id, kind, seed) -> PracticeAnswer | None:
    return db.session.scalar(select(PracticeAnswer).where(
        PracticeAnswer.learner_id == learner_id, PracticeAnswer.lesson_id == lesson_id,
        PracticeAnswer.kind == kind, PracticeAnswer.seed == seed))


def _answer(row: PracticeAnswer) -> Answer:
    return Answer(row.id, row.lesson_id, row.kind, row.seed, row.correct, row.answer,
                  row.created_at, row.review_step)
