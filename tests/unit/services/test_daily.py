"""The daily loop: the learner's day from their offset, a streak of days that met the goal, the
weakest lesson, and Today's next board (due reviews first) from stored answers."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from tests.conftest import isolated_app
from webapp.services import daily, mastery, practice, progress
from webapp.services.daily import (GOAL, Pick, day_of, goal_on, offset_minutes, streak,
                                   weakest)

T0 = datetime(2026, 3, 10, 12, tzinfo=timezone.utc)
DAY = timedelta(days=1)
D0 = T0.date()


@pytest.mark.parametrize("text, minutes", [
    (None, 0), ("", 0), ("540", 540), ("-300", -300), ("840", 840), ("-720", -720),
    ("841", 0), ("-721", 0), ("1e3", 0), ("9" * 400, 0), ("5.5", 0), (" 60", 60)])
def test_a_browsers_offset_is_read_or_utc_is_used(text, minutes):
    assert offset_minutes(text) == minutes


def test_the_day_is_the_learners_own():
    late = datetime(2026, 3, 10, 23, 30, tzinfo=timezone.utc)
    assert day_of(late, 0) == date(2026, 3, 10)
    assert day_of(late, 540) == date(2026, 3, 11)  # Tokyo: already the next morning
    assert day_of(datetime(2026, 3, 10, 3, tzinfo=timezone.utc), -300) == date(2026, 3, 9)
    assert day_of(datetime(2026, 3, 10, 23, 30), 0) == date(2026, 3, 10)  # SQLite: no zone


def test_a_streak_counts_days_in_a_row_that_met_the_goal():
    assert streak({}, D0) == 0
    assert streak({D0: GOAL - 1}, D0) == 0
    assert streak({D0: GOAL}, D0) == 1
    three = {D0 - 2 * DAY: GOAL, D0 - DAY: GOAL + 4, D0: GOAL}
    assert streak(three, D0) == 3
    # today not met yet: yesterday's streak still stands until the day is over
    assert streak({**three, D0: 2}, D0) == 2
    assert streak({**three, D0: 2}, D0 + DAY) == 0  # a whole day missed: it is gone
    # a gap breaks it
    assert streak({D0 - 3 * DAY: GOAL, D0 - DAY: GOAL, D0: GOAL}, D0) == 2
    assert streak({D0 - DAY: GOAL - 1, D0: GOAL}, D0) == 1


def test_each_day_keeps_the_goal_it_had_when_the_goal_changes():
    """A goal chosen today judges today on; the days before keep theirs, so raising the goal
    never takes away a streak already made, and lowering it never makes one retroactively."""
    changes = [(D0 - 10 * DAY, 3), (D0, 10)]
    assert goal_on([], D0) == GOAL and goal_on(changes, D0 - 11 * DAY) == GOAL
    assert goal_on(changes, D0 - 10 * DAY) == 3 and goal_on(changes, D0 - DAY) == 3
    assert goal_on(changes, D0) == 10 and goal_on(changes, D0 + DAY) == 10
    goal_of = lambda day: goal_on(changes, day)  # noqa: E731
    counts = {D0 - 2 * DAY: 3, D0 - DAY: 4, D0: 9}
    assert streak(counts, D0, goal_of) == 2  # today's 9 of 10 not met yet: the streak stands
    assert streak({**counts, D0: 10}, D0, goal_of) == 3
    assert streak({D0 - DAY: 4, D0: 4}, D0) == 0  # with the default 5, 4 a day never counts


def standing(streak_, last=None, *, mastered=False, review=False):
    return mastery.Standing(streak_, mastered, review, last)


def test_the_weakest_lesson_puts_a_rusty_one_first_and_mastered_ones_last():
    states = {"a": ("mastered", standing(3, T0, mastered=True)),
              "b": ("done", standing(2, T0)),
              "c": ("done", standing(0, T0)),
              "d": ("review", standing(3, T0 - 20 * DAY, review=True))}
    assert weakest(["a", "b", "c", "d"], states, {}) == "d"
    del states["d"]
    assert weakest(["a", "b", "c"], states, {}) == "c"  # the shortest streak
    assert weakest(["a", "b", "c"], states, {"c": 1}) == "b"  # the fewest boards today first
    assert weakest(["a", "b", "c"], states, {"b": 2, "c": 2}) == "c"  # mastered stays last
    assert weakest(["a"], {"a": ("mastered", standing(3, T0, mastered=True))}, {}) == "a"
    # never practised comes before practised long ago; then course order
    states = {"x": ("done", standing(0, T0)), "y": ("done", mastery.NONE),
              "z": ("done", mastery.NONE)}
    assert weakest(["x", "y", "z"], states, {}) == "y"
    assert weakest([], {}, {}) is None


@pytest.fixture
def app(tmp_path):
    app = isolated_app(tmp_path / "instance")
    with app.app_context():
        yield app


ME = "learner-daily-1234"
DONE = ["what-trample-does", "force-of-nature"]
STATES = {lesson: ("done", mastery.NONE) for lesson in DONE}


def test_today_counts_the_days_boards_and_asks_due_reviews_first(app):
    assert daily.today(None, T0, 0, finished=DONE, states=STATES).next is None
    nothing = daily.today(ME, T0, 0, finished=[], states={})
    assert (nothing.done, nothing.streak, nothing.next) == (0, 0, None)
    assert daily.today(ME, T0, 0, finished=DONE, states=STATES).next == Pick("what-trample-does")

    for seed in range(GOAL):  # yesterday's goal met
        practice.record(ME, "force-of-nature", "number", seed, correct=True, answer=1,
                        at=T0 - DAY)
    progress.record_answer(ME, "force-of-nature", "two-predict", correct=False,
                           answer={"amount": 6}, at=T0 - DAY)
    practice.record(ME, "what-trample-does", "legal", 100, correct=False, answer=True,
                    at=T0 - DAY + timedelta(hours=1))
    practice.record(ME, "what-trample-does", "number", 101, correct=True, answer=2, at=T0)
    now = daily.today(ME, T0, 0, finished=DONE, states=STATES)
    assert (now.done, now.streak, now.met, now.left) == (1, 1, False, GOAL - 1)
    assert now.next == Pick("force-of-nature", None, "two-predict") and now.next.review
    assert [(r.step_id, r.kind) for r in now.due] == [("two-predict", None)]
    later = daily.today(ME, T0 + timedelta(hours=2), 0, finished=DONE, states=STATES)
    assert later.next == Pick("force-of-nature", None, "two-predict")  # the oldest first
    assert len(later.due) == 2
    # a review that can't be asked any more (its step is gone) is passed over
    skip = daily.today(ME, T0 + timedelta(hours=2), 0, finished=DONE, states=STATES,
                       known=lambda r: r.step_id != "two-predict")
    assert skip.next == Pick("what-trample-does", "legal", None)
    # in Tokyo, yesterday's noon boards were the evening of its day before: no streak today
    assert daily.today(ME, T0, 540, finished=DONE, states=STATES).done == 1
