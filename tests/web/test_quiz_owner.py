"""The quiz's owner controls it after people took it (issue 19): the title, pass mark, time limit,
deadline and retakes stay editable (only the questions and the mode lock), the quiz closes and
reopens, a test attempt is deleted, a preview stores nothing, and this browser remembers the
owner's quizzes. Bad input first, every time."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from tests.conftest import csrf_token
from webapp.content.questions import draw, resolve
from webapp.services import quizzes
from webapp.services.database import db
from webapp.services.models import QuizAnswer, QuizAttempt

from .test_quiz import links, make_quiz, right_answer, wrong_answer
from .test_quiz_authoring import judge, owner_url, post, quiz_at  # noqa: F401 (fixtures)


def take(app, judge, owner_url, name="Ana", right=0, wrong=0):
    """A taker starts the quiz and answers its first `right` questions right, the `wrong` next
    ones wrong; the attempt URL."""
    take_url, _ = links(judge, owner_url)
    taker = app.test_client()
    started = taker.post(take_url, data={"csrf_token": csrf_token(taker, take_url), "name": name})
    attempt_url = started.headers["Location"].rsplit("/", 1)[0]
    questions = [resolve(ref) for ref in quiz_at(app, owner_url).questions]
    token = csrf_token(taker, "/quiz/new")  # (the take link may resume instead of asking)
    for n, q in enumerate(questions[:right + wrong], start=1):
        fields = right_answer(q) if n <= right else wrong_answer(q)
        taker.post(f"{attempt_url}/{n}", data={"csrf_token": token, **fields})
    if right + wrong == len(questions):  # where an exam ends on "Review and submit", submit it
        taker.post(f"{attempt_url}/submit", data={"csrf_token": token})
    return attempt_url


def settings(**more):
    return {"title": "Judge night", "pass_mark": "70", "minutes": "", "deadline": "",
            "retakes": "1", **more}


def later(**delta) -> str:
    return (datetime.now(timezone.utc) + timedelta(**delta)).strftime("%Y-%m-%dT%H:%M")


# --- 1. settings after attempts: bad input first ------------------------------------------------


@pytest.mark.parametrize("fields, message", [
    ({"title": "  "}, "Give the quiz a title"),
    ({"pass_mark": "0"}, "pass mark is a whole number from 1 to 100"),
    ({"minutes": "abc"}, "whole number of minutes"),
    ({"deadline": "tomorrow"}, "The deadline is a date and a time"),
    ({"deadline": "2026-02-30T10:00"}, "The deadline is a date and a time"),
    ({"deadline": "2001-01-01T10:00"}, "The deadline is in the past")])
def test_bad_settings_are_a_400_that_keeps_what_was_typed(app, judge, owner_url, fields, message):
    take(app, judge, owner_url)  # after an attempt, as before it
    typed = settings(**{"title": "Kept title", "pass_mark": "85", "minutes": "12", **fields})
    response = post(judge, owner_url + "/settings", **typed)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and message in html
    for name in ("title", "pass_mark", "minutes", "deadline"):
        if typed[name].strip():
            assert f'value="{typed[name]}"' in html, name  # nothing typed is lost
    quiz = quiz_at(app, owner_url)
    assert (quiz.title, quiz.pass_mark, quiz.time_limit, quiz.deadline) == \
        ("Judge night", 70, None, None)


def test_the_mode_is_fixed_once_taken_and_the_page_says_why(app, judge, owner_url):
    take(app, judge, owner_url)
    html = judge.get(owner_url).get_data(as_text=True)
    assert 'name="mode"' not in html and "The mode is fixed once someone has taken" in html
    response = post(judge, owner_url + "/settings", **settings(mode="practice"))
    assert response.status_code == 409 and "The mode is fixed" in response.get_data(as_text=True)
    assert quiz_at(app, owner_url).mode == "exam"


def test_title_pass_mark_timer_deadline_and_retakes_change_after_an_attempt(app, judge,
                                                                            owner_url):
    take(app, judge, owner_url, right=1, wrong=1)  # 1 of 2 right: 50%, not passed at 70
    assert "not passed" in judge.get(owner_url).get_data(as_text=True)
    deadline = later(days=2)
    response = post(judge, owner_url + "/settings", title="Candidates, round 2", pass_mark="50",
                    minutes="25", deadline=deadline, mode="exam")  # retakes unticked
    assert response.status_code == 303, response.get_data(as_text=True)
    quiz = quiz_at(app, owner_url)
    assert (quiz.title, quiz.pass_mark, quiz.time_limit, quiz.retakes) == \
        ("Candidates, round 2", 50, 25, False)
    assert quiz.deadline.strftime("%Y-%m-%dT%H:%M") == deadline
    html = judge.get(owner_url).get_data(as_text=True)
    assert "Candidates, round 2" in html and "✓</span> passed" in html  # re-decided at 50%
    assert f'value="{deadline}"' in html
    # The questions still lock.
    locked = post(judge, owner_url + "/questions", op="remove:1")
    assert locked.status_code == 409 and "questions are locked" in locked.get_data(as_text=True)


def test_an_unchanged_past_deadline_does_not_block_other_edits(app, judge, owner_url):
    with app.app_context():
        past = datetime.now(timezone.utc) - timedelta(hours=1)
        assert quizzes.edit(owner_url.rsplit("/", 1)[1], deadline=past)
    shown = past.strftime("%Y-%m-%dT%H:%M")
    html = judge.get(owner_url).get_data(as_text=True)
    assert "The deadline has passed" in html
    response = post(judge, owner_url + "/settings", **settings(title="Renamed", deadline=shown))
    assert response.status_code == 303
    assert quiz_at(app, owner_url).title == "Renamed"


def test_the_service_refuses_questions_and_mode_once_taken_but_not_the_rest(app, judge,
                                                                            owner_url):
    take(app, judge, owner_url)
    token = owner_url.rsplit("/", 1)[1]
    with app.app_context():
        quiz = quizzes.shared(owner=token)
        assert quiz.locked and quiz.taken == 1
        assert not quizzes.edit(token, questions=quiz.questions[:1])
        assert not quizzes.edit(token, mode="practice")
        assert quizzes.edit(token, mode="exam", title="Same mode is fine", retakes=False)
        assert quizzes.shared(owner=token).retakes is False


# --- 2. close and reopen -------------------------------------------------------------------------


def test_closing_needs_csrf_the_owner_link_and_a_known_op(app, judge, owner_url):
    take_url, _ = links(judge, owner_url)
    assert judge.post(owner_url + "/close", data={"op": "close"}).status_code == 400
    assert post(judge, take_url.replace("/t/", "/o/") + "/close", op="close").status_code == 404
    refused = post(judge, owner_url + "/close", op="lock it")
    assert refused.status_code == 400 and "isn’t one this page offers" in \
        refused.get_data(as_text=True)
    assert quiz_at(app, owner_url).why_not_open() is None


def test_the_owner_closes_and_reopens_the_quiz(app, judge, owner_url):
    take(app, judge, owner_url)
    html = judge.get(owner_url).get_data(as_text=True)
    assert "Open: anyone with the take link can start." in html
    assert 'value="close"' in html
    closed = post(judge, owner_url + "/close", op="close")
    assert closed.status_code == 303
    quiz = quiz_at(app, owner_url)
    assert quiz.why_not_open() == "closed" and quiz.closed_at is not None
    html = judge.get(owner_url).get_data(as_text=True)
    assert "Closed (since" in html and 'value="reopen"' in html
    assert post(judge, owner_url + "/close", op="close").status_code == 303  # twice: no harm
    assert post(judge, owner_url + "/close", op="reopen").status_code == 303
    assert quiz_at(app, owner_url).why_not_open() is None
    assert "Open: anyone" in judge.get(owner_url).get_data(as_text=True)


def test_a_passed_deadline_closes_the_quiz_to_new_attempts(app, judge, owner_url):
    token = owner_url.rsplit("/", 1)[1]
    with app.app_context():
        quizzes.edit(token, deadline=datetime.now(timezone.utc) + timedelta(minutes=5))
        quiz = quizzes.shared(owner=token)
    assert quiz.why_not_open() is None
    assert quiz.why_not_open(datetime.now(timezone.utc) + timedelta(minutes=6)) == "deadline"


# --- 4. delete an attempt ------------------------------------------------------------------------


def delete_links(judge, owner_url) -> list[str]:
    import re
    html = judge.get(owner_url).get_data(as_text=True)
    return re.findall(r'href="(/quiz/o/[^"]+/attempts/\d+/delete)"', html)


def test_deleting_an_attempt_needs_its_quiz_csrf_and_the_owner_link(app, judge, owner_url):
    take(app, judge, owner_url, name="Test run")
    [link] = delete_links(judge, owner_url)
    other = make_quiz(judge, count="1").headers["Location"]
    foreign = link.replace(owner_url, other)  # another quiz's owner link: not its attempt
    assert judge.get(foreign).status_code == 404
    assert post(judge, foreign).status_code == 404
    take_url, _ = links(judge, owner_url)
    assert judge.get(link.replace(owner_url, take_url.replace("/t/", "/o/"))).status_code == 404
    assert judge.post(link, data={}).status_code == 400  # no CSRF token
    assert judge.get(owner_url.rsplit("/", 1)[0] + "/x/attempts/1/delete").status_code == 404
    assert judge.get(link.replace("/delete", "x/delete")).status_code == 404
    assert quiz_at(app, owner_url).taken == 1


def test_the_owner_confirms_then_a_test_attempt_is_gone_and_the_questions_unlock(app, judge,
                                                                                 owner_url):
    attempt_url = take(app, judge, owner_url, name="My own try-out", right=2)
    assert quiz_at(app, owner_url).locked
    [link] = delete_links(judge, owner_url)
    # The owner's page names an attempt by its number, never by the taker's own link.
    assert attempt_url.rsplit("/", 1)[1] not in judge.get(owner_url).get_data(as_text=True)
    confirm = judge.get(link)
    page = confirm.get_data(as_text=True)
    assert confirm.status_code == 200 and "My own try-out" in page
    assert "Delete this attempt" in page and "Keep it" in page  # a step without JavaScript
    assert quiz_at(app, owner_url).taken == 1  # asking deletes nothing
    done = post(judge, link)
    assert done.status_code == 303 and done.headers["Location"].startswith(owner_url)
    html = judge.get(done.headers["Location"]).get_data(as_text=True)
    assert "The attempt of My own try-out was deleted." in html  # says who
    html = judge.get(owner_url).get_data(as_text=True)
    assert "My own try-out" not in html and "No one has taken this quiz yet" in html
    assert "not answered yet" in html  # the statistics forget it too
    assert "My own try-out" not in judge.get(owner_url + "/results.csv").get_data(as_text=True)
    assert not quiz_at(app, owner_url).locked
    assert post(judge, owner_url + "/questions", op="remove:1").status_code == 303
    with app.app_context():
        assert db.session.query(QuizAnswer).count() == 0
        assert db.session.query(QuizAttempt).count() == 0
    assert post(judge, link).status_code == 404  # deleted twice: gone


def test_deleting_one_attempt_keeps_the_others_and_the_lock(app, judge, owner_url):
    take(app, judge, owner_url, name="Test run", right=1)
    take(app, judge, owner_url, name="Candidate", right=2)
    first, _ = delete_links(judge, owner_url)
    assert post(judge, first).status_code == 303
    html = judge.get(owner_url).get_data(as_text=True)
    assert "Test run" not in html and "Candidate" in html
    assert quiz_at(app, owner_url).locked


# --- 6. nothing the owner link shows stays on a shared laptop's disk ------------------------------


def test_the_owner_page_its_files_and_its_refusals_are_never_stored(app, judge, owner_url):
    take(app, judge, owner_url)
    [link] = delete_links(judge, owner_url)
    for response in (judge.get(owner_url), judge.get(owner_url + "/results.csv"),
                     judge.get(owner_url + "/quiz.toml"), judge.get(link),
                     post(judge, owner_url + "/settings", **settings(title=""))):
        assert response.headers["Cache-Control"] == "no-store", response.request.path


# --- 3. preview as a taker: nothing stored --------------------------------------------------------


def counts(app) -> tuple[int, int]:
    with app.app_context():
        return db.session.query(QuizAttempt).count(), db.session.query(QuizAnswer).count()


def test_the_preview_is_only_for_the_owner_link_and_real_questions(app, judge, owner_url):
    take_url, _ = links(judge, owner_url)
    stranger = take_url.replace("/t/", "/o/")
    for path in ("/preview", "/preview/1"):
        assert judge.get(stranger + path).status_code == 404
    for n in ("0", "3", "99999999999"):
        assert judge.get(f"{owner_url}/preview/{n}").status_code == 404
    assert judge.post(owner_url + "/preview/1", data={"amount": "1"}).status_code == 400  # CSRF
    assert post(judge, stranger + "/preview/1", amount="1").status_code == 404


def test_a_bad_preview_answer_is_a_400_and_stores_nothing(app, judge):
    owner_url = make_quiz(judge, count="6").headers["Location"]  # every type, in turn
    questions = [resolve(ref) for ref in draw(2, 6, 5, "generated")]
    n = next(n for n, q in enumerate(questions, start=1) if q["type"] == "number")
    response = post(judge, f"{owner_url}/preview/{n}", amount="many")
    assert response.status_code == 400 and "isn’t a whole number" in \
        response.get_data(as_text=True)
    assert counts(app) == (0, 0)


def test_the_owner_previews_every_question_as_a_taker_with_its_key_and_nothing_is_stored(
        app, judge):
    owner_url = make_quiz(judge, count="6").headers["Location"]  # every type, in turn
    assert 'href="' + owner_url + '/preview"' in judge.get(owner_url).get_data(as_text=True)
    first = judge.get(owner_url + "/preview")
    assert first.status_code in (302, 303) and first.headers["Location"].endswith("/preview/1")
    questions = [resolve(ref) for ref in draw(2, 6, 5, "generated")]
    for n, q in enumerate(questions, start=1):
        page = judge.get(f"{owner_url}/preview/{n}")
        html = page.get_data(as_text=True)
        assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
        assert 'class="lesson-step quiz-q"' in html  # the taker's own question markup
        assert f'action="{owner_url}/preview/{n}"' in html
        assert "The answer:" in html or "The legal ones:" in html  # the key, for the owner
        assert "nothing is stored" in html
        answered = post(judge, f"{owner_url}/preview/{n}", **right_answer(q))
        assert answered.status_code == 200 and "Right!" in answered.get_data(as_text=True)
        if q["type"] == "assign":
            live = judge.post(f"{owner_url}/preview/{n}/live", headers={
                "HX-Request": "true", "X-CSRFToken": csrf_token(judge, "/quiz/new")},
                data={f"dmg:{a}:{r}": "0" for a, row in q["example"].items() for r in row})
            assert live.status_code == 200 and "<html" not in live.get_data(as_text=True)
    wrong = post(judge, f"{owner_url}/preview/1", **wrong_answer(questions[0]))
    assert "Not quite" in wrong.get_data(as_text=True)
    assert counts(app) == (0, 0)
    assert not quiz_at(app, owner_url).locked
    assert "No one has taken this quiz yet" in judge.get(owner_url).get_data(as_text=True)


# --- 5. your quizzes, remembered in this browser; links to copy and a QR ------------------------


def test_your_quizzes_starts_empty_and_a_forged_cookie_is_ignored(app, judge):
    assert 'href="/quiz/mine"' in judge.get("/quiz").get_data(as_text=True)
    page = judge.get("/quiz/mine")
    assert page.status_code == 200 and "No quiz remembered in this browser yet" in \
        page.get_data(as_text=True)
    judge.set_cookie("quiz_mine", "forged.value", path="/quiz")
    assert "No quiz remembered" in judge.get("/quiz/mine").get_data(as_text=True)
    assert judge.post("/quiz/mine/forget").status_code == 400  # CSRF


def test_quizzes_made_or_opened_here_are_listed_with_their_owner_links(app, judge):
    first = make_quiz(judge, title="Thursday meeting").headers["Location"]
    elsewhere = app.test_client()
    second = make_quiz(elsewhere, title="Level 1 exam <b>").headers["Location"]
    mine = judge.get("/quiz/mine")
    html = mine.get_data(as_text=True)
    assert mine.headers["Cache-Control"] == "no-store"
    assert "Thursday meeting" in html and f'href="{first}"' in html
    assert "Level 1 exam" not in html  # made in another browser
    judge.get(second)  # opened here: remembered too, newest first
    html = judge.get("/quiz/mine").get_data(as_text=True)
    assert html.index("Level 1 exam &lt;b&gt;") < html.index("Thursday meeting")
    cookie = judge.get_cookie("quiz_mine", path="/quiz")
    assert cookie.http_only and cookie.path == "/quiz" and first.rsplit("/", 1)[1] not in \
        cookie.value  # signed, not a readable list
    copied = post(judge, first + "/copy")
    assert "Copy of Thursday meeting" in judge.get("/quiz/mine").get_data(as_text=True)
    assert copied.status_code == 303
    assert post(judge, "/quiz/mine/forget").status_code == 303
    assert "No quiz remembered" in judge.get("/quiz/mine").get_data(as_text=True)


def test_the_owner_page_has_copy_buttons_a_qr_of_the_take_link_and_says_keep_the_owner_link(
        app, judge, owner_url):
    take_url, html = links(judge, owner_url)
    assert 'data-copy="take-link"' in html and 'data-copy="owner-link"' in html
    assert 'id="copied" role="status"' in html
    assert '<svg role="img" aria-label="QR code of the take link http://localhost' + take_url \
        in html
    assert "it is the only key" in html and "Bookmark it" in html


def test_the_owner_page_calls_an_attempt_unfinished_until_it_is_submitted(app, judge, owner_url):
    """Every question answered is not the end of an exam: until the taker submits (or the clock
    does), the owner sees it as unfinished, not passed or failed."""
    attempt_url = take(app, judge, owner_url, right=1)  # 1 of 2 answered
    assert "unfinished" in judge.get(owner_url).get_data(as_text=True)
    # the second question answered too, not submitted: still unfinished
    client = app.test_client()
    q2 = resolve(quiz_at(app, owner_url).questions[1])
    client.post(f"{attempt_url}/2", data={"csrf_token": csrf_token(client, "/quiz/new"),
                                          **right_answer(q2)})
    page = judge.get(owner_url).get_data(as_text=True)
    assert "unfinished" in page and "not passed" not in page and "passed</td>" not in page
    client.post(f"{attempt_url}/submit", data={"csrf_token": csrf_token(client, "/quiz/new")})
    page = judge.get(owner_url).get_data(as_text=True)
    assert "unfinished" not in page and "passed" in page
