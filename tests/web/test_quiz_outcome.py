"""After a right split in the quiz, "What the damage does", as Learn shows it (issue 22 item 4):
the sandbox's outcome (webapp.live.dealt, templates/_outcome.html) for the taker's split, in a
practice quiz once answered and in an exam only with the results, never before."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from tests.web.test_quiz import attempt_of, questions_of, right_answer, start, submit
from tests.web.test_sandbox_outcome import events
from webapp.content.generate import TYPES
from webapp.live.outcome import play_out

HEADING = "What the damage does"


@pytest.fixture
def client(make_app):
    return make_app().test_client()


def assign_question(app, client, mode):
    attempt = attempt_of(app, start(client, mode=mode, count=str(len(TYPES)), tier="1"))
    n, q = next((i, q) for i, q in enumerate(questions_of(attempt), 1) if q["type"] == "assign")
    return attempt, n, q


def answer(client, attempt, n, fields):
    url = f"/quiz/a/{attempt.token}/{n}"
    sent = client.post(url, data={"csrf_token": csrf_token(client, "/quiz"), "op": "answer",
                                  **fields})
    assert sent.status_code in (200, 303), sent.get_data(as_text=True)[:400]
    return client.get(url).get_data(as_text=True)


def dealt_total(html: str, attacker: str) -> int:
    """The damage the outcome says the attacker dealt or had prevented, summed over its events."""
    total = 0
    for line in events(html):
        found = re.match(rf"{re.escape(attacker)} deals (\d+) damage", line) or \
            re.match(rf"(\d+) damage from {re.escape(attacker)} ", line)
        total += int(found.group(1)) if found else 0
    return total


def test_a_wrong_split_shows_no_outcome(client, app):
    attempt, n, q = assign_question(app, client, "practice")
    wrong = {k: "0" for k in right_answer(q)}  # one point placed, the rest not: never the key
    wrong[next(iter(wrong))] = "1"
    html = answer(client, attempt, n, wrong)
    assert "Not quite" in html and HEADING not in html and "outcome-step" not in html


def test_a_right_split_in_practice_shows_what_it_does(client, app):
    attempt, n, q = assign_question(app, client, "practice")
    html = answer(client, attempt, n, right_answer(q))
    board = {k: v for k, v in q["board"].items() if k != "assignment"}
    if not play_out(board, q["example"]).legal:  # a first-strike board asking more than its step
        assert "Right!" in html and HEADING not in html
        return
    assert "Right!" in html and HEADING in html
    assert html.count('class="outcome-step"') >= 1
    assert re.search(r'</summary>\s*(?:\{#.*?#\}\s*)?<div aria-live="off">', html, re.S)
    # The outcome deals the taker's own split: each attacker's damage adds up to what it was given.
    names = {a["id"]: a.get("name", a["id"]) for a in q["board"]["attackers"]}
    if "First-strike combat damage step" not in html:  # one step: only the sliders' damage
        for aid, row in q["example"].items():
            assert dealt_total(html, names[aid]) == sum(row.values())
    order = [html.index(s) for s in ("Right!", HEADING, 'class="step-nav"')]
    assert order == sorted(order)


def test_an_exam_shows_the_outcome_only_with_the_results(client, app):
    attempt, n, q = assign_question(app, client, "exam")
    html = answer(client, attempt, n, right_answer(q))
    assert HEADING not in html and "outcome-step" not in html
    submit(client, f"/quiz/a/{attempt.token}")
    html = client.get(f"/quiz/a/{attempt.token}/{n}").get_data(as_text=True)
    board = {k: v for k, v in q["board"].items() if k != "assignment"}
    assert "Right!" in html and (HEADING in html) == play_out(board, q["example"]).legal


@pytest.mark.parametrize("lang, heading", [("fr", "Ce que font les blessures"),
                                           ("ja", "ダメージの結果")])
def test_the_outcome_is_in_the_takers_language(client, app, lang, heading):
    attempt, n, q = assign_question(app, client, "practice")
    client.get(f"/?lang={lang}")  # the switcher: the cookie keeps the language
    html = answer(client, attempt, n, right_answer(q))
    assert heading in html and HEADING not in html
