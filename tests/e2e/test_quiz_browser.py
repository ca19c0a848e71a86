"""A judge takes a quiz in Chromium: starts it, drags an assign question's sliders to the most,
answers the rest, reads the feedback and the results; axe finds nothing on any quiz page."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from webapp.content.generate import TYPES, generate

AXE = Axe()


def assert_no_violations(page: Page):
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def test_a_judge_takes_a_practice_quiz(page: Page, live_server, shot):
    page.goto("/quiz")
    assert_no_violations(page)
    page.get_by_label("Your name").fill("Nia")
    page.get_by_label("Tier 3").check()
    page.get_by_label("Number of questions").fill(str(len(TYPES)))
    page.get_by_role("button", name="Start the quiz").click()
    expect(page.get_by_text(f"Question 1 of {len(TYPES)}").first).to_be_visible()
    token = page.url.split("/a/")[1].split("/")[0]
    from tests.e2e.conftest import attempt_seed
    questions = generate(3, len(TYPES), attempt_seed(live_server, token))
    for n, q in enumerate(questions, start=1):
        if q["type"] == "number":
            page.get_by_label("Your answer").fill(str(q["answer"]))
        elif q["type"] == "legal":
            page.get_by_role("button", name="Legal" if q["answer"] else "Not legal",
                             exact=True).click()
        elif q["type"] in ("rule", "one"):
            page.locator(f'input[name="option"][value="{q["answer"]}"]').check()
        elif q["type"] == "many":
            for option in q["answer"]:
                page.locator(f'input[name="option"][value="{option}"]').check()
        else:  # assign: drag each slider to the example split with the keyboard
            for attacker, row in q["example"].items():
                for recipient, amount in row.items():
                    slider = page.locator(f'input[name="dmg:{attacker}:{recipient}"]')
                    slider.focus()
                    page.keyboard.press("Home")
                    for _ in range(amount):
                        page.keyboard.press("ArrowRight")
            expect(page.locator("#verdict")).to_contain_text("Legal")
            shot("quiz-assign")
            assert_no_violations(page)
        if q["type"] != "legal":
            page.get_by_role("button", name="Submit my answer").click()
        expect(page.locator("#feedback")).to_contain_text("Right!")
        if n == 1:
            assert_no_violations(page)
        page.get_by_role("link", name="See the results" if n == len(questions)
                         else "Next question").click()
    expect(page.get_by_text(f"{len(TYPES)} of {len(TYPES)} right (100%)")).to_be_visible()
    shot("quiz-results")
    assert_no_violations(page)
