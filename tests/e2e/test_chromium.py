"""The browser the tests drive carries no hidden busy windows of its own."""

from playwright.sync_api import Browser


def test_a_context_opens_no_hidden_browser_ui(browser: Browser, base_url):
    """Chromium 156's headless omnibox popups each kept half a core busy for the life of every
    context (tests/e2e/chromium.py). Should a new Chromium bring them back under other names,
    this says so instead of the suite quietly taking a third longer."""
    context = browser.new_context(base_url=base_url)
    try:
        context.new_page().goto("/")
        session = browser.new_browser_cdp_session()
        ui = [t["url"] for t in session.send("Target.getTargets")["targetInfos"]
              if t["type"] == "browser_ui"]
        session.detach()
        assert ui == []
    finally:
        context.close()
