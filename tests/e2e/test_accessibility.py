"""axe finds nothing on any page we build, in light and dark, with and without problems shown."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

AXE = Axe()


def assert_no_violations(page: Page):
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


ERROR_PAGE = pytest.mark.console_errors("the server responded with a status of 4")  # on purpose


@pytest.mark.parametrize("path", ["/", "/sandbox", pytest.param("/sandbox?b=broken", marks=ERROR_PAGE),
                                  pytest.param("/no-such-page", marks=ERROR_PAGE), "/?lang=ja"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_have_no_axe_violations(page: Page, path, scheme, shot):
    page.emulate_media(color_scheme=scheme)
    page.goto(path)
    assert_no_violations(page)
    shot(f"axe-{scheme}-{path.strip('/').replace('?', '-').replace('/', '-') or 'home'}")


def test_sandbox_with_problems_and_the_open_editor_has_no_axe_violations(page: Page, shot):
    page.goto("/sandbox")
    page.get_by_role("button", name="One more damage to the defending player").click()
    expect(page.locator("#verdict")).to_contain_text("702.19b")
    page.get_by_text("Edit the board").click()
    page.get_by_role("button", name="+ Add a planeswalker").click()
    expect(page.get_by_role("group", name="Planeswalker")).to_be_visible()
    assert_no_violations(page)
    shot("sandbox-problems-editor")
