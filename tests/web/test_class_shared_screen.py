"""A class's new screen is rendered once for the room (webapp/views/classroom/shared.py): each
phone's copy must be, byte for byte, the page its own render gives (its nickname, its rejoin
code, its session's CSRF token), and never show another phone's answer."""

from __future__ import annotations

import re

from tests.conftest import shipped_catalogue
from tests.web.test_class import HX, LEGAL, LESSON, PRACTICE, STEP_ID, Host, Learner
from tests.web.test_class_quiz import QUESTIONS, QuizHost, QuizLearner, make_quiz
from webapp.live.memo import Memo

# A session's CSRF token, in a form and in htmx's headers: it carries the second it was signed, so
# two renders of one page may differ there alone (test_a_phone_that_answered... checks that the
# copy's token is the phone's own).
TOKEN = re.compile(r'(name="csrf_token" value="|"X-CSRFToken": ")[^"]+(")')


def moved(learner, **headers) -> str:
    """What the phone's poll brings when the class has moved (a poll for an older version)."""
    response = learner.client.get(f"/class/{learner.code}/sync?v=old", headers={**HX, **headers})
    assert response.headers["HX-Retarget"] == "#class-screen", response.headers
    return response.get_data(as_text=True)


def shared_and_own(app, learner, **headers) -> tuple[str, str]:
    shared = moved(learner, **headers)
    kept = app.extensions["class_screens"]
    app.extensions["class_screens"] = Memo(0)  # each phone's own render
    try:
        own = moved(learner, **headers)
    finally:
        app.extensions["class_screens"] = kept
    return shared, own


def assert_same(app, learner, **headers) -> str:
    shared, own = shared_and_own(app, learner, **headers)
    assert TOKEN.sub(r"\1T\2", shared) == TOKEN.sub(r"\1T\2", own)
    assert "\ue000" not in shared
    return shared


def test_every_step_of_a_lesson_class_is_each_phones_own_page(app):
    host = Host(app)
    ana = Learner(app, host.code, "Ana")
    bo = Learner(app, host.code, 'Bo & "the" best', address="10.0.0.2")
    zoe = Learner(app, host.code, "Zoë", address="10.0.0.3")
    for phone in (ana, bo):
        assert_same(app, phone)  # the lobby
    assert_same(app, zoe, **{"Accept-Language": "fr"})
    for n in range(1, len(shipped_catalogue().curriculum.lesson(LESSON).steps) + 1):
        host.go(n)
        for phone in (ana, bo):
            page = assert_same(app, phone)
            assert re.search(r'<span aria-hidden="true">([^<]+)</span>', page.split(
                'class="bar-who"')[1]).group(1) in ("Ana", "Bo &amp; &#34;the&#34; best")
        french = assert_same(app, zoe, **{"Accept-Language": "fr"})
        assert "Zoë" in french and "Ana" not in french.split('class="bar-who"')[1][:400]
    assert app.extensions["class_screens"].hits > 0  # the room's render was shared


def test_a_phone_that_answered_gets_its_own_page_and_the_others_never_see_its_answer(app):
    host = Host(app)
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo", address="10.0.0.2")
    host.go(PRACTICE)
    token = re.search(r'name="csrf_token" value="([^"]+)"', moved(bo)).group(1)
    assert ana.answer(LEGAL, **HX).status_code == 200
    mine = assert_same(app, ana)
    theirs = assert_same(app, bo)
    assert "Right!" in mine and "Right!" not in theirs
    # the token in the shared copy is Bo's own: his answer with it is taken
    response = bo.client.post(f"/class/{bo.code}/answer", headers=HX, data={
        "csrf_token": token, "lesson": LESSON, "step": STEP_ID, **LEGAL})
    assert response.status_code == 200 and "Right!" in response.get_data(as_text=True)


def test_every_question_of_a_quiz_class_is_each_phones_own_page(app):
    quiz = make_quiz(app)
    host = QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}")
    ana = QuizLearner(app, host.code, "Ana")
    bo = QuizLearner(app, host.code, "Bo", address="10.0.0.2")
    assert_same(app, ana)
    for n in range(1, len(QUESTIONS) + 1):
        host.go(n)
        assert_same(app, ana)
        assert_same(app, bo, **{"Accept-Language": "ja"})
