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
        page.wait_for_load_state()  # htmx listens from DOMContentLoaded
    expect(page.get_by_text(f"{len(TYPES)} of {len(TYPES)} right (100%)")).to_be_visible()
    shot("quiz-results")
    assert_no_violations(page)


def test_a_judge_shares_a_quiz_two_takers_take_it_and_the_owner_gets_the_results(
        browser, base_url, shot):
    import csv
    import io

    judge = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = judge.new_page()
    page.goto("/quiz/new?tier=1&count=5&seed=314")
    assert_no_violations(page)
    page.get_by_label("Title").fill("Thursday judge meeting")
    page.get_by_label("Exam: feedback at the end").check()
    page.get_by_role("button", name="Save and get the links").click()
    take = page.get_by_label("Share this link with takers").input_value()
    owner = page.url
    assert_no_violations(page)
    questions = generate(1, 5, 314)

    for name, phone in (("Alice", False), ("Bob", True)):
        context = browser.new_context(
            viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 900},
            is_mobile=phone, has_touch=phone)
        taker = context.new_page()
        taker.goto(take)
        expect(taker.get_by_role("heading", name="Thursday judge meeting")).to_be_visible()
        if phone:
            assert_no_violations(taker)
        taker.get_by_label("Your name").fill(name)
        taker.get_by_role("button", name="Start the quiz").click()
        for q in questions:
            if q["type"] == "number":
                taker.get_by_label("Your answer").fill(str(q["answer"] if name == "Alice" else 99))
            elif q["type"] == "legal":
                taker.get_by_role("button", name="Legal" if q["answer"] else "Not legal",
                                  exact=True).click()
                continue
            elif q["type"] in ("rule", "one"):
                taker.locator(f'input[name="option"][value="{q["answer"]}"]').check()
            elif q["type"] == "many":
                for option in q["answer"]:
                    taker.locator(f'input[name="option"][value="{option}"]').check()
            taker.get_by_role("button", name="Submit my answer").click()
        expect(taker.get_by_role("heading", name=f"Quiz results for {name}")).to_be_visible()
        shot(f"quiz-review-{name.lower()}", taker)
        assert_no_violations(taker)
        context.close()

    page.goto(owner)
    expect(page.get_by_role("cell", name="Alice")).to_be_visible()
    expect(page.get_by_role("cell", name="Bob")).to_be_visible()
    shot("quiz-owner", page)
    assert_no_violations(page)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the results (CSV)").click()
    rows = list(csv.DictReader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    assert {r["name"] for r in rows} == {"Alice", "Bob"} and len(rows) == 10
    judge.close()
