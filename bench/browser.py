"""In Chromium against gunicorn on loopback: time from a slider's `input` event to the verdict
being updated in the DOM (p50/p95 over 100 moves), and the Sandbox page's transferred bytes.

    .venv/bin/python bench/browser.py [--moves 100]

Prints figures; not a test. Uses the system Chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import sys

# bench/http.py would shadow the standard library's `http`: keep this folder off the front of the path.
_HERE = sys.path.pop(0)

import argparse  # noqa: E402
import statistics  # noqa: E402
import urllib.request  # noqa: E402,F401  (import the real http package first)

from playwright.sync_api import sync_playwright  # noqa: E402

sys.path.append(_HERE)
from _server import gunicorn  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# One move: set the slider, fire `input` as a drag does, resolve when htmx has swapped the verdict.
MOVE = """async ([value, second, third, fourth]) => {
  // The other sliders are set silently first, so every move is a split the server has not
  // rendered before (its response cache cannot help); only the first slider fires the event.
  // Totals stay within the attacker's power, or the page would clamp the move away.
  document.getElementById('dmg-a1--b2').value = second;
  document.getElementById('dmg-a1--b3').value = third;
  document.getElementById('dmg-a1--player').value = fourth;
  const slider = document.getElementById('dmg-a1--b1');
  const verdict = document.getElementById('verdict');
  return await new Promise((resolve) => {
    let start;
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now() - start); });
    setTimeout(() => { seen.disconnect(); resolve(null); }, 3000);  // never hang the bench
    seen.observe(verdict, {childList: true, subtree: true, characterData: true});
    slider.value = value;
    start = performance.now();
    slider.dispatchEvent(new Event('input', {bubbles: true}));
  });
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100)
    args = parser.parse_args()
    with gunicorn() as (base, _, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        weigh(browser, base, "/learn/force-of-nature/split-d-practice", "Lesson page (practice step)")
        page = weigh(browser, base, "/sandbox", "Sandbox page")
        splits = [(a, b, c, d) for d in range(3) for b in range(5) for c in range(5)
                  for a in range(1, 9 - b - c - d)]
        moves = [m for m, before in zip(splits, [None, *splits]) if not before or m[0] != before[0]]
        moves = moves[: args.moves + 5]  # each move changes the dragged slider (htmx `changed`)
        for move in moves[:5]:  # warm up
            page.evaluate(MOVE, list(move))
        measured = [page.evaluate(MOVE, list(move)) for move in moves[5:]]
        times = sorted(t for t in measured if t is not None)
        if len(times) < len(measured):
            print(f"  {len(measured) - len(times)} moves got no verdict within 3 s")
        p95 = times[int(0.95 * len(times)) - 1]
        print(f"Slider input -> verdict updated, {len(times)} moves to splits never rendered before: "
              f"p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms "
              "(includes the 15 ms hx-trigger delay)")
        browser.close()


def weigh(browser, base: str, path: str, label: str):
    """Load a page in a fresh tab and print what it transferred; returns the tab."""
    page = browser.new_page()
    sizes = []
    page.on("requestfinished", lambda request: sizes.append((request.url, request.sizes())))
    page.goto(base + path, wait_until="networkidle")
    total = sum(s["responseBodySize"] + s["responseHeadersSize"] for _, s in sizes)
    print(f"{label} load ({path}): {len(sizes)} requests, {total / 1024:.1f} KB transferred "
          f"(compressed bodies + headers)")
    for url, s in sizes:
        print(f"  {s['responseBodySize'] / 1024:6.1f} KB  {url.replace(base, '')[:70]}")
    third_party = [u for u, _ in sizes if not u.startswith(base)]
    print(f"  third-party requests: {len(third_party)}")
    return page


if __name__ == "__main__":
    main()
