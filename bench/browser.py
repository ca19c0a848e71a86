"""What a learner feels in a real browser: slider input -> verdict visible, and page weight.

    .venv/bin/python bench/browser.py [--moves 100]

Chromium (Debian's, /usr/bin/chromium) against gunicorn as `make run` starts it, on loopback. For
the sandbox, a lesson practice step and a quiz's drag-the-sliders question: the time from a slider's `input` event to the verdict
region changing in the DOM (p50/p95 over --moves moves, each to a value the slider did not have),
and what the page transferred. Target: p95 under 100 ms; a page under 60 KB, no third-party
requests. Prints figures; not a test.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from _server import ROOT, gunicorn

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PAGES = [("Sandbox", "/sandbox"),
         ("Lesson practice step", "/learn/force-of-nature/split-d-practice")]

# One move: the other free sliders of the attacker are set to 0 silently (so the page's clamp
# never eats the move), then the measured slider is set and fires `input` as a drag does; resolves
# with the milliseconds until htmx swapped the verdict (null after 3 s: never hang the bench).
MOVE = """async ([id, value]) => {
  const slider = document.getElementById(id);
  document.querySelectorAll('input.dmg:not([disabled])').forEach((other) => {
    if (other !== slider && other.dataset.attacker === slider.dataset.attacker) { other.value = 0; }
  });
  const verdict = document.getElementById('verdict');
  return await new Promise((resolve) => {
    let start;
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now() - start); });
    setTimeout(() => { seen.disconnect(); resolve(null); }, 3000);
    seen.observe(verdict, {childList: true, subtree: true, characterData: true});
    slider.value = value;
    start = performance.now();
    slider.dispatchEvent(new Event('input', {bubbles: true}));
  });
}"""

# Each free slider with the most it can take: its attacker's damage less what locked sliders hold.
FREE_SLIDERS = """() => Array.from(document.querySelectorAll('input.dmg:not([disabled])')).map((s) => {
  const panel = s.closest('[data-assigns]');
  const locked = Array.from(panel.querySelectorAll('input.dmg[disabled]'))
    .reduce((sum, l) => sum + parseInt(l.value, 10), 0);
  return [s.id, parseInt(panel.dataset.assigns, 10) - locked];
})"""


def moves_for(sliders: list, count: int) -> list[tuple[str, int]]:
    """Each free slider in turn swept up and down, so every move changes its value."""
    out, last = [], {}
    while len(out) < count:
        for slider_id, top in sliders:
            for value in (*range(1, top + 1), *range(top - 1, -1, -1)):
                if last.get(slider_id, 0) != value:
                    out.append((slider_id, value))
                    last[slider_id] = value
    return out[:count]


def drag(page, count: int) -> None:
    moves = moves_for(page.evaluate(FREE_SLIDERS), count + 5)
    for move in moves[:5]:  # warm up
        page.evaluate(MOVE, list(move))
    measured = [page.evaluate(MOVE, list(move)) for move in moves[5:]]
    times = sorted(t for t in measured if t is not None)
    if len(times) < len(measured):
        print(f"  {len(measured) - len(times)} moves got no verdict within 3 s")
    p95 = times[max(0, int(0.95 * len(times)) - 1)]
    print(f"  slider input -> verdict visible, {len(times)} moves: p50 "
          f"{statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms "
          "(includes the 15 ms hx-trigger delay; target p95 < 100 ms)")


def weigh(browser, base: str, path: str):
    """Load a page in a fresh tab and print what it transferred; returns the tab."""
    page = browser.new_page()
    sizes = []
    page.on("requestfinished", lambda request: sizes.append((request.url, request.sizes())))
    page.goto(base + path, wait_until="networkidle")
    total = sum(s["responseBodySize"] + s["responseHeadersSize"] for _, s in sizes)
    third_party = [u for u, _ in sizes if not u.startswith(base)]
    print(f"  page load: {len(sizes)} requests, {total / 1024:.1f} KB transferred (compressed "
          f"bodies + headers; target < 60 KB), third-party requests: {len(third_party)}")
    for url, s in sizes:
        print(f"    {s['responseBodySize'] / 1024:6.1f} KB  {url.replace(base, '')[:70]}")
    return page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--root", type=Path, default=ROOT, help="serve this checkout instead")
    args = parser.parse_args()
    with gunicorn(args.root) as (base, _, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for label, path in [*PAGES, ("Quiz assign question", assign_question(browser, base))]:
            print(f"{label} ({path})")
            drag(weigh(browser, base, path), args.moves)
        browser.close()


def assign_question(browser, base: str) -> str:
    """Start a quiz as a taker would (six generated questions hold every type) and return the
    path of its drag-the-sliders question."""
    page = browser.new_page()
    page.goto(base + "/quiz")
    page.get_by_label("Your name").fill("Bench")
    page.get_by_label("Fresh boards, generated for you").check()
    page.get_by_label("Number of questions").fill("6")
    page.get_by_role("button", name="Start the quiz").click()
    page.wait_for_load_state()
    attempt = page.url.rsplit("/", 1)[0].removeprefix(base)
    for n in range(1, 7):
        page.goto(f"{base}{attempt}/{n}")
        if page.locator("input.dmg").count():
            page.close()
            return f"{attempt}/{n}"
    raise SystemExit("no assign question in the quiz")


if __name__ == "__main__":
    main()
