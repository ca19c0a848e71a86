"""What a learner feels in a real browser: a damage move -> verdict on screen, and page weight.

    .venv/bin/python bench/browser.py [--moves 40]

Chromium (Debian's, /usr/bin/chromium) against gunicorn as `make run` starts it, on loopback. Every
live surface, reached as a person reaches it (bench/_surfaces.py: a lesson finished before endless
practice, a quiz made and taken, a class hosted and joined; those cookies are handed to the
browser): the sandbox, a lesson's practice step, an endless-practice board, a quiz's
drag-the-sliders question, a phone in a class on a lesson and one in a class on a quiz.

On each, four kinds of move, --moves of each (after five not measured):
- slider: a slider's value set and its `input` event fired, as a drag does;
- key: a real ArrowRight / ArrowLeft press on a focused slider (the keyboard path);
- tap: a real click on a card's "+" (damage placed on the card) and on its "−";
- drag: the attacker's damage counter dragged with the mouse onto a blocker's card (then "−").
Each is timed in the page from the event that completes the move (`input`, `keydown`, `click`,
`pointerup`) to htmx swapping the new verdict into #verdict. Before a move, the attacker's other
free sliders are set to 0 without an event, so the move is never refused for damage used up.
The same moves' tap is also timed with a touch tap on a 390x844 phone (--no-phone skips it).

Target (DESIGN.md, Budgets; issue 22): p95 under 100 ms for every move on every surface (the
live form waits 15 ms after the last input before it sends, so that is in every figure); a page
under 60 KB transferred with no third-party request. Prints figures; not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from _server import ROOT, gunicorn
from _surfaces import machine

sys.path.insert(0, str(ROOT))  # the browser tests' own Chromium switches, so both measure one browser
from tests.e2e.chromium import CHROMIUM, LAUNCH_ARGS  # noqa: E402
WARMUP = 5
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
         "has_touch": True}

# The page's own clock: `start` at the first event that completes a move, `end` when htmx has
# swapped a new verdict in. Listeners on the document survive every swap.
INSTRUMENT = """() => {
  if (window.__bench) { return; }
  const b = window.__bench = {start: null, end: null};
  const mark = () => { if (b.start === null) { b.start = performance.now(); } };
  for (const type of ["input", "keydown", "click", "pointerup"]) {
    document.addEventListener(type, mark, true);
  }
  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (b.start !== null && b.end === null && event.detail.target.id === "verdict") {
      b.end = performance.now();
    }
  });
}"""
RESET = "() => { window.__bench.start = null; window.__bench.end = null; }"
ELAPSED = "() => window.__bench.end - window.__bench.start"

# The free sliders: [id, the most it can take (its attacker's damage less what locked sliders
# hold)], and for each, whether the board picture has a "+" on its card and a counter to drag.
FREE_SLIDERS = """() => Array.from(document.querySelectorAll('input.dmg:not([disabled])')).map((s) => {
  const panel = s.closest('[data-assigns]');
  const locked = Array.from(panel.querySelectorAll('input.dmg[disabled]'))
    .reduce((sum, l) => sum + parseInt(l.value, 10), 0);
  return [s.id, parseInt(panel.dataset.assigns, 10) - locked];
})"""

# Zero the other free sliders of this slider's attacker (no event), and set it to `value`.
ROOM = """([id, value]) => {
  const slider = document.getElementById(id);
  document.querySelectorAll('input.dmg:not([disabled])').forEach((other) => {
    if (other !== slider && other.dataset.attacker === slider.dataset.attacker) { other.value = 0; }
  });
  if (value !== null) { slider.value = value; }
}"""
SLIDE = """([id, value]) => {
  const slider = document.getElementById(id);
  slider.value = value;
  slider.dispatchEvent(new Event('input', {bubbles: true}));
}"""

# The cards a tap or a drag can reach: [slider id, card selector, lane's counter selector or null].
CARDS = """() => {
  const out = [];
  document.querySelectorAll('.combat').forEach((lane, l) => {
    const att = lane.querySelector('.card-attacker');
    lane.querySelectorAll('.card.is-target').forEach((card) => {
      const input = document.querySelector(`input.dmg[name="${CSS.escape(
        'dmg:' + att.dataset.card + ':' + card.dataset.card)}"]`);
      if (!input || input.disabled) { return; }
      out.push([input.id, `.combat:nth-of-type(${l + 1}) .card[data-card="${card.dataset.card}"]`,
                lane.querySelector('.place-token') ? `.combat:nth-of-type(${l + 1}) .place-token`
                                                   : null]);
    });
  });
  return out;
}"""


def timed(page, action) -> float | None:
    """Run one move; the page's milliseconds from its completing event to the new verdict."""
    page.evaluate(RESET)
    action()
    try:
        page.wait_for_function("() => window.__bench.end !== null", timeout=3000)
    except PlaywrightTimeout:
        return None
    return page.evaluate(ELAPSED)


def slider_moves(page, count: int):
    """Each free slider swept up and down, so every move changes its value."""
    sliders, out, last = page.evaluate(FREE_SLIDERS), [], {}
    while len(out) < count:
        for slider_id, top in sliders:
            for value in (*range(1, top + 1), *range(top - 1, -1, -1)):
                if last.get(slider_id, 0) != value:
                    out.append((slider_id, value))
                    last[slider_id] = value
    for slider_id, value in out[:count]:
        page.evaluate(ROOM, [slider_id, None])
        yield lambda s=slider_id, v=value: page.evaluate(SLIDE, [s, v])


def key_moves(page, count: int):
    """Right then Left on each free slider in turn, the slider starting at 0."""
    sliders = [s for s, top in page.evaluate(FREE_SLIDERS) if top > 0]
    for i in range(count):
        slider_id = sliders[(i // 2) % len(sliders)]
        if i % 2 == 0:
            page.evaluate(ROOM, [slider_id, 0])
            page.focus(f"#{slider_id}")
        yield lambda k="ArrowRight" if i % 2 == 0 else "ArrowLeft": page.keyboard.press(k)


def tap_moves(page, count: int, touch: bool = False):
    """'+' on a card, then '−' on the same card, card after card."""
    cards = page.evaluate(CARDS)
    for i in range(count):
        slider_id, card, _ = cards[(i // 2) % len(cards)]
        if i % 2 == 0:
            page.evaluate(ROOM, [slider_id, 0])
        button = page.locator(f"{card} .place-add" if i % 2 == 0 else f"{card} .place-take")
        yield (lambda b=button: b.tap()) if touch else (lambda b=button: b.click())


def drag_moves(page, count: int):
    """The lane's counter dropped on a card (+1 there), then that card's '−'."""
    cards = [c for c in page.evaluate(CARDS) if c[2]]
    for i in range(count):
        slider_id, card, token = cards[(i // 2) % len(cards)]
        if i % 2 == 0:
            page.evaluate(ROOM, [slider_id, 0])
            page.locator(token).scroll_into_view_if_needed()
            yield lambda c=card, t=token: drop(page, t, c)
        else:
            yield lambda c=card: page.locator(f"{c} .place-take").click()


def drop(page, token: str, card: str) -> None:
    start, end = page.locator(token).bounding_box(), page.locator(card).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=4)
    page.mouse.up()


def measure(page, label: str, moves) -> list[float]:
    page.evaluate(INSTRUMENT)
    times, missed = [], 0
    for i, move in enumerate(moves):
        took = timed(page, move)
        if i < WARMUP:
            continue
        if took is None:
            missed += 1
        else:
            times.append(took)
    if not times:
        print(f"    {label:6} no move got a verdict")
        return []
    p95 = sorted(times)[max(0, int(0.95 * len(times)) - 1)]
    print(f"    {label:6} {len(times):3} moves: p50 {statistics.median(times):5.1f} ms, p95 "
          f"{p95:5.1f} ms, max {max(times):5.1f} ms{'' if p95 < 100 else '  OVER'}"
          f"{f'  ({missed} got no verdict in 3 s)' if missed else ''}")
    return times


def open_board(page, base: str, path: str, practice: bool, on_load=None):
    """Open the surface's page; an endless-practice board is drawn at random, so it is opened
    again until it is a board with sliders."""
    for _ in range(100 if practice else 1):
        if on_load:
            on_load()
        page.goto(base + path, wait_until="load")  # a class page polls: never idle
        if page.locator("input.dmg:not([disabled])").count():
            break
    return page


def weigh(context, base: str, path: str, practice: bool):
    """Open the page in a new tab and print what it transferred; the tab."""
    page = context.new_page()
    sizes = []
    page.on("requestfinished", lambda request: sizes.append((request.url, request.sizes())))
    open_board(page, base, path, practice, on_load=sizes.clear)
    total = sum(s["responseBodySize"] + s["responseHeadersSize"] for _, s in sizes)
    third_party = [u for u, _ in sizes if not u.startswith(base)]
    print(f"  page: {len(sizes)} requests, {total / 1024:.1f} KB transferred (compressed bodies "
          f"+ headers; target < 60 KB){'  OVER' if total >= 60 * 1024 else ''}, third-party "
          f"requests: {len(third_party)}")
    return page


def reach(base: str) -> list[tuple[str, str, dict]]:
    """(surface, path, cookies) for each surface, reached over HTTP as a person does."""
    from _surfaces import surfaces
    from class_load import Client

    async def walk():
        out = []
        async for name, client, path, _ in surfaces(Client, base):
            out.append((name, path, dict(client.cookies)))
            client.close()
        return out

    return asyncio.run(walk())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="measured moves of each kind")
    parser.add_argument("--root", type=Path, default=ROOT, help="serve this checkout instead")
    parser.add_argument("--no-phone", action="store_true", help="skip the phone's touch taps")
    args = parser.parse_args()
    every: dict[str, list[float]] = {}
    with gunicorn(args.root) as (base, _, _):
        reached = reach(base)  # before Playwright's own event loop starts
        print(f"Damage move -> verdict on screen, Chromium, one `make run` server; {machine()}")
        with sync_playwright() as p:
            run(p, base, reached, args, every)
    print("All surfaces:")
    for label, times in every.items():
        p95 = sorted(times)[max(0, int(0.95 * len(times)) - 1)]
        print(f"  {label:6} {len(times):4} moves: p50 {statistics.median(times):5.1f} ms, "
              f"p95 {p95:5.1f} ms (target p95 < 100 ms: {'met' if p95 < 100 else 'over'})")


def run(p, base: str, reached, args, every: dict) -> None:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
    for name, path, cookies in reached:
        print(f"{name} ({path[:60]})")
        jar = [{"name": k, "value": v, "url": base} for k, v in cookies.items()]
        practice = name == "endless practice"
        for phone in (False,) if args.no_phone else (False, True):
            context = browser.new_context(**(PHONE if phone else {}))
            context.add_cookies(jar)
            n = args.moves + WARMUP
            if phone:
                page = open_board(context.new_page(), base, path, practice)
                kinds = [("touch", tap_moves(page, n, touch=True))]
            else:
                page = weigh(context, base, path, practice)
                kinds = [("slider", slider_moves(page, n)), ("key", key_moves(page, n)),
                         ("tap", tap_moves(page, n)), ("drag", drag_moves(page, n))]
            for label, moves in kinds:
                every.setdefault(label, []).extend(measure(page, label, moves))
            context.close()
    browser.close()


if __name__ == "__main__":
    main()
