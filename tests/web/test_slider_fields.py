"""Slider fields (`dmg:<attacker>:<recipient>`) read the same way on every surface with sliders.

One reader (webapp/content/fields.py), one policy (issue 20): an amount is a whole number from 0 to
999 written in ASCII digits, anything else is a 400 naming the value and the range; a field for a
slider this board doesn't have is a 400 (except in the sandbox, whose editor changes the board in
the same form: there it is dropped); the first of repeated fields counts. Each surface answers a
live move and an answer the same way: the same status, the same message in the same markup, and
without htmx the whole page again with what the learner had on the sliders.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from itsdangerous import URLSafeSerializer
from werkzeug.datastructures import MultiDict

from tests.conftest import csrf_token
from tests.web.test_class import LEGAL, Host, Learner
from tests.web.test_class_quiz import RIGHT_SPLIT, QuizHost, QuizLearner, make_quiz
from tests.web.test_quiz import questions_of, right_answer, start
from tests.web.test_sandbox import form_of
from webapp.content.generate import TYPES
from webapp.content.practice import ideas_for, practice_question
from webapp.services import quizzes
from webapp.services.answers import sliders

HX = {"HX-Request": "true"}
AMOUNT = "“{}” isn’t a whole number from 0 to 999."
UNKNOWN = "The answer names a slider this board doesn’t have ({})."
BAD_AMOUNTS = ["1000", "-1", "abc", "", "1e3", "٣", "１２", "0x1", "+1", "2.0"]


# --- each surface: how to reach its live check and its answer ------------------------------------


def sandbox(app):
    client = app.test_client()
    html = client.get("/sandbox").get_data(as_text=True)
    base = [(k, v) for k, v in form_of(html) if not k.startswith("dmg:")]

    def post(url):
        return lambda fields, headers: client.post(url, data=MultiDict(base + fields),
                                                   headers=headers)
    return SimpleNamespace(name="sandbox", live=post("/sandbox/live"),
                           answer=lambda fields, headers: post("/sandbox")(
                               fields + [("op", "check")], headers),
                           split=[("dmg:a1:b1", "2"), ("dmg:a1:b2", "2"), ("dmg:a1:b3", "2")],
                           free="dmg:a1:player", kept=("dmg:a1:b1", "2"), editing=True)


def learn(app):
    client = app.test_client()
    url = "/learn/force-of-nature/split-d-practice"
    token = csrf_token(client, url)
    base = [("csrf_token", token), ("lesson", "force-of-nature"), ("step", "split-d-practice")]

    def post(path):
        return lambda fields, headers: client.post(path, data=MultiDict(base + fields),
                                                   headers=headers)
    return SimpleNamespace(name="learn", live=post(url + "/live"), answer=post(url),
                           split=[(k, v) for k, v in LEGAL.items() if k != "dmg:fon:player"],
                           free="dmg:fon:player", kept=("dmg:fon:bears-c", "2"), editing=False)


def practice(app):
    client = app.test_client()
    signer = URLSafeSerializer(app.secret_key, salt="trample-practice")
    lesson = "what-trample-does"
    with app.app_context():
        from webapp.catalogue import catalogue
        found = catalogue().curriculum.lesson(lesson)
        ideas = ideas_for(found)
    q = practice_question(ideas, "assign", 1)
    example = [(f"dmg:{a}:{r}", str(n)) for a, row in q["example"].items() for r, n in row.items()]
    free = f"dmg:{q['goal']['creature']}:player"
    kept = next((k, v) for k, v in example if k != free)
    base = [("csrf_token", csrf_token(client)), ("board", signer.dumps([lesson, "assign", 1]))]

    def post(path):
        return lambda fields, headers: client.post(path, data=MultiDict(base + fields),
                                                   headers=headers)
    return SimpleNamespace(name="practice", live=post("/learn/practice/live"),
                           answer=post("/learn/practice"),
                           split=[(k, v) for k, v in example if k != free], free=free, kept=kept,
                           editing=False)


def quiz(app):
    client = app.test_client()
    for _ in range(10):  # a generated quiz whose assign question has two sliders or more
        response = start(client, count=str(len(TYPES)))
        token = response.headers["Location"].split("/a/")[1].split("/")[0]
        with app.app_context():
            attempt = quizzes.get(token)
        n, q = next((i, q) for i, q in enumerate(questions_of(attempt), 1)
                    if q["type"] == "assign")
        example = right_answer(q)
        board = {k: v for k, v in q["board"].items() if k != "assignment"}
        fields = [(f"dmg:{a}:{r}", example.get(f"dmg:{a}:{r}", "0"))
                  for a, info in sliders(board).items() for r in info["recipients"]]
        if len(fields) > 1:
            break
    free = fields[-1][0]
    url = f"/quiz/a/{token}/{n}"
    base = [("csrf_token", csrf_token(client, "/quiz"))]

    def post(path):
        return lambda more, headers: client.post(path, data=MultiDict(base + more),
                                                 headers=headers)
    return SimpleNamespace(name="quiz", live=post(url + "/live"), answer=post(url),
                           split=[(k, v) for k, v in fields if k != free], free=free,
                           kept=next((k, v) for k, v in fields if k != free), editing=False)


def class_poster(player, code: str, step_fields: list):
    """post(path) -> a function sending a class player's fields to /class/<code>/<path>."""
    base = [("csrf_token", player.csrf), *step_fields]

    def post(path):
        return lambda fields, headers: player.client.post(f"/class/{code}/{path}",
                                                          data=MultiDict(base + fields),
                                                          headers=headers)
    return post


def class_lesson(app):
    host = Host(app)
    ana = Learner(app, host.code, "Ana")
    host.go(5)
    post = class_poster(ana, host.code, [("lesson", "force-of-nature"),
                                         ("step", "split-d-practice")])
    return SimpleNamespace(name="class on a lesson", live=post("live"), answer=post("answer"),
                           split=[(k, v) for k, v in LEGAL.items() if k != "dmg:fon:player"],
                           free="dmg:fon:player", kept=("dmg:fon:bears-c", "2"), editing=False)


def class_quiz(app):
    shared = make_quiz(app)
    host = QuizHost(app, f"http://localhost/quiz/o/{shared.owner_token}")
    ana = QuizLearner(app, host.code, "Ana")
    host.go(4)
    post = class_poster(ana, host.code, [("step", "q4")])
    return SimpleNamespace(name="class on a quiz", live=post("live"), answer=post("answer"),
                           split=[(k, v) for k, v in RIGHT_SPLIT.items() if k != "dmg:a1:player"],
                           free="dmg:a1:player", kept=("dmg:a1:b2", "3"), editing=False,
                           # its answer form is a plain post (no hx-post): the page, always
                           answer_fragment=False)


SURFACES = [sandbox, learn, practice, quiz, class_lesson, class_quiz]
NAMES = ["sandbox", "learn", "practice", "quiz", "class-lesson", "class-quiz"]


@pytest.fixture(params=SURFACES, ids=NAMES)
def surface(request, app):
    return request.param(app)


def refused(response, message: str, *, fragment: bool) -> None:
    """The one way a surface refuses a field: a 400 with the message in the same markup; the
    fragment for htmx, the whole page without it."""
    body = response.get_data(as_text=True)
    assert response.status_code == 400, body[:300]
    assert f'<p class="error-text">{message}</p>' in body
    assert "That answer couldn’t be read" in body
    assert ("<html" not in body) if fragment else ("<html" in body)


def slider_value(body: str, name: str) -> str | None:
    tag = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*>', body)
    value = tag and re.search(r'\bvalue="([^"]*)"', tag.group(0))
    return value.group(1) if value else None


# --- bad amounts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", BAD_AMOUNTS)
@pytest.mark.parametrize("headers", [HX, {}], ids=["htmx", "page"])
def test_a_bad_amount_is_the_same_400_on_every_live_check(surface, raw, headers):
    response = surface.live(surface.split + [(surface.free, raw)], headers)
    refused(response, AMOUNT.format(raw), fragment=bool(headers))


@pytest.mark.parametrize("raw", ["1000", "-1", "abc"])
@pytest.mark.parametrize("headers", [HX, {}], ids=["htmx", "page"])
def test_a_bad_amount_is_the_same_400_on_every_answer(surface, raw, headers):
    response = surface.answer(surface.split + [(surface.free, raw)], headers)
    fragment = bool(headers) and getattr(surface, "answer_fragment", True)
    refused(response, AMOUNT.format(raw), fragment=fragment)


@pytest.mark.parametrize("endpoint", ["live", "answer"])
def test_without_htmx_the_page_keeps_what_the_learner_had(surface, endpoint):
    response = getattr(surface, endpoint)(surface.split + [(surface.free, "1000")], {})
    assert response.status_code == 400
    name, value = surface.kept
    assert slider_value(response.get_data(as_text=True), name) == value


def test_the_largest_amount_is_read_and_spaces_around_a_number_are_not_a_mistake(surface):
    for raw in ("999", " 7 ", "0"):
        response = surface.live(surface.split + [(surface.free, raw)], HX)
        assert response.status_code == 200, (raw, response.get_data(as_text=True)[:300])


# --- unknown sliders -----------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["dmg:zz:player", "dmg:{attacker}:nobody", "dmg:{attacker}",
                                   "dmg:"])
@pytest.mark.parametrize("endpoint", ["live", "answer"])
def test_a_slider_this_board_does_not_have_is_the_same_400_everywhere_but_the_editor(
        surface, field, endpoint):
    attacker = surface.free.split(":")[1]
    name = field.format(attacker=attacker)
    response = getattr(surface, endpoint)(surface.split + [(name, "1")], HX)
    fragment = endpoint == "live" or getattr(surface, "answer_fragment", True)
    if surface.editing:  # the sandbox: the board changes with the form; such fields are dropped
        assert response.status_code == 200
        assert f'name="{name}"' not in response.get_data(as_text=True)
    else:
        refused(response, UNKNOWN.format(name), fragment=fragment)


# --- repeated fields -----------------------------------------------------------------------------


def test_the_first_of_repeated_fields_counts_everywhere(surface):
    fine = surface.live(surface.split + [(surface.free, "0"), (surface.free, "1000")], HX)
    assert fine.status_code == 200
    bad = surface.live(surface.split + [(surface.free, "1000"), (surface.free, "0")], HX)
    refused(bad, AMOUNT.format("1000"), fragment=True)


def test_a_missing_free_slider_is_zero_everywhere(surface):
    assert surface.live(surface.split, HX).status_code == 200
