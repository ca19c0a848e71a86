"""The mastery rule, pure: a streak of right first answers on fresh boards, reset by a miss,
rusting into "review" when a mastered lesson is left alone (time is passed in)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from webapp.services.mastery import NONE, RUSTY_AFTER, STREAK, standing, state

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
MIN = timedelta(minutes=1)


def answers(*results: bool):
    return [(r, T0 + i * MIN) for i, r in enumerate(results)]


def test_no_answers_no_standing():
    assert standing([], T0) == NONE
    assert state(done=False, started=False) == "new"


def test_three_right_in_a_row_master_the_lesson():
    assert STREAK == 3
    got = standing(answers(True, True, True), T0 + 5 * MIN)
    assert got.mastered and not got.review and got.streak == 3 and got.shown == 3
    assert state(done=False, started=True, standing=got) == "mastered"


def test_two_right_are_not_enough():
    got = standing(answers(True, True), T0)
    assert not got.mastered and got.streak == 2
    assert state(done=True, started=True, standing=got) == "done"


def test_a_miss_resets_the_streak():
    got = standing(answers(True, True, False, True), T0 + 5 * MIN)
    assert got.streak == 1 and not got.mastered
    assert standing(answers(True, True, True, False), T0 + 5 * MIN).streak == 0
    assert not standing(answers(True, True, True, False), T0 + 5 * MIN).mastered


def test_many_right_with_misses_between_never_master():
    """The issue's learner: 9 right of 15 but never 3 in a row."""
    results = [True, True, False] * 5
    assert sum(results) == 10
    assert not standing(answers(*results), T0 + 20 * MIN).mastered


def test_three_right_after_a_miss_master():
    assert standing(answers(False, False, True, True, True), T0 + 10 * MIN).mastered


def test_mastery_rusts_after_the_interval_exactly():
    done = answers(True, True, True)
    last = done[-1][1]
    assert standing(done, last + RUSTY_AFTER - timedelta(seconds=1)).mastered
    rusty = standing(done, last + RUSTY_AFTER)
    assert rusty.review and not rusty.mastered and rusty.streak == 3
    assert state(done=True, started=True, standing=rusty) == "review"


def test_one_right_answer_after_rusting_masters_again_a_miss_does_not():
    done = answers(True, True, True)
    later = done[-1][1] + RUSTY_AFTER + timedelta(days=1)
    assert standing([*done, (True, later)], later).mastered
    missed = standing([*done, (False, later)], later)
    assert not missed.mastered and not missed.review and missed.streak == 0


def test_states_in_order_of_precedence():
    assert state(done=False, started=True) == "started"
    assert state(done=True, started=True) == "done"
