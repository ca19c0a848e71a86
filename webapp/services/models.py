"""Tables for learner progress. Lesson and step ids are the content's stable public ids
(lessons/catalogue.toml and each lesson.toml), so rows keep their meaning as lessons are edited.

Changing a table here means writing a migration in migrations/versions/ too; a test compares the
two so they cannot drift.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .database import db


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Learner(db.Model):
    """Someone learning without an account: known only by the random id in their signed cookie."""

    __tablename__ = "learners"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class StepAttempt(db.Model):
    """One answer to one step (a question or a practice board), right or wrong, as given."""

    __tablename__ = "step_attempts"
    __table_args__ = (Index("ix_step_attempts_learner_step", "learner_id", "lesson_id", "step_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("learners.id", ondelete="CASCADE"), nullable=False)
    lesson_id: Mapped[str] = mapped_column(String(60), nullable=False)
    step_id: Mapped[str] = mapped_column(String(60), nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    answer: Mapped[Any] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)


class LessonProgress(db.Model):
    """Where a learner is in a lesson (the step to resume at) and when they finished it."""

    __tablename__ = "lesson_progress"

    learner_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    lesson_id: Mapped[str] = mapped_column(String(60), primary_key=True)
    current_step: Mapped[str] = mapped_column(String(60), nullable=False)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Quiz(db.Model):
    """A quiz a judge made and shares: its questions are (tier, count, seed) of the generator.
    Anyone with the take link can take it; the owner link shows the results."""

    __tablename__ = "quizzes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    title: Mapped[str] = mapped_column(String(80), nullable=False)
    take_token: Mapped[str] = mapped_column(String(43), nullable=False, unique=True)
    owner_token: Mapped[str] = mapped_column(String(43), nullable=False, unique=True)
    tier: Mapped[int] = mapped_column(Integer, nullable=False)
    count: Mapped[int] = mapped_column(Integer, nullable=False)
    seed: Mapped[int] = mapped_column(Integer, nullable=False)
    mode: Mapped[str] = mapped_column(String(10), nullable=False)
    pass_mark: Mapped[int] = mapped_column(Integer, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)


class QuizAttempt(db.Model):
    """One person taking a generated quiz (a shared one, or one started alone). The questions are
    not stored: (tier, count, seed) gives the same questions every time. The token is the
    attempt's unguessable link."""

    __tablename__ = "quiz_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    token: Mapped[str] = mapped_column(String(43), nullable=False, unique=True)
    quiz_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("quizzes.id", ondelete="CASCADE"), nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(60), nullable=False)
    tier: Mapped[int] = mapped_column(Integer, nullable=False)
    count: Mapped[int] = mapped_column(Integer, nullable=False)
    seed: Mapped[int] = mapped_column(Integer, nullable=False)
    mode: Mapped[str] = mapped_column(String(10), nullable=False)
    pass_mark: Mapped[int] = mapped_column(Integer, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)


class QuizAnswer(db.Model):
    """The answer given to one question of an attempt: the first one counts."""

    __tablename__ = "quiz_answers"

    attempt_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("quiz_attempts.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    answer: Mapped[Any] = mapped_column(JSON, nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)
