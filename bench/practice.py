"""Time endless practice: a board generated for a lesson's ideas, and its page served.

    .venv/bin/python bench/practice.py [seeds per lesson and kind, default 10]

For every lesson and kind: `practice_question` (the board, its key from the core, and the check
that the lesson's idea changes the answer), then the board's page as the server makes it
(GET /learn/practice?lesson=&kind=&seed=, in-process: server time, no network). Budget: a board
generated and checked in under 50 ms p95. Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])  # the repository, not this folder

from webapp import create_app  # noqa: E402
from webapp.catalogue import catalogue  # noqa: E402
from webapp.content.practice import PRACTICE_KINDS, ideas_for, practice_question  # noqa: E402


def p95(times: list[float]) -> float:
    return sorted(times)[int(0.95 * (len(times) - 1))]


def main(seeds: int) -> None:
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"INSTANCE_PATH": instance, "SECRET_KEY": "bench"})
        with app.app_context():
            lessons = catalogue().curriculum.lessons
        made, pages, worst = [], [], []
        client = app.test_client()
        for lesson in lessons:
            ideas = ideas_for(lesson)
            own = []
            for kind in PRACTICE_KINDS:
                for seed in range(seeds):
                    start = time.perf_counter()
                    practice_question(ideas, kind, seed)
                    own.append((time.perf_counter() - start) * 1000)
                    start = time.perf_counter()
                    response = client.get(f"/learn/practice?lesson={lesson.id}&kind={kind}"
                                          f"&seed={seed + 10**6}")
                    pages.append((time.perf_counter() - start) * 1000)
                    assert response.status_code == 200, (lesson.id, response.status_code)
            made += own
            worst.append((p95(own), lesson.id, "+".join(ideas)))
    print(f"practice boards: {len(made)} over {len(worst)} lessons")
    print(f"  generated + checked: median {statistics.median(made):.1f} ms, "
          f"p95 {p95(made):.1f} ms, max {max(made):.1f} ms")
    print(f"  page (server time):  median {statistics.median(pages):.1f} ms, "
          f"p95 {p95(pages):.1f} ms, max {max(pages):.1f} ms   (budget: p95 under 50 ms)")
    print("  slowest lessons (p95 of generation):")
    for ms, lesson, ideas in sorted(worst, reverse=True)[:5]:
        print(f"    {ms:6.1f} ms  {lesson} ({ideas})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
