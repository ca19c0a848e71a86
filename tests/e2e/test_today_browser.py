"""Today's boards on a phone (issue 24 item 5): a learner who missed a lesson's prediction a day
ago and finished lesson 1 sees "1 review due" on the home page (loaded into it: the learner's
cookie only reaches /learn), opens Today, gets a new board like the missed question (not the
question itself), answers it, and the day's count moves without a reload; the next board is
lesson 1's. Axe clean, within 390 px."""

from __future__ import annotations

import re
from datetime import timedelta

from playwright.sync_api import Page, expect
from sqlalchemy import select

from tests.conftest import shipped_catalogue
from tests.e2e.conftest import served_app
from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_similar_browser import PREDICT, key_of
from webapp.services import progress
from webapp.services.database import db
from webapp.services.models import StepAttempt

PHONE = {"width": 390, "height": 844}


def test_a_review_comes_back_as_a_new_board_in_todays_boards(page: Page, base_url, shot):
    page.set_viewport_size(PHONE)
    page.goto(PREDICT)
    page.get_by_label(re.compile("damage", re.I)).first.fill("4")  # Torbran's 2 counted: a miss
    page.get_by_role("button", name="Check my prediction").click()
    expect(page.locator("#feedback")).to_contain_text("Not quite")
    # A day passes for this learner's answer; lesson 1 was finished long ago.
    lesson_id, step_id = PREDICT.split("/")[2:]
    with served_app(base_url).app_context():
        me = db.session.scalar(select(StepAttempt.learner_id).where(
            StepAttempt.lesson_id == lesson_id, StepAttempt.step_id == step_id)
            .order_by(StepAttempt.id.desc()).limit(1))
        for row in db.session.scalars(select(StepAttempt).where(StepAttempt.learner_id == me)):
            row.created_at -= timedelta(days=1, minutes=1)
        db.session.commit()
        last = shipped_catalogue().curriculum.lesson("combat-basics").steps[-1].id
        progress.complete_lesson(me, "combat-basics", last)

    page.goto("/")
    line = page.locator("p.today-line")
    expect(line).to_contain_text("1 review due")
    line.get_by_role("link", name="Today’s boards").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Today’s boards")
    bar = page.locator("#today-bar")
    expect(bar).to_contain_text("Today: 0 of 5 boards")
    expect(bar).to_contain_text("1 review due: it comes first.")
    expect(page.get_by_role("heading", level=2, name=re.compile("A review: a new board like"))
           ).to_contain_text("Damage doublers and preventers")
    assert_no_violations(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot("today-review-phone")

    q = key_of(page, base_url)
    assert q["type"] == "number" and q["idea"] == "doublers"
    page.locator("#amount").fill(str(q["answer"]))
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator("#feedback")).to_contain_text("Right!")
    expect(bar).to_contain_text("Today: 1 of 5 boards")  # out of band, no reload
    expect(page).to_have_url(re.compile(r"/learn/practice/answers/\d+\?mode=today$"))
    page.locator("#feedback").get_by_role("link", name="Next board").click()
    expect(page).to_have_url(re.compile(r"/learn/today$"))
    expect(bar).to_contain_text("Today: 1 of 5 boards")
    expect(bar).not_to_contain_text("review due")
    expect(page.locator("#board-h")).to_contain_text("A new board")
    expect(page.locator("#board-h")).to_contain_text("from lesson 1")
    assert_no_violations(page)

    page.goto("/learn")
    expect(page.get_by_role("link", name=re.compile("Today’s boards"))).to_contain_text("(1 of 5)")

    # the learner makes the goal smaller: 3 boards a day, the dots follow
    page.get_by_role("link", name=re.compile("Today’s boards")).click()
    page.get_by_label("Boards a day").select_option("3")
    page.get_by_role("button", name="Set my goal").click()
    expect(bar).to_contain_text("Today: 1 of 3 boards")
    expect(bar.locator(".today-dots .dot")).to_have_count(3)
    expect(page.get_by_label("Boards a day")).to_have_value("3")
    assert_no_violations(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot("today-goal-phone")
