"""The quiz's owner in Chromium (issue 19): after someone started the quiz, the owner still edits
its title, pass mark, time limit and deadline; closes and reopens it; previews it as a taker without
storing anything; deletes a test attempt after a confirmation page; finds the quiz again under
"Your quizzes" on a second visit; copies the take link. axe finds nothing on the owner page, the
preview, the confirmation and the list."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import _APPS
from webapp.services import quizzes

AXE = Axe()


def assert_no_violations(page: Page):
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def stored(base_url: str, owner_url: str):
    """The quiz as the server has it (the service's word, not the page's)."""
    with _APPS[base_url].app_context():
        return quizzes.shared(owner=owner_url.rsplit("/", 1)[1].split("#")[0].split("?")[0])


def make_quiz(page: Page, title: str) -> str:
    page.goto("/quiz/new?tier=1&count=2&seed=314")
    page.get_by_label("Title").fill(title)
    page.get_by_label("Hand-written questions from the bank").check()
    page.get_by_label("Exam: feedback at the end").check()
    page.get_by_role("button", name="Save and get the links").click()
    expect(page.get_by_role("heading", name=f"Results: {title}")).to_be_visible()
    return page.url


def start_attempt(browser: Browser, base_url: str, take_url: str, name: str) -> None:
    """Someone opens the take link and starts (an attempt, as the owner's test run would be)."""
    context = browser.new_context(base_url=base_url)
    taker = context.new_page()
    taker.goto(take_url)
    taker.get_by_label("Your name").fill(name)
    taker.get_by_role("button", name="Start the quiz").click()
    expect(taker.get_by_text("Question 1 of 2").first).to_be_visible()
    context.close()


@pytest.mark.console_errors("400 (BAD REQUEST)")  # the past deadline, refused on purpose
def test_the_owner_edits_closes_and_deletes_after_an_attempt(browser, base_url, shot):
    judge = browser.new_context(base_url=base_url)
    page = judge.new_page()
    owner = make_quiz(page, "Owner controls")
    take_url = page.get_by_label("Share this link with takers").input_value()
    start_attempt(browser, base_url, take_url, "Test run")
    page.reload()
    expect(page.get_by_role("cell", name="Test run", exact=True)).to_be_visible()
    expect(page.get_by_text("its questions are locked")).to_be_visible()
    expect(page.get_by_text("The mode is fixed once someone has taken the quiz").first) \
        .to_be_visible()

    # A past deadline is refused and what was typed stays.
    page.get_by_label("Title").fill("Owner controls, round 2")
    page.get_by_label("Pass mark, in percent").fill("60")
    page.get_by_label("Time limit for an exam, in minutes").fill("20")
    page.get_by_label("Deadline to start, in UTC").fill("2001-01-01T10:00")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_role("alert")).to_contain_text("The deadline is in the past")
    expect(page.get_by_label("Title")).to_have_value("Owner controls, round 2")
    expect(page.get_by_label("Pass mark, in percent")).to_have_value("60")
    assert stored(base_url, owner).title == "Owner controls"
    page.get_by_label("Deadline to start, in UTC").fill("2099-12-31T18:00")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_role("heading", name="Results: Owner controls, round 2")).to_be_visible()
    expect(page.get_by_text("Open: takers can start until 2099-12-31 18:00 UTC.")).to_be_visible()
    quiz = stored(base_url, owner)
    assert (quiz.title, quiz.pass_mark, quiz.time_limit, quiz.locked) == \
        ("Owner controls, round 2", 60, 20, True)
    assert quiz.deadline.strftime("%Y-%m-%d %H:%M") == "2099-12-31 18:00"
    assert_no_violations(page)

    # Close, then reopen.
    page.get_by_role("button", name="Close the quiz").click()
    expect(page.get_by_text("Closed (since")).to_be_visible()
    assert stored(base_url, owner).why_not_open() == "closed"
    shot("quiz-owner-closed", page)
    assert_no_violations(page)
    page.get_by_role("button", name="Reopen the quiz").click()
    expect(page.get_by_text("Open: takers can start until")).to_be_visible()
    assert stored(base_url, owner).why_not_open() is None

    # Delete the test run: a confirmation page first, "Keep it" keeps it.
    page.get_by_role("link", name="Delete the attempt of Test run").click()
    expect(page.get_by_role("heading", name="Delete the attempt of Test run?")).to_be_visible()
    assert_no_violations(page)
    page.get_by_role("link", name="Keep it").click()
    expect(page.get_by_role("cell", name="Test run", exact=True)).to_be_visible()
    page.get_by_role("link", name="Delete the attempt of Test run").click()
    page.get_by_role("button", name="Delete this attempt").click()
    expect(page.get_by_role("status").filter(has_text="The attempt of Test run was deleted.")) \
        .to_be_visible()
    expect(page.get_by_text("No one has taken this quiz yet.")).to_be_visible()
    expect(page.get_by_role("button", name="Remove question 1")).to_be_visible()  # unlocked
    assert stored(base_url, owner).taken == 0
    judge.close()


def test_the_preview_stores_nothing_and_keeps_the_quiz_unlocked(browser, base_url, shot):
    judge = browser.new_context(base_url=base_url)
    page = judge.new_page()
    owner = make_quiz(page, "Preview me")
    page.get_by_role("link", name="Preview as a taker").click()
    expect(page.get_by_role("heading", name="Preview: Preview me")).to_be_visible()
    expect(page.get_by_text("nothing is stored or counted")).to_be_visible()
    expect(page.get_by_role("heading", name="The key (only you see it here)")).to_be_visible()
    assert_no_violations(page)
    # Answer as a taker would: the first option or any number; the key and why come back.
    form = page.locator("form.answer")
    if form.locator('input[name="option"]').count():
        form.locator('input[name="option"]').first.check()
        page.get_by_role("button", name="Submit my answer").click()
    elif form.get_by_label("Your answer").count():
        form.get_by_label("Your answer").fill("3")
        page.get_by_role("button", name="Submit my answer").click()
    else:
        form.get_by_role("button", name="Legal", exact=True).click()
    expect(page.locator("#feedback")).to_contain_text("Why")
    shot("quiz-owner-preview", page)
    assert_no_violations(page)
    page.get_by_role("link", name="Next question").click()
    expect(page.get_by_text("Question 2 of 2").first).to_be_visible()
    page.get_by_role("link", name="Back to the owner page").first.click()
    expect(page.get_by_text("No one has taken this quiz yet.")).to_be_visible()
    quiz = stored(base_url, owner)
    assert quiz.taken == 0 and not quiz.locked
    judge.close()


def test_your_quizzes_are_listed_on_a_second_visit_and_links_copy(browser, base_url, shot):
    judge = browser.new_context(base_url=base_url)
    judge.grant_permissions(["clipboard-read", "clipboard-write"])
    page = judge.new_page()
    owner = make_quiz(page, "Remember me")
    expect(page.get_by_text("Keep the owner link: it is the only key.")).to_be_visible()
    expect(page.get_by_role("img", name="QR code of the take link")).to_be_visible()
    page.get_by_role("button", name="Copy the take link").click()
    expect(page.locator("#copied")).to_have_text("Take link copied")
    take_url = page.get_by_label("Share this link with takers").input_value()
    assert page.evaluate("navigator.clipboard.readText()") == take_url
    shot("quiz-owner-links", page)
    page.close()

    second = judge.new_page()  # another day, the same browser
    second.goto("/quiz")
    second.get_by_role("link", name="Your quizzes").click()
    expect(second.get_by_role("heading", name="Your quizzes")).to_be_visible()
    second.get_by_role("link", name="Remember me").click()
    assert second.url == owner
    second.go_back()
    assert_no_violations(second)
    second.get_by_role("button", name="Forget this list in this browser").click()
    expect(second.get_by_text("No quiz remembered in this browser yet.")).to_be_visible()
    judge.close()
