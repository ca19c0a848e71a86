"""Issue 19, the live class: a quiz class keeps the quiz's rules, the wall's link controls nothing,
and one slip (End, Remove) is asked first and can be undone."""

from __future__ import annotations

import csv
import io
import re

import pytest
from sqlalchemy import select

from webapp.services import classes, db
from webapp.services.models import Class, ClassLearner, ClassResult

from tests.web.test_class import HX, ILLEGAL, LEGAL, PRACTICE, STEP_ID, Host, Learner, text
from tests.web.test_class_quiz import (ASSIGN, LEGAL as LEGAL_Q, NUMBER, ONE, QuizLearner,
                                       make_quiz, token_of)


# --- migration 0008 -----------------------------------------------------------------------------


def test_migrating_0008_down_and_up_keeps_a_running_class_its_learners_and_answers(app):
    from sqlalchemy import text as sql

    from webapp.services import downgrade, upgrade

    def counts():
        with app.app_context():
            found = [db.session.execute(sql(f"select count(*) from {t}")).scalar()
                     for t in ("classes", "class_learners", "class_results")]
            db.session.remove()
            return found

    with app.app_context():
        room = classes.create("force-of-nature")
        classes.move(room, state="running", step=4)
        seat = classes.join(room, "Ana")
        classes.record(room.id, seat.id, STEP_ID, {"x": 1}, correct=True, legal=True,
                       problems=[])
        db.session.remove()
    downgrade(app, "0007")
    assert counts() == [1, 1, 1]
    upgrade(app)
    assert counts() == [1, 1, 1]
    with app.app_context():
        room = db.session.scalar(select(Class))
        assert room.state == "running" and room.step == 4 and room.answer_mode == "retry"
        assert len(room.projector_token) >= 43  # the class from before gets its wall link
        assert db.session.scalar(select(ClassResult)).final_answer == {"x": 1}
        assert db.session.scalar(select(ClassLearner)).removed_at is None


# --- 1. hosting a class on a quiz needs its owner link -------------------------------------------


def new_class(client, **fields):
    csrf = token_of(client.get("/class/new").get_data(as_text=True))
    return client.post("/class/new", data={"csrf_token": csrf, **fields})


@pytest.mark.parametrize("kind", ["take link", "bare take token"])
def test_a_take_link_cannot_host_a_class_and_the_form_keeps_what_was_typed(app, kind):
    quiz = make_quiz(app)
    link = (f"http://localhost/quiz/t/{quiz.take_token}" if kind == "take link"
            else quiz.take_token)
    client = app.test_client()
    response = new_class(client, lesson="force-of-nature", quiz=link)
    assert response.status_code == 400
    page = text(response)
    assert "paste the quiz’s owner link" in page
    assert f'name="quiz" value="{link}"' in page
    with app.app_context():
        assert db.session.scalar(select(Class)) is None  # no class was made


def test_the_owner_link_or_its_bare_token_hosts_a_class(app):
    quiz = make_quiz(app)
    for link in (f"https://192.168.1.5:8000/quiz/o/{quiz.owner_token}", quiz.owner_token):
        response = new_class(app.test_client(), quiz=link)
        assert response.status_code == 303, text(response)
