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
MOVE = """async (value) => {
  const slider = document.getElementById('dmg-a1--b1');
  const verdict = document.getElementById('verdict');
  return await new Promise((resolve) => {
    let start;
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now() - start); });
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
    with gunicorn() as (base, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page()
        sizes = []
        page.on("requestfinished", lambda request: sizes.append((request.url, request.sizes())))
        page.goto(base + "/sandbox", wait_until="networkidle")
        total = sum(s["responseBodySize"] + s["responseHeadersSize"] for _, s in sizes)
        print(f"Sandbox page load: {len(sizes)} requests, {total / 1024:.1f} KB transferred "
              f"(compressed bodies + headers)")
        for url, s in sizes:
            print(f"  {s['responseBodySize'] / 1024:6.1f} KB  {url.replace(base, '')[:70]}")
        third_party = [u for u, _ in sizes if not u.startswith(base)]
        print(f"  third-party requests: {len(third_party)}")

        values = [v for _ in range(args.moves // 8 + 2) for v in (1, 2, 3, 4, 5, 6, 7, 8)]
        for v in values[:5]:  # warm up
            page.evaluate(MOVE, v)
        times = [page.evaluate(MOVE, v) for v in values[5:5 + args.moves]]
        times.sort()
        p95 = times[int(0.95 * len(times)) - 1]
        print(f"Slider input -> verdict updated, {len(times)} moves: p50 {statistics.median(times):.1f} ms, "
              f"p95 {p95:.1f} ms, max {times[-1]:.1f} ms (includes the 15 ms hx-trigger delay)")
        browser.close()


if __name__ == "__main__":
    main()
