"""Issue 22 item 3: damage placed on the cards. A tap on a blocker or on what the attacker attacks,
or the attacker's damage counter dragged onto it, moves the matching slider (the same live check
answers); each card shows what is on it; a move that can't be made says why."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_board_phone import PHONE, uncovered

# Grizzly Bears A (3) and B (2) are locked; Grizzly Bears C and the player are free; 5 of 8 placed.
STEP = "/learn/force-of-nature/split-d-practice"


def add(page: Page, target: str, source: str = "Force of Nature"):
    return page.get_by_role("button", name=f"Add 1 damage from {source} to {target}")


def card(page: Page, name: str):
    return page.locator(".board .card", has=page.locator(".card-name", has_text=name))


def drag(page: Page, source, target):
    """Press on `source`, move in steps, let go over `target`: the mouse's pointer events."""
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 3, b["y"] + b["height"] / 2, steps=6)
    page.mouse.up()


def test_clicking_cards_moves_the_sliders_and_the_verdict_follows(page: Page, shot):
    page.goto(STEP)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("5 is assigned")
    bears_c = card(page, "Grizzly Bears C")
    expect(bears_c.locator(".place-badge")).to_be_hidden()  # nothing on it yet
    expect(card(page, "Grizzly Bears A").locator(".place-badge")).to_have_text("3")
    expect(page.locator(".card-attacker .place-token")).to_have_text("Damage to place: 3")

    bears_c.click()
    expect(page.get_by_role("slider", name="To Grizzly Bears C")).to_have_value("1")
    expect(bears_c.locator(".place-badge")).to_have_text("1")
    expect(verdict).to_contain_text("6 is assigned")
    add(page, "Grizzly Bears C").click()
    add(page, "the defending player").click()
    expect(page.get_by_role("slider", name="To the defending player")).to_have_value("1")
    expect(page.locator(".card-attacker .place-token")).to_have_text("Damage to place: 0")
    expect(verdict).to_contain_text("Legal")
    expect(verdict).not_to_contain_text("Not legal")
    expect(page.locator("#left-fon")).to_contain_text("0 of 8")
    shot("place-damage-clicked")

    # the "−" on a card takes 1 back, and a slider moved by hand shows on its card
    page.get_by_role("button", name="Take 1 damage from Force of Nature off the defending player").click()
    expect(verdict).to_contain_text("7 is assigned")
    expect(card(page, "the defending player").locator(".place-take")).to_be_hidden()
    page.get_by_role("button", name="One less damage to Grizzly Bears C").click()
    expect(bears_c.locator(".place-badge")).to_have_text("1")
    expect(verdict).to_contain_text("6 is assigned")


def test_a_move_that_cannot_be_made_says_why(page: Page):
    page.goto(STEP)
    say = page.locator(".place-msg")
    expect(say).to_have_attribute("role", "status")
    card(page, "Grizzly Bears A").click()  # locked for this exercise
    expect(say).to_have_text("The damage to Grizzly Bears A is fixed here: its slider’s note says why.")
    expect(page.get_by_role("slider", name="To Grizzly Bears A")).to_have_value("3")
    # its 3 shows on the card, with no "−" offering to take back what can't be taken back
    expect(card(page, "Grizzly Bears A").locator(".place-badge")).to_have_text("3")
    expect(card(page, "Grizzly Bears A").locator(".place-take")).to_be_hidden()
    for _ in range(3):
        add(page, "Grizzly Bears C").click()
    expect(say).to_be_empty()  # a move that was made clears the last reason
    add(page, "the defending player").click()
    expect(say).to_have_text("All of Force of Nature’s damage (8) is placed: take some back first.")
    expect(page.get_by_role("slider", name="To the defending player")).to_have_value("0")
    expect(page.locator("#verdict")).to_contain_text("Legal")
    # the counter, too: nothing left to drag
    drag(page, page.locator(".place-token"), card(page, "the defending player"))
    expect(say).to_contain_text("All of Force of Nature’s damage (8) is placed")


def test_dragging_the_damage_counter_onto_a_blocker(page: Page, shot):
    page.goto(STEP)
    token = page.locator(".card-attacker .place-token")
    drag(page, token, card(page, "Grizzly Bears C"))
    expect(page.get_by_role("slider", name="To Grizzly Bears C")).to_have_value("1")
    drag(page, token, card(page, "Grizzly Bears C"))
    expect(card(page, "Grizzly Bears C").locator(".place-badge")).to_have_text("2")
    expect(page.locator("#note-fon--bears-c")).to_contain_text("lethal")
    # dropped on nothing it can take: it says where to drop it
    drag(page, token, page.locator(".lesson-head h1"))
    expect(page.locator(".place-msg")).to_contain_text("Drop the damage on a card in Force of Nature’s lane")
    expect(page.get_by_role("slider", name="To Grizzly Bears C")).to_have_value("2")
    drag(page, token, card(page, "the defending player"))
    expect(page.locator("#verdict")).to_contain_text("Legal")
    expect(page.locator("#verdict")).not_to_contain_text("Not legal")
    expect(page.locator(".place-msg")).to_be_empty()
    shot("place-damage-dragged")


@pytest.fixture
def phone(browser, base_url):
    context = browser.new_context(base_url=base_url, **PHONE)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path,blocker,assigned", [(STEP, "Grizzly Bears C", "6 is assigned"),
                                                   ("/sandbox", "Grizzly Bears 2", "1 is assigned")])
def test_tapping_a_card_on_a_phone_keeps_the_verdict_in_view(phone: Page, path, blocker, assigned,
                                                              shot):
    phone.goto(path)
    target = card(phone, blocker)
    target.scroll_into_view_if_needed()
    assert uncovered(phone, target.get_by_role("button", name=f"to {blocker}"))
    target.get_by_role("button", name=f"to {blocker}").tap()
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text(assigned)
    expect(verdict).to_be_in_viewport()
    expect(target.locator(".place-badge")).to_be_in_viewport()
    shot(f"place-damage-phone-{path.strip('/').split('/')[-1]}", phone)


def test_the_sandbox_places_damage_the_same_way(page: Page):
    page.goto("/sandbox")
    verdict = page.locator("#verdict")
    bears = card(page, "Grizzly Bears 1")
    bears.click()
    bears.click()
    expect(page.get_by_role("slider", name="To Grizzly Bears 1")).to_have_value("2")
    expect(bears.locator(".place-badge")).to_have_text("2")
    drag(page, page.locator(".card-attacker .place-token"), card(page, "Grizzly Bears 2"))
    expect(page.get_by_role("slider", name="To Grizzly Bears 2")).to_have_value("1")
    expect(verdict).to_contain_text("3 is assigned")
    # an editor change re-renders the board and the sliders: the cards take damage again
    page.get_by_text("Edit the board").click()
    page.get_by_role("button", name="+ Add a planeswalker").click()
    expect(page.get_by_role("group", name="Planeswalker")).to_be_visible()
    expect(page.locator(".board .place-add").first).to_be_attached()
    page.locator(".board .card-blocker").first.click()
    expect(page.locator(".board .card-blocker").first.locator(".place-badge")).not_to_have_text("0")


def test_boards_without_sliders_get_nothing(page: Page):
    page.goto("/learn/force-of-nature/two-predict")
    expect(page.locator(".board .card-attacker")).to_be_visible()
    expect(page.locator(".place-add, .place-token, .place-msg")).to_have_count(0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_cards_controls_have_no_axe_violations(page: Page, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(STEP)
    add(page, "Grizzly Bears C").click()
    expect(card(page, "Grizzly Bears C").locator(".place-take")).to_be_visible()
    card(page, "Grizzly Bears A").click()
    expect(page.locator(".place-msg")).not_to_be_empty()
    assert_no_violations(page)
    page.goto("/sandbox")
    expect(page.locator(".board .place-add").first).to_be_attached()
    assert_no_violations(page)


@pytest.mark.parametrize("lang,label,why", [
    ("fr", "Ajouter 1 blessure de Force of Nature à Grizzly Bears C",
     "Les blessures pour Grizzly Bears A sont fixées ici\u00a0: la note de son curseur dit pourquoi."),
    ("ja", "Force of NatureからGrizzly Bears Cにダメージを1点置く",
     "Grizzly Bears Aへのダメージはここでは固定されています。理由はスライダーの注記にあります。")])
def test_the_cards_controls_speak_the_pages_language(page: Page, lang, label, why):
    page.goto(f"{STEP}?lang={lang}")
    page.get_by_role("button", name=label).click()
    expect(page.get_by_role("slider").nth(2)).to_have_value("1")
    card(page, "Grizzly Bears A").click()
    expect(page.locator(".place-msg")).to_have_text(why)
    assert_no_violations(page)
