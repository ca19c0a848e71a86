"""The Quiz through the test client: start, every question type answered and graded by the core,
practice feedback, exam results at the end, and bad input refused with a message."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from webapp.content.generate import TYPES, generate
from webapp.services import quizzes


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


def start(client, mode="practice", count="6", tier="2", name="Nia"):
    return client.post("/quiz", data={"csrf_token": csrf_token(client, "/quiz"), "name": name,
                                      "tier": tier, "mode": mode, "count": count})


def attempt_of(app, response):
    token = response.headers["Location"].split("/a/")[1].split("/")[0]
    with app.app_context():
        return quizzes.get(token)


def right_answer(q: dict) -> dict:
    """The form fields a judge who knows the key would send."""
    if q["type"] == "number":
        return {"amount": str(q["answer"])}
    if q["type"] == "legal":
        return {"verdict": "legal" if q["answer"] else "illegal"}
    if q["type"] in ("rule", "one"):
        return {"option": q["answer"]}
    if q["type"] == "many":
        return {"option": q["answer"]}
    return {f"dmg:{a}:{r}": str(n) for a, row in q["example"].items() for r, n in row.items()}


def test_the_quiz_page_is_in_the_navigation_and_offers_tiers_and_modes(client):
    html = client.get("/").get_data(as_text=True)
    assert 'href="/quiz"' in html
    page = client.get("/quiz").get_data(as_text=True)
    assert 'name="tier" value="3"' in page and 'value="exam"' in page and "70%" in page


@pytest.mark.parametrize("fields, message", [
    ({"name": ""}, "Enter your name"), ({"tier": "7"}, "Choose a tier"),
    ({"mode": "speedrun"}, "Choose practice or exam"), ({"count": "²"}, "from 1 to 50"),
    ({"count": "500"}, "from 1 to 50")])
def test_a_quiz_that_cant_start_says_why_and_keeps_what_was_typed(client, fields, message):
    data = {"csrf_token": csrf_token(client, "/quiz"), "name": "Nia <b>", "tier": "1",
            "mode": "practice", "count": "", **fields}
    response = client.post("/quiz", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and message in html
    if fields != {"name": ""}:
        assert 'value="Nia &lt;b&gt;"' in html


def test_starting_needs_a_csrf_token(client):
    response = client.post("/quiz", data={"name": "Nia", "tier": "1", "mode": "practice"})
    assert response.status_code == 400


def test_a_practice_quiz_grades_every_type_with_the_key_and_explains_it(client, app):
    response = start(client, count=str(len(TYPES)))
    assert response.status_code == 303
    attempt = attempt_of(app, response)
    questions = generate(attempt.tier, attempt.count, attempt.seed)
    assert {q["type"] for q in questions} == set(TYPES)
    for n, q in enumerate(questions, start=1):
        url = f"/quiz/a/{attempt.token}/{n}"
        assert client.get(url).status_code == 200
        answered = client.post(url, data={"csrf_token": csrf_token(client, "/quiz"),
                                          **right_answer(q)})
        assert answered.status_code == 303 and answered.headers["Location"].endswith("#feedback")
        html = client.get(url).get_data(as_text=True)
        assert "Right!" in html, (q["type"], q["id"])
        assert q["rules"][0] in html
    review = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert f"{len(TYPES)} of {len(TYPES)} right (100%)" in review


def test_an_exam_shows_nothing_until_the_end_and_then_passes_or_fails(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="3"))
    questions = generate(attempt.tier, attempt.count, attempt.seed)
    token = csrf_token(client, "/quiz")
    first = client.post(f"/quiz/a/{attempt.token}/1", data={"csrf_token": token,
                                                            **right_answer(questions[0])})
    assert first.headers["Location"] == f"/quiz/a/{attempt.token}/2"
    html = client.get(f"/quiz/a/{attempt.token}/1").get_data(as_text=True)
    assert "Answer saved" in html and "Right!" not in html and "Why" not in html
    client.post(f"/quiz/a/{attempt.token}/2", data={"csrf_token": token,
                                                     **right_answer(questions[1])})
    last = client.post(f"/quiz/a/{attempt.token}/3", data={"csrf_token": token, "amount": "998",
                                                           "verdict": "legal", "option": "zz"})
    if last.status_code == 303:
        assert last.headers["Location"] == f"/quiz/a/{attempt.token}/review"
    review = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert "Passed (70% needed)" in review or "not answered yet" in review or \
        "Not passed (70% needed)" in review


def test_the_first_answer_counts(client, app):
    attempt = attempt_of(app, start(client, count="1", tier="1"))
    q = generate(attempt.tier, 1, attempt.seed)[0]
    url = f"/quiz/a/{attempt.token}/1"
    token = csrf_token(client, "/quiz")
    client.post(url, data={"csrf_token": token, "amount": str(q["answer"] + 1)})
    client.post(url, data={"csrf_token": token, **right_answer(q)})
    assert "Not quite" in client.get(url).get_data(as_text=True)


def test_bad_answers_get_a_400_with_a_message_and_nothing_is_stored(client, app):
    attempt = attempt_of(app, start(client, count="1", tier="1"))
    url = f"/quiz/a/{attempt.token}/1"
    for bad in ("", "²", "-3", "1000", "<script>"):
        response = client.post(url, data={"csrf_token": csrf_token(client, "/quiz"), "amount": bad})
        assert response.status_code == 400
        assert "<script>" not in response.get_data(as_text=True)
    with app.app_context():
        assert quizzes.get(attempt.token).answers == {}


@pytest.mark.parametrize("path", ["/quiz/a/nope/1", "/quiz/a/{token}/0", "/quiz/a/{token}/99",
                                  "/quiz/a/{token}x/review", "/quiz/a/" + "x" * 300 + "/1"])
def test_unknown_attempts_and_questions_are_not_found(client, app, path):
    attempt = attempt_of(app, start(client, count="2"))
    assert client.get(path.format(token=attempt.token)).status_code == 404


def test_an_assign_question_uses_the_live_check(client, app):
    for seed_try in range(5):
        attempt = attempt_of(app, start(client, count=str(len(TYPES))))
        questions = generate(attempt.tier, attempt.count, attempt.seed)
        n, q = next((i, q) for i, q in enumerate(questions, start=1) if q["type"] == "assign")
        live = client.post(f"/quiz/a/{attempt.token}/{n}/live",
                           data={"csrf_token": csrf_token(client, "/quiz"), **right_answer(q)},
                           headers={"HX-Request": "true"})
        assert live.status_code == 200
        text = live.get_data(as_text=True)
        assert "Legal" in text and "hx-swap-oob" in text and "<html" not in text
        return
    pytest.fail("no assign question")


def test_names_are_escaped_on_the_results(client, app):
    attempt = attempt_of(app, start(client, count="1", name="<img src=x onerror=alert(1)>"))
    html = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert "<img src=x" not in html and "&lt;img src=x" in html
