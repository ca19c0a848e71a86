"""An attempt answered to a generated question an older generator made (saved before references
carried a version): the candidate's pages, the owner's statistics and CSV say it was replaced and
keep its mark as recorded; they never pair the old answer with today's board. A reference that
can't be read is a 410 that says so, never a 500."""

from __future__ import annotations

import csv
import io

import pytest
from sqlalchemy import select

from tests.conftest import csrf_token
from webapp.content.generate import GENERATOR_VERSION
from webapp.content.questions import resolve
from webapp.services import quizzes
from webapp.services.database import db
from webapp.services.models import QuizAnswer, QuizAttempt

NOW = [{"gen": [1, 5, n], "v": GENERATOR_VERSION} for n in (1, 2)]
OLD = [{"gen": [1, 5, n]} for n in (1, 2)]  # today's stored shape: the generator before v2
REPLACED = "replaced by a corrected version after it was answered"


def old_attempt(app, *, submitted: bool, answers=((1, 3, True),), refs=OLD):
    """A quiz and an attempt at it saved before versions, with `answers` (position, given,
    correct) recorded; the quiz's owner token and the attempt's token."""
    with app.app_context():
        quiz = quizzes.create("Old night", NOW, "exam", 70)
        token = quizzes.take(quiz, "Ann")
        row = db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))
        row.questions = list(refs)
        for position, given, correct in answers:
            db.session.add(QuizAnswer(attempt_id=row.id, position=position, answer=given,
                                      correct=correct))
        db.session.commit()
        if submitted:
            quizzes.submit(token)
        return quiz.owner_token, token


def today(n: int) -> dict:
    return resolve(NOW[n - 1])


def test_the_question_page_says_it_was_replaced_and_shows_no_new_board(client, app):
    _, token = old_attempt(app, submitted=False)
    html = client.get(f"/quiz/a/{token}/1").get_data(as_text=True)
    assert REPLACED in html and "✓" in html  # the mark as recorded
    assert today(1)["prompt"][:50].replace("'", "&#39;") not in html
    assert 'value="answer"' not in html  # nothing to answer
    fresh = client.get(f"/quiz/a/{token}/2").get_data(as_text=True)  # not answered: today's
    assert today(2)["prompt"][:50].replace("'", "&#39;") in fresh and REPLACED not in fresh


def test_an_answer_to_a_replaced_question_is_refused_and_the_record_kept(client, app):
    _, token = old_attempt(app, submitted=False)
    url = f"/quiz/a/{token}/1"
    refused = client.post(url, data={"csrf_token": csrf_token(client, "/quiz"), "op": "answer",
                                     "answer": "0"})
    assert refused.status_code == 409 and REPLACED in refused.get_data(as_text=True)
    moved = client.post(url, data={"csrf_token": csrf_token(client, "/quiz"), "op": "next"})
    assert moved.status_code == 303 and moved.headers["Location"].endswith(f"/{token}/2")
    with app.app_context():
        assert quizzes.get(token).answers == {1: (3, True)}


def test_the_review_keeps_the_mark_and_shows_no_new_key(client, app):
    _, token = old_attempt(app, submitted=True)
    html = client.get(f"/quiz/a/{token}/review").get_data(as_text=True)
    assert REPLACED in html and 'class="tag ok"' in html  # right, as recorded
    assert today(1)["prompt"][:50].replace("'", "&#39;") not in html


def test_the_owner_counts_only_answers_to_todays_question_and_the_csv_says_replaced(client, app):
    owner, _ = old_attempt(app, submitted=True)
    html = client.get(f"/quiz/o/{owner}").get_data(as_text=True)
    assert "1 answer was given to an earlier version of this generated question" in html
    assert today(1)["prompt"][:50].replace("'", "&#39;") in html  # the quiz offers today's
    rows = list(csv.DictReader(io.StringIO(
        client.get(f"/quiz/o/{owner}/results.csv").get_data(as_text=True)
        .removeprefix("\ufeff"))))
    first = rows[0]
    assert (first["type"], first["correct"], first["key"]) == ("replaced", "true", "")
    assert "replaced by a corrected version" in first["answer"]


@pytest.mark.parametrize("ref", [{"gen": [1, 5]}, {"gen": "1,5,1"}, {"gen": [1, 5, 1], "v": 99},
                                 {"gen": [1, 5, 1], "v": 0}, {"nothing": 1}])
def test_a_reference_that_cant_be_read_is_a_410_not_a_500(client, app, ref):
    owner, token = old_attempt(app, submitted=True, answers=(), refs=[ref, NOW[1]])
    for url in (f"/quiz/a/{token}/1", f"/quiz/a/{token}/review", f"/quiz/o/{owner}/results.csv"):
        gone = client.get(url)
        assert gone.status_code == 410, url
        assert "can’t read" in gone.get_data(as_text=True) or url.endswith(".csv")


# --- a class on a quiz --------------------------------------------------------------------------


def test_a_class_made_from_an_old_quiz_runs_todays_questions(app):
    from tests.web.test_class_quiz import QuizHost
    from webapp.services.models import Class, Quiz
    with app.app_context():
        quiz = quizzes.create("Old night", NOW, "practice", 70)
        row = db.session.scalar(select(Quiz).where(Quiz.owner_token == quiz.owner_token))
        row.questions = list(OLD)
        db.session.commit()
    host = QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}")
    with app.app_context():
        room = db.session.scalar(select(Class).where(Class.code == host.code))
        assert room.questions == NOW


def test_a_class_saved_on_an_old_question_keeps_its_answers_and_takes_no_new_one(app):
    from tests.web.test_class_quiz import QuizHost, QuizLearner, stored
    from webapp.services.models import Class
    with app.app_context():
        quiz = quizzes.create("Old night", NOW, "practice", 70)
    host = QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}")
    with app.app_context():  # a class created before versions
        room = db.session.scalar(select(Class).where(Class.code == host.code))
        room.questions = list(OLD)
        db.session.commit()
    ana = QuizLearner(app, host.code, "Ana")
    host.go(1)
    page = ana.client.get(f"/class/{host.code}/play").get_data(as_text=True)
    assert REPLACED in page and today(1)["prompt"][:50].replace("'", "&#39;") not in page
    refused = ana.send(1, {"amount": "3"})
    assert refused.status_code == 400 and "can’t be answered any more" in \
        refused.get_data(as_text=True)
    assert stored(app) == []
    assert host.post("/show", what="answer").status_code == 303
    assert REPLACED in host.page("/projector")
    assert "since replaced by a corrected version" in host.page()
    assert host.post("/move", op="end", confirmed="1").status_code == 303
    review = ana.client.get(f"/class/{host.code}/review").get_data(as_text=True)
    assert REPLACED in review and "The answer:" not in review


@pytest.mark.parametrize("lang, said", [("fr", "par une version corrigée"),
                                        ("ja", "修正版に置き換えられ")])
def test_the_replaced_note_is_in_the_pages_language(client, app, lang, said):
    owner, token = old_attempt(app, submitted=True)
    headers = {"Accept-Language": lang}
    for url in (f"/quiz/a/{token}/1", f"/quiz/a/{token}/review", f"/quiz/o/{owner}"):
        assert said in client.get(url, headers=headers).get_data(as_text=True), url
