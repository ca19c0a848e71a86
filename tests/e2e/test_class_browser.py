"""A store night in a real Chromium: a host starts a class, three players join on phones, the host
paces the steps, the players drag, the room overview shows the mistake and the stuck player, the
host projects the explanation, ends the class and downloads the results."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_accessibility import assert_no_violations

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def key_to(page: Page, name: str, value: int) -> None:
    """Set a damage slider from the keyboard: Home, then arrow right (each move a live check)."""
    element = page.get_by_role("slider", name=name)
    element.focus()
    page.keyboard.press("Home")
    for _ in range(value):
        page.keyboard.press("ArrowRight")
    expect(element).to_have_value(str(value))


def join(browser: Browser, base_url: str, code: str, nickname: str) -> Page:
    page = browser.new_context(base_url=base_url, **PHONE).new_page()
    page.goto("/join")
    page.get_by_label("Class code").fill(code.lower())
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_text("Waiting for the host to start")).to_be_visible()
    return page


def read_csv(path: str) -> tuple[list[list[str]], list[dict]]:
    """A downloaded results CSV: (the rows before the table, the table's rows as dicts)."""
    data = Path(path).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark
    lines = list(csv.reader(io.StringIO(data.decode("utf-8").removeprefix("\ufeff"))))
    blank = lines.index([])
    header = lines[blank + 1]
    return lines[:blank], [dict(zip(header, row, strict=True)) for row in lines[blank + 2:]]


def end_the_class(host: Page) -> None:
    """End the class as a host does: the link asks first, then the confirmation ends it."""
    host.get_by_role("link", name="End the class…").click()
    expect(host.get_by_role("heading", level=1)).to_have_text("End the class?")
    host.get_by_role("button", name="End the class").click()
    expect(host.get_by_role("heading", name="The class is over")).to_be_visible()


def test_a_host_runs_a_class_for_three_phones(browser: Browser, base_url, shot):
    desktop = {"width": 1280, "height": 900}
    host = browser.new_context(base_url=base_url, viewport=desktop).new_page()
    host.goto("/class/new")
    host.get_by_label(re.compile("Force of Nature against three")).check()
    host.get_by_role("button", name="Create the class").click()
    code = host.locator(".class-bar .code").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    with host.context.expect_page() as opened:  # the host page opens the wall's own view
        host.get_by_role("link", name="Open the projector view").click()
    projector = opened.value
    expect(projector).to_have_url(re.compile("/class/wall/"))
    expect(projector.locator(".qr svg")).to_be_visible()
    expect(projector.locator(".code")).to_have_text(code)
    assert_no_violations(projector)
    shot("class-projector-lobby", projector)

    phones = [join(browser, base_url, code, name) for name in ("Ana", "Bo", "Cy")]
    assert_no_violations(phones[0])
    expect(host.locator("#room")).to_contain_text("Ana, Bo, Cy")  # the host's page polls

    host.get_by_role("button", name="Start the class").click()
    host.get_by_label("Go to step").select_option("5")
    host.get_by_role("button", name="Go", exact=True).click()
    expect(host.get_by_role("heading", level=2, name=re.compile("Step 5 of 9"))).to_be_visible()
    for phone in phones:  # each phone follows the host on its own
        expect(phone.get_by_role("slider", name="To Grizzly Bears C")).to_be_visible()
        phone.wait_for_load_state()

    ana, bo, cy = phones
    key_to(ana, "To the defending player", 3)
    expect(ana.locator("#verdict")).to_contain_text("Not legal")
    expect(ana.locator("#verdict")).to_contain_text("702.19b")
    for _ in range(3):
        ana.get_by_role("button", name="Check my answer").click()
        expect(ana.locator("#feedback")).to_contain_text("Not quite")
    key_to(bo, "To the defending player", 2)
    bo.get_by_role("button", name="Check my answer").click()
    expect(bo.locator("#feedback")).to_contain_text("Not quite")
    key_to(cy, "To Grizzly Bears C", 2)
    key_to(cy, "To the defending player", 1)
    expect(cy.locator("#verdict")).to_contain_text("Legal")
    cy.get_by_role("button", name="Check my answer").click()
    expect(cy.locator("#feedback")).to_contain_text("Right!")
    assert_no_violations(ana)
    shot("class-phone", ana)

    room = host.locator("#room")
    expect(room).to_contain_text(
        "2 players: damage to the player before every blocker had lethal — 702.19b")
    expect(room.locator(".stuck")).to_contain_text("Ana")
    expect(room).to_contain_text("the player")
    assert_no_violations(host)
    shot("class-host", host)

    expect(projector.locator("#screen")).not_to_contain_text("2 players:")  # until the host says
    host.get_by_role("button", name="Show the results on the wall").click()
    expect(projector.locator("#screen")).to_contain_text("2 players")
    project = room.get_by_role("listitem").filter(has_text="2 players").get_by_role(
        "button", name=re.compile("Project the explanation"))
    project.focus()
    with host.expect_response(re.compile("/room$")):  # the overview refreshes under the focus
        pass
    expect(project).to_be_focused()
    host.keyboard.press("Enter")
    expect(projector.locator(".shown")).to_contain_text("Grizzly Bears C has 0 of the 2 damage")
    for name in ("Ana", "Bo", "Cy"):
        expect(projector.locator("#screen")).not_to_contain_text(name)
    assert_no_violations(projector)
    shot("class-projector-mistake", projector)
    # Switched on an open page: without motion, so axe reads the settled colours.
    projector.emulate_media(color_scheme="dark", reduced_motion="reduce")
    assert_no_violations(projector)
    projector.emulate_media(color_scheme="light")
    host.get_by_role("button", name="Project the worked answer").click()
    expect(projector.locator(".shown")).to_contain_text("The worked answer")
    expect(projector.locator(".shown")).to_contain_text("Legal")
    assert_no_violations(projector)
    shot("class-projector-answer", projector)

    ana.reload()  # a phone that reconnects lands on the step with its answer
    expect(ana.locator("#feedback")).to_contain_text("Not quite")
    expect(ana.get_by_role("slider", name="To the defending player")).to_have_value("3")

    end_the_class(host)
    expect(host.get_by_role("table")).to_contain_text("Build split")
    with host.expect_download() as download:
        host.get_by_role("link", name="Download the results (CSV)").click()
    _, rows = read_csv(download.value.path())
    assert sorted((r["Player"], r["Tries"], r["Right in the end"]) for r in rows
                  if r["Tries"] != "0") == [("Ana", "3", "no"), ("Bo", "1", "no"),
                                            ("Cy", "1", "yes")]
    assert_no_violations(host)
    shot("class-host-summary", host)

    expect(bo.get_by_role("link", name=re.compile("Step 5: Build split"))).to_be_visible()
    expect(cy.get_by_role("heading", name="Thanks for playing!")).to_be_visible()
    expect(cy.get_by_role("link", name=re.compile("Step 5"))).to_have_count(0)
    bo.get_by_role("link", name=re.compile("Step 5: Build split")).click()
    expect(bo).to_have_url(re.compile("/learn/force-of-nature/split-d-practice"))
    shot("class-phone-end", cy)


def shared_quiz(base_url: str, bank_ids: list[str], mode: str = "practice") -> str:
    """A quiz shared on the e2e server (as a judge would have made it); its owner link."""
    from tests.e2e.conftest import _APPS
    from webapp.services import quizzes
    with _APPS[base_url].app_context():
        quiz = quizzes.create("Store night quiz", [{"bank": i} for i in bank_ids], mode, 70, 10)
    return f"{base_url}/quiz/o/{quiz.owner_token}"


def drag(page: Page, name: str, fraction: float) -> None:
    """Drag a damage slider's thumb with the pointer (a finger on a phone) to `fraction` of it."""
    element = page.get_by_role("slider", name=name)
    element.scroll_into_view_if_needed()  # below the board picture: a finger scrolls to it first
    box = element.bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 4, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(box["x"] + 4 + (box["width"] - 8) * fraction * step / 10, y)
    page.mouse.up()


@pytest.mark.console_errors("the server responded with a status of 400")  # the unknown link
def test_a_host_runs_a_two_question_quiz_and_a_phone_drags_on_the_assign_question(
        browser: Browser, base_url, shot):
    owner = shared_quiz(base_url, ["t1-protection-lethal-one", "t1-bears-die-most-assign"])
    desktop = {"width": 1280, "height": 900}
    host = browser.new_context(base_url=base_url, viewport=desktop).new_page()
    host.goto("/class/new")
    host.get_by_label("The quiz’s owner link").fill(owner.replace("/quiz/o/", "/quiz/o/nope"))
    host.get_by_role("button", name="Create the class").click()
    expect(host.get_by_role("alert")).to_contain_text("No shared quiz has that link")
    expect(host.get_by_label("The quiz’s owner link")).to_have_value(
        owner.replace("/quiz/o/", "/quiz/o/nope"))  # nothing lost
    assert_no_violations(host)
    host.get_by_label("The quiz’s owner link").fill(owner)
    host.get_by_role("button", name="Create the class").click()
    expect(host.get_by_role("heading", level=1)).to_contain_text("Store night quiz")
    code = host.locator(".class-bar .code").inner_text()
    projector = host.context.new_page()
    projector.goto(host.url + "/projector")  # the old address leads the host to the wall's
    expect(projector).to_have_url(re.compile("/class/wall/"))
    expect(projector.locator(".code")).to_have_text(code)

    phone = join(browser, base_url, code, "Ana")
    host.get_by_role("button", name="Start the class").click()
    expect(host.get_by_role("heading", level=2, name=re.compile("Question 1 of 2"))).to_be_visible()
    expect(phone.get_by_text("Question 1 of 2", exact=True)).to_be_visible()  # the phone follows by itself
    expect(phone.get_by_text("Time left")).to_have_count(0)  # the host paces, no timer
    phone.get_by_label(re.compile(r"^[A-D] 4$")).check()  # lettered as on the wall
    phone.get_by_role("button", name="Submit my answer").click()
    expect(phone.locator("#feedback")).to_contain_text("Not quite")
    assert_no_violations(phone)
    room = host.locator("#room")
    expect(room).to_contain_text("What the room chose")
    expect(room.locator(".picks")).to_contain_text("1 player: 4")
    expect(projector.locator(".pick-count")).to_have_count(0)  # until the host shows them
    host.get_by_role("button", name="Show the results on the wall").click()
    expect(projector.locator(".wall-options li").filter(has_text="1 player")).to_contain_text("4")
    expect(projector.locator(".wall-options .tag")).to_have_count(0)  # no names, no key yet
    assert_no_violations(projector)

    host.get_by_role("button", name="Next question").click()
    expect(phone.get_by_role("slider", name="To the defending player")).to_be_visible()
    phone.wait_for_load_state()
    drag(phone, "To the defending player", 1.0)  # all 5 past the blockers: not legal
    expect(phone.get_by_role("slider", name="To the defending player")).not_to_have_value("0")
    expect(phone.locator("#verdict")).to_contain_text("Not legal")
    expect(phone.locator("#verdict")).to_contain_text("702.19b")
    phone.get_by_role("button", name="Submit my answer").click()
    expect(phone.locator("#feedback")).to_contain_text("Not quite")
    expect(room).to_contain_text("damage to the player before every blocker had lethal")
    expect(room).to_contain_text("Where the room put its damage")
    key_to(phone, "To the defending player", 0)
    key_to(phone, "To Wall of Wood", 2)
    key_to(phone, "To Grizzly Bears", 3)
    expect(phone.locator("#verdict")).to_contain_text("Legal")
    phone.get_by_role("button", name="Submit my answer").click()
    expect(phone.locator("#feedback")).to_contain_text("Right!")
    assert_no_violations(phone)
    shot("class-quiz-phone", phone)
    expect(room.locator(".counts")).to_contain_text("Legal splits")
    assert_no_violations(host)
    shot("class-quiz-host", host)

    host.get_by_role("button", name="Project the answer and why").click()
    expect(projector.locator(".shown")).to_contain_text("The answer:")
    expect(projector.locator(".shown")).to_contain_text("Why")
    expect(projector.locator("#screen")).not_to_contain_text("Ana")
    assert_no_violations(projector)
    shot("class-quiz-projector", projector)

    end_the_class(host)
    expect(host.get_by_role("table")).to_contain_text("Alice attacks Nia")
    with host.expect_download() as download:
        host.get_by_role("link", name="Download the results (CSV)").click()
    _, rows = read_csv(download.value.path())
    assert sorted((r["Question"], r["Tries"], r["Right in the end"]) for r in rows) == [
        ("1", "1", "no"), ("2", "2", "yes")]
    assert_no_violations(host)

    phone.get_by_role("link", name=re.compile("Question 1:")).click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("What you missed")
    expect(phone.locator("#q-1")).to_contain_text("The answer:")
    expect(phone.locator("#q-2")).to_have_count(0)
    assert_no_violations(phone)
    shot("class-quiz-review", phone)
