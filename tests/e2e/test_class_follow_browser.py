"""A phone follows the host at once, in a real Chromium (issue 23 item 4): the host presses Next,
the phone shows the new step without reloading the page; it says "Reconnecting…" while the server
can't be reached, and the class's bar is one line at 390×844 with no site navigation."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_class_browser import end_the_class, join

# A poll the test aborts on purpose: Chromium and htmx say so in the console.
OFFLINE = pytest.mark.console_errors("net::ERR_FAILED", "htmx:sendError", "htmx:afterRequest")


def host_a_class(browser: Browser, base_url: str) -> tuple[Page, str]:
    desktop = {"width": 1280, "height": 900}
    host = browser.new_context(base_url=base_url, viewport=desktop).new_page()
    host.goto("/class/new")
    host.get_by_label(re.compile("Force of Nature against three")).check()
    host.get_by_role("button", name="Create the class").click()
    return host, host.locator(".class-bar .code").inner_text()


def test_the_phone_shows_the_hosts_next_step_without_reloading(browser: Browser, base_url, shot):
    host, code = host_a_class(browser, base_url)
    phone = join(browser, base_url, code, "Ana")
    phone.evaluate("window.followMarker = 'still this page'")
    host.get_by_role("button", name="Start the class").click()
    expect(phone.locator(".phone-bar .bar-step")).to_have_text("Step 1 of 9")
    for n in (2, 3):
        phone.get_by_role("heading", level=1).focus()  # the reader is on the old screen
        with host.expect_navigation():
            host.get_by_role("button", name=re.compile("Next step")).click()
        # how fast is bench/class_load.py --page follow's to say; tests never time things
        expect(phone.locator(".phone-bar .bar-step")).to_have_text(f"Step {n} of 9")
        assert phone.evaluate("window.followMarker") == "still this page"  # no reload
        # A screen reader hears where the class went; the focus is on the new screen's heading.
        expect(phone.locator("#class-news")).to_have_text(re.compile(rf"Step {n} of 9"))
        expect(phone.locator("#class-screen h1")).to_be_focused()
    end_the_class(host)  # the end comes the same way
    expect(phone.get_by_role("heading", name="Thanks for playing!")).to_be_visible()
    expect(phone.locator("#class-news")).to_have_text(re.compile("Thanks for playing!"))
    assert phone.evaluate("window.followMarker") == "still this page"
    assert_no_violations(phone)
    shot("class-follow-phone", phone)


def test_an_answer_sent_after_the_host_moved_on_shows_where_the_class_is_without_reloading(
        browser: Browser, base_url, shot):
    """A phone that missed the move (asleep, its polls answered "nothing new" here) answers the
    old step: nothing is kept, and its screen becomes the class's new step with a notice saying
    so, in place: the page isn't reloaded (it used to be)."""
    host, code = host_a_class(browser, base_url)
    phone = join(browser, base_url, code, "Di")
    host.get_by_role("button", name="Start the class").click()
    host.get_by_label("Go to step").select_option("4")  # two-predict: a number to type
    host.get_by_role("button", name="Go", exact=True).click()
    expect(phone.locator(".phone-bar .bar-step")).to_have_text("Step 4 of 9")
    phone.evaluate("window.followMarker = 'still this page'")
    phone.context.route(re.compile(r"/sync\?"), lambda route: route.fulfill(status=304))
    with host.expect_navigation():
        host.get_by_role("button", name=re.compile("Next step")).click()
    phone.locator("#amount").fill("4")
    phone.get_by_role("button", name="Check my prediction").click()
    expect(phone.get_by_role("alert")).to_have_text(
        "The host moved on before that reached the class: nothing was kept. This is where the "
        "class is now.")
    expect(phone.locator(".phone-bar .bar-step")).to_have_text("Step 5 of 9")
    expect(phone.get_by_role("slider", name="To Grizzly Bears C")).to_be_visible()
    assert phone.evaluate("window.followMarker") == "still this page"  # no reload
    assert_no_violations(phone)
    shot("class-late-answer-phone", phone)


@OFFLINE
def test_a_phone_that_loses_the_server_says_reconnecting_until_it_is_back(browser: Browser,
                                                                          base_url):
    host, code = host_a_class(browser, base_url)
    phone = join(browser, base_url, code, "Bo")
    status = phone.locator(".phone-bar .sync")
    expect(status).not_to_have_class(re.compile("is-offline"))
    phone.context.route(re.compile(r"/sync\?"), lambda route: route.abort())
    expect(status).to_have_text("Reconnecting…")
    expect(status).to_have_class(re.compile("is-offline"))
    assert status.bounding_box()["height"] > 20  # a banner one can see, not a hidden status
    assert_no_violations(phone)
    phone.context.unroute(re.compile(r"/sync\?"))
    expect(status).not_to_have_class(re.compile("is-offline"))
    expect(status).to_have_text("Waiting for the host to start…")
    host.get_by_role("button", name="Start the class").click()  # and it follows again
    expect(phone.locator(".phone-bar .bar-step")).to_have_text("Step 1 of 9")


def test_at_390_the_class_bar_is_one_line_and_there_is_no_site_navigation(browser: Browser,
                                                                          base_url, shot):
    host, code = host_a_class(browser, base_url)
    phone = join(browser, base_url, code, "Zoë the long-named player")
    ana = join(browser, base_url, code, "Ana")
    host.get_by_role("button", name="Start the class").click()
    expect(phone.locator(".phone-bar .bar-step")).to_have_text("Step 1 of 9")
    bar = phone.locator(".phone-bar").bounding_box()
    line = phone.locator(".phone-bar h1").bounding_box()
    assert bar["height"] < 2 * line["height"] and bar["height"] < 48, bar
    for part in (".bar-step", ".bar-who"):  # side by side on that one line
        box = phone.locator(f".phone-bar {part}").bounding_box()
        assert abs(box["y"] - line["y"]) < line["height"] / 2, (part, box, line)
    # A short nickname is never cut for a long class title (the title gives way first).
    expect(ana.locator(".phone-bar .bar-step")).to_have_text("Step 1 of 9")
    assert ana.locator(".phone-bar .bar-who").evaluate("e => e.scrollWidth <= e.clientWidth")
    expect(phone.get_by_role("navigation", name="Main")).to_have_count(0)
    expect(phone.get_by_role("navigation", name="Language")).to_have_count(0)
    expect(phone.get_by_role("link", name="Check for the next step")).to_have_count(0)
    assert_no_violations(phone)
    shot("class-follow-bar", phone)
