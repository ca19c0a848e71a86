"""Quiz attempts: start one, store each answer (committed before it is acknowledged), read them back.

Plain functions over plain values; no request objects. Questions are never stored: an attempt's
(tier, count, seed) regenerates them (webapp.content.generate), the same on every server.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import select

from .database import db, write
from .models import QuizAnswer, QuizAttempt

MODES = ("practice", "exam")
PASS_MARK = 70  # percent, as judge exams use


@dataclass(frozen=True)
class Attempt:
    token: str
    name: str
    tier: int
    count: int
    seed: int
    mode: str
    pass_mark: int
    answers: dict  # position -> (answer, correct)

    @property
    def finished(self) -> bool:
        return len(self.answers) >= self.count

    @property
    def score(self) -> int:
        return sum(correct for _, correct in self.answers.values())

    @property
    def percent(self) -> int:
        return round(100 * self.score / self.count) if self.count else 0

    @property
    def passed(self) -> bool:
        return self.percent >= self.pass_mark


def start(name: str, tier: int, count: int, mode: str) -> str:
    """A new attempt with fresh questions; returns its token (the unguessable link)."""
    token = secrets.token_urlsafe(32)  # 256 bits
    row = QuizAttempt(token=token, name=name, tier=tier, count=count,
                      seed=secrets.randbelow(2**31), mode=mode, pass_mark=PASS_MARK)
    write(lambda: db.session.add(row))
    return token


def get(token: str) -> Attempt | None:
    if not token or len(token) > 64:
        return None
    row = db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))
    if row is None:
        return None
    answers = {a.position: (a.answer, a.correct) for a in db.session.scalars(
        select(QuizAnswer).where(QuizAnswer.attempt_id == row.id))}
    return Attempt(row.token, row.name, row.tier, row.count, row.seed, row.mode, row.pass_mark,
                   answers)


def answer(token: str, position: int, given, correct: bool) -> bool:
    """Store the answer to one question; False if it was answered already (the first counts)."""
    row = db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))
    if row is None or db.session.get(QuizAnswer, (row.id, position)) is not None:
        return False
    stored = []

    def add():
        if db.session.get(QuizAnswer, (row.id, position)) is None:
            db.session.add(QuizAnswer(attempt_id=row.id, position=position, answer=given,
                                      correct=bool(correct)))
            stored.append(True)
    write(add)
    return bool(stored)
