"""Two browsers are two devices: progress made on one continues on the other with its resume code
(typed, or by the QR code's link), without an account and without JavaScript on the second."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

AXE = Axe()
FON = "/learn/force-of-nature"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def assert_no_violations(page: Page):
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def answer_on(page: Page) -> None:
    page.goto(f"{FON}/two-predict")
    page.get_by_role("spinbutton").fill("5")
    page.get_by_role("button", name="Check my prediction").click()
    expect(page.locator("#feedback .headline").first).to_be_visible()


def lesson_row(page: Page):
    page.goto("/learn")
    return page.locator("li.lesson", has=page.locator(f'a[href^="{FON}/"]'))


@pytest.mark.console_errors("status of 400")
def test_progress_made_on_one_device_continues_on_another_with_its_code(
        browser, base_url, shot):
    laptop = browser.new_context(base_url=base_url).new_page()
    answer_on(laptop)
    laptop.goto("/learn")
    laptop.get_by_role("link", name="Continue on another device").click()
    expect(laptop.get_by_role("heading", name="Your code")).to_be_visible()
    code = laptop.locator("#resume-code").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}", code)
    expect(laptop.get_by_role("img", name="QR code of your resume link")).to_be_visible()
    for scheme in ("light", "dark"):
        laptop.emulate_media(color_scheme=scheme)
        assert_no_violations(laptop)
    shot("resume-code", laptop)
    # "Make a new code…" asks first; keeping the code changes nothing
    laptop.get_by_role("button", name="Make a new code…").click()
    expect(laptop.get_by_role("alert")).to_contain_text("Make a new code?")
    laptop.wait_for_load_state()
    assert_no_violations(laptop)
    shot("resume-ask-new", laptop)
    laptop.get_by_role("link", name="Keep this code").click()
    expect(laptop.locator("#resume-code")).to_have_text(code)

    # The phone, with JavaScript off: a typo first, then the code
    phone = browser.new_context(base_url=base_url, java_script_enabled=False, **PHONE).new_page()
    expect(lesson_row(phone)).to_contain_text("Not started")
    phone.goto("/learn/resume")
    phone.get_by_label("The code from your other device").fill("ACEF-HJKM-3479")
    phone.get_by_role("button", name="Continue with this code").click()
    expect(phone.get_by_role("alert")).to_contain_text("No progress has this code")
    phone.get_by_label("The code from your other device").fill(code.lower())
    phone.get_by_role("button", name="Continue with this code").click()
    expect(phone.get_by_role("status")).to_contain_text("this browser now continues")
    expect(phone.locator("#resume-code")).to_have_text(code)
    expect(lesson_row(phone)).to_contain_text("In progress")

    # What the phone answers now shows on the laptop too
    phone.goto(f"{FON}/which-illegal")
    phone.locator('label[for="option-four-four"]').click()
    phone.get_by_role("button", name="Check my answer").click()
    laptop.goto("/learn/resume")
    expect(laptop.locator(".hint").first).to_contain_text("answers: 2")
    laptop.get_by_label("The code from your other device").fill("nope")  # the error, for axe
    laptop.get_by_role("button", name="Continue with this code").click()
    expect(laptop.get_by_role("alert")).to_contain_text("A code has 12 letters and digits")
    laptop.wait_for_load_state()  # its stylesheet too: axe judges the styled page, not a bare one
    assert_no_violations(laptop)


def test_the_qr_codes_link_opens_the_form_filled_in_on_the_other_device(browser, base_url,
                                                                        shot):
    laptop = browser.new_context(base_url=base_url).new_page()
    answer_on(laptop)
    laptop.goto("/learn/resume")
    link = laptop.locator(".resume-link a").get_attribute("href")
    code = laptop.locator("#resume-code").inner_text()
    tablet = browser.new_context(base_url=base_url, **PHONE).new_page()
    tablet.goto(link)
    expect(tablet.get_by_label("The code from your other device")).to_have_value(code)
    tablet.get_by_role("button", name="Continue with this code").click()
    expect(tablet.locator("#resume-code")).to_have_text(code)
    assert tablet.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    assert_no_violations(tablet)
    shot("resume-taken-phone", tablet)
    expect(lesson_row(tablet)).to_contain_text("In progress")
