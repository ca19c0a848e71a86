"""Hostile text in every field the app shows back runs nothing, and the CSP reports nothing (the
autouse fixture fails the test on any CSP violation or console error)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from webapp.views.sandbox import board as sandbox_board

PAYLOADS = ['<img src=x onerror="window.pwned=1">', '"><script>window.pwned=1</script>',
            "</textarea><svg onload=window.pwned=1>", "javascript:window.pwned=1",
            "{{7*7}} ${7*7} %(x)s"]


def hostile_board() -> dict:
    board = sandbox_board.default_board()
    for thing, payload in zip([*board["attackers"], *board["blockers"]], PAYLOADS):
        thing["name"] = payload[:40]
    board["planeswalkers"] = [{"id": "pw1", "name": PAYLOADS[3], "loyalty": 3,
                               "removed_from_combat": False}]
    board["battles"] = [{"id": "bt1", "name": PAYLOADS[4], "defense": 3,
                         "removed_from_combat": False}]
    board["attackers"][0]["attacking"] = "pw1"
    return board


def test_hostile_names_in_the_sandbox_run_nothing(page: Page):
    page.goto("/sandbox?b=" + sandbox_board.encode(hostile_board()))
    expect(page.locator("#verdict")).to_be_visible()
    slider = page.locator("input.dmg").first
    slider.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#verdict")).not_to_be_empty()
    page.locator("#editor > summary").click()
    name = page.locator("#attacker-0-name")
    name.fill('<b onmouseover="window.pwned=1">x</b>')
    name.press("Tab")
    expect(page.locator("#attacker-0-name")).to_have_value('<b onmouseover="window.pwned=1">x</b>')
    page.get_by_role("button", name="Check this split").click()
    assert page.evaluate("window.pwned") is None
    assert page.locator("script:not([src])").count() == 0
    assert page.locator("[onerror], [onload], [onmouseover]").count() == 0


@pytest.mark.console_errors("status of 400", "Status Error Code 400")  # a bad answer, on purpose
def test_a_hostile_answer_is_shown_as_text(page: Page):
    page.goto("/learn/force-of-nature/two-predict")
    page.evaluate("document.getElementById('amount').type = 'text'")
    page.locator("#amount").fill('<img src=x onerror="window.pwned=1">')
    page.get_by_role("button", name="Check my prediction").click()
    expect(page.locator("#feedback")).to_contain_text("isn’t a whole number")
    assert page.evaluate("window.pwned") is None
    assert page.locator("#feedback img").count() == 0
