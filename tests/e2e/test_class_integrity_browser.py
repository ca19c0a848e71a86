"""Issue 19 in a real Chromium, tried as an adversary would: the wall's link shows nothing secret
and reaches no host page when edited; End and Remove ask first; a removed phone can't come back
on its own; an exam run as a class takes one answer, shows nothing before the host reveals it and
reviews only the questions asked, only after the end."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_class_browser import PHONE, end_the_class, join, shared_quiz

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
NOT_FOUND = pytest.mark.console_errors("the server responded with a status of 4")  # on purpose


def new_class(browser: Browser, base_url: str, owner_link: str = "") -> tuple[Page, str]:
    host = browser.new_context(base_url=base_url, **DESKTOP).new_page()
    host.goto("/class/new")
    if owner_link:
        host.get_by_label("The quiz’s owner link").fill(owner_link)
    else:
        host.get_by_label(re.compile("Force of Nature against three")).check()
    host.get_by_role("button", name="Create the class").click()
    expect(host.get_by_text("This is your host screen, not for the wall")).to_be_visible()
    return host, host.locator(".class-bar .code").inner_text()


def open_wall(host: Page) -> Page:
    with host.context.expect_page() as opened:
        host.get_by_role("link", name="Open the projector view").click()
    wall = opened.value
    expect(wall).to_have_url(re.compile(r"/class/wall/[\w-]{43}$"))
    return wall


@NOT_FOUND
def test_the_wall_shows_no_host_token_nickname_or_control_and_its_address_leads_nowhere(
        browser: Browser, base_url, shot):
    host, code = new_class(browser, base_url)
    host_token = host.url.rsplit("/", 1)[1]
    expect(host.locator(".projector-state")).to_have_text("The projector view isn’t open yet.")
    wall = open_wall(host)
    expect(wall.locator(".code")).to_have_text(code)
    expect(host.locator(".projector-state")).to_have_text("The projector view is connected.")
    phones = [join(browser, base_url, code, name) for name in ("Ana", "Bo")]
    expect(wall.locator("#screen")).to_contain_text("2 players in the room")
    host.get_by_role("button", name="Start the class").click()
    host.get_by_label("Go to step").select_option("5")
    host.get_by_role("button", name="Go", exact=True).click()
    expect(phones[0].get_by_role("slider", name="To Grizzly Bears C")).to_be_visible()
    phones[0].get_by_role("slider", name="To Grizzly Bears C").press("ArrowRight")  # 1 placed
    phones[0].get_by_role("button", name="Check my answer").click()
    expect(host.locator("#room .counts")).to_contain_text("First answers")
    expect(wall.locator(".counts")).to_have_count(0)  # until the host shows them (issue 23)
    host.get_by_role("button", name="Show the results on the wall").click()
    expect(wall.locator(".counts")).to_contain_text("First answers")
    host.get_by_role("button", name="Project the worked answer").click()
    expect(wall.locator(".shown")).to_contain_text("The worked answer")
    html = wall.content()
    assert host_token not in html and "/class/host/" not in html
    assert "Ana" not in wall.locator("main").inner_text()
    assert wall.locator("main form").count() == 0
    assert wall.locator("main button:not([disabled])").count() == 0
    assert wall.locator("main a").count() == 0
    assert_no_violations(wall)
    shot("class-wall", wall)
    # Editing the wall's address reaches no host page.
    wall_url = wall.url
    token = wall_url.rsplit("/", 1)[1]
    for url in (wall_url + "/room", wall_url + "/move", f"/class/host/{token}",
                f"/class/host/{token}/room", wall_url.replace("/wall/", "/host/")):
        response = wall.goto(url)
        assert response.status == 404, url
        expect(wall.get_by_role("button", name="Next step")).to_have_count(0)
    assert_no_violations(host)


@pytest.mark.console_errors("the server responded with a status of 403",
                            "the server responded with a status of 409")
def test_end_and_remove_ask_first_and_a_removed_phone_cannot_come_back_alone(
        browser: Browser, base_url, shot):
    host, code = new_class(browser, base_url)
    ana = join(browser, base_url, code, "Ana")
    join(browser, base_url, code, "Bo")
    expect(host.locator("#room")).to_contain_text("Ana, Bo")
    # Remove: no default, then a question that names the player.
    host.reload()  # the list of players to remove is drawn with the page
    who = host.get_by_label("Player", exact=True)
    expect(who).to_have_value("")
    who.select_option(label="Ana")
    host.get_by_role("button", name="Remove…").click()
    expect(host.get_by_role("heading", level=1)).to_have_text("Remove Ana from the class?")
    assert_no_violations(host)
    host.get_by_role("button", name="Remove Ana").click()
    expect(host.get_by_role("status").filter(has_text="Removed Ana.")).to_be_visible()
    expect(host.locator("#room .names")).not_to_contain_text("Ana")
    assert_no_violations(host)
    shot("class-host-removed", host)
    # The phone follows by itself and says so; joining again from it fails under any nickname.
    expect(ana.get_by_text("You were removed from this class")).to_be_visible()
    assert_no_violations(ana)
    for nickname in ("Ana", "Ana 2"):
        ana.goto(f"/join?code={code}")
        ana.get_by_label("Nickname").fill(nickname)
        ana.get_by_role("button", name="Join").click()
        expect(ana.get_by_role("alert")).to_contain_text("You were removed from this class")
    # Nor does another phone get in with her nickname.
    other = browser.new_context(base_url=base_url, **PHONE).new_page()
    other.goto(f"/join?code={code}")
    other.get_by_label("Nickname").fill("ana")
    other.get_by_role("button", name="Join").click()
    expect(other.get_by_role("alert")).to_contain_text("The host removed the player")
    # Let back in: her phone returns to the class.
    host.get_by_role("button", name="Let back in").click()
    expect(host.locator("#room .names")).to_contain_text("Ana")
    ana.goto(f"/class/{code}/play")
    expect(ana.get_by_text("You’re in!")).to_be_visible()
    # End asks first; "Keep the class running" keeps it.
    host.get_by_role("button", name="Start the class").click()
    host.get_by_role("link", name="End the class…").click()
    expect(host.get_by_role("heading", level=1)).to_have_text("End the class?")
    assert_no_violations(host)
    host.get_by_role("link", name="Keep the class running").click()
    expect(host.get_by_role("button", name="Next step")).to_be_visible()
    expect(ana.locator(".bar-step")).to_have_text(re.compile("^Step 1 of"))
    end_the_class(host)
    expect(ana.get_by_role("heading", name="Thanks for playing!")).to_be_visible()


@pytest.mark.console_errors("the server responded with a status of 409")
def test_an_exam_class_takes_one_answer_shows_nothing_before_the_reveal_and_reviews_late(
        browser: Browser, base_url, shot):
    owner = shared_quiz(base_url, ["t1-protection-lethal-one", "t1-hurt-bears-most",
                                   "t1-deathtouch-two-walls-legal"], mode="exam")
    host, code = new_class(browser, base_url, owner)
    expect(host.locator(".mode-line")).to_contain_text("An exam")
    phone = join(browser, base_url, code, "Ana")
    host.get_by_role("button", name="Start the class").click()
    expect(phone.locator(".bar-step")).to_have_text("Question 1 of 3")
    phone.get_by_label(re.compile(r"^[A-D] 4$")).check()
    phone.get_by_role("button", name="Submit my answer").click()
    expect(phone.locator("#feedback")).to_contain_text("Answer saved")
    expect(phone.locator("#feedback")).not_to_contain_text("Not quite")
    expect(phone.get_by_text("The answer:")).to_have_count(0)
    expect(phone.get_by_label(re.compile(r"^[A-D] 4$"))).to_be_disabled()
    # A second answer posted by hand (as an adversary would) is refused; the first stays.
    csrf = phone.locator('input[name="csrf_token"]').first.get_attribute("value")
    second = phone.request.post(f"/class/{code}/answer", form={
        "csrf_token": csrf, "step": "q1", "option": "three"})
    assert second.status == 409 and "You already answered this question" in second.text()
    assert_no_violations(phone)
    shot("class-exam-phone-saved", phone)
    # Before the end, the review shows no key (edit the address as a candidate would).
    phone.goto(f"/class/{code}/review")
    expect(phone).to_have_url(re.compile(f"/class/{code}/play"))
    expect(phone.get_by_text("The answer:")).to_have_count(0)
    # The host projects the answer: the phone shows it too.
    host.get_by_role("button", name="Project the answer and why").click()
    expect(phone.locator("#feedback")).to_contain_text("Not quite")
    expect(phone.locator("#feedback")).to_contain_text("The answer:")
    assert_no_violations(phone)
    # Question 2 is never asked; question 3 is.
    host.get_by_label("Go to question").select_option("3")
    host.get_by_role("button", name="Go", exact=True).click()
    expect(phone.locator(".bar-step")).to_have_text("Question 3 of 3")
    phone.get_by_role("button", name="Not legal").click()
    expect(phone.locator("#feedback")).to_contain_text("Answer saved")
    end_the_class(host)
    expect(phone.get_by_role("heading", name="Thanks for playing!")).to_be_visible()
    links = phone.get_by_role("link", name=re.compile(r"^Question \d"))
    expect(links).to_have_count(2)
    phone.get_by_role("link", name=re.compile("Question 1:")).click()
    expect(phone.locator("#q-1")).to_contain_text("The answer:")
    expect(phone.locator("#q-3")).to_be_visible()
    expect(phone.locator("#q-2")).to_have_count(0)
    assert_no_violations(phone)
    shot("class-exam-review", phone)
    # The quiz's owner sees the run: counts only.
    host.goto(owner)
    runs = host.locator("#class-runs")
    expect(runs).to_contain_text("1 player")
    expect(runs).to_contain_text("Question 2: not asked")
    expect(runs).not_to_contain_text("Ana")
    assert_no_violations(host)
