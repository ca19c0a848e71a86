"""Quiz attempts: start one, store each answer (committed before it is acknowledged), read them back.

Plain functions over plain values; no request objects. Questions are never stored: an attempt's
(tier, count, seed) regenerates them (webapp.content.generate), the same on every server.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import select

from .database import db, write
from .models import Quiz, QuizAnswer, QuizAttempt

MODES = ("practice", "exam")
PASS_MARK = 70  # percent, as judge exams use


@dataclass(frozen=True)
class Shared:
    """A quiz a judge made: the questions (tier, count, seed) and how it is taken."""
    title: str
    take_token: str
    owner_token: str
    tier: int
    count: int
    seed: int
    mode: str
    pass_mark: int


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
    quiz_title: str | None = None
    started_at: object = None

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


def create(title: str, tier: int, count: int, seed: int, mode: str, pass_mark: int) -> Shared:
    """A quiz to share: returns it with its take link's and owner link's tokens."""
    row = Quiz(title=title, take_token=secrets.token_urlsafe(32),
               owner_token=secrets.token_urlsafe(32), tier=tier, count=count, seed=seed,
               mode=mode, pass_mark=pass_mark)
    write(lambda: db.session.add(row))
    return _shared(row)


def shared(*, take: str | None = None, owner: str | None = None) -> Shared | None:
    """The quiz behind a take link or an owner link (never both from one token)."""
    token = take or owner
    if not token or len(token) > 64:
        return None
    column = Quiz.take_token if take else Quiz.owner_token
    row = db.session.scalar(select(Quiz).where(column == token))
    return _shared(row) if row else None


def take(quiz: Shared, name: str) -> str:
    """Someone starts a shared quiz: its questions, mode and pass mark; returns the attempt token."""
    row = db.session.scalar(select(Quiz).where(Quiz.take_token == quiz.take_token))
    token = secrets.token_urlsafe(32)
    attempt = QuizAttempt(token=token, quiz_id=row.id, name=name, tier=row.tier, count=row.count,
                          seed=row.seed, mode=row.mode, pass_mark=row.pass_mark)
    write(lambda: db.session.add(attempt))
    return token


def attempts(quiz: Shared) -> list[Attempt]:
    """Every attempt at a shared quiz, oldest first, with its answers (for the owner only)."""
    row = db.session.scalar(select(Quiz).where(Quiz.owner_token == quiz.owner_token))
    rows = db.session.scalars(select(QuizAttempt).where(QuizAttempt.quiz_id == row.id)
                              .order_by(QuizAttempt.created_at, QuizAttempt.id)).all()
    by_attempt: dict[int, dict] = {r.id: {} for r in rows}
    for a in db.session.scalars(select(QuizAnswer).where(
            QuizAnswer.attempt_id.in_(list(by_attempt)))):
        by_attempt[a.attempt_id][a.position] = (a.answer, a.correct)
    return [_attempt(r, by_attempt[r.id], quiz.title) for r in rows]


def _shared(row: Quiz) -> Shared:
    return Shared(row.title, row.take_token, row.owner_token, row.tier, row.count, row.seed,
                  row.mode, row.pass_mark)


def _attempt(row: QuizAttempt, answers: dict, title: str | None = None) -> Attempt:
    return Attempt(row.token, row.name, row.tier, row.count, row.seed, row.mode, row.pass_mark,
                   answers, title, row.created_at)


def get(token: str) -> Attempt | None:
    if not token or len(token) > 64:
        return None
    row = db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))
    if row is None:
        return None
    answers = {a.position: (a.answer, a.correct) for a in db.session.scalars(
        select(QuizAnswer).where(QuizAnswer.attempt_id == row.id))}
    title = db.session.get(Quiz, row.quiz_id).title if row.quiz_id else None
    return _attempt(row, answers, title)


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
