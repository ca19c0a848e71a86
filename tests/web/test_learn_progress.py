"""Progress: an anonymous learner in a signed cookie, answers committed before the reply, the Learn
page's done / in progress / next, Continue, Review, and all of it surviving a restart."""

from __future__ import annotations

import re
import sqlite3
from http.cookies import SimpleCookie

import pytest

from tests.conftest import csrf_token, shipped_catalogue
from tests.conftest import LESSON_COUNT

CURRICULUM = shipped_catalogue().curriculum
FON = "/learn/force-of-nature"
FON_NUMBER = CURRICULUM.lesson("force-of-nature").number  # after the lessons before it
CONTINUE = f"Continue: lesson {FON_NUMBER}"
FIRST = CURRICULUM.lessons[0].id  # the first lesson not done, once nothing else is started


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


def answer(client, lesson, step, data, **kw):
    form = {"csrf_token": csrf_token(client), "lesson": lesson, "step": step, **data}
    return client.post(f"/learn/{lesson}/{step}", data=form, **kw)


def finish(client, lesson):
    """Post the lesson's Finish; when it leads to the lesson's check, pass it (a new board
    answered right) and return the Finish answer as it is then."""
    from tests.web.test_practice import pass_check

    response = client.post(f"/learn/{lesson}/finish",
                           data={"csrf_token": csrf_token(client), "lesson": lesson})
    if response.status_code == 303 and response.headers["Location"] == f"/learn/{lesson}/check":
        pass_check(client, CURRICULUM.lesson(lesson))
        response = client.post(f"/learn/{lesson}/finish",
                               data={"csrf_token": csrf_token(client), "lesson": lesson})
    return response


def right_fields(step) -> dict:
    """What a learner who knows the answer sends for a question step."""
    if step.type == "predict":
        return {"amount": str(step.answer)}
    if step.type == "choice":
        return {"option": step.correct_option.id}
    if step.type == "legal":
        return {"verdict": "legal" if step.legal else "illegal"}
    return {f"dmg:{a}:{r}": str(n) for a, split in step.solution.items() for r, n in split.items()}


def answer_all(client, lesson_id: str, skip: tuple = ()) -> None:
    """Answer every question of a lesson rightly (except the steps in `skip`)."""
    for step in CURRICULUM.lesson(lesson_id).steps:
        if step.type in ("predict", "choice", "legal", "practice") and step.id not in skip:
            assert answer(client, lesson_id, step.id, right_fields(step)).status_code == 303


def lesson_item(html: str, lesson_id: str) -> str:
    """The <li> of one lesson on the Learn page."""
    return re.search(rf'<li class="lesson[^"]*">(?:(?!</li>).)*?/learn/{lesson_id}/.*?</li>',
                     html, re.S).group(0)


def db_rows(app, sql: str):
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        return connection.execute(sql).fetchall()


# ---- the learner cookie -----------------------------------------------------------------------

def test_reading_creates_no_learner_and_the_first_answer_does(client, app):
    client.get("/learn")
    client.get(f"{FON}/the-classic")
    assert client.get_cookie("learner", path="/learn") is None
    response = answer(client, "force-of-nature", "two-predict", {"amount": "4"})
    cookie = SimpleCookie(next(h for h in response.headers.getlist("Set-Cookie")
                               if h.startswith("learner=")))["learner"]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/learn"
    assert int(cookie["max-age"]) >= 365 * 24 * 3600
    assert not cookie["secure"]
    assert len(db_rows(app, "select id from learners")) == 1


def test_the_learner_cookie_is_secure_over_https(client):
    https = {"base_url": "https://localhost", "headers": {"Referer": "https://localhost/learn"}}
    html = client.get(f"{FON}/two-predict", **https).get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    response = client.post(f"{FON}/two-predict", data={
        "csrf_token": token, "lesson": "force-of-nature", "step": "two-predict", "amount": "4"},
        **https)
    assert response.status_code == 303
    assert "Secure" in next(h for h in response.headers.getlist("Set-Cookie")
                            if h.startswith("learner="))


def test_a_forged_learner_cookie_is_ignored(client, app):
    client.set_cookie("learner", "someone-else", path="/learn")
    html = client.get("/learn").get_data(as_text=True)
    assert "Start with lesson 1" in html
    answer(client, "force-of-nature", "two-predict", {"amount": "4"})
    assert db_rows(app, "select id from learners")[0][0] != "someone-else"


def test_an_answer_is_committed_before_the_reply(client, app):
    response = answer(client, "force-of-nature", "which-illegal", {"option": "four-four"})
    assert response.status_code == 303
    # read with a separate connection: the row is on disk, not in an open transaction
    rows = db_rows(app, "select lesson_id, step_id, correct, answer from step_attempts")
    assert rows == [("force-of-nature", "which-illegal", 0, '{"option": "four-four"}')]


# ---- the Learn page ---------------------------------------------------------------------------

def test_progress_shows_on_the_learn_page_as_in_progress_then_done(client):
    answer(client, "force-of-nature", "two-predict", {"amount": "4"})
    html = client.get("/learn").get_data(as_text=True)
    item = lesson_item(html, "force-of-nature")
    assert "In progress: step 4 of 9" in item and "Next up" in item
    assert "Not started" in lesson_item(html, "blocked-means-stopped")
    assert CONTINUE in html

    answer_all(client, "force-of-nature")
    assert finish(client, "force-of-nature").headers["Location"] == f"{FON}/finish"
    html = client.get("/learn").get_data(as_text=True)
    assert "✓</span> Done" in lesson_item(html, "force-of-nature")
    assert f"Lessons done: 1 of {LESSON_COUNT}" in html
    assert "Next up" in lesson_item(html, FIRST)


def test_continue_resumes_where_next_was_pressed_and_opening_a_page_changes_nothing(client):
    answer(client, "force-of-nature", "two-predict", {"amount": "4"})
    client.get(f"{FON}/skip-one-legal")  # opening (or being sent to) a page moves nothing
    html = client.get("/learn").get_data(as_text=True)
    assert re.search(rf'class="button primary" href="{FON}/two-predict">\s*{CONTINUE}', html)
    went = client.post(f"{FON}/split-d-practice/next", data={"csrf_token": csrf_token(client)})
    assert went.status_code == 303 and went.headers["Location"] == f"{FON}/most-practice"
    html = client.get("/learn").get_data(as_text=True)
    assert re.search(rf'class="button primary" href="{FON}/most-practice">\s*{CONTINUE}', html)
    assert f'href="{FON}/most-practice"' in lesson_item(html, "force-of-nature")


def test_next_needs_a_csrf_token_and_makes_no_learner_for_a_reader(client, app):
    assert client.post(f"{FON}/the-classic/next").status_code == 400  # a cross-site post
    went = client.post(f"{FON}/the-classic/next", data={"csrf_token": csrf_token(client)})
    assert went.status_code == 303 and client.get_cookie("learner", path="/learn") is None
    assert db_rows(app, "select count(*) from learners") == [(0,)]
    last = CURRICULUM.lesson("force-of-nature").steps[-1].id
    assert client.post(f"{FON}/{last}/next", data={"csrf_token": csrf_token(client)}).status_code == 404


def test_continue_follows_the_lesson_touched_last_and_then_the_first_not_done(client):
    answer(client, "force-of-nature", "two-predict", {"amount": "4"})
    answer(client, "deathtouch-and-trample", "wurm-predict", {"amount": "5"})
    html = client.get("/learn").get_data(as_text=True)
    assert 'href="/learn/deathtouch-and-trample/wurm-predict">' in html
    answer_all(client, "deathtouch-and-trample")
    finish(client, "deathtouch-and-trample")
    html = client.get("/learn").get_data(as_text=True)
    assert re.search(rf'href="{FON}/two-predict">\s*{CONTINUE}', html)
    answer_all(client, "force-of-nature")
    finish(client, "force-of-nature")
    html = client.get("/learn").get_data(as_text=True)
    assert re.search(rf'href="/learn/{FIRST}/[^"]+">\s*Continue: lesson 1', html)


def test_finishing_every_lesson_says_so(client):
    for lesson in CURRICULUM:
        answer_all(client, lesson.id)
        finish(client, lesson.id)
    html = client.get("/learn").get_data(as_text=True)
    assert "You have finished every lesson." in html and f"Lessons done: {LESSON_COUNT} of {LESSON_COUNT}" in html


def test_a_lesson_is_done_only_when_every_question_has_an_answer(client):
    answer_all(client, "force-of-nature", skip=("which-illegal",))
    refused = finish(client, "force-of-nature")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409 and "Not finished yet" in html
    assert f'href="{FON}/which-illegal"' in html and "Step 7" not in html  # named by what it asks
    assert f"Lesson {FON_NUMBER} done" not in client.get(f"{FON}/finish").get_data(as_text=True)
    answer(client, "force-of-nature", "which-illegal", {"option": "c-short"})
    assert finish(client, "force-of-nature").status_code == 303


def test_the_finish_page_counts_first_answers_and_links_the_next_lesson(client):
    answer(client, "force-of-nature", "which-illegal", {"option": "four-four"})  # wrong first
    answer_all(client, "force-of-nature")  # then everything right
    finish(client, "force-of-nature")
    html = client.get(f"{FON}/finish").get_data(as_text=True)
    assert f"Lesson {FON_NUMBER} done" in html
    assert "Right the first time: 5 of 6 boards and questions." in html
    assert "Worth another try" not in html  # the latest answers are all right
    assert 'href="/learn/two-blockers/' in html


def test_finish_needs_its_lesson_field(client):
    response = client.post(f"{FON}/finish", data={"csrf_token": csrf_token(client)})
    assert response.status_code == 400
    assert "didn’t say which lesson to finish" in response.get_data(as_text=True)


# ---- review -----------------------------------------------------------------------------------

def test_review_lists_a_wrong_answer_and_drops_it_after_a_right_retry(client):
    assert "Nothing to review yet" in client.get("/learn/review").get_data(as_text=True)
    answer_all(client, "force-of-nature", skip=("two-predict", "skip-one-legal"))
    answer(client, "force-of-nature", "two-predict", {"amount": "6"})
    answer(client, "force-of-nature", "skip-one-legal", {"verdict": "legal"})
    html = client.get("/learn/review").get_data(as_text=True)
    assert html.count('class="review-item"') == 2
    assert "Your answer: 6</p>" in html and "Your answer: Legal</p>" in html
    assert f'href="{FON}/two-predict"' in html and f'href="{FON}/skip-one-legal"' in html
    assert "(2 waiting)" in client.get("/learn").get_data(as_text=True)

    answer(client, "force-of-nature", "two-predict", {"amount": "4"})
    html = client.get("/learn/review").get_data(as_text=True)
    assert html.count('class="review-item"') == 1 and "Your answer: 6<" not in html

    answer(client, "force-of-nature", "two-predict", {"amount": "7"})  # the latest answer counts
    assert "Your answer: 7</p>" in client.get("/learn/review").get_data(as_text=True)


def test_review_lists_skipped_questions_in_lesson_order_named_by_what_they_ask(client):
    answer(client, "force-of-nature", "skip-one-legal", {"verdict": "legal"})  # wrong, and last
    html = client.get("/learn/review").get_data(as_text=True)
    steps = [s for s in CURRICULUM.lesson("force-of-nature").steps
             if s.type in ("predict", "choice", "legal", "practice")]
    missed, skipped = html.split('id="skipped-h"')  # the miss first, then the skipped, apart
    assert f'href="{FON}/skip-one-legal"' in missed and "Your answer: Legal</p>" in missed
    assert "step 9" in missed
    positions = [skipped.index(f'href="{FON}/{s.id}"') for s in steps if s.id != "skip-one-legal"]
    assert positions == sorted(positions) and skipped.count("Not answered yet.") == len(steps) - 1


def test_review_words_a_missed_choice_by_the_option_chosen_as_the_step_showed_it(client):
    answer(client, "blocked-means-stopped", "size-choice", {"option": "five"})
    html = client.get("/learn/review").get_data(as_text=True)
    assert "Your answer: 5</p>" in html  # the option's own words, as on a quiz's results


def test_review_describes_a_missed_practice_board_by_its_split(client):
    answer(client, "force-of-nature", "most-practice",
           {"dmg:fon:bears-a": "3", "dmg:fon:bears-b": "2", "dmg:fon:bears-c": "2",
            "dmg:fon:player": "1"})
    html = client.get("/learn/review").get_data(as_text=True)
    assert "Your answer: Force of Nature: 3 to Grizzly Bears A, 2 to Grizzly Bears B, " \
           "2 to Grizzly Bears C, 1 to the defending player" in html


# ---- restarts ---------------------------------------------------------------------------------

def test_progress_survives_a_restart_on_the_same_database(make_app):
    before = make_app().test_client()
    answer(before, "force-of-nature", "two-predict", {"amount": "6"})
    answer_all(before, "blocked-means-stopped")
    finish(before, "blocked-means-stopped")
    cookie = before.get_cookie("learner", path="/learn")

    after = make_app().test_client()  # a new app instance: a server restart
    after.set_cookie("learner", cookie.value, path="/learn")
    html = after.get("/learn").get_data(as_text=True)
    assert "✓</span> Done" in lesson_item(html, "blocked-means-stopped")
    assert "In progress: step 4 of 9" in lesson_item(html, "force-of-nature")
    assert "Your answer: 6</p>" in after.get("/learn/review").get_data(as_text=True)


def test_a_learner_whose_rows_were_lost_starts_again_without_an_error(make_app, tmp_path):
    first = make_app().test_client()
    answer(first, "force-of-nature", "two-predict", {"amount": "4"})
    cookie = first.get_cookie("learner", path="/learn").value
    fresh = make_app(DATABASE_URL=f"sqlite:///{tmp_path / 'other.db'}").test_client()
    fresh.set_cookie("learner", cookie, path="/learn")
    assert "Start with lesson 1" in fresh.get("/learn").get_data(as_text=True)
    assert fresh.get(f"{FON}/two-predict").status_code == 200
    assert answer(fresh, "force-of-nature", "two-predict", {"amount": "4"}).status_code == 303
