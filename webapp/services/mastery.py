"""Mastery: a streak of right first answers on fresh boards, which rusts when left alone.

    standing(answers, now) -> Standing     pure: a lesson's streak and mastery from its practice
                                           answers (oldest first) and the time now
    state(done=, started=, standing=) -> "new" | "started" | "done" | "mastered" | "review"

A lesson is mastered when its latest STREAK answers on fresh boards (endless practice or "Try a
similar one", one first answer per board: services/practice.py) were all right; a miss starts the
streak again. A mastered lesson not practised for RUSTY_AFTER is due for review ("review"): one
more right answer makes it mastered again, a miss starts the streak again. `now` comes from the
caller (the app's clock), so tests move time instead of waiting.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

STREAK = 3  # right first answers in a row on fresh boards that make a lesson mastered
RUSTY_AFTER = timedelta(days=14)  # a mastered lesson left this long is due for review
STATES = ("new", "started", "done", "mastered", "review")


@dataclass(frozen=True)
class Standing:
    streak: int  # right first answers in a row, up to the latest (0 after a miss)
    mastered: bool  # the streak reached STREAK and the lesson was practised lately
    review: bool  # the streak reached STREAK but the last practice is RUSTY_AFTER old or more
    last_at: datetime | None  # the latest answer's time

    @property
    def shown(self) -> int:
        """The streak as a page shows it: at most STREAK ("2 of 3 in a row")."""
        return min(self.streak, STREAK)


NONE = Standing(0, False, False, None)


def standing(answers: Iterable[tuple[bool, datetime]], now: datetime) -> Standing:
    """A lesson's standing from its practice answers `(right first time, when)`, oldest first."""
    streak, last_at = 0, None
    for correct, at in answers:
        streak = streak + 1 if correct else 0
        last_at = at
    if last_at is None:
        return NONE
    reached = streak >= STREAK
    rusty = reached and now - last_at >= RUSTY_AFTER
    return Standing(streak, reached and not rusty, rusty, last_at)


def state(*, done: bool, started: bool, standing: Standing = NONE) -> str:
    """The one word for a lesson's state, as every Learn page shows it: mastery (or its review)
    first, then done (every question answered), in progress, not started."""
    if standing.mastered:
        return "mastered"
    if standing.review:
        return "review"
    if done:
        return "done"
    return "started" if started else "new"
