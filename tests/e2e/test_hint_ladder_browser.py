"""The hint ladder in a real Chromium (issue 24): a learner misses twice - a nudge naming the
mistake, then the hint, neither with the answer's numbers - and then asks to see the answer."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import assert_no_violations

MOST = "/learn/force-of-nature/most-practice"  # Force of Nature 8/8 against three 2/2 Bears: 2


def miss(page: Page) -> None:
    page.get_by_role("slider", name="To Grizzly Bears A").fill("8")
    page.get_by_role("button", name="Check my answer").click()


def test_a_learner_misses_twice_then_sees_the_answer(page: Page, shot):
    page.goto(MOST)
    miss(page)
    feedback = page.locator("#feedback")
    nudge = feedback.locator(".nudge[data-ladder='1']")
    expect(nudge).to_contain_text("could send more to the defending player")
    expect(nudge).to_contain_text("keeps all of Force of Nature’s damage on its blockers")
    expect(page).to_have_url(re.compile(r"\?answer=\d+$"))
    assert not re.search(r"\b2\b", nudge.inner_text())  # the answer's number isn't given away
    expect(feedback).not_to_contain_text("a legal split can send")
    assert_no_violations(page)

    miss(page)
    nudge = feedback.locator(".nudge[data-ladder='2']")
    expect(nudge.get_by_role("heading", name="A hint")).to_be_visible()
    expect(nudge).to_contain_text("What is the least each Bears can take?")
    assert not re.search(r"\b2\b", nudge.inner_text())
    shot("learn-hint-ladder")

    feedback.get_by_role("button", name="Show me the answer").click()
    expect(feedback).to_contain_text("a legal split can send 2")
    expect(feedback).to_contain_text("8 − 6 = 2")
    expect(feedback.locator(".nudge")).to_have_count(0)
    page.reload()  # the answer, once shown, stays shown
    expect(page.locator("#feedback")).to_contain_text("a legal split can send 2")


def test_without_javascript_the_ladder_is_the_same(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    page.goto(MOST)
    page.get_by_role("slider", name="To Grizzly Bears A").fill("8")
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".nudge[data-ladder='1']")).to_be_visible()
    page.get_by_role("button", name="Show me the answer").click()
    expect(page.locator("#feedback")).to_contain_text("a legal split can send 2")
    context.close()
