"""Limits in a real browser: a request over a rate limit gets a 429 page that says when to come
back (in the visitor's language, no axe violation), and a class code typed in the address bar by
someone without a seat leads to the join form whether the class is live, ended or made up."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.conftest import isolated_app
from tests.e2e.conftest import _serve
from tests.e2e.test_accessibility import assert_no_violations


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory):
    """A server whose limits are tiny: one class an hour per address."""
    url, server = _serve(isolated_app(tmp_path_factory.mktemp("limits") / "instance",
                                      RATE_LIMITS={"class-new": "1/3600"}))
    yield url
    server.shutdown()
    server.server_close()


def create_class(page):
    page.goto("/class/new")
    page.get_by_label(re.compile("Force of Nature against three")).check()
    page.get_by_role("button", name="Create the class").click()


@pytest.mark.console_errors("the server responded with a status of 429")
def test_a_second_class_in_the_hour_gets_a_page_that_says_when_to_come_back(
        browser: Browser, limited_server):
    page = browser.new_context(base_url=limited_server).new_page()
    create_class(page)
    code = page.locator(".class-bar .code").inner_text()
    create_class(page)
    expect(page.get_by_role("heading", name=re.compile("Too many requests"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"nothing was done\. Try again in \d+ min\."))).to_be_visible()
    assert_no_violations(page)

    # Someone without a seat, typing class addresses: the join form, live code or not.
    stranger = browser.new_context(base_url=limited_server).new_page()
    for typed in (code, "KKKKKK"):
        stranger.goto(f"/class/{typed}/play")
        expect(stranger).to_have_url(re.compile(rf"/join\?code={typed}$"))
        expect(stranger.get_by_label("Class code")).to_have_value(typed)
