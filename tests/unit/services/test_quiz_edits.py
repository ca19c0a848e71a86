"""Editing a shared quiz's questions, from the service directly: the rules a judge's changes
keep (order, at most MAX_QUESTIONS, locked once taken, own questions re-keyed, deadlines)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from webapp.catalogue import catalogue
from webapp.services import quizzes
from webapp.services.quizzes import QuizEditError

A, B, C = {"gen": [1, 5, 1]}, {"gen": [1, 5, 2]}, {"gen": [1, 5, 3]}


@pytest.fixture
def ctx(make_app):
    app = make_app()
    with app.app_context():
        yield app


def code(call, *args) -> str:
    with pytest.raises(QuizEditError) as caught:
        call(*args)
    return caught.value.code


def test_moving_and_removing_questions():
    assert quizzes.moved([A, B, C], "up", 2) == [B, A, C]
    assert quizzes.moved([A, B, C], "down", 2) == [A, C, B]
    assert quizzes.moved([A, B, C], "remove", 3) == [A, B]
    assert quizzes.moved([A, B, C], "up", 1) == [A, B, C] == quizzes.moved([A, B, C], "down", 3)


@pytest.mark.parametrize("op, n", [("up", None), ("up", 0), ("remove", 4), ("swap", 1)])
def test_a_move_of_no_question_or_an_unknown_move_is_refused(op, n):
    assert code(quizzes.moved, [A, B, C], op, n) == "no_such_change"


def test_bank_questions_are_added_once_and_unknown_ones_refused(ctx):
    bank = catalogue().bank
    first, second = [q.id for q in bank.of_tier(1)][:2]
    refs = quizzes.with_bank([A, {"bank": first}], [first, second, second], bank)
    assert refs == [A, {"bank": first}, {"bank": second}]
    assert code(quizzes.with_bank, [A], [first, "no-such-question"], bank) == "unknown_bank"
    assert code(quizzes.with_bank, [A], [], bank) == "unknown_bank"


def test_generated_questions_are_added_with_one_fresh_seed():
    refs = quizzes.with_generated([A], 2, 3)
    assert refs[0] == A and [r["gen"][0] for r in refs[1:]] == [2, 2, 2]
    assert len({r["gen"][1] for r in refs[1:]}) == 1
    assert [r["gen"][2] for r in refs[1:]] == [1, 2, 3]
    assert code(quizzes.with_generated, [A], 2, quizzes.MAX_ADD + 1) == "no_such_change"
    assert code(quizzes.with_generated, [A], 9, 1) == "no_such_change"


def test_a_question_list_is_stored_only_within_the_limits_and_until_taken(ctx):
    quiz = quizzes.create("Night", [A], "exam", 70)
    assert code(quizzes.set_questions, quiz.owner_token, []) == "empty"
    too_many = [{"gen": [1, 5, n]} for n in range(1, quizzes.MAX_QUESTIONS + 2)]
    assert code(quizzes.set_questions, quiz.owner_token, too_many) == "too_many"
    quizzes.set_questions(quiz.owner_token, [A, B])
    assert quizzes.shared(owner=quiz.owner_token).questions == [A, B]
    quizzes.take(quizzes.shared(owner=quiz.owner_token), "Zoë 張")
    assert code(quizzes.set_questions, quiz.owner_token, [A]) == "locked"
    assert quizzes.shared(owner=quiz.owner_token).questions == [A, B]


def test_a_judges_question_with_a_wrong_key_is_refused_with_what_is_wrong(ctx):
    quiz = quizzes.create("Night", [A], "exam", 70)
    with pytest.raises(QuizEditError) as caught:
        quizzes.set_questions(quiz.owner_token, [A, quizzes.own_ref({"type": "number"})])
    assert caught.value.code == "own" and str(caught.value) != "own"


def test_an_own_question_gets_a_fresh_id():
    one, two = quizzes.own_ref({"id": "x", "type": "number"}), quizzes.own_ref({"id": "x"})
    assert one["own"]["id"].startswith("own-") and one["own"]["id"] != two["own"]["id"]


def test_a_past_deadline_is_refused_unless_it_is_the_one_the_quiz_has():
    now = datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc)
    later, earlier = now + timedelta(hours=1), now - timedelta(hours=1)
    assert quizzes.new_deadline(later, None, now) == later
    assert quizzes.new_deadline(None, earlier, now) is None
    assert code(quizzes.new_deadline, earlier, None, now) == "past_deadline"
    assert code(quizzes.new_deadline, now, None, now) == "past_deadline"
    stored = earlier.replace(second=30, tzinfo=None)  # SQLite hands it back without a zone
    assert quizzes.new_deadline(earlier, stored, now) is stored
