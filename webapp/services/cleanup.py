"""The clean-up of stale data: what nobody uses any more is deleted, on a schedule stated in
docs/deployment.md ("What is deleted, and when").

    cleanup.clean(now)       # `flask --app webapp clean-up` runs it; so does a request, hourly

- a class nobody acted in (host action, join or answer) for CLASS_KEEP and nobody ever joined,
  and an ended class ENDED_KEEP after its end (its last action), with its players and answers. A
  class someone joined that is left unused for CLASS_KEEP without being ended is ended instead
  (its results then keep for ENDED_KEEP: the host page and the host's list say so beforehand).
  A class in use is never touched: every join and answer marks it in use (services/classes.py);
- rate-limit counters whose window has ended;
- anonymous learners older than LEARNER_KEEP with no progress at all (no answer, no lesson
  begun, no practice), except a browser's id whose progress moved to another learner (a resume
  code: services/resume.py): another device may still hold it, and it leads there;
- quiz attempts older than ATTEMPT_KEEP that were never answered nor submitted (an exam
  submitted blank is a result, and stays).

`maybe_clean` is the opportunistic run: at most once per CLEANUP_EVERY (config, seconds; 0 turns
it off) over every worker and server, decided by one atomic counter (services/limits.py); each
process asks the database at most once a minute, after a response has been sent.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from flask import Flask
from sqlalchemy import and_, delete, exists, or_, select

from . import classes, limits
from .database import db
from .models import (Class, Learner, LessonProgress, PracticeAnswer, QuizAnswer, QuizAttempt,
                     StepAttempt, utcnow)

CLASS_KEEP = timedelta(hours=48)
ENDED_KEEP = timedelta(days=90)  # the host's results, at least 30 days (issue 23)
LEARNER_KEEP = timedelta(days=7)
ATTEMPT_KEEP = timedelta(days=7)
ASK_EVERY = 60.0  # seconds between one process's looks at the shared hourly gate


def clean(now: datetime) -> dict[str, int]:
    """Delete the stale data (committed); how many rows of each kind went ("classes ended":
    unused ones that were ended, not deleted). A quiz class the host never ended leaves its run
    to the quiz's owner first."""
    ended = 0
    for room in db.session.scalars(select(Class).where(
            Class.touched_at < now - CLASS_KEEP, Class.state != "ended")).all():
        if classes.has_players(room):
            ended += classes.end_idle(room, now)
        else:
            classes.record_run(room)
    gone = {
        "classes": db.session.execute(
            delete(Class).where(or_(
                and_(Class.state != "ended", Class.touched_at < now - CLASS_KEEP),
                and_(Class.state == "ended", Class.touched_at < now - ENDED_KEEP)))
            .execution_options(synchronize_session=False)).rowcount,
        "classes ended": ended,
        "rate counters": limits.forget_past(now),
        "learners": db.session.execute(delete(Learner).where(
            Learner.created_at < now - LEARNER_KEEP, Learner.moved_to.is_(None),
            ~exists().where(StepAttempt.learner_id == Learner.id),
            ~exists().where(LessonProgress.learner_id == Learner.id),
            ~exists().where(PracticeAnswer.learner_id == Learner.id))).rowcount,
        "quiz attempts": db.session.execute(delete(QuizAttempt).where(
            QuizAttempt.created_at < now - ATTEMPT_KEEP, QuizAttempt.submitted_at.is_(None),
            ~exists().where(QuizAnswer.attempt_id == QuizAttempt.id))).rowcount,
    }
    db.session.commit()
    return gone


def due(now: datetime, every: int) -> bool:
    """Whether this request is the one, among every worker and server, to run the clean-up of
    this period (the first to count itself in the period's window)."""
    allowed, _ = limits.hit("clean-up", "all", limits.Rule(1, every), now)
    return allowed


def init_app(app: Flask) -> None:
    """After a response is sent (never delaying it), now and then: the opportunistic clean-up."""
    asked = [float("-inf")]  # when this process last looked at the shared gate (monotonic)

    @app.after_request
    def _after(response):
        every = int(app.config.get("CLEANUP_EVERY") or 0)
        if every and time.monotonic() - asked[0] >= ASK_EVERY:
            asked[0] = time.monotonic()
            now = (app.config.get("CLOCK") or utcnow)()
            response.call_on_close(lambda: _run(app, now, every))
        return response


def _run(app: Flask, now: datetime, every: int) -> None:
    with app.app_context():
        try:
            if due(now, every):
                clean(now)
        except Exception:  # noqa: BLE001 - a clean-up that fails must never fail a request
            db.session.rollback()
            app.logger.exception("the clean-up of stale data failed; it runs again later")

