"""A right split in Learn, in a real Chromium: the feedback shows what the damage does."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import assert_no_violations

MOST = "/learn/force-of-nature/most-practice"  # Force of Nature 8/8 against three Grizzly Bears


def answer_most_right(page: Page, tap: bool = False) -> None:
    for name in ("Grizzly Bears A", "Grizzly Bears B", "Grizzly Bears C", "the defending player"):
        page.get_by_role("slider", name=f"To {name}").fill("2")
    expect(page.locator("#verdict")).to_contain_text("Legal")
    button = page.get_by_role("button", name="Check my answer")
    button.tap() if tap else button.click()


def test_a_right_split_shows_what_the_damage_does(page: Page, shot):
    page.emulate_media(reduced_motion="no-preference")
    page.goto(MOST)
    answer_most_right(page)
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Right!")
    expect(page).to_have_url(re.compile(r"\?answer=\d+$"))  # htmx swapped the feedback in
    details = feedback.locator("details.outcome-box")
    expect(details).to_have_attribute("open", "")
    expect(details.get_by_role("heading", name="What the damage does")).to_be_visible()
    events = details.get_by_role("list", name="What happens, in order").get_by_role("listitem")
    expect(events).to_contain_text([
        "Force of Nature deals 2 damage to Grizzly Bears A.",
        "Grizzly Bears A dies.",
        "The defending player’s life: 20 → 18."])
    expect(details.locator(".card.is-dead")).to_have_count(3)
    assert_no_violations(page)
    shot("learn-outcome")

    details.locator(":scope > summary").click()  # folded away, the way on is right there
    expect(details.get_by_role("list", name="What happens, in order")).to_be_hidden()
    expect(feedback.get_by_role("button", name="Next step")).to_be_visible()


def test_a_wrong_split_shows_no_outcome(page: Page):
    page.goto(MOST)
    page.get_by_role("slider", name="To Grizzly Bears A").fill("8")
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator("#feedback")).to_contain_text("Not quite")
    expect(page.locator("#feedback")).not_to_contain_text("What the damage does")


def test_first_strike_plays_out_in_two_steps_and_passes_axe(page: Page, shot):
    page.goto("/learn/first-and-double-strike/two-first-one-free")
    page.get_by_role("slider", name="To Llanowar Elves").fill("1")
    page.get_by_role("slider", name="To the defending player").fill("1")
    page.get_by_role("button", name="Check my answer").click()
    details = page.locator("#feedback details.outcome-box")
    expect(details.get_by_role("heading", level=4)).to_have_text(
        ["First-strike combat damage step", "Regular combat damage step"])
    assert_no_violations(page)
    shot("learn-outcome-two-steps")


def test_on_a_phone_the_outcome_fits_and_passes_axe(browser, base_url, shot):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, base_url=base_url)
    page = context.new_page()
    try:
        page.emulate_media(reduced_motion="reduce")
        page.goto(MOST)
        answer_most_right(page, tap=True)
        expect(page.locator("#feedback")).to_contain_text("The defending player’s life: 20 → 18.")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways on a phone: {width}px"
        assert_no_violations(page)
        shot("learn-outcome-phone", page)
    finally:
        context.close()


def test_without_javascript_the_plain_post_page_shows_the_outcome(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    try:
        page.goto("/learn/force-of-nature/split-d-practice")
        for _ in range(2):
            page.get_by_role("button", name="One more damage to Grizzly Bears C").click()
        page.get_by_role("button", name="One more damage to the defending player").click()
        page.get_by_role("button", name="Check my answer").click()
        expect(page).to_have_url(re.compile(r"\?answer=\d+#feedback$"))
        feedback = page.locator("#feedback")
        expect(feedback).to_contain_text("Right!")
        expect(feedback.get_by_role("heading", name="What the damage does")).to_be_visible()
        expect(feedback).to_contain_text("The defending player’s life: 20 → 19.")
    finally:
        context.close()
