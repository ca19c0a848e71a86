"""The progress service, without requests: plain ids in, plain records out, committed on return."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text

from webapp.services import db, progress


@pytest.fixture
def ctx(make_app):
    app = make_app()
    with app.app_context():
        yield app


def test_a_learner_has_nothing_until_they_answer(ctx):
    assert progress.lessons(None) == {} and progress.to_review(None) == []
    assert progress.lessons("nobody-at-all") == {}
    assert not progress.learner_exists("nobody-at-all")


def test_record_answer_creates_the_learner_and_bookmarks_the_step(ctx):
    attempt = progress.record_answer("learner-abc-123", "force-of-nature", "two-predict",
                                     correct=True, answer={"amount": 4})
    assert progress.learner_exists("learner-abc-123")
    assert attempt.correct and attempt.answer == {"amount": 4}
    state = progress.lessons("learner-abc-123")["force-of-nature"]
    assert state.current_step == "two-predict" and not state.done


def test_answers_are_committed_when_record_answer_returns(ctx):
    progress.record_answer("learner-abc-123", "l", "s", correct=False, answer={"option": "x"})
    url = ctx.config["SQLALCHEMY_DATABASE_URI"]
    other = create_engine(url)  # a different connection sees it at once
    with other.connect() as connection:
        assert connection.execute(text("select count(*) from step_attempts")).scalar() == 1
    other.dispose()


def test_the_latest_attempt_decides_review(ctx):
    me = "learner-abc-123"
    progress.record_answer(me, "l", "a", correct=False, answer={"amount": 1})
    progress.record_answer(me, "l", "b", correct=False, answer={"amount": 1})
    progress.record_answer(me, "l", "a", correct=True, answer={"amount": 2})
    assert [(a.lesson_id, a.step_id) for a in progress.to_review(me)] == [("l", "b")]
    progress.record_answer(me, "l", "a", correct=False, answer={"amount": 3})
    assert [a.step_id for a in progress.to_review(me)] == ["b", "a"]
    assert progress.latest_attempts(me, "l")[("l", "a")].answer == {"amount": 3}
    assert progress.latest_attempts(me, "other") == {}


def test_review_is_per_learner(ctx):
    progress.record_answer("learner-abc-123", "l", "a", correct=False, answer={})
    assert progress.to_review("learner-xyz-789") == []


def test_visit_moves_the_bookmark_and_completion_is_kept(ctx):
    me = "learner-abc-123"
    progress.visit(me, "l", "one")
    first = progress.lessons(me)["l"]
    progress.visit(me, "l", "two")
    assert progress.lessons(me)["l"].current_step == "two"
    progress.complete_lesson(me, "l", "last")
    done_at = progress.lessons(me)["l"].completed_at
    progress.visit(me, "l", "one")  # reading an early step again doesn't undo "done"
    progress.complete_lesson(me, "l", "last")
    state = progress.lessons(me)["l"]
    assert state.done and state.completed_at == done_at and state.started_at == first.started_at


def test_get_attempt_only_returns_the_learners_own(ctx):
    attempt = progress.record_answer("learner-abc-123", "l", "a", correct=True, answer={})
    assert progress.get_attempt("learner-abc-123", attempt.id) == attempt
    assert progress.get_attempt("learner-xyz-789", attempt.id) is None
    assert progress.get_attempt(None, attempt.id) is None
    assert progress.get_attempt("learner-abc-123", 10**9) is None


def test_a_lost_race_to_create_the_bookmark_is_retried_as_an_update(ctx):
    me = "learner-abc-123"
    progress.ensure_learner(me)
    # Another process inserts the same progress row between our read and our commit.
    from webapp.services.models import LessonProgress
    real_bookmark = progress._bookmark
    raced = []

    def racing_bookmark(learner_id, lesson_id, step_id):
        if not raced:
            raced.append(True)
            other = create_engine(ctx.config["SQLALCHEMY_DATABASE_URI"])
            with other.begin() as connection:
                connection.execute(text(
                    "insert into lesson_progress (learner_id, lesson_id, current_step, started_at,"
                    " updated_at) values (:l, 'l', 'theirs', '2026-01-01', '2026-01-01')"), {"l": me})
            other.dispose()
            state = LessonProgress(learner_id=learner_id, lesson_id=lesson_id,
                                   current_step=step_id, started_at=progress.utcnow(),
                                   updated_at=progress.utcnow())
            db.session.add(state)
            return state
        return real_bookmark(learner_id, lesson_id, step_id)

    progress._bookmark = racing_bookmark
    try:
        attempt = progress.record_answer(me, "l", "mine", correct=True, answer={"amount": 1})
    finally:
        progress._bookmark = real_bookmark
    assert progress.lessons(me)["l"].current_step == "mine"
    assert progress.get_attempt(me, attempt.id) is not None
    assert len(progress.latest_attempts(me)) == 1
