"""Spaced review from stored answers' timestamps (1, 3 and 7 days), and practice answers: the
first answer to a board is the one kept, and mastery counts right first answers in a row, at the
times they were given."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from tests.conftest import isolated_app
from webapp.services import practice, progress
from webapp.services.practice import schedule

T0 = datetime(2026, 1, 1, 12, tzinfo=timezone.utc)
DAY = timedelta(days=1)


def test_a_step_never_missed_needs_no_review():
    assert schedule([(True, T0)]) is None
    assert schedule([]) is None


def test_a_miss_comes_back_after_one_day():
    assert schedule([(False, T0)]) == (T0 + DAY, 1)


def test_the_retry_right_after_the_feedback_moves_nothing():
    assert schedule([(False, T0), (True, T0 + timedelta(minutes=1))]) == (T0 + DAY, 1)


def test_right_at_each_review_moves_to_three_then_seven_days_then_done():
    at1 = T0 + DAY + timedelta(hours=2)
    assert schedule([(False, T0), (True, at1)]) == (at1 + 3 * DAY, 2)
    at2 = at1 + 3 * DAY
    assert schedule([(False, T0), (True, at1), (True, at2)]) == (at2 + 7 * DAY, 3)
    at3 = at2 + 7 * DAY
    assert schedule([(False, T0), (True, at1), (True, at2), (True, at3)]) is None


def test_a_miss_during_review_starts_the_rounds_again():
    at1 = T0 + DAY
    again = at1 + 3 * DAY
    assert schedule([(False, T0), (True, at1), (False, again)]) == (again + DAY, 1)


@pytest.fixture
def app(tmp_path):
    app = isolated_app(tmp_path / "instance")
    with app.app_context():
        yield app


def test_due_reads_the_stored_attempts_and_the_clock_passed_in(app):
    progress.record_answer("learner-abc-123", "force-of-nature", "two-predict", correct=False,
                           answer={"amount": 6}, at=T0)
    progress.record_answer("learner-abc-123", "force-of-nature", "which-illegal", correct=True,
                           answer={"option": "x"}, at=T0)
    assert practice.due("learner-abc-123", T0 + DAY - timedelta(seconds=1)) == []
    due = practice.due("learner-abc-123", T0 + DAY)
    assert [(r.lesson_id, r.step_id, r.round) for r in due] == [
        ("force-of-nature", "two-predict", 1)]
    progress.record_answer("learner-abc-123", "force-of-nature", "two-predict", correct=True,
                           answer={"amount": 4}, at=T0 + DAY)
    assert practice.due("learner-abc-123", T0 + 3 * DAY) == []
    assert practice.due("learner-abc-123", T0 + 4 * DAY)[0].round == 2
    assert practice.due(None, T0) == []


def test_a_similar_board_asked_as_a_steps_review_moves_that_steps_review_on(app):
    progress.record_answer("learner-abc-123", "force-of-nature", "two-predict", correct=False,
                           answer={"amount": 6}, at=T0)
    # a right answer on another board of the lesson reviews nothing unless it names the step
    practice.record("learner-abc-123", "force-of-nature", "number", 11, correct=True, answer=4,
                    at=T0 + DAY)
    assert [(r.step_id, r.round) for r in practice.due("learner-abc-123", T0 + DAY)] == [
        ("two-predict", 1)]
    practice.record("learner-abc-123", "force-of-nature", "number", 12, correct=True, answer=4,
                    at=T0 + DAY, review_step="two-predict")
    assert practice.due("learner-abc-123", T0 + 3 * DAY) == []
    assert [(r.step_id, r.round) for r in practice.due("learner-abc-123", T0 + 4 * DAY)] == [
        ("two-predict", 2)]
    # a miss on the review board starts the step's rounds again
    practice.record("learner-abc-123", "force-of-nature", "number", 13, correct=False, answer=9,
                    at=T0 + 4 * DAY, review_step="two-predict")
    due = practice.due("learner-abc-123", T0 + 5 * DAY)
    assert [(r.step_id, r.kind, r.round) for r in due] == [("two-predict", None, 1)]


def test_a_missed_practice_board_comes_back_as_its_lesson_and_kind(app):
    practice.record("learner-abc-123", "marked-damage", "legal", 1, correct=False, answer=True,
                    at=T0)
    practice.record("learner-abc-123", "marked-damage", "number", 2, correct=True, answer=3,
                    at=T0)
    assert practice.due("learner-abc-123", T0 + DAY - timedelta(seconds=1)) == []
    due = practice.due("learner-abc-123", T0 + DAY)
    assert [(r.lesson_id, r.step_id, r.kind, r.round) for r in due] == [
        ("marked-damage", None, "legal", 1)]
    # any later board of that lesson and kind, once due, is its review
    practice.record("learner-abc-123", "marked-damage", "legal", 3, correct=True, answer=False,
                    at=T0 + DAY)
    assert practice.due("learner-abc-123", T0 + 3 * DAY) == []
    assert practice.due("learner-abc-123", T0 + 4 * DAY)[0].round == 2


def test_only_the_first_answer_to_a_board_is_kept_and_mastery_counts_right_ones(app):
    first = practice.record("learner-abc-123", "marked-damage", "number", 7, correct=False,
                            answer=3, at=T0)
    again = practice.record("learner-abc-123", "marked-damage", "number", 7, correct=True,
                            answer=4)
    assert again == first and not again.correct
    for seed in (8, 9):
        practice.record("learner-abc-123", "marked-damage", "legal", seed, correct=True,
                        answer=True, at=T0)
    now = T0 + DAY
    standing = practice.standings("learner-abc-123", now)["marked-damage"]
    assert standing.streak == 2 and not standing.mastered  # the miss came first
    practice.record("learner-abc-123", "marked-damage", "assign", 10, correct=True, answer={},
                    at=T0 + DAY)
    standing = practice.standings("learner-abc-123", now)["marked-damage"]
    assert standing.streak == 3 and standing.mastered and standing.last_at == T0 + DAY
    assert practice.standings("learner-abc-123", now + 14 * DAY)["marked-damage"].review
    assert practice.standings(None, now) == {}
    assert practice.answered("learner-abc-123") == 4
    assert practice.get("someone-else-123", first.id) is None


def test_the_streak_follows_the_time_answers_were_given_not_their_ids(app):
    """An answer imported from another device later (a new id) but given earlier counts earlier."""
    for seed, day in ((1, 1), (2, 2), (3, 3)):
        practice.record("learner-abc-123", "two-blockers", "number", seed, correct=True,
                        answer=1, at=T0 + day * DAY)
    practice.record("learner-abc-123", "two-blockers", "number", 4, correct=False, answer=0,
                    at=T0)
    standing = practice.standings("learner-abc-123", T0 + 4 * DAY)["two-blockers"]
    assert standing.mastered and standing.streak == 3
