"""The daily loop: "Today: 5 boards", due reviews first, then the weakest lessons; a streak of days.

    GOAL                                   boards a day that keep the streak
    day_of(moment, offset) -> date         the learner's calendar day (offset: minutes east of UTC)
    streak(counts, today) -> int           pure: days in a row, up to today, that met the goal
    weakest(lessons, states, today) -> id  pure: the lesson to practise next
    today(learner, now, offset, lessons) -> Today   the day so far and the next board to ask

A day's boards are the first answers to fresh boards given that day (services/practice.py), on
Today's page, in endless practice or from "Try a similar one": every board counts. Reviews come
first, the longest overdue first (practice.due: a missed lesson step, or a missed practice board),
each asked as a new board of its lesson; then the weakest finished lesson: a mastered lesson due for
review, else the shortest streak of right first answers, the least practised today first, so five
boards visit several lessons. `now` is the app's clock (tests move it); the offset comes from the
browser (without it, days are UTC days).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone

from sqlalchemy import select

from . import mastery, practice
from .database import db
from .models import PracticeAnswer

GOAL = 5  # boards a day
OFFSETS = range(-12 * 60, 14 * 60 + 1)  # minutes east of UTC a clock can be


def offset_minutes(text: str | None) -> int:
    """The learner's offset from UTC in minutes from what their browser sent (its cookie), or 0
    (UTC) when it sent nothing usable."""
    try:
        value = int(text or "0")
    except ValueError:
        return 0
    return value if value in OFFSETS else 0


def day_of(moment: datetime, offset: int) -> date:
    """The calendar day of `moment` (UTC; naive means UTC, as SQLite gives it) `offset` minutes
    east of UTC."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return (moment + timedelta(minutes=offset)).date()


def streak(counts: Mapping[date, int], today: date) -> int:
    """Days in a row that met the goal, ending today, or yesterday while today's goal is not met
    yet (the streak still stands until the day is over)."""
    day = today if counts.get(today, 0) >= GOAL else today - timedelta(days=1)
    days = 0
    while counts.get(day, 0) >= GOAL:
        days += 1
        day -= timedelta(days=1)
    return days


_ORDER = {"review": 0, "done": 1, "started": 1, "new": 1, "mastered": 2}


def weakest(lessons: Iterable[str], states: Mapping[str, tuple[str, mastery.Standing]],
            today: Mapping[str, int]) -> str | None:
    """Of `lessons` (ids, in course order), the one to practise next: a mastered lesson due for
    review first, mastered ones last; between them the fewest boards today, then the shortest
    streak, then the longest unpractised (never first), then course order."""
    def key(item):
        number, lesson_id = item
        state, standing = states[lesson_id]
        last = standing.last_at.timestamp() if standing.last_at else float("-inf")
        return (_ORDER.get(state, 1), today.get(lesson_id, 0), standing.streak, last, number)

    ranked = sorted(enumerate(lessons), key=key)
    return ranked[0][1] if ranked else None


@dataclass(frozen=True)
class Pick:
    """The next board to ask: a new board of `lesson_id`; `kind` is fixed for a review (None: any
    kind); `step_id` is the missed lesson step it reviews (None: not a step's review)."""
    lesson_id: str
    kind: str | None = None
    step_id: str | None = None

    @property
    def review(self) -> bool:
        return self.kind is not None or self.step_id is not None


@dataclass(frozen=True)
class Today:
    day: date
    done: int     # boards answered today
    streak: int   # days in a row that met the goal (services: `streak`)
    due: list = field(default_factory=list)  # practice.Review, the longest overdue first
    next: Pick | None = None  # None: no lesson finished and nothing due

    goal = GOAL

    @property
    def met(self) -> bool:
        return self.done >= GOAL

    @property
    def left(self) -> int:
        return max(0, GOAL - self.done)


def today(learner_id: str | None, now: datetime, offset: int, *, finished: list[str],
          states: Mapping[str, tuple[str, mastery.Standing]], known=lambda r: True) -> Today:
    """The learner's day so far and the next board to ask. `finished`: the lessons they have
    finished, in course order; `states`: lesson id -> (its state word, its mastery standing);
    `known(review)`: whether a due review can still be asked (its lesson and step exist)."""
    day = day_of(now, offset)
    if not learner_id:
        return Today(day, 0, 0)
    rows = db.session.execute(select(PracticeAnswer.lesson_id, PracticeAnswer.created_at)
                              .where(PracticeAnswer.learner_id == learner_id)).all()
    days = [(lesson, day_of(at, offset)) for lesson, at in rows]  # a year of boards: 2,000
    counts = Counter(d for _, d in days)
    on_lesson_today = Counter(lesson for lesson, d in days if d == day)
    due = [r for r in practice.due(learner_id, now) if known(r)]
    if due:
        pick = Pick(due[0].lesson_id, due[0].kind, due[0].step_id)
    else:
        lesson = weakest(finished, states, on_lesson_today)
        pick = Pick(lesson) if lesson else None
    return Today(day, counts.get(day, 0), streak(counts, day), due, pick)
