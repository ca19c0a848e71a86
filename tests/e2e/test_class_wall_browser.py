"""Issue 23, the wall in a real Chromium at a projector's 1280×720 and 1024×768: the lobby with
who joined, a step with its board and its options lettered as every phone letters them, the
room's results only once the host shows them, the answer beside its question; never a scroll
bar, and axe finds nothing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_class_browser import join

DESKTOP = {"width": 1280, "height": 900}


def fits(wall: Page) -> float:
    """The wall shows everything without scrolling; its body type in px."""
    wall.wait_for_load_state()
    height, inner, px = wall.evaluate("""[document.scrollingElement.scrollHeight, innerHeight,
        parseFloat(getComputedStyle(document.body).fontSize)]""")
    assert height <= inner, f"the wall scrolls: {height} > {inner}"
    return px


def letters_and_words(page: Page, selector: str) -> list[tuple[str, str]]:
    return [(item.locator(".opt-letter").inner_text(),
             re.sub(r"\s+", " ", item.inner_text()).strip().split(" ", 1)[1])
            for item in page.locator(selector).all()]


def settled(wall: Page, text: str) -> None:
    """The wall's 2 s poll (300 ms here) has brought `text` in."""
    expect(wall.locator("#screen")).to_contain_text(text)


@pytest.mark.parametrize("width, height", [(1280, 720), (1024, 768)])
def test_a_class_on_the_wall_fits_the_projector_and_waits_for_the_host(
        browser: Browser, base_url, shot, width, height):
    host = browser.new_context(base_url=base_url, viewport=DESKTOP).new_page()
    host.goto("/class/new")
    host.get_by_label(re.compile("Force of Nature against three")).check()
    host.get_by_role("button", name="Create the class").click()
    code = host.locator(".class-bar .code").inner_text()
    wall_url = host.get_by_role("link", name="Open the projector view").get_attribute("href")
    wall = browser.new_context(base_url=base_url,
                               viewport={"width": width, "height": height}).new_page()
    wall.goto(wall_url)
    big = width == 1280  # the type asked for at 1280×720: 28 px and more

    # The lobby: the code, the QR and who joined; no nav, no footer.
    phones = [join(browser, base_url, code, name) for name in ("Ana", "Bo")]
    expect(wall.locator(".wall-names")).to_contain_text("Ana")
    expect(wall.locator(".wall-names")).to_contain_text("Bo")
    expect(wall.locator("header.site, footer, nav")).to_have_count(0)
    if wall.evaluate("document.fullscreenEnabled"):
        expect(wall.get_by_role("button", name="Full screen")).to_be_visible()
    assert fits(wall) >= (28 if big else 20)
    assert_no_violations(wall)
    shot(f"wall-{width}-lobby", wall)

    # A practice step: its whole task and its board; the room's answers wait for the host.
    host.get_by_role("button", name="Start the class").click()
    host.get_by_label("Go to step").select_option("5")
    host.get_by_role("button", name="Go", exact=True).click()
    settled(wall, "Send exactly 1 to the player.")
    expect(wall.locator(".wall-board .board")).to_contain_text("Grizzly Bears C")
    expect(wall.locator(".wall-join .code")).to_have_text(code)  # late players still join
    expect(wall.locator(".wall-join svg")).to_be_visible()
    assert fits(wall) >= (28 if big else 20)
    assert_no_violations(wall)
    shot(f"wall-{width}-question", wall)
    ana, bo = phones
    expect(ana.get_by_role("slider", name="To the defending player")).to_be_visible()
    ana.wait_for_load_state()
    slider = ana.get_by_role("slider", name="To the defending player")
    slider.focus()
    ana.keyboard.press("Home")
    for _ in range(3):
        ana.keyboard.press("ArrowRight")
    expect(ana.locator("#verdict")).to_contain_text("Not legal")
    ana.get_by_role("button", name="Check my answer").click()
    expect(ana.locator("#feedback")).to_contain_text("Not quite")
    room = host.locator("#room")
    expect(room).to_contain_text("damage to the player before every blocker had lethal")
    expect(wall.locator("#screen")).to_contain_text("stay hidden until the host shows them")
    expect(wall.locator("#screen")).not_to_contain_text("damage to the player before")

    host.get_by_role("button", name="Show the results on the wall").click()
    settled(wall, "damage to the player before every blocker had lethal")
    settled(wall, "Where the room put its damage")
    fits(wall)
    assert_no_violations(wall)
    shot(f"wall-{width}-results", wall)

    host.get_by_role("button", name="Project the worked answer").click()
    expect(wall.locator(".shown")).to_contain_text("The worked answer")
    settled(wall, "Send exactly 1 to the player.")  # the question stays with its answer
    # the board as the worked split leaves it: the Bears die, 1 reaches the player
    expect(wall.locator(".wall-dealt")).to_contain_text("What the damage does")
    expect(wall.locator(".wall-dealt")).to_contain_text("life 20 → 19")
    # redrawn by every poll, the wall doesn't replay the damage landing (the phones do, once)
    wall.emulate_media(reduced_motion="no-preference")
    assert wall.evaluate("""() => {  // in one task: the next poll may swap the screen anytime
        const hit = document.querySelector(".wall-dealt .card-outcome .hit");
        return hit && getComputedStyle(hit).animationName; }""") == "none"
    fits(wall)
    assert_no_violations(wall)
    shot(f"wall-{width}-answer", wall)

    # A choice: the phones' letters, colours and order are the wall's.
    host.get_by_label("Go to step").select_option("8")
    host.get_by_role("button", name="Go", exact=True).click()
    settled(wall, "Which of these splits")
    expect(wall.locator(".wall-options li")).to_have_count(5)
    on_wall = letters_and_words(wall, ".wall-options li")
    assert [letter for letter, _ in on_wall] == list("ABCDE")
    for phone in phones:
        expect(phone.locator(".options .option")).to_have_count(5)
        assert letters_and_words(phone, ".options .option") == on_wall
    shot(f"wall-{width}-choice", wall)
    assert fits(wall) >= (28 if big else 20)
    assert_no_violations(wall)
    shot(f"wall-{width}-choice", wall)
    bo.get_by_label(re.compile(re.escape(on_wall[1][1]))).check()
    bo.get_by_role("button", name="Check my answer").click()
    expect(bo.locator("#feedback")).to_be_visible()
    expect(room.locator(".picks")).to_contain_text("1 player")  # the host: live
    expect(wall.locator(".pick-count")).to_have_count(0)
    host.get_by_role("button", name="Show the results on the wall").click()
    expect(wall.locator(".pick-count")).to_have_count(5)
    expect(wall.locator(".wall-options li").nth(1)).to_contain_text("1 player")
    host.get_by_role("button", name="Project the worked answer").click()
    expect(wall.locator(".wall-options .tag.ok")).to_have_count(1)
    expect(wall.locator(".shown")).to_contain_text("The worked answer")
    fits(wall)
    assert_no_violations(wall)
    shot(f"wall-{width}-choice-answer", wall)

    host.get_by_role("button", name=re.compile("Next step")).click()  # hidden again
    settled(wall, "stay hidden until the host shows them")
    expect(wall.locator(".pick-count, .counts")).to_have_count(0)
    fits(wall)
