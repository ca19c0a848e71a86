"""Issue 24, small frictions, in a real Chromium: a new player opens a board and sees a neutral
"No damage placed yet" (not a red "Not legal"), drags to an illegal and a legal split, reads a goal
step's legal split in grey beside the one graded verdict, and after feedback has one way forward."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_learn_browser import drag_to

MOST = "/learn/force-of-nature/most-practice"  # Force of Nature 8/8 against three Grizzly Bears
SPLIT = "/learn/blocked-means-stopped/split-practice"  # any legal split will do: no goal beyond


def headline(page: Page):
    return page.locator("#verdict .headline")


def forward_buttons(page: Page):
    return page.get_by_role("button", name=re.compile(r"^Next"))


def test_an_untouched_board_is_neutral_until_damage_is_placed(page: Page, shot):
    page.goto(MOST)
    expect(headline(page)).to_have_text("No damage placed yet")
    expect(headline(page)).to_have_class(re.compile(r"\bplain\b"))
    expect(page.locator("#verdict")).to_contain_text("must assign all 8")  # what to do
    expect(page.locator("#verdict")).not_to_contain_text("Not legal")
    red = page.locator("#verdict .headline.bad")
    expect(red).to_have_count(0)
    assert_no_violations(page)
    shot("friction-untouched")

    drag_to(page, "To the defending player", 3)  # past the blockers before lethal: illegal
    expect(headline(page)).to_have_text(re.compile("Not legal"))
    expect(headline(page)).to_have_class(re.compile(r"\bbad\b"))

    drag_to(page, "To the defending player", 0)  # all back: neutral again
    expect(headline(page)).to_have_text("No damage placed yet")

    drag_to(page, "To Grizzly Bears A", 8)  # legal, but not the most to the player: grey
    expect(headline(page)).to_have_text("Legal split")
    expect(headline(page)).to_have_class(re.compile(r"\bplain\b"))
    expect(page.locator("#verdict .headline.ok")).to_have_count(0)
    assert_no_violations(page)


def test_a_step_without_a_goal_still_says_legal_in_green(page: Page):
    page.goto(SPLIT)
    expect(headline(page)).to_have_text("No damage placed yet")
    drag_to(page, "To Grizzly Bears", 3)
    drag_to(page, "To Llanowar Elves", 3)
    expect(headline(page)).to_have_text(re.compile("✓ Legal"))
    expect(headline(page)).to_have_class(re.compile(r"\bok\b"))


def test_feedback_leaves_one_forward_button_and_one_red_or_green_verdict(page: Page, shot):
    page.goto(MOST)
    expect(forward_buttons(page)).to_have_count(1)  # before answering: the step's Next
    for name in ("Grizzly Bears A", "Grizzly Bears B", "Grizzly Bears C"):
        page.get_by_role("slider", name=f"To {name}").fill("2" if name != "Grizzly Bears C" else "4")
    expect(headline(page)).to_have_text("Legal split")
    page.get_by_role("button", name="Check my answer").click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Not quite")
    expect(page).to_have_url(re.compile(r"\?answer=\d+$"))  # htmx swapped the feedback in
    expect(page.locator(".headline.ok")).to_have_count(0)  # no green tick beside "Not quite"
    expect(forward_buttons(page)).to_have_count(1)
    expect(feedback.get_by_role("button", name="Next step")).to_be_visible()
    shot("friction-one-forward")

    page.reload()  # the same answer's page, served whole: still one way on
    expect(feedback).to_contain_text("Not quite")
    expect(forward_buttons(page)).to_have_count(1)
    forward_buttons(page).click()
    expect(page).to_have_url(re.compile(r"/learn/force-of-nature/all-on-one-legal$"))
