"""Exam integrity for the quiz TAKER (issue 19): no key before the attempt is submitted, nothing
changes after it, the time limit ends the exam (with a stated allowance for the network), the take
link resumes this browser's unfinished attempt, and a quiz that is closed, past its deadline or
already taken (without retakes) starts nothing. Each test tries what a candidate could try."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import select

from tests.conftest import csrf_token
from tests.web.test_quiz import (attempt_of, make_quiz, questions_of, right_answer, start,
                                 wrong_answer)
from webapp.services import quizzes
from webapp.services.database import db
from webapp.services.models import Quiz, QuizAttempt

KEY_WORDS = ("The answer:", "The legal ones:", "Why", "Right!", "Not quite", "right (",
             "Passed", "Not passed")


def says(html: str, words: str) -> bool:
    """`words` stand as words in the page: a signed token in an address ("…3ePWhyc…") may hold
    their letters by chance (CI saw that once)."""
    return re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", html) is not None


def no_key(html: str, questions: list[dict]) -> None:
    """Nothing on the page gives a key, an explanation, a mark or the score away."""
    for word in KEY_WORDS:
        assert not says(html, word), word
    for q in questions:
        # a stretch of the explanation the prompt doesn't also say (both name the cards)
        said = next((q["explanation"][i:i + 40] for i in range(0, len(q["explanation"]), 10)
                     if q["explanation"][i:i + 40] not in q["prompt"]), q["explanation"][:40])
        assert said.replace("'", "&#39;") not in html


def post(client, url, **fields):
    return client.post(url, data={"csrf_token": csrf_token(client, "/quiz"), **fields})


def backdate(app, token, seconds):
    """The attempt started `seconds` ago (its clock, as the server keeps it)."""
    with app.app_context():
        row = db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))
        row.created_at = datetime.now(timezone.utc) - timedelta(seconds=seconds)
        db.session.commit()


def submitted_at(app, token):
    with app.app_context():
        return db.session.scalar(select(QuizAttempt.submitted_at)
                                 .where(QuizAttempt.token == token))


# ---- no key before submission -------------------------------------------------------------------

def test_editing_the_address_to_review_before_submitting_shows_no_key(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="6", tier="3"))
    questions = questions_of(attempt)
    review = client.get(f"/quiz/a/{attempt.token}/review")
    html = review.get_data(as_text=True)
    assert review.status_code == 200
    assert "Review and submit" in html
    no_key(html, questions)
    assert html.count("not answered") >= 6  # every question listed, each with a link back
    for n in range(1, 7):
        assert f'href="/quiz/a/{attempt.token}/{n}"' in html
    assert re.search(rf'<form[^>]+method="post"[^>]+action="/quiz/a/{attempt.token}/submit"', html)
    assert "6 questions are not answered" in html  # it warns before submitting
    # Nothing was submitted by looking, and answers sent afterwards still count as answers.
    assert submitted_at(app, attempt.token) is None


def test_the_last_question_goes_to_review_and_submit_with_the_skipped_one_listed(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="3"))
    questions = questions_of(attempt)
    post(client, f"/quiz/a/{attempt.token}/1", **right_answer(questions[0]))
    last = post(client, f"/quiz/a/{attempt.token}/3", **right_answer(questions[2]))
    assert last.headers["Location"] == f"/quiz/a/{attempt.token}/review"
    html = client.get(last.headers["Location"]).get_data(as_text=True)
    no_key(html, questions)
    assert "1 question is not answered" in html
    assert submitted_at(app, attempt.token) is None
    # The skipped question still takes an answer (the exam is not over).
    assert client.get(f"/quiz/a/{attempt.token}/2").status_code == 200
    post(client, f"/quiz/a/{attempt.token}/2", **right_answer(questions[1]))
    with app.app_context():
        assert set(quizzes.get(attempt.token).answers) == {1, 2, 3}


def test_an_exam_question_page_and_its_live_fragment_give_nothing_away(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="6", tier="3"))
    questions = questions_of(attempt)
    for n, q in enumerate(questions, start=1):
        post(client, f"/quiz/a/{attempt.token}/{n}", **right_answer(q))
        html = client.get(f"/quiz/a/{attempt.token}/{n}").get_data(as_text=True)
        no_key(html, questions)
        assert "Answer saved" in html
        if q["type"] == "assign":  # from the page's own live address, and without its q=
            for address in (page_live_url(html), f"/quiz/a/{attempt.token}/{n}/live"):
                live = drag(client, address, **right_answer(q))
                text = live.get_data(as_text=True)
                assert live.status_code == 200
                assert not says(text, "Legal") and not says(text, "Not legal")  # the verdict is the grade
    # A generated question's seed would let /api/quiz/generate rebuild the keys: never shown.
    seed = str(attempt.questions[0]["gen"][1])
    for path in [f"/{n}" for n in range(1, 7)] + ["/review"]:
        assert seed not in client.get(f"/quiz/a/{attempt.token}{path}").get_data(as_text=True)


def drag(client, url, **fields):
    """A slider moved, as htmx sends it (the verdict's fragment)."""
    return client.post(url, data=fields, headers={"HX-Request": "true"})


def page_live_url(html: str) -> str:
    """The address a question page's sliders send a drag to, as the browser reads it."""
    return re.search(r'class="assign"[^>]*hx-post="([^"]+)"', html).group(1).replace("&amp;", "&")


def assign_numbers(attempt) -> list[tuple[int, dict]]:
    return [(n, q) for n, q in enumerate(questions_of(attempt), start=1) if q["type"] == "assign"]


def test_a_candidate_who_edits_the_live_address_still_gets_no_verdict(client, app):
    """A question page's live address carries, signed, the board it shows and that it is an
    exam's (so a drag reads no database), never the question's reference. A candidate can't turn it into a practice one, move it
    to another question or attempt, or drop it: each drag stays blind. From a page left open
    after the attempt was submitted, a drag still shows no more than that page did."""
    practice = attempt_of(app, start(client, mode="practice", count="30", tier="1"))
    exam = attempt_of(app, start(client, mode="exam", count="30", tier="1"))
    (n, q), (m, _) = assign_numbers(exam)[:2]
    page = client.get(f"/quiz/a/{exam.token}/{n}").get_data(as_text=True)
    address = page_live_url(page)
    assert address.startswith(f"/quiz/a/{exam.token}/{n}/live?q=")
    signed = address.split("q=", 1)[1]
    from webapp import signing
    from webapp.views.live_answer import FACTS_SALT
    with app.test_request_context():
        facts = signing.loads(FACTS_SALT, signed)
        assert facts[0] == ["attempt", exam.token, n] and facts[-1] is True  # an exam's: blind
        assert facts[1] == {k: v for k, v in q["board"].items() if k != "assignment"}
        unsigned = signing.dumps("another-salt", [*facts[:-1], False])
    # Signed, not hidden: it holds only what the page shows. Never the reference, whose seed
    # would rebuild the keys through /api/quiz/generate, nor the key or its explanation.
    import json
    payload = json.dumps(facts)  # what the address carries, readable by anyone who decodes it
    assert str(exam.questions[n - 1]["gen"][1]) not in payload
    assert "gen" not in payload and q["explanation"][:30] not in payload
    p, pq = assign_numbers(practice)[0]
    practice_address = page_live_url(
        client.get(f"/quiz/a/{practice.token}/{p}").get_data(as_text=True))
    tries = [address,
             f"/quiz/a/{exam.token}/{n}/live",                          # q= dropped
             f"/quiz/a/{exam.token}/{n}/live?q={unsigned}",             # signed with another key
             f"/quiz/a/{exam.token}/{n}/live?q={signed[:-3]}abc",       # forged
             f"/quiz/a/{exam.token}/{m}/live?q={signed}",               # another question's
             f"/quiz/a/{exam.token}/{n}/live?q=" + practice_address.split("q=", 1)[1]]
    for url in tries:
        live = drag(client, url, **right_answer(q))
        text = live.get_data(as_text=True)
        assert live.status_code in (200, 400), url  # 400: the other question's sliders differ
        assert not says(text, "Legal") and not says(text, "Not legal"), url
        for hint in SLIDER_HINTS:
            assert hint not in text, (url, hint)
    # The practice attempt's own page: its verdict, as before.
    assert "Legal" in drag(client, practice_address, **right_answer(pq)).get_data(as_text=True)
    post(client, f"/quiz/a/{exam.token}/submit")
    late = drag(client, address, **right_answer(q))  # a tab left open, then a drag
    assert late.status_code == 200 and "Legal" not in late.get_data(as_text=True)
    assert drag(client, f"/quiz/a/{exam.token}/{n}/live").status_code == 409  # the attempt says


SLIDER_HINTS = ("Lethal ", "lethal", "data-lethal", "At most", "(rule ", "dies", "survives",
                "Banding: the defending player")


def slider_panel(html: str) -> str:
    """The sliders' part of a question page (the board, the damage left, the notes)."""
    start = html.index('class="assign"')
    return html[start:html.index("</section>", start)]


def test_an_exam_assign_questions_sliders_say_nothing_the_core_worked_out(client, app):
    """Lethal marks and tags, "at most N" and gates with their rules are the key's parts and
    their reasons: an exam's sliders show only the damage placed and left until it is submitted,
    in the page and in the live fragment; after submission they teach again."""
    attempt = attempt_of(app, start(client, mode="exam", count="30", tier="1"))
    assigns = [(n, q) for n, q in enumerate(questions_of(attempt), start=1)
               if q["type"] == "assign"]
    assert assigns, "30 generated tier-1 questions hold an assign question"
    for n, q in assigns:
        url = f"/quiz/a/{attempt.token}/{n}"
        for html in (client.get(url).get_data(as_text=True),
                     post(client, f"{url}/live", **right_answer(q)).get_data(as_text=True)):
            shown = slider_panel(html) if 'class="assign"' in html else html
            for hint in SLIDER_HINTS:
                assert hint not in shown, (n, hint)
    post(client, f"/quiz/a/{attempt.token}/submit")
    n, q = assigns[0]
    after = slider_panel(client.get(f"/quiz/a/{attempt.token}/{n}").get_data(as_text=True))
    assert "Lethal " in after or "At most" in after


def test_an_exam_answer_can_change_until_submitted_then_never(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="2", tier="1"))
    q = questions_of(attempt)[0]
    url = f"/quiz/a/{attempt.token}/1"
    post(client, url, **wrong_answer(q))
    post(client, url, **right_answer(q))
    with app.app_context():
        kept = quizzes.get(attempt.token).answers
    assert kept[1][1] is True  # the latest answer counts
    submitted = post(client, f"/quiz/a/{attempt.token}/submit")
    assert submitted.status_code == 303
    assert submitted.headers["Location"] == f"/quiz/a/{attempt.token}/review"
    assert submitted_at(app, attempt.token) is not None
    results = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert "1 of 2 right (50%)." in results and "Why" in results  # only now, the keys
    # Back, re-answer, post by hand: nothing changes, for an answered or a skipped question.
    for n, fields in ((1, {"amount": "998", "verdict": "illegal", "option": "zz"}),
                      (2, right_answer(questions_of(attempt)[1]))):
        late = post(client, f"/quiz/a/{attempt.token}/{n}", **fields)
        assert late.status_code == 303
        assert late.headers["Location"] == f"/quiz/a/{attempt.token}/review?submitted=1"
        assert "already submitted" in client.get(late.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        assert quizzes.get(attempt.token).answers == kept
    live = post(client, f"/quiz/a/{attempt.token}/1/live")
    assert live.status_code in (404, 409)
    again = post(client, f"/quiz/a/{attempt.token}/submit")  # a second submit changes nothing
    assert again.status_code == 303


def test_submitting_needs_the_csrf_token(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="2"))
    response = client.post(f"/quiz/a/{attempt.token}/submit", data={})
    assert response.status_code == 400 and submitted_at(app, attempt.token) is None


def test_practice_keeps_its_feedback_and_finishes_on_the_same_page(client, app):
    attempt = attempt_of(app, start(client, count="2", tier="1"))
    questions = questions_of(attempt)
    post(client, f"/quiz/a/{attempt.token}/1", **right_answer(questions[0]))
    assert "Right!" in client.get(f"/quiz/a/{attempt.token}/1").get_data(as_text=True)
    assert "Review and submit" in client.get(f"/quiz/a/{attempt.token}/review").get_data(
        as_text=True)
    post(client, f"/quiz/a/{attempt.token}/submit")
    assert "1 of 2 right (50%)." in client.get(f"/quiz/a/{attempt.token}/review").get_data(
        as_text=True)
    post(client, f"/quiz/a/{attempt.token}/2", **right_answer(questions[1]))
    with app.app_context():
        assert set(quizzes.get(attempt.token).answers) == {1}


# ---- time -----------------------------------------------------------------------------------------

def test_the_timer_states_the_allowance_and_never_says_late_answers_are_lost(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="2", minutes="15"))
    html = client.get(f"/quiz/a/{attempt.token}/1").get_data(as_text=True)
    assert "Answers sent up to 30 seconds after the time is up still count." in html
    assert "not counted" not in html
    assert re.search(r'data-seconds-left="(8\d\d|900)"', html)
    assert 'src="/static/js/quiz-timer.js"' in html
    assert 'data-autosubmit' in html


def test_an_answer_within_the_allowance_counts_and_the_attempt_ends_with_it(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="2", minutes="1"))
    q = questions_of(attempt)[0]
    backdate(app, attempt.token, 60 + quizzes.GRACE.total_seconds() - 10)
    sent = post(client, f"/quiz/a/{attempt.token}/1", op="timeup", **right_answer(q))
    assert sent.headers["Location"] == f"/quiz/a/{attempt.token}/review"
    assert submitted_at(app, attempt.token) is not None  # time up: the browser submitted
    with app.app_context():
        assert quizzes.get(attempt.token).answers[1][1] is True


def test_after_the_time_and_the_allowance_answers_are_refused_and_the_attempt_is_submitted(
        client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="2", minutes="1"))
    q = questions_of(attempt)[0]
    backdate(app, attempt.token, 60 + quizzes.GRACE.total_seconds() + 5)
    late = post(client, f"/quiz/a/{attempt.token}/1", **right_answer(q))
    assert late.status_code == 303
    assert late.headers["Location"] == f"/quiz/a/{attempt.token}/review?late=1"
    html = client.get(late.headers["Location"]).get_data(as_text=True)
    assert "more than 30 seconds after the time was up" in html and "0 of 2 right" in html
    assert submitted_at(app, attempt.token) is not None
    with app.app_context():
        assert quizzes.get(attempt.token).answers == {}


def test_the_first_request_after_the_time_submits_the_attempt(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="2", minutes="1"))
    backdate(app, attempt.token, 200)
    html = client.get(f"/quiz/a/{attempt.token}/review").get_data(as_text=True)
    assert "0 of 2 right" in html
    assert submitted_at(app, attempt.token) is not None


# ---- the take link: resume, retakes, closed, deadline, title, time limit ------------------------

def shared_quiz(client, app, **settings):
    owner = make_quiz(client, count="2", **{k: v for k, v in settings.items()
                                            if k in ("mode", "minutes")}).headers["Location"]
    with app.app_context():
        row = db.session.scalar(select(Quiz).where(Quiz.owner_token == owner.rsplit("/", 1)[1]))
        for name in ("retakes", "deadline", "closed_at"):
            if name in settings:
                setattr(row, name, settings[name])
        db.session.commit()
        return f"/quiz/t/{row.take_token}"


def take(client, link, name="Alice"):
    return client.post(link, data={"csrf_token": csrf_token(client, "/quiz"), "name": name})


def test_reopening_the_take_link_resumes_the_unfinished_attempt_and_its_clock(client, app):
    link = shared_quiz(client, app, minutes="15")
    first = take(client, link).headers["Location"]
    token = first.split("/a/")[1].split("/")[0]
    backdate(app, token, 120)
    again = client.get(link)
    assert again.status_code == 303 and again.headers["Location"].startswith(f"/quiz/a/{token}/")
    assert take(client, link).headers["Location"].startswith(f"/quiz/a/{token}/")
    html = client.get(f"/quiz/a/{token}/1").get_data(as_text=True)
    assert re.search(r'data-seconds-left="7[6-8]\d"', html)  # 13 minutes left, not 15
    other = app.test_client()  # another browser starts its own
    assert f"/quiz/a/{token}/" not in take(other, link).headers["Location"]


def test_without_retakes_a_browser_that_submitted_gets_its_results_not_a_new_attempt(client, app):
    link = shared_quiz(client, app, retakes=False)
    token = take(client, link).headers["Location"].split("/a/")[1].split("/")[0]
    post(client, f"/quiz/a/{token}/submit")
    page = client.get(link)
    html = page.get_data(as_text=True)
    assert page.status_code == 403 and f'href="/quiz/a/{token}/review"' in html
    assert 'name="name"' not in html
    refused = take(client, link, "Alice again")
    assert refused.status_code == 403
    with app.app_context():
        assert db.session.scalar(select(QuizAttempt.id).where(
            QuizAttempt.name == "Alice again")) is None


def test_with_retakes_a_browser_that_submitted_starts_again(client, app):
    link = shared_quiz(client, app)
    token = take(client, link).headers["Location"].split("/a/")[1].split("/")[0]
    post(client, f"/quiz/a/{token}/submit")
    assert client.get(link).status_code == 200
    assert f"/a/{token}/" not in take(client, link).headers["Location"]


@pytest.mark.parametrize("settings, message", [
    ({"closed_at": datetime.now(timezone.utc)}, "This quiz is closed"),
    ({"deadline": datetime.now(timezone.utc) - timedelta(minutes=1)}, "The deadline to start")])
def test_a_closed_quiz_or_one_past_its_deadline_starts_nothing(client, app, settings, message):
    link = shared_quiz(client, app, **settings)
    page = client.get(link)
    assert page.status_code == 410 and message in page.get_data(as_text=True)
    refused = take(client, link)
    assert refused.status_code == 410 and message in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(QuizAttempt.id)) is None


def test_a_deadline_still_ahead_starts_and_an_unfinished_attempt_resumes_after_closing(client,
                                                                                      app):
    link = shared_quiz(client, app, deadline=datetime.now(timezone.utc) + timedelta(hours=1))
    token = take(client, link).headers["Location"].split("/a/")[1].split("/")[0]
    with app.app_context():
        row = db.session.scalar(select(Quiz))
        row.closed_at = datetime.now(timezone.utc)
        db.session.commit()
    assert client.get(link).headers["Location"].startswith(f"/quiz/a/{token}/")


def test_the_attempt_page_carries_the_quizs_title(client, app):
    link = shared_quiz(client, app)
    question = take(client, link).headers["Location"]
    html = client.get(question).get_data(as_text=True)
    assert re.search(r"<title>[^<]*Judge night", html) and re.search(r"<h1>Judge night</h1>", html)
    assert "Trample quiz, tier" not in html
    alone = client.get(start(client, tier="3").headers["Location"]).get_data(as_text=True)
    assert re.search(r"<h1>Trample quiz, tier 3</h1>", alone)


@pytest.mark.parametrize("lang, minutes, words", [
    ("en", "15", "Time limit: 15 minutes."), ("en", "1", "Time limit: 1 minute."),
    ("fr", "15", "Durée limite\u00a0: 15 minutes."),
    ("ja", "15", "制限時間：15分。")])
def test_the_take_page_states_the_real_time_limit(client, app, lang, minutes, words):
    link = shared_quiz(client, app, minutes=minutes)
    html = client.get(f"{link}?lang={lang}").get_data(as_text=True)
    assert words in html and "No timer" not in html and "Pas de chronomètre" not in html


# ---- "Next" never drops a chosen answer --------------------------------------------------------

@pytest.mark.parametrize("mode", ["exam", "practice"])
def test_next_saves_the_chosen_answer_first(client, app, mode):
    attempt = attempt_of(app, start(client, mode=mode, count="6", tier="3"))
    questions = questions_of(attempt)
    n, q = next((i, q) for i, q in enumerate(questions, 1) if q["type"] in ("rule", "one"))
    html = client.get(f"/quiz/a/{attempt.token}/{n}").get_data(as_text=True)
    assert re.search(r'<button[^>]+form="answer"[^>]+name="op" value="next"', html)
    moved = post(client, f"/quiz/a/{attempt.token}/{n}", op="next", option=q["answer"])
    with app.app_context():
        assert quizzes.get(attempt.token).answers[n] == (q["answer"], True)
    if mode == "exam":
        assert moved.headers["Location"] == f"/quiz/a/{attempt.token}/{n + 1}"
    else:  # practice shows the feedback first, as the answer button does
        assert moved.headers["Location"] == f"/quiz/a/{attempt.token}/{n}#feedback"


def test_next_with_nothing_chosen_just_moves_on(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="6", tier="3"))
    for n in range(1, 7):
        page = client.get(f"/quiz/a/{attempt.token}/{n}").get_data(as_text=True)
        untouched = dict(re.findall(r'name="(dmg:[^"]+)"[^>]*value="(\d+)"', page))  # as shown
        moved = post(client, f"/quiz/a/{attempt.token}/{n}", op="next", **untouched)
        assert moved.headers["Location"] == (f"/quiz/a/{attempt.token}/{n + 1}" if n < 6
                                             else f"/quiz/a/{attempt.token}/review")
    back = post(client, f"/quiz/a/{attempt.token}/3", op="prev")
    assert back.headers["Location"] == f"/quiz/a/{attempt.token}/2"
    with app.app_context():
        assert quizzes.get(attempt.token).answers == {}


def test_next_with_an_unreadable_answer_says_so_instead_of_dropping_it(client, app):
    attempt = attempt_of(app, start(client, mode="exam", count="6", tier="3"))
    n = next(i for i, q in enumerate(questions_of(attempt), 1) if q["type"] == "number")
    response = post(client, f"/quiz/a/{attempt.token}/{n}", op="next", amount="1000")
    assert response.status_code == 400 and "isn’t a whole number" in response.get_data(
        as_text=True)
