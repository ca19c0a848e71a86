"""Candidates in Chromium try every way an exam could leak or slip (issue 19): editing the address
to /review before submitting, Back after submitting, a second tab on the take link, the timer
reaching 0:00, and Next after ticking an answer. axe finds nothing on the new pages."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

from tests.e2e.conftest import attempt_questions, served_app
from tests.e2e.test_quiz_browser import answer, assert_no_violations

KEY_TEXT = re.compile(r"The answer:|The legal ones:|Why|Right!|Not quite|right \(|Passed")


def shared_exam(base_url: str, minutes: int | None = None, count: int = 4) -> str:
    """A judge's exam of generated questions (every type comes in turn); its take link."""
    from webapp.content.questions import draw
    from webapp.services import quizzes
    with served_app(base_url).app_context():
        quiz = quizzes.create("Store night exam", draw(2, count, 11, "generated"), "exam", 70,
                              minutes)
    return f"/quiz/t/{quiz.take_token}"


def stored(base_url: str, token: str):
    """(answers, submitted_at) of an attempt, as the server keeps them."""
    from webapp.services import quizzes
    with served_app(base_url).app_context():
        attempt = quizzes.get(token)
        return attempt.answers, attempt.submitted_at


def backdate(base_url: str, token: str, seconds: float) -> None:
    from webapp.services.database import db
    from webapp.services.models import QuizAttempt
    with served_app(base_url).app_context():
        row = db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))
        row.created_at = datetime.now(timezone.utc) - timedelta(seconds=seconds)
        db.session.commit()


def start(page: Page, link: str, name: str = "Ana") -> str:
    page.goto(link)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start the quiz").click()
    expect(page).to_have_url(re.compile(r"/quiz/a/[^/]+/1$"))
    page.wait_for_load_state()
    return page.url.split("/a/")[1].split("/")[0]


def test_editing_the_address_to_review_before_submitting_shows_no_key(page: Page, live_server):
    token = start(page, shared_exam(live_server))
    page.goto(page.url.rsplit("/", 1)[0] + "/review")
    expect(page.locator("main")).not_to_contain_text(KEY_TEXT)
    expect(page.get_by_role("heading", name="Review and submit")).to_be_visible()
    expect(page.get_by_text("4 questions are not answered yet")).to_be_visible()
    assert_no_violations(page)
    assert stored(live_server, token) == ({}, None)  # looking submitted nothing
    page.go_back()
    expect(page.get_by_role("heading", level=1)).to_have_text("Store night exam")


def test_the_last_question_goes_to_review_and_submit_and_back_changes_nothing(
        browser, live_server):
    context = browser.new_context(base_url=live_server)
    page = context.new_page()
    token = start(page, shared_exam(live_server, count=3))
    questions = attempt_questions(live_server, token)
    answer(page, questions[0])
    expect(page).to_have_url(re.compile(r"/2$"))
    page.wait_for_load_state()
    stale = context.new_page()  # a second tab left open on the skipped question
    stale.goto(page.url)
    page.get_by_role("button", name="Next question").click()  # skip question 2
    expect(page).to_have_url(re.compile(r"/3$"))
    page.wait_for_load_state()
    answer(page, questions[2])
    expect(page.get_by_role("heading", name="Review and submit")).to_be_visible()
    expect(page.get_by_role("listitem").filter(has_text="Question 2")).to_contain_text(
        "not answered")
    expect(page.get_by_text("1 question is not answered yet")).to_be_visible()
    expect(page.locator("main")).not_to_contain_text(KEY_TEXT)
    page.get_by_role("button", name="Submit my answers").click()
    expect(page.get_by_role("heading", name="Quiz results for Ana")).to_be_visible()
    before = stored(live_server, token)
    assert set(before[0]) == {1, 3} and before[1] is not None
    # The other tab answers the skipped question from the key it now could read: refused.
    stale.wait_for_load_state()
    answer(stale, questions[1])
    expect(stale.get_by_text("already submitted")).to_be_visible()
    # Back, and answer again: the page is locked now, and nothing changed.
    page.go_back()
    page.goto(page.url.replace("/review", "/2"))
    expect(page.locator("form#answer :is(input, button):not([type=hidden])").first).to_be_disabled()
    assert stored(live_server, token) == before
    context.close()


def test_a_second_tab_on_the_take_link_resumes_the_same_attempt_and_clock(browser, live_server):
    link = shared_exam(live_server, minutes=15)
    context = browser.new_context(base_url=live_server)
    first = context.new_page()
    token = start(first, link)
    backdate(live_server, token, 150)  # started two and a half minutes ago
    second = context.new_page()
    second.goto(link)
    expect(second).to_have_url(re.compile(rf"/quiz/a/{token}/1$"))
    expect(second.locator("[data-seconds-left]")).to_have_text(re.compile(r"^12:[0-3]\d$"))
    expect(second.get_by_text("Answers sent up to 30 seconds after the time is up still count.")
           ).to_be_visible()
    assert_no_violations(second)
    context.close()


def test_the_timer_reaching_zero_submits_the_exam_with_the_ticked_answer(page: Page,
                                                                         live_server):
    token = start(page, shared_exam(live_server, minutes=1))
    questions = attempt_questions(live_server, token)
    n, q = next((i, q) for i, q in enumerate(questions, 1) if q["type"] in ("rule", "one"))
    backdate(live_server, token, 56)  # about 4 seconds left
    page.goto(page.url.rsplit("/", 1)[0] + f"/{n}")
    page.locator(f'input[name="option"][value="{q["answer"]}"]').check()
    expect(page.get_by_role("heading", name="Quiz results for Ana")).to_be_visible(timeout=15000)
    expect(page.get_by_text("Time is up")).to_have_count(0)  # the results, not a stuck page
    answers, submitted = stored(live_server, token)
    assert answers == {n: (q["answer"], True)} and submitted is not None


def test_next_keeps_a_ticked_answer(page: Page, live_server):
    token = start(page, shared_exam(live_server))
    questions = attempt_questions(live_server, token)
    n, q = next((i, q) for i, q in enumerate(questions, 1) if q["type"] in ("rule", "one"))
    page.goto(page.url.rsplit("/", 1)[0] + f"/{n}")
    page.locator(f'input[name="option"][value="{q["answer"]}"]').check()
    page.get_by_role("button", name="Review and submit" if n == len(questions)
                     else "Next question").click()
    page.wait_for_load_state()
    assert stored(live_server, token)[0] == {n: (q["answer"], True)}
    page.goto(page.url.rsplit("/", 1)[0] + f"/{n}")
    expect(page.locator(f'input[name="option"][value="{q["answer"]}"]')).to_be_checked()
    expect(page.get_by_text("Answer saved")).to_be_visible()
    assert_no_violations(page)


@pytest.mark.console_errors("status of 410", "status of 403")
def test_a_closed_quiz_and_a_taken_one_without_retakes_say_so(page: Page, live_server):
    from webapp.services.database import db
    from webapp.services.models import Quiz
    link = shared_exam(live_server)
    token = start(page, link)
    page.goto(page.url.rsplit("/", 1)[0] + "/review")
    page.get_by_role("button", name="Submit my answers").click()
    expect(page.get_by_role("heading", name="Quiz results for Ana")).to_be_visible()
    with served_app(live_server).app_context():
        row = db.session.scalar(select(Quiz).where(Quiz.take_token == link.rsplit("/", 1)[1]))
        row.retakes = False
        db.session.commit()
    page.goto(link)
    expect(page.get_by_role("alert")).to_contain_text("allows one attempt")
    expect(page.get_by_label("Your name")).to_have_count(0)
    assert_no_violations(page)
    page.get_by_role("link", name="See your results").click()
    expect(page).to_have_url(re.compile(rf"/quiz/a/{token}/review$"))
    with served_app(live_server).app_context():
        row = db.session.scalar(select(Quiz).where(Quiz.take_token == link.rsplit("/", 1)[1]))
        row.closed_at = datetime.now(timezone.utc)
        db.session.commit()
    page.goto(link)
    expect(page.get_by_role("alert")).to_contain_text("This quiz is closed")
    assert_no_violations(page)
