"""Editing a shared quiz's questions, from the service directly: the rules a judge's changes
keep (order, at most MAX_QUESTIONS, locked once taken, own questions re-keyed, deadlines)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from webapp.catalogue import catalogue
from webapp.content.generate import GENERATOR_VERSION
from webapp.services import quizzes
from webapp.services.quizzes import QuizEditError

V = {"v": GENERATOR_VERSION}
A, B, C = ({"gen": [1, 5, n], **V} for n in (1, 2, 3))


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


def _stored_refs(quiz, refs):
    """Store refs as an older app did (no version): straight into the row."""
    from webapp.services.database import db
    from webapp.services.models import Quiz
    row = db.session.scalar(db.select(Quiz).where(Quiz.owner_token == quiz.owner_token))
    row.questions = refs
    db.session.commit()


def test_an_old_version_quiz_offers_todays_questions_and_attempts_keep_what_was_answered(ctx):
    old = [{"gen": [1, 5, 1]}, {"gen": [1, 5, 2]}]
    quiz = quizzes.create("Old", [A, B], "exam", 70)
    _stored_refs(quiz, old)
    assert quizzes.shared(owner=quiz.owner_token).questions == [A, B]  # nobody answered: today's
    token = quizzes.take(quizzes.shared(owner=quiz.owner_token), "Ann")
    assert quizzes.get(token).questions == [A, B]
    # an attempt started before the new generator, one question answered to the old version
    from webapp.services.database import db
    from webapp.services.models import QuizAttempt
    row = db.session.scalar(db.select(QuizAttempt).where(QuizAttempt.token == token))
    row.questions = old
    db.session.commit()
    assert quizzes.get(token).questions == [A, B]  # not answered yet: today's
    db.session.add(quizzes.QuizAnswer(attempt_id=row.id, position=1, answer=3, correct=True))
    db.session.commit()
    assert quizzes.get(token).questions == [old[0], B]  # answered: stays the old version
    assert quizzes.answer(token, 2, 4, False) == quizzes.STORED
    db.session.expire_all()
    assert quizzes.get(token).questions == [old[0], B]
    assert row.questions == [old[0], B]  # the answer to question 2 names today's question
