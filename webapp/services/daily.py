"""The daily loop: "Today: 5 boards", due reviews first, then the weakest lessons; a streak of days.

    GOAL, GOALS                            boards a day by default; the goals a learner may choose
    day_of(moment, offset) -> date         the learner's calendar day (offset: minutes east of UTC)
    goal_on(changes, day) -> int           pure: the goal a day had, from the learner's changes
    streak(counts, today, goal_of) -> int  pure: days in a row, up to today, that met their goal
    set_goal(learner, goal, day)           the goal from `day` on (ValueError: not one of GOALS)
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

from sqlalchemy import delete, select

from . import mastery, practice
from .database import db, write
from .models import DailyGoal, Learner, PracticeAnswer

GOAL = 5  # boards a day, until the learner chooses
GOALS = (3, 5, 10, 20)  # what Today's page offers
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


def goal_on(changes: Iterable[tuple[date, int]], day: date) -> int:
    """The goal `day` had: the latest change made on or before it, else GOAL."""
    return max(((since, goal) for since, goal in changes if since <= day), default=(day, GOAL))[1]


def streak(counts: Mapping[date, int], today: date, goal_of=lambda day: GOAL) -> int:
    """Days in a row that met their goal (`goal_of(day)`), ending today, or yesterday while
    today's goal is not met yet (the streak still stands until the day is over)."""
    day = today if counts.get(today, 0) >= goal_of(today) else today - timedelta(days=1)
    days = 0
    while counts.get(day, 0) >= goal_of(day):
        days += 1
        day -= timedelta(days=1)
    return days


def goals_of(learner_id: str | None) -> list[tuple[date, int]]:
    """The learner's goal changes, (day, goal), oldest first."""
    if not learner_id:
        return []
    return [(r.since, r.goal) for r in db.session.scalars(
        select(DailyGoal).where(DailyGoal.learner_id == learner_id).order_by(DailyGoal.since))]


def set_goal(learner_id: str, goal: int, day: date) -> None:
    """The learner's goal from `day` on (a second change that day replaces the first); committed
    on return. ValueError for a goal that isn't one of GOALS: nothing is stored."""
    if goal not in GOALS:
        raise ValueError(f"a daily goal is one of {GOALS}")

    def change():
        if db.session.get(Learner, learner_id) is None:
            db.session.add(Learner(id=learner_id))
            db.session.flush()
        db.session.execute(delete(DailyGoal).where(DailyGoal.learner_id == learner_id,
                                                   DailyGoal.since == day))
        db.session.add(DailyGoal(learner_id=learner_id, since=day, goal=goal))

    write(change)


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
    streak: int   # days in a row that met their goal (services: `streak`)
    due: list = field(default_factory=list)  # practice.Review, the longest overdue first
    next: Pick | None = None  # None: no lesson finished and nothing due
    goal: int = GOAL  # today's

    @property
    def met(self) -> bool:
        return self.done >= self.goal

    @property
    def left(self) -> int:
        return max(0, self.goal - self.done)


def today(learner_id: str | None, now: datetime, offset: int, *, finished: list[str],
          states: Mapping[str, tuple[str, mastery.Standing]], known=lambda r: True) -> Today:
    """The learner's day so far and the next board to ask. `finished`: the lessons they have
    finished, in course order; `states`: lesson id -> (its state word, its mastery standing);
    `known(review)`: whether a due review can still be asked (its lesson and step exist)."""
    day = day_of(now, offset)
    if not learner_id:
        return Today(day, 0, 0)
    changes = goals_of(learner_id)
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
    return Today(day, counts.get(day, 0), streak(counts, day, lambda d: goal_on(changes, d)),
                 due, pick, goal_on(changes, day))
