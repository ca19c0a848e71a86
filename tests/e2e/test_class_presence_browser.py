"""Presence in a real Chromium (issue 23 item 3): a host and two phones at 390x844. The host's room
lists who joined and the players to remove as they come, then who answered and who hasn't; a
phone whose page is gone shows as left; a new phone takes Ana's seat back with her rejoin code and
finds her answer; a locked room turns a new nickname away, clearly."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import select, update
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import served_app, settle
from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_class_browser import PHONE, join, key_to
from webapp.services.database import db
from webapp.services.models import Class, ClassLearner, utcnow


def names(room, label: str):
    return room.locator(".names p").filter(has_text=label)


@pytest.mark.console_errors("the server responded with a status of 403")  # the locked room
def test_the_host_sees_who_answered_who_left_and_a_lost_phone_takes_its_seat_back(
        browser: Browser, base_url, shot):
    host = browser.new_context(base_url=base_url, **PHONE).new_page()
    host.goto("/class/new")
    host.get_by_label(re.compile("Force of Nature against three")).check()
    host.get_by_role("button", name="Create the class").click()
    code = host.locator(".class-bar .code").inner_text()
    room = host.locator("#room")

    ana = join(browser, base_url, code, "Ana")
    bo = join(browser, base_url, code, "Bo")
    # The room and its Remove list follow the joins without a reload.
    expect(names(room, "In the room (2):")).to_contain_text("Ana, Bo")
    expect(host.get_by_label("Player", exact=True).locator("option")).to_have_text(
        ["Choose a player", "Ana", "Bo"])
    rejoin = ana.locator(".rejoin-code").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{6}", rejoin) and rejoin != code

    host.get_by_role("button", name="Start the class").click()
    host.get_by_label("Go to step").select_option("5")
    host.get_by_role("button", name="Go", exact=True).click()
    for phone in (ana, bo):
        expect(phone.get_by_role("slider", name="To Grizzly Bears C")).to_be_visible()
    key_to(ana, "To Grizzly Bears C", 2)
    key_to(ana, "To the defending player", 1)
    ana.get_by_role("button", name="Check my answer").click()
    expect(ana.locator("#feedback")).to_contain_text("Right!")
    expect(names(room, "Answered (1):")).to_contain_text("Ana")
    expect(names(room, "Not answered yet (1):")).to_contain_text("Bo")
    assert_no_violations(host)
    shot("class-host-presence", host)

    # Ana's page is gone (the browser closed, its cookies with it); time passes on the server.
    closed_at = utcnow()
    ana.context.close()
    app = served_app(base_url)
    app.config["CLOCK"] = lambda: utcnow() + timedelta(seconds=45)
    try:
        # A poll of Ana's sent before the close but answered after the clock moved wrote her
        # contact at the moved time (seen in CI under load): once the server has answered what
        # it was answering, her last contact is put back to the close (it was no later).
        settle(base_url)
        with app.app_context():
            here = select(Class.id).where(Class.code == code).scalar_subquery()
            db.session.execute(update(ClassLearner).where(ClassLearner.class_id == here,
                                                          ClassLearner.nickname == "Ana")
                               .values(last_seen_at=closed_at))
            db.session.commit()
        expect(names(room, "Answered (1):")).to_contain_text("Ana (left)")
        expect(names(room, "Not answered yet (1):")).to_contain_text("Bo")  # Bo's phone polls

        # A new phone: the nickname alone is taken; with the rejoin code, it is Ana's seat.
        phone = browser.new_context(base_url=base_url, **PHONE).new_page()
        phone.goto(f"/join?code={code}")
        phone.get_by_label("Nickname").fill("Ana")
        phone.get_by_label("Rejoin code").fill(rejoin.lower())
        phone.get_by_role("button", name="Join").click()
        expect(phone.locator("#feedback")).to_contain_text("Right!")  # her answer, kept
        expect(phone.locator(".bar-who")).to_contain_text("You are Ana")
        expect(names(room, "Answered (1):")).to_have_text(re.compile(r"Answered \(1\): Ana$"))
        expect(host.get_by_label("Player", exact=True).locator("option")).to_have_count(3)

        # A player chosen in the Remove list stays chosen as the room refreshes around it.
        who = host.get_by_label("Player", exact=True)
        who.select_option(label="Bo")
        chosen = who.input_value()
        host.locator("#remove-ask").focus()
        for _ in range(2):
            with host.expect_response(re.compile("/room$")):
                pass
        expect(who).to_have_value(chosen)
        expect(host.locator("#remove-ask")).to_be_focused()

        # Locked: a new nickname is turned away, clearly; unlocked, it joins.
        host.get_by_role("button", name="Lock the room").click()
        expect(host.get_by_text("The room is locked:")).to_be_visible()
        cy = browser.new_context(base_url=base_url, **PHONE).new_page()
        cy.goto(f"/join?code={code}")
        cy.get_by_label("Nickname").fill("Cy")
        cy.get_by_role("button", name="Join").click()
        expect(cy.get_by_role("alert")).to_contain_text("The host locked this class")
        assert_no_violations(cy)
        shot("class-join-locked", cy)
        # The host can read a player's code to them (a phone that died before they noted it);
        # the list stays open as the room refreshes.
        host.locator("#rejoin-codes summary").click()
        with host.expect_response(re.compile("/room$")):
            pass
        expect(host.locator("#rejoin-codes")).to_have_attribute("open", "")
        expect(host.locator("#rejoin-codes li").first).to_have_text(f"Ana: {rejoin}")
        assert_no_violations(host)
        host.get_by_role("button", name="Unlock the room").click()
        cy.get_by_role("button", name="Join").click()
        expect(cy.get_by_text("Your screen follows the host.")).to_be_visible()
        expect(names(room, "Not answered yet (2):")).to_contain_text("Bo, Cy")
    finally:
        app.config.pop("CLOCK")
