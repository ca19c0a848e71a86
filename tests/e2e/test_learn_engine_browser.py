"""In a real Chromium: feedback that names the misreading, glossary links a learner can follow by
touch and by keyboard, and endless practice with mastery and spaced review — each page with no
axe violations, on a desktop and on a phone."""

from __future__ import annotations

import re
from datetime import timedelta

from axe_playwright_python.sync_playwright import Axe
from itsdangerous import URLSafeSerializer
from playwright.sync_api import Page, expect

from tests.e2e.conftest import _APPS, pass_check
from webapp.content.practice import ideas_for, practice_question
from webapp.content.misreadings import misread_numbers
from webapp.services.models import utcnow
from tests.conftest import shipped_catalogue

AXE = Axe()
CURRICULUM = shipped_catalogue().curriculum
PHONE = {"width": 390, "height": 844}


def no_violations(page: Page) -> None:
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def test_a_wrong_prediction_is_named_as_the_misreading_it_reveals(page: Page, shot):
    lesson = CURRICULUM.lesson("deathtouch-and-trample")
    step = next(s for s in lesson.steps if s.type == "predict")
    numbers = misread_numbers(step.board_data(), step.creature, step.recipient)
    number = next(n for n, m in numbers.items() if m.code == "deathtouch_ignored")
    page.set_viewport_size(PHONE)
    page.goto(f"/learn/{lesson.id}/{step.id}")
    page.get_by_role("spinbutton").fill(str(number))
    page.get_by_role("button", name="Check my prediction").click()
    feedback = page.locator("#feedback")
    expect(feedback.get_by_text("Not quite")).to_be_visible()
    expect(feedback.locator(".misreading")).to_contain_text("has deathtouch, so 1 damage")
    no_violations(page)  # the nudge (issue 24), then the answer with its reasons
    feedback.get_by_role("button", name="Show me the answer").click()
    expect(feedback.locator(".misreading")).to_contain_text("has deathtouch, so 1 damage")
    expect(feedback.locator(".reasons li").first).to_contain_text("deathtouch: 1 is lethal")
    no_violations(page)
    shot("engine-misreading-phone")


def _linked_steps():
    """(lesson, step, term id) for each term whose first use in a lesson is a step's own text
    (shown as soon as the step opens), in lesson order."""
    for lesson in CURRICULUM:
        uses = CURRICULUM.glossary.first_uses(lesson, "en")
        for step in lesson.steps:
            for term in sorted(uses.get(lesson.text(step.id).text, ())):
                yield lesson, step, term


def test_a_term_links_to_the_glossary_by_touch_and_keyboard(page: Page, shot):
    lesson, step, term = next(_linked_steps())
    page.set_viewport_size(PHONE)
    page.goto(f"/learn/{lesson.id}/{step.id}")
    link = page.locator(f'a.term[href$="#{term}"]')
    expect(link).to_have_count(1)
    link.click()
    expect(page).to_have_url(re.compile(rf"/learn/glossary#{term}$"))
    entry = page.locator(f"#{term}")
    expect(entry).to_be_in_viewport()
    expect(entry).to_contain_text(CURRICULUM.glossary.get(term).en.definition[:30])
    no_violations(page)
    shot("engine-glossary-phone")
    # the keyboard: focus a term link on another step and press Enter
    lesson, step, term = [item for item in _linked_steps() if item[2] != term][0]
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/learn/{lesson.id}/{step.id}")
    page.locator(f'a.term[href$="#{term}"]').focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"#{term}$"))
    expect(page.locator(f"#{term}")).to_be_in_viewport()
    shot("engine-glossary-desktop")


def _finish(page: Page, lesson) -> None:
    """Answer every question of a lesson and finish it, as the forms would (same cookies)."""
    page.goto("/sandbox")
    token = page.locator('input[name="csrf_token"]').first.get_attribute("value")
    for step in lesson.steps:
        if step.type == "predict":
            data = {"amount": str(step.answer)}
        elif step.type == "choice":
            data = {"option": step.correct_option.id}
        elif step.type == "legal":
            data = {"verdict": "legal" if step.legal else "illegal"}
        elif step.type == "practice":
            data = {f"dmg:{a}:{r}": str(n) for a, row in step.solution.items()
                    for r, n in row.items() if r not in step.fixed.get(a, {})}
        else:
            continue
        response = page.request.post(f"/learn/{lesson.id}/{step.id}", form={
            "csrf_token": token, "lesson": lesson.id, "step": step.id, **data}, max_redirects=0)
        assert response.status == 303
    response = page.request.post(f"/learn/{lesson.id}/finish",
                                 form={"csrf_token": token, "lesson": lesson.id}, max_redirects=0)
    assert response.status == 303 and response.headers["location"] == f"/learn/{lesson.id}/check"
    pass_check(page, lesson)


def _question(base_url: str, token: str):
    app = _APPS[base_url]
    lesson_id, kind, seed, *_ = URLSafeSerializer(app.secret_key,
                                                  salt="trample-practice").loads(token)
    lesson = CURRICULUM.lesson(lesson_id)
    ideas = ideas_for(lesson)
    return practice_question(ideas, kind, seed)


def _answer_right(page: Page, q: dict) -> None:
    if q["type"] == "number":
        page.get_by_role("spinbutton").fill(str(q["answer"]))
        page.get_by_role("button", name="Check my answer").click()
    elif q["type"] == "legal":
        page.get_by_role("button", name="Legal" if q["answer"] else "Not legal", exact=True).click()
    else:
        for attacker, row in q["example"].items():
            for recipient, amount in row.items():
                page.locator(f'input[name="dmg:{attacker}:{recipient}"]').fill(str(amount))
        page.get_by_role("button", name="Check my answer").click()


def test_endless_practice_masters_a_lesson_and_brings_a_miss_back(page: Page, base_url, shot):
    lesson = CURRICULUM.lesson("what-trample-does")
    _finish(page, lesson)
    page.goto("/learn/practice")
    no_violations(page)
    # Switched on an open page: without motion, so axe reads the settled colours, not a
    # background halfway through its transition.
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    no_violations(page)
    page.emulate_media(color_scheme="light")
    for n in range(3):
        page.goto(f"/learn/practice?lesson={lesson.id}")
        q = _question(base_url, page.locator('input[name="board"]').get_attribute("value"))
        if n == 0:
            shot("engine-practice-board-desktop")
        _answer_right(page, q)
        expect(page.locator("#feedback .headline")).to_have_text(re.compile("Right!"))
        if n == 0:
            no_violations(page)
            shot("engine-practice-feedback-desktop")
    expect(page.locator(".practice-mastery")).to_contain_text("Mastered")
    page.goto("/learn")
    expect(page.locator(f'li:has(a[href^="/learn/{lesson.id}/"])')).to_contain_text("Mastered")
    # a missed step comes back a day later (the app's clock, moved for the test)
    step = next(s for s in lesson.steps if s.type in ("predict", "legal"))
    page.goto(f"/learn/{lesson.id}/{step.id}")
    if step.type == "predict":
        page.get_by_role("spinbutton").fill(str(step.answer + 1))
        page.get_by_role("button", name="Check my prediction").click()
    else:
        page.get_by_role("button", name="Not legal" if step.legal else "Legal", exact=True).click()
    expect(page.locator("#feedback .headline")).to_have_text(re.compile("Not quite"))
    app = _APPS[base_url]
    app.config["CLOCK"] = lambda: utcnow() + timedelta(days=1, minutes=1)
    try:
        page.set_viewport_size(PHONE)
        page.goto("/learn/practice")
        review = page.locator(".practice-reviews")
        expect(review).to_contain_text("review 1 of 3")
        no_violations(page)
        shot("engine-practice-review-phone")
        review.get_by_role("link", name="Review now").click()  # a new board, not the step
        expect(page).to_have_url(re.compile(r"/learn/today$"))
        expect(page.locator("#board-h")).to_contain_text("A review: a new board like")
    finally:
        app.config.pop("CLOCK")


def test_practice_works_without_javascript(browser, base_url, shot):
    context = browser.new_context(base_url=base_url, java_script_enabled=False, viewport=PHONE,
                                  color_scheme="dark")
    page = context.new_page()
    lesson = CURRICULUM.lesson("marked-damage")
    _finish(page, lesson)
    for _ in range(30):  # a number or legal board: answered with plain form posts
        page.goto(f"/learn/practice?lesson={lesson.id}")
        q = _question(base_url, page.locator('input[name="board"]').get_attribute("value"))
        if q["type"] != "assign":
            break
    _answer_right(page, q)
    expect(page).to_have_url(re.compile(r"/learn/practice/answers/\d+#feedback$"))
    expect(page.locator("#feedback .headline")).to_have_text(re.compile("Right!"))
    expect(page.locator(".practice-mastery")).to_contain_text("2 of 3 right in a row on new boards")
    shot("engine-practice-nojs-dark-phone", page)  # axe needs JavaScript: it checks the others
    context.close()
