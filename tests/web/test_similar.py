""""Try a similar one" (issue 24 item 3): after any answer to a lesson step, right or wrong, a
plain link opens a fresh practice board with that lesson's idea and the step's kind of question,
stored as endless practice stores its boards; no JavaScript needed, finished lesson or not."""

from __future__ import annotations

import re

import pytest

from tests.web.test_learn import CURRICULUM, post, right_answer
from tests.web.test_practice import board_on, csrf, question, right

ASKED = [(lesson, step) for lesson in CURRICULUM.lessons for step in lesson.steps
         if step.type in ("practice", "predict", "choice", "legal")]
KINDS = {"practice": "assign", "predict": "number", "legal": "legal", "choice": "number"}


def similar_link(client, lesson, step, data) -> str:
    response = post(client, lesson.id, step.id, data)
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    found = re.search(r'<p class="similar"><a href="([^"]+)">Try a similar one</a>', page)
    assert found, f"{lesson.id}/{step.id}: no 'Try a similar one' after the answer"
    return found.group(1)


@pytest.mark.parametrize("lesson,step", [ASKED[0], ASKED[-1], *[
    next((lesson, s) for lesson, s in ASKED if s.type == kind) for kind in KINDS]],
    ids=lambda x: getattr(x, "id", None))
def test_a_step_answered_offers_a_fresh_board_of_its_lessons_idea(client, app, lesson, step):
    link = similar_link(client, lesson, step, right_answer(step))
    assert link == f"/learn/{lesson.id}/{step.id}/similar"
    first, second = client.get(link), client.get(link)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] != second.headers["Location"]  # a new board each time
    page = client.get(first.headers["Location"])
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    shown, q = question(app, board_on(html))
    assert shown.id == lesson.id and q["type"] == KINDS[step.type]
    # the board is practice's: answering it stores the answer and shows its feedback
    answered = client.post("/learn/practice", data={"csrf_token": csrf(client), "op": "answer",
                                                   "board": board_on(html), **right(q)})
    assert answered.status_code == 303
    feedback = client.get(answered.headers["Location"]).get_data(as_text=True)
    assert "Right!" in feedback or "✓" in feedback


def test_a_wrong_answer_offers_one_too(client):
    lesson, step = next((lesson, s) for lesson, s in ASKED if s.type == "predict")
    assert similar_link(client, lesson, step, {"amount": "999"}).endswith("/similar")


def test_a_similar_board_is_the_same_board_for_the_same_address(client, app):
    lesson = CURRICULUM.lesson("doublers-and-preventers")
    url = f"/learn/practice?lesson={lesson.id}&kind=number&seed=12345"
    one, two = (client.get(url).get_data(as_text=True) for _ in range(2))
    assert question(app, board_on(one))[1] == question(app, board_on(two))[1]
    assert re.search(r'<p class="effect">(You control Torbran|Your opponent cast Healing Salve)',
                     one)


@pytest.mark.parametrize("query", ["lesson=no-such&kind=number&seed=1",
                                   "lesson=battles&kind=number&seed=99999999999",
                                   "lesson=battles&kind=number&seed=2147483648"])
def test_a_board_address_that_names_nothing_is_404(client, query):
    assert client.get(f"/learn/practice?{query}").status_code == 404


def test_a_similar_link_for_an_unknown_step_is_404(client):
    assert client.get("/learn/battles/no-such-step/similar").status_code == 404
    assert client.get("/learn/no-such/x/similar").status_code == 404


def test_an_htmx_answer_on_a_similar_board_sends_no_count_the_page_lacks(client, app):
    """A learner with no finished lesson has no mastery list on the page: the answer's fragment
    sends none out of band (htmx would find no target)."""
    html = client.get("/learn/practice?lesson=battles&kind=number&seed=7").get_data(as_text=True)
    assert 'id="mastery"' not in html
    _, q = question(app, board_on(html))
    fragment = client.post("/learn/practice", headers={"HX-Request": "true"}, data={
        "csrf_token": csrf(client), "op": "answer", "board": board_on(html), **right(q)})
    assert fragment.status_code == 200
    assert 'id="mastery"' not in fragment.get_data(as_text=True)


def test_practice_leans_toward_the_idea_just_missed(client, app):
    """A miss on a board of one of a lesson's ideas: the next new boards of that lesson exercise
    the same idea (lessons with several ideas; the board is still rebuilt from its seed)."""
    from tests.web.test_practice import finish, wrong

    lesson = CURRICULUM.lesson("deathtouch-limits")
    finish(client, lesson)
    seed = next(s for s in range(50) if question_for(app, client, lesson, s)[1]["idea"]
                == "protection")
    html = client.get(f"/learn/practice?lesson={lesson.id}&kind=number&seed={seed}")
    token = board_on(html.get_data(as_text=True))
    missed = client.post("/learn/practice", data={"csrf_token": csrf(client), "op": "answer",
                                                  "board": token,
                                                  **wrong(question(app, token)[1])})
    assert missed.status_code == 303
    for _ in range(4):
        page = client.get(f"/learn/practice?lesson={lesson.id}").get_data(as_text=True)
        assert question(app, board_on(page))[1]["idea"] == "protection"


def question_for(app, client, lesson, seed):
    html = client.get(f"/learn/practice?lesson={lesson.id}&kind=number&seed={seed}")
    return question(app, board_on(html.get_data(as_text=True)))
