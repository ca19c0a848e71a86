"""Issue 22 on a 390×844 phone: the board picture above the sliders, sliders wide enough to hit,
and the verdict in view while a slider moves (no scrolling between a move and its result)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

AXE = Axe()
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# page, the free slider to drag, the stepper to tap, what the verdict says after the tap
CASES = {
    "lesson step": ("/learn/force-of-nature/split-d-practice", "To Grizzly Bears C",
                    "One less damage to Grizzly Bears C", "7 is assigned"),
    "sandbox": ("/sandbox", "To Grizzly Bears 1", "One less damage to Grizzly Bears 1",
                "7 is assigned"),
}


@pytest.fixture
def phone(browser, base_url):
    context = browser.new_context(base_url=base_url, **PHONE)
    yield context.new_page()
    context.close()


def uncovered(page: Page, locator) -> bool:
    """Nothing (the docked verdict, say) is drawn over the middle of this element."""
    return locator.evaluate("""el => { const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return top === el || el.contains(top); }""")


@pytest.mark.parametrize("case", CASES)
def test_the_verdict_stays_in_view_while_a_slider_moves_on_a_phone(phone: Page, case, shot):
    path, name, less, after_tap = CASES[case]
    page = phone
    page.goto(path)
    expect(page.locator(".board .card-attacker")).to_be_visible()
    slider = page.get_by_role("slider", name=name)
    slider.scroll_into_view_if_needed()
    assert uncovered(page, slider)
    box = slider.bounding_box()
    assert box["width"] / int(slider.get_attribute("max")) >= 30  # px per point of damage

    # drag the thumb all the way right: it stops at the damage left, and the split is legal
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 20, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] + 30, y, steps=8)
    page.mouse.up()
    verdict = page.locator("#verdict")
    expect(verdict).not_to_contain_text("Not legal")
    expect(verdict).to_contain_text("Legal")
    expect(verdict).to_be_in_viewport()
    assert uncovered(page, slider)

    # a tap on a stepper: the result is in view at once too
    page.get_by_role("button", name=less).tap()
    expect(verdict).to_contain_text(after_tap)
    expect(verdict).to_be_in_viewport()
    shot(f"phone-verdict-{case.replace(' ', '-')}")


@pytest.mark.parametrize("path", [CASES["lesson step"][0], CASES["sandbox"][0],
                                  "/learn/attacking-a-planeswalker/fon-jace-practice?lang=ja",
                                  "/learn/battles/thrasta-battle-practice?lang=fr",
                                  "/learn/marked-damage/hurt-one-free"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_board_pages_on_a_phone_have_no_axe_violations(phone: Page, path, scheme):
    phone.emulate_media(color_scheme=scheme)
    phone.goto(path)
    expect(phone.locator(".board .card-attacker").first).to_be_visible()
    results = AXE.run(phone)
    assert results.violations_count == 0, results.generate_report()


def test_the_picture_reads_at_200_percent_zoom_without_sideways_scrolling(browser, base_url):
    """WCAG 1.4.10: 640 CSS px at 200% is a 1280 px window; 390 px at 200% reflows to 195."""
    context = browser.new_context(base_url=base_url, viewport={"width": 640, "height": 400},
                                  device_scale_factor=2)
    page = context.new_page()
    page.goto("/learn/attacking-a-planeswalker/fon-jace-practice")
    expect(page.locator(".board")).to_contain_text("loyalty 3")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
