"""A learner opens lesson 1's finish page, follows "Practise to master it", answers three fresh
boards right in a row and sees the lesson Mastered on Learn and on the map of the lessons, which
is axe clean, fits a 390 px phone and works without JavaScript (issue 24 item 4)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_similar_browser import key_of

LESSON = "combat-basics"


def answer_board(page: Page, base_url: str, right: bool = True) -> None:
    q = key_of(page, base_url)
    if q["type"] == "number":
        page.locator("#amount").fill(str(q["answer"] if right else q["answer"] + 1))
        page.get_by_role("button", name="Check my answer").click()
    elif q["type"] == "legal":
        said = q["answer"] if right else not q["answer"]
        page.get_by_role("button", name=re.compile("^(✓ )?Legal$" if said else "Not legal")).click()
    else:
        raise AssertionError("the boards asked for here are number boards")
    expect(page.locator("#feedback")).to_contain_text("Right!" if right else "Not quite")


def test_practise_to_mastery_then_see_the_map(page: Page, base_url, shot):
    page.goto(f"/learn/{LESSON}/finish")
    practise = page.get_by_role("region", name="Practise to master it")
    expect(practise).to_contain_text("Your streak: 0 of 3")
    assert_no_violations(page)
    practise.get_by_role("link", name=re.compile("Practise lesson 1")).click()
    expect(page).to_have_url(re.compile(rf"/learn/practice\?lesson={LESSON}&kind=\w+&seed=\d+$"))

    for seed, right in ((11, False), (12, True), (13, True), (14, True)):
        page.goto(f"/learn/practice?lesson={LESSON}&kind=number&seed={seed}")
        answer_board(page, base_url, right)
    page.goto(f"/learn/{LESSON}/finish")
    expect(page.get_by_role("region", name="Practise to master it")).to_contain_text("Mastered")

    page.goto("/learn")
    first = page.locator("li.lesson").first
    expect(first).to_contain_text("Mastered")
    page.get_by_role("link", name="Map of the lessons").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Map of the lessons")
    lessons = page.locator("li.map-lesson")
    expect(lessons).to_have_count(page.locator("li.map-tier li").count())
    expect(lessons.first).to_contain_text("Mastered")
    third = page.locator("li.map-lesson",
                         has=page.locator(':scope > a[href="/learn/what-trample-does"]'))
    expect(third).to_contain_text("after: lesson 2")
    assert_no_violations(page)
    shot("lesson-map")

    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot("lesson-map-phone")
    third.get_by_role("link", name=re.compile("What trample does", re.I)).first.click()
    expect(page).to_have_url(re.compile(r"/learn/what-trample-does/"))  # never locked


def test_the_map_works_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    page.goto("/learn/map?lang=fr")
    expect(page.get_by_role("heading", level=1)).to_have_text("Carte des leçons")
    expect(page.locator("li.map-lesson").first).to_contain_text("Pas commencée")
    context.close()
