"""/learn/today, the daily loop (issue 24 item 5): due reviews first, each asked as a new board
(never the identical question), then the weakest finished lessons; the day's count, the goal and
a streak of days, on the app's clock and in the learner's own day; Today on the Learn index and
the home page. Bad input first: a forged or stale board, a nonsense clock offset."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from itsdangerous import URLSafeSerializer

from tests.web.test_learn import CURRICULUM, HX, post, text
from tests.web.test_practice import answer, board_on, csrf, finish, right, wrong
from webapp.content.practice import ideas_for, practice_question
from webapp.services.daily import GOAL
from webapp.services.models import utcnow
from webapp.views.learn.steps import step_name

FIRST = CURRICULUM.lessons[0]
FON = CURRICULUM.lesson("force-of-nature")
PREDICT = next(s for s in FON.steps if s.type == "predict")


@pytest.fixture
def clock():
    return {"now": utcnow().replace(hour=12, minute=0)}


@pytest.fixture
def app(make_app, clock):
    return make_app(CLOCK=lambda: clock["now"])


@pytest.fixture
def client(app):
    return app.test_client()


def board(app, token):
    """(lesson, question, step reviewed, whether it is Today's) of a signed board."""
    lesson_id, kind, seed, *more = URLSafeSerializer(app.secret_key,
                                                     salt="trample-practice").loads(token)
    lesson = CURRICULUM.lesson(lesson_id)
    review, today = more or (None, False)
    return lesson, practice_question(ideas_for(lesson), kind, seed), review, today


def sign(app, value) -> str:
    return URLSafeSerializer(app.secret_key, salt="trample-practice").dumps(value)


def today(client) -> tuple[str, str]:
    html = client.get("/learn/today").get_data(as_text=True)
    return html, board_on(html)


# --- bad input first ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [
    ["force-of-nature", "number", 5, "no-such-step", True],      # a step the lesson hasn't
    ["force-of-nature", "number", 5, PREDICT.id, "yes"],          # no such mode
    ["force-of-nature", "number", 5, PREDICT.id, True],
    ["force-of-nature", "number", 5, PREDICT.id],                 # half of it
    ["no-such-lesson", "number", 5, None, True],
])
def test_a_board_that_cant_be_read_is_a_clear_400_and_nothing_is_stored(client, app, value):
    finish(client)
    for hx in (False, True):
        response = answer(client, sign(app, value), {"amount": "1"}, hx)
        assert response.status_code == 400
        assert "This practice board can’t be read" in response.get_data(as_text=True)
    # the lesson's check is the day's one board
    assert "Today: 1 of 5 boards" in text(client.get("/learn/today").get_data(as_text=True))


@pytest.mark.parametrize("offset", ["", "abc", "99999", "-99999", "1e9", "12.5", "0x10"])
def test_a_nonsense_clock_offset_counts_in_utc(client, clock, offset):
    finish(client)  # its check at noon UTC
    clock["now"] = clock["now"].replace(hour=23, minute=30)  # an offset used would cross midnight
    client.set_cookie("tz", offset, path="/learn")
    response = client.get("/learn/today")
    assert response.status_code == 200 and "Today: 1 of 5 boards" in text(  # the check
        response.get_data(as_text=True))


@pytest.mark.parametrize("goal", ["", "7", "0", "-5", "5.0", "١٠", "100000", "ten"])
def test_a_goal_that_isnt_offered_is_a_clear_400_and_changes_nothing(client, goal):
    finish(client)
    response = client.post("/learn/today/goal", data={"csrf_token": csrf(client), "goal": goal})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "That isn’t one of the daily goals: choose one from the list." in text(html)
    assert 'aria-invalid="true"' in html
    assert "Today: 1 of 5 boards" in text(client.get("/learn/today").get_data(as_text=True))


def test_a_goal_without_the_csrf_token_is_refused(client):
    finish(client)
    assert client.post("/learn/today/goal", data={"goal": "10"}).status_code == 400
    assert "Today: 1 of 5 boards" in text(client.get("/learn/today").get_data(as_text=True))


# --- the day ----------------------------------------------------------------------------------


def test_the_learner_chooses_boards_a_day_and_yesterday_keeps_its_goal(client, app, clock):
    """A streak made with 3 a day survives raising the goal to 10 today; today needs 10."""
    finish(client)  # today: its check, one board
    html = client.get("/learn/today").get_data(as_text=True)
    assert re.search(r'<option value="5" selected>5</option>', html)  # the default
    response = client.post("/learn/today/goal", data={"csrf_token": csrf(client), "goal": "3"})
    assert response.status_code == 303 and response.headers["Location"] == "/learn/today"
    for _ in range(2):  # 1 + 2 = 3 boards: the goal of 3 is met
        _, token = today(client)
        assert answer(client, token, right(board(app, token)[1])).status_code == 303
    html = text(client.get("/learn/today").get_data(as_text=True))
    assert "Today: 3 of 3 boards" in html and "Streak: 1 day in a row." in html
    clock["now"] += timedelta(days=1)
    assert client.post("/learn/today/goal", data={"csrf_token": csrf(client), "goal": "10"}
                       ).status_code == 303
    html = text(client.get("/learn/today").get_data(as_text=True))
    assert "Today: 0 of 10 boards" in html and "Streak: 1 day in a row." in html
    assert "10 more boards today keep it going." in html
    # the goal travels with the progress file
    data = client.get("/learn/resume/progress.json").get_data(as_text=True)
    assert '"goals":[' in data and '"goal":3' in data and '"goal":10' in data


def test_a_new_learner_is_sent_to_the_lessons_first(client):
    html = client.get("/learn/today").get_data(as_text=True)
    assert "Finish a lesson first" in html and 'name="board"' not in html
    line = client.get("/learn/today/line", headers=HX).get_data(as_text=True)
    assert 'href="/learn/today"' in line and "<html" not in line


def test_todays_board_stays_the_same_until_answered_then_the_count_moves(client, app):
    finish(client)  # its check is the day's first board
    html, token = today(client)
    assert "Today: 1 of 5 boards" in text(html) and "4 more boards today start a streak." in text(
        html)
    assert today(client)[1] == token  # a reload, Back, a phone that slept: the same board
    lesson, q, review, is_today = board(app, token)
    assert lesson.id == FIRST.id and review is None and is_today
    response = answer(client, token, right(q))
    assert response.status_code == 303 and "mode=today" in response.headers["Location"]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Right!" in page and 'href="/learn/today"' in page  # Next leads on to Today's next
    html, second = today(client)
    assert second != token and "Today: 2 of 5 boards" in text(html)
    # another learner's day draws its own boards
    other = app.test_client()
    finish(other)
    assert today(other)[1] != token


def test_an_answer_with_htmx_updates_the_days_count_out_of_band(client, app):
    finish(client)
    _, token = today(client)
    response = answer(client, token, wrong(board(app, token)[1]), hx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Not quite" in html
    assert re.search(r'<section class="today-bar" id="today-bar"[^>]*hx-swap-oob="true"', html)
    assert "Today: 2 of 5 boards" in text(html)
    assert 'id="mastery"' not in html  # Today's page has no mastery list to update


def test_five_boards_meet_the_goal_and_days_in_a_row_make_a_streak(client, app, clock):
    finish(client)

    def day_of_boards():
        for _ in range(GOAL):
            _, token = today(client)
            assert answer(client, token, right(board(app, token)[1])).status_code == 303

    day_of_boards()
    html = text(client.get("/learn/today").get_data(as_text=True))
    assert "Today: 5 of 5 boards" in html and "Today’s goal is met." in html
    assert "Streak: 1 day in a row." in html and 'name="board"' in client.get(
        "/learn/today").get_data(as_text=True)  # more boards still on offer
    clock["now"] += timedelta(days=1)
    html = text(client.get("/learn/today").get_data(as_text=True))
    assert "Today: 0 of 5 boards" in html and "Streak: 1 day in a row." in html
    assert "5 more boards today keep it going." in html
    day_of_boards()
    assert "Streak: 2 days in a row." in text(client.get("/learn/today").get_data(as_text=True))
    line = text(client.get("/learn/today/line", headers=HX).get_data(as_text=True))
    assert "today’s goal met" in line and "streak: 2 days" in line
    clock["now"] += timedelta(days=2)  # a whole day without boards
    assert "Streak" not in text(client.get("/learn/today").get_data(as_text=True))


def test_the_day_is_the_learners_own_by_their_browsers_offset(client, app, clock):
    finish(client)
    clock["now"] = clock["now"].replace(hour=14)  # 14:00 UTC, 23:00 in Tokyo
    _, token = today(client)
    answer(client, token, right(board(app, token)[1]))
    clock["now"] += timedelta(hours=2)  # 16:00 UTC: the same day; in Tokyo, 01:00 the next
    # the check at noon and the board at 14:00
    assert "Today: 2 of 5 boards" in text(client.get("/learn/today").get_data(as_text=True))
    client.set_cookie("tz", "540", path="/learn")  # what app.js sends from a clock in Tokyo
    assert "Today: 0 of 5 boards" in text(client.get("/learn/today").get_data(as_text=True))


# --- reviews ----------------------------------------------------------------------------------


def test_a_missed_step_comes_back_as_a_new_board_and_its_answer_moves_the_review_on(
        client, app, clock):
    finish(client)
    post(client, FON.id, PREDICT.id, {"amount": str(PREDICT.answer + 1)})
    html, token = today(client)
    assert board(app, token)[2] is None  # not due yet: a lesson board
    clock["now"] += timedelta(days=1, minutes=1)
    html, token = today(client)
    lesson, q, review, _ = board(app, token)
    assert (lesson.id, review, q["type"]) == (FON.id, PREDICT.id, "number")  # a similar board
    assert "1 review due: it comes first." in text(html)
    with app.test_request_context():
        name = text(str(step_name(PREDICT)))
    assert f"A review: a new board like “{name}”" in text(html) and len(name) > 10
    assert f'href="/learn/{FON.id}/{PREDICT.id}"' not in html  # never the identical question
    index = client.get("/learn").get_data(as_text=True)
    assert "(1 review due)" in text(index)
    assert answer(client, token, right(q)).status_code == 303
    html, token = today(client)
    assert board(app, token)[2] is None and "review due" not in text(html)
    clock["now"] += timedelta(days=3, minutes=1)
    html = client.get("/learn/practice").get_data(as_text=True)
    assert "Due for review" in html and "review 2 of 3" in html and "Review now" in html
    assert board(app, today(client)[1])[2] == PREDICT.id


def test_a_missed_practice_board_comes_back_as_a_board_of_its_lesson_and_kind(
        client, app, clock):
    finish(client)
    _, token = today(client)
    lesson, q, _, _ = board(app, token)
    answer(client, token, wrong(q))
    assert "review due" not in text(client.get("/learn/today").get_data(as_text=True))
    clock["now"] += timedelta(days=1, minutes=1)
    html, again = today(client)
    lesson2, q2, review, _ = board(app, again)
    assert (lesson2.id, q2["type"], review) == (lesson.id, q["type"], None) and again != token
    assert "A review: a new board like one you missed" in text(html)
    practice_page = text(client.get("/learn/practice").get_data(as_text=True))
    assert "A practice board you missed" in practice_page and "review 1 of 3" in practice_page


def test_a_review_answered_on_one_device_stays_a_review_in_its_progress_file(client, app, clock):
    from tests.web.test_resume_code import PAGE, upload

    post(client, FON.id, PREDICT.id, {"amount": str(PREDICT.answer + 1)})
    clock["now"] += timedelta(days=1, minutes=1)
    _, token = today(client)
    assert board(app, token)[2] == PREDICT.id
    answer(client, token, right(board(app, token)[1]))
    data = client.get(f"{PAGE}/progress.json").get_json()
    assert data["practice"][0]["review"] == PREDICT.id
    laptop = app.test_client()
    assert upload(laptop, client.get(f"{PAGE}/progress.json").data).status_code == 303
    clock["now"] += timedelta(days=3, minutes=1)
    assert "review 2 of 3" in laptop.get("/learn/practice").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_todays_page_with_a_review_and_a_streak_leaves_no_english_behind(client, app, clock,
                                                                         lang):
    from tests.web.test_i18n_pages import english_fragments, visible_ui_text

    finish(client)
    for _ in range(GOAL):
        _, token = today(client)
        answer(client, token, right(board(app, token)[1]))
    post(client, FON.id, PREDICT.id, {"amount": str(PREDICT.answer + 1)})
    clock["now"] += timedelta(days=1, minutes=1)
    client.get(f"/?lang={lang}")
    english = english_fragments(lang)
    for path in ("/learn/today", "/learn", "/learn/practice", "/learn/today/line"):
        page = client.get(path).get_data(as_text=True)
        left = sorted(piece for piece in english if piece in visible_ui_text(page))
        assert left == [], (path, left)
    page = text(client.get("/learn/today").get_data(as_text=True))
    assert {"fr": "Série : 1 jour d’affilée.", "ja": "連続 1 日。"}[lang] in page
