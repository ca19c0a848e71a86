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
