"""A lesson's check (issue 24 item 4): "Done" once every question has an answer *and* one new
board of the lesson is right the first time. A miss offers another board; a check answered
before the questions are leaves the lesson open and says what is left; a lesson already done
isn't checked again."""

from __future__ import annotations

import re

import pytest

from tests.web.test_learn import CURRICULUM, post, right_answer, text
from tests.web.test_practice import answer, board_on, csrf, question, right, wrong

LESSON = CURRICULUM.lesson("force-of-nature")


@pytest.fixture
def client(make_app):
    return make_app().test_client()


def answer_every_question(client, lesson=LESSON) -> None:
    for step in lesson.steps:
        if step.type in ("practice", "predict", "choice", "legal"):
            assert post(client, lesson.id, step.id, right_answer(step)).status_code == 303


def finish(client, lesson=LESSON):
    return client.post(f"/learn/{lesson.id}/finish",
                       data={"csrf_token": csrf(client), "lesson": lesson.id})


def check_board(client, lesson=LESSON) -> tuple[str, str]:
    go = client.get(f"/learn/{lesson.id}/check")
    assert go.status_code == 303
    assert re.fullmatch(rf"/learn/practice\?lesson={lesson.id}&kind=\w+&seed=\d+&mode=check",
                        go.headers["Location"])
    html = client.get(go.headers["Location"]).get_data(as_text=True)
    return html, board_on(html)


def done(client, lesson=LESSON) -> bool:
    return f"Lesson {lesson.number} done" in client.get(
        f"/learn/{lesson.id}/finish").get_data(as_text=True)


def test_unknown_lessons_have_no_check(client):
    assert client.get("/learn/no-such-lesson/check").status_code == 404


def test_every_question_answered_leads_to_the_check_and_a_right_board_makes_it_done(client):
    answer_every_question(client)
    response = finish(client)
    assert response.status_code == 303 and response.headers["Location"] == \
        f"/learn/{LESSON.id}/check"
    assert not done(client)
    page = text(client.get(f"/learn/{LESSON.id}/finish").get_data(as_text=True))
    assert "One last check" in page and "Take the check" in page

    html, token = check_board(client)
    assert f"The check for lesson {LESSON.number}: a new board" in text(html)
    missed = answer(client, token, wrong(question(client.application, token)[1]))
    page = text(client.get(missed.headers["Location"]).get_data(as_text=True))
    assert "Not quite" in page and "Try another board" in page and not done(client)
    assert f'href="/learn/{LESSON.id}/check"' in client.get(
        missed.headers["Location"]).get_data(as_text=True)
    assert finish(client).headers["Location"] == f"/learn/{LESSON.id}/check"  # still to pass

    _, token = check_board(client)
    passed = answer(client, token, right(question(client.application, token)[1]))
    page = text(client.get(passed.headers["Location"]).get_data(as_text=True))
    assert f"Check passed: lesson {LESSON.number} is done." in page and done(client)
    assert finish(client).headers["Location"] == f"/learn/{LESSON.id}/finish"  # no second check


def test_a_check_answered_before_the_questions_leaves_the_lesson_open(client):
    _, token = check_board(client)
    response = answer(client, token, right(question(client.application, token)[1]), hx=True)
    html = text(response.get_data(as_text=True))
    assert "Right. The lesson is done once its questions all have an answer too." in html
    assert not done(client)
    # its right answer counts once the questions are answered: Finish needs no second board
    answer_every_question(client)
    assert finish(client).headers["Location"] == f"/learn/{LESSON.id}/finish" and done(client)


def test_a_right_similar_board_earlier_is_the_check_a_miss_since_is_not(client):
    answer_every_question(client)
    similar = client.get(f"/learn/{LESSON.id}/{LESSON.steps[2].id}/similar")
    html = client.get(similar.headers["Location"]).get_data(as_text=True)
    token = board_on(html)
    answer(client, token, wrong(question(client.application, token)[1]))
    assert finish(client).headers["Location"] == f"/learn/{LESSON.id}/check"
