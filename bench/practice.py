"""Time endless practice: a board generated for a lesson's ideas, and its page served.

    .venv/bin/python bench/practice.py [seeds per lesson and kind, default 10]

For every lesson and kind: `practice_question` (the board, its key from the core, and the check
that the lesson's idea changes the answer), then the board's page as the server makes it
(GET /learn/practice?lesson=&kind=&seed=, in-process: server time, no network). Budget: a board
generated and checked in under 50 ms p95. Then Today's page (GET /learn/today) for a learner with
a year of history: every lesson finished, 1,825 practice boards and 1,500 lesson answers (a tenth
missed), the boards Today picks included. Prints figures; asserts nothing.
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
        today_line = today(app)
    print(f"practice boards: {len(made)} over {len(worst)} lessons")
    print(f"  generated + checked: median {statistics.median(made):.1f} ms, "
          f"p95 {p95(made):.1f} ms, max {max(made):.1f} ms")
    print(f"  page (server time):  median {statistics.median(pages):.1f} ms, "
          f"p95 {p95(pages):.1f} ms, max {max(pages):.1f} ms   (budget: p95 under 50 ms)")
    print("  slowest lessons (p95 of generation):")
    for ms, lesson, ideas in sorted(worst, reverse=True)[:5]:
        print(f"    {ms:6.1f} ms  {lesson} ({ideas})")
    print(today_line)


def today(app) -> str:
    """Today's page for a learner with a long history (its queries read all of it)."""
    import random
    from datetime import timedelta

    from webapp.services import practice, progress
    from webapp.services.database import db
    from webapp.services.models import LessonProgress, PracticeAnswer, StepAttempt, utcnow

    from webapp.services import upgrade

    upgrade(app)
    me, rng, now = "bench-learner-today", random.Random(1), utcnow()
    with app.app_context():
        lessons = catalogue().curriculum.lessons
        progress.ensure_learner(me)
        for lesson in lessons:
            db.session.add(LessonProgress(learner_id=me, lesson_id=lesson.id,
                                          current_step=lesson.steps[-1].id, started_at=now,
                                          updated_at=now, completed_at=now))
        for n in range(1825):
            lesson = rng.choice(lessons)
            db.session.add(PracticeAnswer(learner_id=me, lesson_id=lesson.id,
                                          kind=rng.choice(PRACTICE_KINDS), seed=n,
                                          correct=rng.random() > 0.1, answer=1,
                                          created_at=now - timedelta(hours=4.8 * n)))
        for n in range(1500):
            lesson = rng.choice(lessons)
            db.session.add(StepAttempt(learner_id=me, lesson_id=lesson.id,
                                       step_id=rng.choice(lesson.steps).id,
                                       correct=rng.random() > 0.1, answer={},
                                       created_at=now - timedelta(hours=5.8 * n)))
        db.session.commit()
        due = len(practice.due(me, now))
    from webapp.views.learn import COOKIE

    client = app.test_client()
    client.set_cookie(COOKIE, _signed_learner(app, me), path="/learn")
    times = []
    for _ in range(40):
        start = time.perf_counter()
        response = client.get("/learn/today")
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200 and b'name="board"' in response.data
    return (f"Today's page, a year of history ({due} reviews due): median "
            f"{statistics.median(times):.1f} ms, p95 {p95(times):.1f} ms (server time)")


def _signed_learner(app, learner_id: str) -> str:
    from itsdangerous import URLSafeSerializer

    from webapp.views.learn import SALT
    return URLSafeSerializer(app.secret_key, salt=SALT).dumps(learner_id)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
