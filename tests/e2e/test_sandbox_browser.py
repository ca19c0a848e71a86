"""User stories in the Sandbox, in a real Chromium."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def slider(page: Page, name: str):
    return page.get_by_role("slider", name=name)


def test_dragging_a_slider_with_the_mouse_updates_the_verdict(page: Page, shot):
    page.goto("/sandbox")
    expect(page.locator("#verdict")).to_contain_text("No damage placed yet")  # untouched: neutral
    bears = slider(page, "To Grizzly Bears 1")
    box = bears.bounding_box()
    page.mouse.move(box["x"] + 14, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] + 40, box["y"] + box["height"] / 2, steps=8)
    page.mouse.up()
    expect(bears).to_have_value("8")
    expect(page.locator("#verdict")).to_contain_text("Legal")  # over-assigning a blocker is fine
    expect(page.locator("#verdict")).not_to_contain_text("Not legal")
    expect(page.locator("#left-a1")).to_contain_text("0 of 8")
    shot("sandbox-dragged")


def test_keyboard_moves_a_slider_and_announces_lethal(page: Page):
    page.goto("/sandbox")
    bears = slider(page, "To Grizzly Bears 2")
    bears.focus()
    page.keyboard.press("ArrowRight")
    expect(bears).to_have_attribute("aria-valuetext", "1 damage to Grizzly Bears 2 — 2 is lethal")
    page.keyboard.press("ArrowRight")
    expect(bears).to_have_attribute("aria-valuetext", "2 damage to Grizzly Bears 2 — lethal")
    expect(page.locator("#note-a1--b2")).to_contain_text("lethal")
    expect(page.locator("#left-a1")).to_contain_text("6 of 8")
    expect(page.locator("#verdict")).to_contain_text("must assign all 8")
    expect(bears).to_be_focused()  # the swap never replaced the slider in use


def test_a_stepper_moves_the_slider_and_the_verdict_follows(page: Page):
    page.goto("/sandbox")
    page.get_by_role("button", name="One more damage to Grizzly Bears 3").click()
    expect(slider(page, "To Grizzly Bears 3")).to_have_value("1")
    expect(page.locator("#out-a1--b3")).to_have_text("1")
    expect(page.locator("#verdict")).to_contain_text("1 is assigned")


def test_damage_reaches_the_player_only_once_every_blocker_has_lethal(page: Page, shot):
    page.goto("/sandbox")
    player = slider(page, "To the defending player")
    player.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#verdict")).to_contain_text("can’t assign damage to the defending player yet")
    expect(page.locator("#verdict")).to_contain_text("Rule 702.19b")
    expect(page.locator("#note-a1--player")).to_contain_text("not allowed yet")
    shot("sandbox-too-early")
    for name in ("Grizzly Bears 1", "Grizzly Bears 2", "Grizzly Bears 3"):
        slider(page, f"To {name}").fill("2")
    expect(page.locator("#verdict")).to_contain_text("Legal")
    expect(page.locator("#verdict")).not_to_contain_text("yet")
    expect(page.locator("#left-a1")).to_contain_text("0 of 8")


def test_sliders_never_let_the_total_pass_the_attackers_power(page: Page):
    page.goto("/sandbox")
    slider(page, "To Grizzly Bears 1").fill("7")
    second = slider(page, "To Grizzly Bears 2")
    second.fill("5")
    expect(second).to_have_value("1")
    expect(page.locator("#left-a1")).to_contain_text("0 of 8")


def test_show_the_best_split(page: Page, shot):
    page.goto("/sandbox")
    page.get_by_role("button", name="Show the best split").click()
    for name in ("Grizzly Bears 1", "Grizzly Bears 2", "Grizzly Bears 3", "the defending player"):
        expect(slider(page, f"To {name}")).to_have_value("2")
    expect(page.locator("#verdict")).to_contain_text("Legal")
    expect(page).to_have_url(re.compile(r"/sandbox\?b=1"))
    shot("sandbox-best")


def test_the_link_on_the_page_reproduces_the_board(page: Page, context):
    page.goto("/sandbox")
    page.get_by_role("button", name="One more damage to Grizzly Bears 1").click()
    expect(page.locator("#out-a1--b1")).to_have_text("1")
    page.get_by_role("button", name="One more damage to the defending player").click()
    expect(page.locator("#verdict")).to_contain_text("702.19b")
    link = page.get_by_role("textbox", name="Link to this board")
    expect(link).to_have_value(re.compile(r"b=1"))
    url = link.input_value()
    again = context.new_page()
    again.goto(url)
    expect(slider(again, "To Grizzly Bears 1")).to_have_value("1")
    expect(slider(again, "To the defending player")).to_have_value("1")
    expect(again.locator("#verdict")).to_contain_text("702.19b")


def test_copy_link_puts_the_link_on_the_clipboard(page: Page, context, base_url):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.goto("/sandbox")
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator("#copied")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#board-link").input_value()


def test_the_editor_changes_the_board_live(page: Page, shot):
    page.goto("/sandbox")
    page.get_by_text("Edit the board").click()
    page.get_by_role("button", name="+ Add a blocker").click()
    expect(slider(page, "To Blocker")).to_be_visible()
    page.get_by_label("Damage already marked").first.fill("1")
    page.get_by_label("Damage already marked").first.press("Tab")
    expect(page.locator("#note-a1--b1")).to_contain_text("toughness 2 − 1 marked = 1")
    shot("sandbox-editor")


def test_without_javascript_the_form_still_works(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    page = context.new_page()
    page.goto("/sandbox")
    page.get_by_role("button", name="One more damage to Grizzly Bears 1").click()
    expect(page.locator("#out-a1--b1")).to_have_text("1")
    expect(page.locator("#verdict")).to_contain_text("1 is assigned")
    page.get_by_role("button", name="Show the best split").click()
    expect(page.locator("#verdict")).to_contain_text("Legal")
    expect(page.get_by_role("button", name="Copy link")).to_be_hidden()  # needs JS, so not offered
    context.close()


def test_on_a_phone_with_touch(browser, base_url, shot):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2, base_url=base_url)
    page = context.new_page()
    page.goto("/sandbox")
    page.get_by_role("button", name="One more damage to Grizzly Bears 1").tap()
    expect(page.locator("#out-a1--b1")).to_have_text("1")
    expect(page.locator("#verdict")).to_contain_text("1 is assigned")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    for button in page.get_by_role("button").all():
        if button.is_visible():
            box = button.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, button.inner_text()
    shot("sandbox-phone", page)
    context.close()


def test_an_edit_made_while_the_last_one_is_on_its_way_is_kept(page: Page):
    """The editor re-renders the board after each change; a second change made before the
    first one's answer arrives (a slow phone network) is not overwritten by that answer: the
    page sends the board again and shows both."""
    page.goto("/sandbox")
    page.get_by_text("Edit the board").click()
    held = []
    editor = re.compile(r"/sandbox(\?.*)?$")  # the editor posts the form to /sandbox
    page.route(editor, lambda route: held.append(route) if route.request.method == "POST"
               and not held else route.continue_())  # only the first post is held
    marked = page.locator("#blocker-0-damage")  # Grizzly Bears
    with page.expect_request(lambda r: r.method == "POST" and editor.search(r.url)):
        marked.fill("1")
        marked.press("Tab")  # the first change: its answer is held back
    assert len(held) == 1
    power = page.locator("#attacker-0-power")  # Force of Nature, 8/8
    power.fill("9")
    power.press("Tab")  # the second change, while the first is on its way
    held[0].continue_()
    expect(page.locator("#assign .card").first).to_contain_text("9/8")  # the board has both
    expect(power).to_have_value("9")
    expect(page.locator("#note-a1--b1")).to_contain_text("toughness 2 − 1 marked = 1")


def test_a_keyboard_user_keeps_the_focus_when_the_editor_redraws(page: Page):
    """Tab from a changed field posts the board; the redraw replaces every field. The field the
    user tabbed to keeps the focus (it sits in the reopened editor), selected as Tab left it, so
    what they type next replaces its value instead of vanishing."""
    page.goto("/sandbox")
    page.get_by_text("Edit the board").click()
    toughness = page.locator("#blocker-0-toughness")  # Grizzly Bears, 2/2
    toughness.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    marked = page.locator("#blocker-0-damage")
    before = marked.element_handle()
    page.keyboard.press("Tab")  # the change posts; the focus is on "Damage already marked"
    page.wait_for_function("el => !el.isConnected", arg=before)  # the redraw has landed
    expect(marked).to_be_focused()
    page.keyboard.type("1")
    page.keyboard.press("Tab")
    expect(page.locator("#blocker-0-toughness")).to_have_value("3")
    expect(marked).to_have_value("1")
    expect(page.locator("#note-a1--b1")).to_contain_text("toughness 3 − 1 marked = 2")


def test_a_judge_who_changes_a_real_cards_numbers_is_told_what_it_is_printed(page: Page, shot):
    """A real card's name promises the printed card: a Grizzly Bears made 2/3 gets a note on
    the board saying so and what to do; "Use the printed card" puts it back, and renaming it a
    token takes the note away too."""
    from tests.e2e.test_accessibility import assert_no_violations

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/sandbox")
    page.get_by_text("Edit the board").click()
    page.locator("#blocker-0-toughness").fill("3")
    page.locator("#blocker-0-toughness").press("Tab")
    note = page.locator(".card-note")
    expect(note).to_contain_text("Grizzly Bears 1 is 2/2, green, no keyword as printed; this "
                                 "board shows 2/3, green, no keyword.")
    expect(note).to_contain_text("make it a token")
    assert_no_violations(page)
    shot("sandbox-card-note-phone")
    note.get_by_role("button", name="Use the printed card").click()
    expect(note).to_have_count(0)
    expect(page.locator("#blocker-0-toughness")).to_have_value("2")
    page.locator("#blocker-0-toughness").fill("3")
    page.locator("#blocker-0-toughness").press("Tab")
    expect(note).to_have_count(1)
    page.locator("#blocker-0-name").fill("Bear token")
    page.locator("#blocker-0-name").press("Tab")
    expect(note).to_have_count(0)
    expect(page.locator("#verdict")).to_contain_text("No damage placed yet")  # still checked
