"""The Quiz through the test client: start, every question type answered and graded by the core,
practice feedback, exam results at the end, and bad input refused with a message."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from webapp.content.generate import TYPES
from webapp.content.questions import draw, resolve
from webapp.services import quizzes


def start(client, mode="practice", count="6", tier="2", name="Nia", source="generated", **more):
    return client.post("/quiz", data={"csrf_token": csrf_token(client, "/quiz"), "name": name,
                                      "tier": tier, "mode": mode, "count": count,
                                      "source": source, **more})


def submit(client, attempt_url):
    """Review and submit: until then an attempt's review shows no key, mark or score (issue 19)."""
    return client.post(f"{attempt_url}/submit", data={"csrf_token": csrf_token(client, "/quiz")})


def attempt_of(app, response):
    token = response.headers["Location"].split("/a/")[1].split("/")[0]
    with app.app_context():
        return quizzes.get(token)


def questions_of(attempt) -> list[dict]:
    """The attempt's questions, as its pages show them (bank, generated or own)."""
    return [resolve(ref) for ref in attempt.questions]


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


def wrong_answer(q: dict) -> dict:
    """Form fields the core grades wrong, for any type."""
    if q["type"] == "number":
        return {"amount": str(q["answer"] + 1)}
    if q["type"] == "legal":
        return {"verdict": "illegal" if q["answer"] else "legal"}
    if q["type"] in ("rule", "one"):
        return {"option": next(o["id"] for o in q["options"] if o["id"] != q["answer"])}
    if q["type"] == "many":
        return {"option": [o["id"] for o in q["options"]]}  # never all legal (the maker's rule)
    return {f"dmg:{a}:{r}": "0" for a, row in q["example"].items() for r in row}


def test_the_quiz_page_is_in_the_navigation_and_offers_tiers_and_modes(client):
    html = client.get("/").get_data(as_text=True)
    assert 'href="/quiz"' in html
    page = client.get("/quiz").get_data(as_text=True)
    assert 'name="tier" value="3"' in page and 'value="exam"' in page and "70%" in page
    assert 'href="/quiz/new"' in page


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
    questions = questions_of(attempt)
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
    submit(client, f"/quiz/a/{attempt.token}")
    review = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert f"{len(TYPES)} of {len(TYPES)} right (100%)" in review


@pytest.mark.parametrize("tier", ["1", "2", "3"])
def test_every_bank_question_is_shown_and_its_key_graded_right_on_the_quiz_pages(client, app,
                                                                               tier):
    from webapp.content.questions import default_bank
    count = len(default_bank().of_tier(int(tier)))
    attempt = attempt_of(app, start(client, tier=tier, count=str(count), source="bank"))
    token = csrf_token(client, "/quiz")
    for n, q in enumerate(questions_of(attempt), start=1):
        url = f"/quiz/a/{attempt.token}/{n}"
        assert client.get(url).status_code == 200, q["id"]
        client.post(url, data={"csrf_token": token, **right_answer(q)})
        assert "Right!" in client.get(url).get_data(as_text=True), q["id"]
    submit(client, f"/quiz/a/{attempt.token}")
    review = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert f"{count} of {count} right (100%)" in review


def test_an_exam_shows_nothing_until_submitted_and_then_passes_or_fails(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="3"))
    questions = questions_of(attempt)
    token = csrf_token(client, "/quiz")
    first = client.post(f"/quiz/a/{attempt.token}/1", data={"csrf_token": token,
                                                            **right_answer(questions[0])})
    assert first.headers["Location"] == f"/quiz/a/{attempt.token}/2"
    html = client.get(f"/quiz/a/{attempt.token}/1").get_data(as_text=True)
    assert "Answer saved" in html and "Right!" not in html and "Why" not in html
    client.post(f"/quiz/a/{attempt.token}/2", data={"csrf_token": token,
                                                     **right_answer(questions[1])})
    last = client.post(f"/quiz/a/{attempt.token}/3", data={"csrf_token": token,
                                                            **wrong_answer(questions[2])})
    assert last.status_code == 303
    assert last.headers["Location"] == f"/quiz/a/{attempt.token}/review"  # Review and submit
    assert "Why" not in client.get(last.headers["Location"]).get_data(as_text=True)
    submit(client, f"/quiz/a/{attempt.token}")
    review = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert "2 of 3 right (67%)." in review and "Not passed (70% needed)" in review
    assert "Why" in review  # the keys and explanations show at the end


def test_the_first_answer_counts(client, app):
    attempt = attempt_of(app, start(client, count="1", tier="1"))
    q = questions_of(attempt)[0]
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
    attempt = attempt_of(app, start(client, count=str(len(TYPES))))
    n, q = next((i, q) for i, q in enumerate(questions_of(attempt), 1) if q["type"] == "assign")
    live = client.post(f"/quiz/a/{attempt.token}/{n}/live",
                       data={"csrf_token": csrf_token(client, "/quiz"), **right_answer(q)},
                       headers={"HX-Request": "true"})
    assert live.status_code == 200
    text = live.get_data(as_text=True)
    assert "Legal" in text and "Not legal" not in text and "hx-swap-oob" in text
    assert "<html" not in text


def test_names_are_escaped_on_the_results(client, app):
    attempt = attempt_of(app, start(client, count="1", name="<img src=x onerror=alert(1)>"))
    submit(client, f"/quiz/a/{attempt.token}")
    html = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert "<img src=x" not in html and "&lt;img src=x" in html


# ---- quizzes made and shared by a judge ----------------------------------------------------------

def make_quiz(client, **fields):
    data = {"csrf_token": csrf_token(client, "/quiz/new"), "title": "Judge night", "tier": "2",
            "count": "6", "pass_mark": "70", "mode": "exam", "seed": "5", "source": "generated",
            "op": "save", **fields}
    return client.post("/quiz/new", data=data)


def links(client, owner_url):
    html = client.get(owner_url).get_data(as_text=True)
    take = re.search(r'id="take-link" class="link-field" readonly value="http://localhost([^"]+)"',
                     html).group(1)
    return take, html


def test_a_judge_previews_the_questions_with_their_keys_then_saves(client):
    preview = client.get("/quiz/new?tier=3&count=4&seed=77").get_data(as_text=True)
    for q in map(resolve, draw(3, 4, 77)):  # from the bank and generated
        assert q["prompt"][:60].replace("'", "&#39;") in preview
    saved = make_quiz(client)
    assert saved.status_code == 303 and saved.headers["Location"].startswith("/quiz/o/")
    take, html = links(client, saved.headers["Location"])
    assert take.startswith("/quiz/t/") and "No one has taken this quiz yet" in html
    assert len(take.rsplit("/", 1)[1]) >= 43 and len(saved.headers["Location"].rsplit("/", 1)[1]) >= 43


@pytest.mark.parametrize("fields, message", [({"title": ""}, "Give the quiz a title"),
                                             ({"count": "0"}, "a whole number from 1 to 50"),
                                             ({"pass_mark": "101"}, "a whole number from 1 to 100"),
                                             ({"mode": "blitz"}, "practice or exam")])
def test_a_quiz_that_cant_be_saved_says_why(client, fields, message):
    response = make_quiz(client, **fields)
    assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_takers_take_the_shared_quiz_and_only_the_owner_sees_the_results(app, make_app):
    judge = app.test_client()
    owner_url = make_quiz(judge).headers["Location"]
    take, _ = links(judge, owner_url)
    questions = [resolve(ref) for ref in draw(2, 6, 5, "generated")]
    for name, right in (("Alice", True), ("Bob <script>", False)):
        taker = app.test_client()
        assert "Judge night" in taker.get(take).get_data(as_text=True)
        started = taker.post(take, data={"csrf_token": csrf_token(taker, take), "name": name})
        attempt_url = started.headers["Location"].rsplit("/", 1)[0]
        assert attempt_url.startswith("/quiz/a/")
        for n, q in enumerate(questions, start=1):
            fields = right_answer(q) if right else {"amount": "998", "verdict": "legal" if not
                                                    q["answer"] else "illegal", "option": "zz"}
            taker.post(f"{attempt_url}/{n}", data={"csrf_token": csrf_token(taker, "/quiz"),
                                                    **fields})
        submit(taker, attempt_url)
        review = taker.get(f"{attempt_url}/review").get_data(as_text=True)
        assert ("Passed" in review) is right
        # A taker's links never open the owner's page.
        assert taker.get(take.replace("/t/", "/o/")).status_code == 404
        assert taker.get(attempt_url.replace("/a/", "/o/")).status_code == 404
    html = judge.get(owner_url).get_data(as_text=True)
    assert "Alice" in html and "Bob &lt;script&gt;" in html and "<script>" not in html
    assert "6 / 6 (100%)" in html and "passed" in html
    assert "50% right of 2 answers" in html
    restarted = make_app().test_client()  # a restart keeps everything acknowledged
    assert "Alice" in restarted.get(owner_url).get_data(as_text=True)


def test_the_owner_downloads_a_csv_that_parses(app):
    import csv
    import io

    judge = app.test_client()
    owner_url = make_quiz(judge, count="3").headers["Location"]
    take, _ = links(judge, owner_url)
    taker = app.test_client()
    attempt_url = taker.post(take, data={"csrf_token": csrf_token(taker, take),
                                         "name": "=HYPERLINK(\"x\")"}).headers["Location"].rsplit("/", 1)[0]
    first = resolve(draw(2, 3, 5, "generated")[0])
    taker.post(f"{attempt_url}/1", data={"csrf_token": csrf_token(taker, "/quiz"),
                                         **right_answer(first)})
    response = judge.get(owner_url + "/results.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.get_data().startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark
    assert "filename*=UTF-8''" in response.headers["Content-Disposition"]  # the quiz's title
    rows = list(csv.DictReader(io.StringIO(
        response.get_data(as_text=True).removeprefix("\ufeff"))))
    assert len(rows) == 3 and rows[0]["question"] == "1" and rows[0]["correct"] == "true"
    assert rows[0]["type"] == first["type"] and rows[0]["answer"]
    assert rows[0]["name"].startswith("'=")  # no formula runs in the owner's spreadsheet
    assert rows[1]["answer"] == "" and rows[1]["correct"] == ""


@pytest.mark.parametrize("path", ["/quiz/t/nope", "/quiz/o/nope", "/quiz/o/nope/results.csv",
                                  "/quiz/t/" + "x" * 200])
def test_unknown_links_are_not_found(client, path):
    assert client.get(path).status_code == 404


def test_without_javascript_the_steppers_move_a_slider_and_store_nothing(client, app):
    attempt = attempt_of(app, start(client, count=str(len(TYPES)), tier="1"))  # always blocked
    questions = questions_of(attempt)
    n, q = next((i, q) for i, q in enumerate(questions, start=1) if q["type"] == "assign")
    url = f"/quiz/a/{attempt.token}/{n}"
    attacker = next(a for a in q["board"]["attackers"] if a["id"] == q["goal"]["creature"])
    blocker = attacker["blocked_by"][0]
    zeros = {f"dmg:{attacker['id']}:{r}": "0" for r in q["example"][attacker["id"]]}
    fields = {"csrf_token": csrf_token(client, "/quiz"), **zeros,
              "op": f"step:{attacker['id']}:{blocker}:1"}
    html = client.post(url, data=fields).get_data(as_text=True)
    assert re.search(rf'name="dmg:{attacker["id"]}:{blocker}"\s+min="0" max="\d+" step="1" '
                     r'value="1"', html)
    with app.app_context():
        assert quizzes.get(attempt.token).answers == {}


def test_the_question_limit_is_one_number_shown_and_enforced_alike(client):
    """The most questions a quiz holds is said once (content.generate.MAX_QUESTIONS): the forms'
    max, their labels and their errors all follow it."""
    from webapp.content.generate import MAX_QUESTIONS
    from webapp.services import quizzes

    assert quizzes.MAX_QUESTIONS == MAX_QUESTIONS
    start = client.get("/quiz").get_data(as_text=True)
    assert f'name="count" inputmode="numeric" min="1" max="{MAX_QUESTIONS}"' in start
    made = client.get("/quiz/new").get_data(as_text=True)
    assert f'name="count" min="1" max="{MAX_QUESTIONS}"' in made
    assert f"Number of questions (1 to {MAX_QUESTIONS})" in made
    refused = client.post("/quiz", data={"csrf_token": csrf_token(client, "/quiz"), "name": "Ana",
                                         "tier": "1", "mode": "practice",
                                         "count": str(MAX_QUESTIONS + 1)})
    assert refused.status_code == 400
    assert f"The number of questions is a whole number from 1 to {MAX_QUESTIONS}." in \
        refused.get_data(as_text=True)
