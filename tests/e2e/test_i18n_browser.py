"""French and Japanese in a real Chromium: the language a player picks once is kept, the page is
declared in it, live verdicts come back in it, and axe finds nothing in either language."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.conftest import shipped_catalogue

AXE = Axe()
CURRICULUM = shipped_catalogue().curriculum


def first_step(kind: str) -> str:
    """The first step of this type in the curriculum (lessons change; the type is what matters)."""
    for lesson in CURRICULUM:
        for step in lesson.steps:
            if step.type == kind:
                return f"/learn/{lesson.id}/{step.id}"
    raise LookupError(kind)


def assert_no_violations(page: Page):
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def test_a_japanese_player_learns_in_japanese_and_keeps_it(browser, base_url, shot):
    """Accept-Language picks Japanese; the sandbox answers a slider in Japanese; switching to
    French keeps the board; the choice sticks over the browser's language."""
    context = browser.new_context(base_url=base_url, locale="ja-JP",
                                  viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_role("heading", level=1)).to_have_text("トランプルを、手を動かして学ぶ")
    shot("ja-home", page)

    page.get_by_role("navigation", name="メイン").get_by_role("link", name="サンドボックス").click()
    expect(page.locator("#verdict")).to_contain_text("まだダメージを割り振っていません")  # untouched: neutral
    page.wait_for_load_state()  # htmx listens from DOMContentLoaded: a key pressed sooner is unheard
    player = page.get_by_role("slider", name="防御プレイヤーへ")
    player.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#verdict")).to_contain_text("まだ防御プレイヤーにダメージを割り振れません")
    expect(page.locator("#verdict")).to_contain_text("ルール702.19b")
    expect(player).to_have_attribute("aria-valuetext", "防御プレイヤーに1点のダメージ")
    shot("ja-sandbox", page)

    page.get_by_text("盤面を編集").click()
    page.get_by_role("spinbutton", name="タフネス").first.fill("5")
    before = page.url  # the slider already put a board in the address: wait for the new one
    page.get_by_role("button", name="盤面を更新").click()
    expect(page).not_to_have_url(before)
    expect(page).to_have_url(re.compile(r"/sandbox\?b="))
    expect(page.locator("#editor input[name*=toughness]").first).to_have_value("5")
    page.get_by_role("navigation", name="言語").get_by_role("link", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page).to_have_url(re.compile(r"/sandbox\?b=.*lang=fr"))
    expect(page.locator("#editor input[name*=toughness]").first).to_have_value("5")  # same board

    page.goto("/learn")  # the browser still says Japanese; the player chose French
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_text("Apprendre le piétinement")
    context.close()


def test_japanese_on_a_phone(browser, base_url, shot):
    context = browser.new_context(base_url=base_url, locale="ja-JP", has_touch=True,
                                  is_mobile=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(first_step("practice"))
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_role("button", name="答え合わせ")).to_be_visible()
    expect(page.get_by_role("region", name="戦闘ダメージを割り振る")).to_be_visible()
    shot("ja-phone-practice", page)
    page.locator("input.dmg:not([disabled])").first.press("ArrowRight")  # 1 damage placed
    page.get_by_role("button", name="答え合わせ").click()
    expect(page.locator("#feedback .headline").first).to_be_visible()
    shot("ja-phone-practice-feedback", page)
    context.close()


def test_japanese_sandbox_labels_wrap_between_phrases_at_375px(browser, base_url, shot):
    """Issue 21: 「…に割|り振れる最大値」 and 「タフ|ネス」 broke inside a word on a phone."""
    context = browser.new_context(base_url=base_url, locale="ja-JP",
                                  viewport={"width": 375, "height": 812})
    page = context.new_page()
    page.goto("/sandbox?lang=ja")
    label = page.locator("dt", has_text="割り振れる最大値")
    expect(label).to_be_visible()
    lines = label.evaluate("""el => {
        const range = document.createRange(), tops = new Map();
        for (let i = 0; i < el.textContent.length; i++) {
            range.setStart(el.firstChild, i); range.setEnd(el.firstChild, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            tops.set(top, (tops.get(top) || '') + el.textContent[i]);
        }
        return [...tops.values()];
    }""")
    assert len(lines) >= 2, lines  # it does wrap at this width...
    assert not any(line.endswith("割") or line.startswith("り振") for line in lines), lines
    shot("ja-sandbox-375", page)
    context.close()


PAGES = ["/", "/learn", "/sandbox", "/quiz", "/quiz/new", "explain", "practice", "predict",
         "choice", "legal"]


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("where", PAGES)
def test_main_pages_have_no_axe_violations(page: Page, lang, where, shot):
    page.goto(f"{where if where.startswith('/') else first_step(where)}?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert_no_violations(page)
    shot(f"axe-{lang}-{where.strip('/').replace('/', '-') or 'home'}")


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_quiz_question_and_its_answer_have_no_axe_violations(page: Page, lang, shot):
    page.goto(f"/quiz?lang={lang}")
    page.locator("#name").fill("Nia")
    page.locator("#tier-3").check()
    page.locator("#mode-practice").check()
    page.locator(".quiz-start button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/quiz/a/"))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    # generated questions are worded in the page's language: nothing in the question is English
    expect(page.locator(".prompt")).not_to_have_attribute("lang", "en")
    expect(page.locator('main [lang="en"]')).to_have_count(0)
    assert_no_violations(page)
    shot(f"quiz-question-{lang}")
