"""Game mode in a real Chromium (issue 23 item 5): a host turns it on with a 20 s countdown, two
phones answer, the wall counts down in big type, shows the leaderboard only once the host shows
the results (still fitting 1280×720) and a podium at the end, and a phone ends with its score and
rank. The countdown closes answers by the server's clock: the test moves the app's clock (config
CLOCK) instead of waiting."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import served_app
from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_class_browser import join, key_to
from tests.e2e.test_class_wall_browser import fits, settled
from webapp.services.models import utcnow

DESKTOP = {"width": 1280, "height": 900}


@pytest.mark.console_errors("the server responded with a status of 409",  # time up
                            "Response Status Error Code 409")
def test_a_host_plays_the_class_as_a_game_with_a_countdown_leaderboard_and_podium(
        browser: Browser, base_url, shot):
    host = browser.new_context(base_url=base_url, viewport=DESKTOP).new_page()
    host.goto("/class/new")
    host.get_by_label(re.compile("Force of Nature against three")).check()
    expect(host.get_by_label("Play it as a game")).not_to_be_checked()  # off by default
    host.get_by_label("Play it as a game").check()
    host.get_by_label("Countdown per question (game mode)").select_option("20")
    assert_no_violations(host)
    host.get_by_role("button", name="Create the class").click()
    expect(host.get_by_text("Game mode: points, streaks")).to_be_visible()
    code = host.locator(".class-bar .code").inner_text()
    wall_url = host.get_by_role("link", name="Open the projector view").get_attribute("href")
    wall = browser.new_context(base_url=base_url,
                               viewport={"width": 1280, "height": 720}).new_page()
    wall.goto(wall_url)

    ana, bo = (join(browser, base_url, code, name) for name in ("Ana", "Bo"))
    expect(ana.locator("#game-me")).to_contain_text("Each question closes after 20 seconds.")
    host.get_by_role("button", name="Start the class").click()
    host.get_by_label("Go to step").select_option("5")
    host.get_by_role("button", name="Go", exact=True).click()

    # The countdown: big on the wall, on each phone and on the host's page.
    expect(wall.locator(".countdown.big")).to_contain_text("s left")
    expect(host.locator("#room .countdown")).to_contain_text("s left")
    for phone in (ana, bo):
        expect(phone.locator("#game-me .countdown")).to_contain_text("s left")
    first = int(ana.locator(".countdown-n").inner_text())
    assert 0 < first <= 20  # the server's seconds left (how many passed is the machine's)
    expect(ana.locator(".countdown-n")).not_to_have_text(str(first))  # it counts down
    assert fits(wall) >= 28
    assert_no_violations(wall)
    shot("game-wall-countdown", wall)

    # Ana answers right: her points and score follow the feedback; Bo misses.
    key_to(ana, "To Grizzly Bears C", 2)
    key_to(ana, "To the defending player", 1)
    ana.get_by_role("button", name="Check my answer").click()
    expect(ana.locator("#feedback")).to_contain_text("Right!")
    expect(ana.locator("#game-me .game-points")).to_have_text(re.compile(r"^\+\d{3,4} points$"))
    points = int(re.search(r"\d+", ana.locator("#game-me .game-points").inner_text()).group())
    assert 500 <= points <= 1000
    expect(ana.locator("#game-me")).to_contain_text(f"Score: {points}")
    assert_no_violations(ana)
    shot("game-phone-points", ana)
    key_to(bo, "To the defending player", 3)
    bo.get_by_role("button", name="Check my answer").click()
    expect(bo.locator("#game-me")).to_contain_text("No points: your first answer wasn’t right.")

    # The host sees the leaderboard at once; the wall only once the host shows the results.
    expect(host.locator("#room .leaders li").first).to_contain_text("Ana")
    expect(wall.locator(".leaderboard")).to_have_count(0)
    host.get_by_role("button", name="Show the results on the wall").click()
    settled(wall, "Leaderboard")
    expect(wall.locator(".leaders li")).to_have_text(
        [re.compile(rf"1\s*Ana\s*{points} points"), re.compile(r"2\s*Bo\s*0 points")])
    fits(wall)
    assert_no_violations(wall)
    shot("game-wall-leaderboard", wall)

    # The next step; the server's clock runs past the countdown: answers are closed.
    host.get_by_role("button", name=re.compile("Next step")).click()
    expect(wall.locator(".leaderboard")).to_have_count(0)
    # the phone is on the next step (its old step had the same slider: wait for the new screen)
    expect(bo.locator(".bar-step")).to_have_text("Step 6 of 9")
    expect(bo.get_by_role("slider", name="To Grizzly Bears C")).to_be_visible()
    app = served_app(base_url)
    app.config["CLOCK"] = lambda: utcnow() + timedelta(seconds=25)
    try:
        key_to(bo, "To Grizzly Bears C", 2)
        bo.get_by_role("button", name="Check my answer").click()
        expect(bo.locator("#feedback")).to_contain_text(
            "Time’s up: answers to this question are closed.")
        expect(wall.locator(".countdown.big")).to_have_text("Time’s up")
        shot("game-phone-time-up", bo)
    finally:
        app.config.pop("CLOCK")

    # The end: the podium on the wall, each phone its own score and rank.
    host.get_by_role("link", name="End the class…").click()
    host.get_by_role("button", name="End the class").click()
    settled(wall, "The podium")
    expect(wall.locator(".podium-places li").first).to_contain_text("Ana")
    fits(wall)
    assert_no_violations(wall)
    shot("game-wall-podium", wall)
    expect(ana.locator("#game-me")).to_contain_text(f"Your score: {points} points")
    expect(ana.locator("#game-me")).to_contain_text("Rank 1 of 2")
    expect(bo.locator("#game-me")).to_contain_text("Rank 2 of 2")
    assert_no_violations(ana)
    shot("game-phone-rank", ana)
    expect(host.locator(".leaderboard")).to_contain_text("Final scores")
