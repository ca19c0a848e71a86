"""axe finds nothing on the Learn pages: every step type, before and after an answer, light and dark."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

AXE = Axe()
FON = "/learn/force-of-nature"


def assert_no_violations(page: Page):
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def answered(page: Page, path: str, act) -> None:
    page.goto(path)
    act(page)
    expect(page.locator("#feedback .headline").first).to_be_visible()


STATES = {
    "learn": lambda page: page.goto("/learn"),
    "explain": lambda page: page.goto(f"{FON}/the-classic"),
    "worked": lambda page: page.goto(f"{FON}/mixed-worked"),
    "practice": lambda page: page.goto(f"{FON}/split-d-practice"),
    "practice-feedback": lambda page: answered(page, f"{FON}/split-d-practice", lambda p: (
        p.get_by_role("slider", name="To Grizzly Bears C").press("ArrowRight"),  # 1 placed
        p.get_by_role("button", name="Check my answer").click())),
    "predict": lambda page: page.goto(f"{FON}/two-predict"),
    "predict-feedback": lambda page: answered(page, f"{FON}/two-predict", lambda p: (
        p.get_by_role("spinbutton").fill("5"),
        p.get_by_role("button", name="Check my prediction").click())),
    "choice-feedback": lambda page: answered(page, f"{FON}/which-illegal", lambda p: (
        p.locator('label[for="option-four-four"]').click(),
        p.get_by_role("button", name="Check my answer").click())),
    "legal-feedback": lambda page: answered(
        page, f"{FON}/skip-one-legal", lambda p: p.get_by_role("button", name="Legal", exact=True).click()),
    "bad-answer": lambda page: answered(page, f"{FON}/which-illegal", lambda p: p.evaluate(
        "document.querySelectorAll('input[required]').forEach(e => e.removeAttribute('required'))")
        or p.get_by_role("button", name="Check my answer").click()),
    # The first lesson: a board that shows the defending player's life total, and a choice
    # whose options are sentences.
    "basics-worked": lambda page: page.goto("/learn/combat-basics/first-combat-worked"),
    "basics-choice-feedback": lambda page: answered(
        page, "/learn/combat-basics/life-choice", lambda p: (
            p.locator('label[for="option-one-left"]').click(),
            p.get_by_role("button", name="Check my answer").click())),
    "review": lambda page: page.goto("/learn/review"),
    "finish": lambda page: page.goto(f"{FON}/finish"),
    "untranslated": None,  # on the partly translated server: see the test
}


@pytest.mark.parametrize("state", [
    pytest.param(state, marks=pytest.mark.console_errors("status of 400", "Status Error Code 400"))
    if state == "bad-answer"
    else state for state in STATES])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_learn_pages_have_no_axe_violations(page: Page, state, scheme, shot, request):
    page.emulate_media(color_scheme=scheme)
    if state == "untranslated":
        page.goto(request.getfixturevalue("partly_server")
                  + "/learn/two-blockers/crash-predict?lang=fr")
        expect(page.locator(".untranslated")).to_be_visible()
    else:
        STATES[state](page)
    assert_no_violations(page)
    shot(f"learn-{state}-{scheme}")
