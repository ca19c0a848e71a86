"""A learner misses a lesson's prediction, takes "Try a similar one" and gets a fresh board of
the same idea (a damage doubler beside it, new numbers and creatures), answers it and is told
it's right; the same link works with JavaScript off (issue 24 item 3)."""

from __future__ import annotations

import re

from itsdangerous import URLSafeSerializer
from playwright.sync_api import Page, expect

from tests.conftest import shipped_catalogue
from tests.e2e.conftest import served_app
from tests.e2e.test_accessibility import assert_no_violations
from webapp.content.practice import ideas_for, practice_question

PREDICT = "/learn/doublers-and-preventers/torbran-two-predict"


def key_of(page: Page, base_url: str) -> dict:
    token = page.locator('input[name="board"]').first.get_attribute("value")
    lesson_id, kind, seed, *_ = URLSafeSerializer(served_app(base_url).secret_key,
                                              salt="trample-practice").loads(token)
    lesson = shipped_catalogue().curriculum.lesson(lesson_id)
    return practice_question(ideas_for(lesson), kind, seed)


def test_a_miss_then_a_similar_board_of_the_same_idea(page: Page, base_url, shot):
    page.goto(PREDICT)
    page.get_by_label(re.compile("damage", re.I)).first.fill("4")  # Torbran's 2 counted: a miss
    page.get_by_role("button", name="Check my prediction").click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Not quite")
    feedback.get_by_role("link", name="Try a similar one").click()

    expect(page).to_have_url(re.compile(r"/learn/practice\?lesson=doublers-and-preventers"
                                        r"&kind=number&seed=\d+$"))
    expect(page.get_by_role("heading", level=2, name=re.compile("A new board"))).to_contain_text(
        "Damage doublers and preventers")
    expect(page.locator("p.effect")).to_contain_text(
        re.compile("You control Torbran|Your opponent cast Healing Salve"))
    assert_no_violations(page)
    shot("similar-board")
    q = key_of(page, base_url)
    assert q["idea"] == "doublers"
    page.locator("#amount").fill(str(q["answer"]))
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator("#feedback")).to_contain_text("Right!")


def test_try_a_similar_one_works_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    page.goto("/learn/combat-basics")
    page.goto(PREDICT)
    page.locator("#amount").fill("2")
    page.get_by_role("button", name="Check my prediction").click()
    expect(page.locator("#feedback")).to_contain_text("Right!")
    page.get_by_role("link", name="Try a similar one").click()
    expect(page).to_have_url(re.compile(r"kind=number&seed=\d+$"))
    expect(page.locator('input[name="board"]')).to_have_count(1)
    context.close()


def test_a_miss_on_a_practice_board_gets_a_nudge_then_another_try(page: Page, base_url):
    """The hint ladder on endless practice: a miss names the likely mistake without the answer;
    the answer can be changed and checked again (kept nowhere: the first answer counts); "Show
    me the answer" shows where it comes from."""
    page.goto("/learn/practice?lesson=doublers-and-preventers&kind=number&seed=77")
    q = key_of(page, base_url)
    page.locator("#amount").fill(str(q["answer"] + 1))
    page.get_by_role("button", name="Check my answer").click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Not quite")
    expect(feedback).to_contain_text(f"You said {q['answer'] + 1}; that is more than")
    expect(feedback).not_to_contain_text("comes from")
    assert_no_violations(page)
    page.locator("#amount").fill(str(q["answer"]))
    page.get_by_role("button", name="Check my answer").click()
    expect(feedback).to_contain_text("Right!")
    expect(feedback).to_contain_text("your first answer to this board is the one that counts")
    expect(feedback).to_contain_text(f"Where {q['answer']} comes from")
