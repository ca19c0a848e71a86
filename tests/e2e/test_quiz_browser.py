"""Judges in Chromium: one takes a quiz (an assign question's sliders dragged to the most); one
builds a quiz from the bank, a generated question and a board built in the sandbox, shares it, two
takers take it, and the owner reads both attempts and downloads the CSV. axe finds nothing on any
quiz page."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.conftest import attempt_questions
from webapp.content.generate import TYPES
from webapp.live.outcome import play_out

AXE = Axe()


def assert_no_violations(page: Page):
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def answer(page: Page, q: dict, right: bool = True) -> None:
    """Answer one question as a taker would: typing, a button, ticking, or the sliders (by
    keyboard). A wrong taker types an impossible number and puts 1 damage on the first slider
    (untouched sliders are no answer at all: the page asks to place the damage first)."""
    if q["type"] == "number":
        page.get_by_label("Your answer").fill(str(q["answer"] if right else 99))
    elif q["type"] == "legal":
        page.get_by_role("button", name="Legal" if q["answer"] == right else "Not legal",
                         exact=True).click()
        return
    elif q["type"] in ("rule", "one"):
        page.locator(f'input[name="option"][value="{q["answer"]}"]').check()
    elif q["type"] == "many":
        for option in q["answer"]:
            page.locator(f'input[name="option"][value="{option}"]').check()
    elif right:  # assign: each slider to the example split, with the keyboard
        for attacker, row in q["example"].items():
            for recipient, amount in row.items():
                slider = page.locator(f'input[name="dmg:{attacker}:{recipient}"]')
                slider.focus()
                page.keyboard.press("Home")
                for _ in range(amount):
                    page.keyboard.press("ArrowRight")
        verdict = page.locator("#verdict")
        if "In an exam" not in verdict.inner_text():  # an exam holds its verdict back (issue 19)
            expect(verdict).to_contain_text("Legal")
    else:  # assign, wrong: 1 damage where the key wants all of it placed
        attacker, row = next(iter(q["example"].items()))
        slider = page.locator(f'input[name="dmg:{attacker}:{next(iter(row))}"]')
        slider.focus()
        page.keyboard.press("Home")
        page.keyboard.press("ArrowRight")
        expect(slider).to_have_value("1")
    page.get_by_role("button", name="Submit my answer").click()


def test_a_judge_takes_a_practice_quiz(page: Page, live_server, shot):
    page.goto("/quiz")
    assert_no_violations(page)
    page.get_by_label("Your name").fill("Nia")
    page.get_by_label("Tier 3").check()
    page.get_by_label("Fresh boards, generated for you").check()
    page.get_by_label("Number of questions").fill(str(len(TYPES)))
    page.get_by_role("button", name="Start the quiz").click()
    expect(page.get_by_text(f"Question 1 of {len(TYPES)}").first).to_be_visible()
    questions = attempt_questions(live_server, page.url.split("/a/")[1].split("/")[0])
    assert {q["type"] for q in questions} == set(TYPES)
    for n, q in enumerate(questions, start=1):
        answer(page, q)
        expect(page.locator("#feedback")).to_contain_text("Right!")
        # A right split is played out, as in Learn (issue 22 item 4), when the resolver can deal
        # it as the question's one step (not a first-strike board that asks for more).
        if q["type"] == "assign" and play_out(q["board"], q["example"]).legal:
            outcome = page.locator("#feedback details.outcome")
            expect(outcome).to_contain_text("What the damage does")
            expect(outcome.locator(".outcome-step").first).to_be_visible()
            shot("quiz-assign")
        if n == 1 or q["type"] == "assign":
            assert_no_violations(page)
        # Next is a button of the answer form (issue 19: it saves a chosen answer first); the
        # last one leads to Review and submit, where the attempt ends.
        page.get_by_role("button", name="Review and submit" if n == len(questions)
                         else "Next question").click()
        page.wait_for_load_state()  # htmx listens from DOMContentLoaded
    assert_no_violations(page)
    page.get_by_role("button", name="Submit my answers").click()
    expect(page.get_by_text(f"{len(TYPES)} of {len(TYPES)} right (100%)")).to_be_visible()
    shot("quiz-results")
    assert_no_violations(page)


def test_a_judge_builds_and_shares_a_quiz_two_takers_take_it_and_the_owner_gets_the_results(
        browser, base_url, shot):
    import csv
    import io
    from pathlib import Path

    judge = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    page = judge.new_page()
    page.goto("/quiz/new?tier=1&count=3&seed=314")
    assert_no_violations(page)
    page.get_by_label("Title").fill("Thursday judge meeting")
    page.get_by_label("Hand-written questions from the bank").check()
    page.get_by_label("Exam: feedback at the end").check()
    page.get_by_role("button", name="Save and get the links").click()
    owner = page.url
    assert_no_violations(page)

    # One generated question, and a board built in the sandbox as a drag-the-sliders question.
    page.get_by_label("How many").fill("1")
    page.get_by_role("button", name="Add generated questions").click()
    sandbox = judge.new_page()
    sandbox.goto("/sandbox")
    sandbox.get_by_role("button", name="Show the best split").click()
    expect(sandbox.locator("#verdict")).to_contain_text("Legal")
    link = sandbox.get_by_label("Link to this board").input_value()
    sandbox.close()
    page.get_by_label("The sandbox board’s link").fill(link)
    page.get_by_label("Assign: the taker drags the sliders to send the most").check()
    page.get_by_role("button", name="Add this board").click()
    expect(page.locator("form .review-list > li")).to_have_count(5)
    expect(page.get_by_text("a legal split that sends 2")).to_be_visible()  # its key, from the core
    shot("quiz-owner-editing", page)
    assert_no_violations(page)
    take = page.get_by_label("Share this link with takers").input_value()

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
        taker.wait_for_load_state()
        questions = attempt_questions(base_url, taker.url.split("/a/")[1].split("/")[0])
        assert [q["source"] for q in questions].count("own") == 1
        for q in questions:
            answer(taker, q, right=name == "Alice")
            taker.wait_for_load_state()
        # The last answer leads to Review and submit (issue 19): the exam ends on submitting.
        expect(taker.get_by_role("heading", name="Review and submit")).to_be_visible()
        taker.get_by_role("button", name="Submit my answers").click()
        expect(taker.get_by_role("heading", name=f"Quiz results for {name}")).to_be_visible()
        shot(f"quiz-review-{name.lower()}", taker)
        assert_no_violations(taker)
        context.close()

    page.goto(owner)
    expect(page.get_by_role("cell", name="Alice", exact=True)).to_be_visible()
    expect(page.get_by_role("cell", name="Bob", exact=True)).to_be_visible()
    expect(page.get_by_text("5 / 5 (100%)")).to_be_visible()
    expect(page.get_by_text("its questions are locked").first).to_be_visible()
    shot("quiz-owner", page)
    assert_no_violations(page)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the results (CSV)").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(
        encoding="utf-8-sig"))))  # past the byte-order mark
    assert {r["name"] for r in rows} == {"Alice", "Bob"} and len(rows) == 10
    assert {r["correct"] for r in rows if r["name"] == "Alice"} == {"true"}
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the quiz as a file").click()
    assert "[[questions]]" in Path(download.value.path()).read_text(encoding="utf-8")
    judge.close()


def test_a_legal_split_short_of_the_most_is_told_what_it_sent_and_where_the_most_comes_from(
        page: Page, live_server, shot):
    """The quiz's feedback is endless practice's (issue 20): after "Not quite", the split's
    reason and the sums behind the most, then the key."""
    from tests.e2e.conftest import served_app
    from webapp.services import quizzes
    with served_app(live_server).app_context():  # Rhino 4/4 on Bears with 1 marked: most 3
        token = quizzes.start("Nia", 1, [{"bank": "t1-hurt-bears-most-assign"}], "practice")
    page.goto(f"/quiz/a/{token}/1")
    for recipient in ("b1", "player"):  # 2 and 2: legal, one short of the most
        slider = page.locator(f'input[name="dmg:a1:{recipient}"]')
        slider.focus()
        page.keyboard.press("Home")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        expect(slider).to_have_value("2")
    expect(page.locator("#verdict")).to_contain_text("Legal")
    page.get_by_role("button", name="Submit my answer").click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Not quite")
    expect(feedback).to_contain_text("Stampeding Rhino sends only 2 to the defending player; "
                                     "a legal split can send 3.")
    expect(feedback).to_contain_text("Where 3 comes from:")
    expect(feedback).to_contain_text("The answer:")
    shot("quiz-feedback-short")
    assert_no_violations(page)
