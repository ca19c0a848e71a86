"""Tables for learner progress. Lesson and step ids are the content's stable public ids
(lessons/catalogue.toml and each lesson.toml), so rows keep their meaning as lessons are edited.

Changing a table here means writing a migration in migrations/versions/ too; a test compares the
two so they cannot drift.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from sqlalchemy import false as sa_false
from sqlalchemy import true as sa_true
from sqlalchemy import (JSON, Boolean, Date, DateTime, ForeignKey, Index, Integer, String,
                        UniqueConstraint)
from sqlalchemy.orm import Mapped, mapped_column

from .database import db


def aware(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite hands times back without one (they are UTC),
    PostgreSQL with it."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Learner(db.Model):
    """Someone learning without an account: known only by the random id in their signed cookie."""

    __tablename__ = "learners"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # What another browser types to continue this progress (services/resume.py); None until the
    # learner first opens "Continue on another device"; a new one replaces it.
    resume_code: Mapped[str | None] = mapped_column(String(12), nullable=True, unique=True,
                                                    index=True)
    # This browser took over another learner's progress and its own moved there: a cookie that
    # still names this id (another tab, an answer on its way) follows it.
    moved_to: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)


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
    # When the learner asked to see the worked answer after this (wrong) answer ("Show me").
    revealed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


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
    """A quiz a judge made and shares: its questions are references (bank, generated, own).
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
    # The questions as references (webapp.content.questions); None on rows from before, whose
    # (tier, count, seed) names generated questions. Minutes for an exam; None = no timer.
    questions: Mapped[Any] = mapped_column(JSON, nullable=True)
    time_limit: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The owner's controls, editable after attempts (only the questions lock): whether one browser
    # may start again after submitting, the last moment to start, and closing the quiz.
    retakes: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True,
                                          server_default=sa_true())
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class QuizAttempt(db.Model):
    """One person taking a quiz (a shared one, or one started alone). The questions are stored as
    references (a generated one is (tier, seed, position): the same question every time). The
    token is the attempt's unguessable link."""

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
    # Copied from the quiz when it is taken, so editing a quiz never changes an attempt.
    questions: Mapped[Any] = mapped_column(JSON, nullable=True)
    time_limit: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # When the taker submitted (or the time ran out): no answer changes after it, and only then
    # does an exam show its keys.
    submitted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


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


class PracticeAnswer(db.Model):
    """The first answer to one fresh practice board (/learn/practice): which lesson it practised,
    the board's kind and seed (the generator rebuilds the board from them), and whether it was
    right. Only the first answer to a board is kept: a second try after the feedback proves
    little, so mastery counts first answers on new boards."""

    __tablename__ = "practice_answers"
    __table_args__ = (UniqueConstraint("learner_id", "lesson_id", "kind", "seed",
                                       name="uq_practice_answers_board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("learners.id", ondelete="CASCADE"), nullable=False, index=True)
    lesson_id: Mapped[str] = mapped_column(String(60), nullable=False)
    kind: Mapped[str] = mapped_column(String(10), nullable=False)
    seed: Mapped[int] = mapped_column(Integer, nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    answer: Mapped[Any] = mapped_column(JSON, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)
    # The lesson step this board was asked to review (a similar board in place of the missed
    # question: services/practice.due); None for a board practised for itself.
    review_step: Mapped[str | None] = mapped_column(String(60), nullable=True)


class DailyGoal(db.Model):
    """How many boards a day the learner aims at, from a day on (their own calendar day): each
    change is a row, so a day that met the goal it had keeps counting toward the streak when the
    goal changes later. No row: services.daily.GOAL."""

    __tablename__ = "daily_goals"

    learner_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    since: Mapped[date] = mapped_column(Date, primary_key=True)
    goal: Mapped[int] = mapped_column(Integer, nullable=False)


class Class(db.Model):
    """A live class a host runs: learners join with `code`; the host's pages are reached only
    with `host_token`. `step` is the lesson step everyone is on (0-based); `version` changes
    whenever what learners see changes (start, step, end), so their pages know to follow.
    `shown` is what the projector shows besides the overview ("answer" or "mistake:<code>").
    A class on a shared quiz has `quiz_token` (the quiz's take token), its title and a copy of
    its question references (`questions`; `step` is then the question's position, 0-based) and
    an empty `lesson_id`.
    `projector_token` opens the wall's view (it controls nothing); `answer_mode` is "one" (only a
    learner's first answer to a step is taken) or "retry"; `quiz_mode` copies the quiz's mode
    (an exam: one answer, no feedback until the host reveals); `asked` and `revealed` are the
    1-based steps the class was on and whose answer the host projected."""

    __tablename__ = "classes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(6), nullable=False, unique=True)
    host_token: Mapped[str] = mapped_column(String(43), nullable=False, unique=True)
    lesson_id: Mapped[str] = mapped_column(String(60), nullable=False)
    state: Mapped[str] = mapped_column(String(10), nullable=False)
    step: Mapped[int] = mapped_column(Integer, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    shown: Mapped[str | None] = mapped_column(String(80), nullable=True)
    quiz_token: Mapped[str | None] = mapped_column(String(43), nullable=True)
    quiz_title: Mapped[str | None] = mapped_column(String(80), nullable=True)
    questions: Mapped[Any] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)
    projector_token: Mapped[str | None] = mapped_column(String(43), nullable=True, unique=True,
                                                        index=True)
    projector_seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                               nullable=True)
    answer_mode: Mapped[str] = mapped_column(String(10), nullable=False, default="retry",
                                             server_default="retry")
    quiz_mode: Mapped[str | None] = mapped_column(String(10), nullable=True)
    asked: Mapped[Any] = mapped_column(JSON, nullable=True)
    revealed: Mapped[Any] = mapped_column(JSON, nullable=True)
    touched_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False, index=True)
    results_shown: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False,
                                                server_default=sa_false())
    # The host locked the room: no new nickname joins (a player taking their seat back with
    # their rejoin code still can).
    locked: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False,
                                         server_default=sa_false())
    # Game mode (the host's choice at creation): points, streaks, a leaderboard and a podium
    # (services/scoring.py); `countdown_s` closes each question that many seconds after
    # `step_opened_at` (None: no countdown), both by the server's clock.
    game: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False,
                                       server_default=sa_false())
    countdown_s: Mapped[int | None] = mapped_column(Integer, nullable=True)
    step_opened_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                            nullable=True)


class ClassLearner(db.Model):
    """Someone in a class, known by the random token in their signed cookie and a nickname
    unique in the class (compared by its confusable skeleton, so look-alikes clash:
    `nickname_key`, services/classes.nickname_key)."""

    __tablename__ = "class_learners"
    __table_args__ = (UniqueConstraint("class_id", "nickname_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False)
    token: Mapped[str] = mapped_column(String(43), nullable=False, unique=True)
    nickname: Mapped[str] = mapped_column(String(24), nullable=False)
    nickname_key: Mapped[str] = mapped_column(String(96), nullable=False)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                nullable=False)
    # Set when the host removes them: the seat, its nickname and its answers stay (the host may
    # let them back in), but it answers nothing and counts nowhere until then.
    removed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # The phone's last contact (its poll, a page, an answer), written at most every
    # classes.SEEN_WRITE_EVERY: the host's room says who left.
    last_seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # What the player types on another phone to take this seat back (shown on their screen; a
    # seat from before 0011 has none).
    rejoin_code: Mapped[str | None] = mapped_column(String(8), nullable=True)


class ClassResult(db.Model):
    """A learner's answers to one step of a class: first and latest answer, how many they
    submitted, and what the room overview counts (right, legal, the core's problems, how many
    wrong tries in a row)."""

    __tablename__ = "class_results"
    __table_args__ = (Index("ix_class_results_class_step", "class_id", "step_id"),)

    learner_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("class_learners.id", ondelete="CASCADE"), primary_key=True)
    step_id: Mapped[str] = mapped_column(String(60), primary_key=True)
    class_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False)
    first_answer: Mapped[Any] = mapped_column(JSON, nullable=False)
    final_answer: Mapped[Any] = mapped_column(JSON, nullable=False)
    first_correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    legal: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    problems: Mapped[Any] = mapped_column(JSON, nullable=False)
    attempts: Mapped[int] = mapped_column(Integer, nullable=False)
    streak: Mapped[int] = mapped_column(Integer, nullable=False)
    # In a game: milliseconds from the step opening to the first answer's commit (the speed
    # bonus); None outside a game.
    first_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 nullable=False)


class ClassRun(db.Model):
    """A class that ran a shared quiz, kept for the quiz's owner after the class itself expires:
    when, how many players, and per question whether it was asked, how many answered and how
    many were right with their first answer (`questions`: [{"n", "asked", "answered",
    "first_correct"}]). No nickname and no class link: the owner page shows it."""

    __tablename__ = "class_runs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    quiz_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("quizzes.id", ondelete="CASCADE"), nullable=False, index=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    ended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                               nullable=False)
    players: Mapped[int] = mapped_column(Integer, nullable=False)
    questions: Mapped[Any] = mapped_column(JSON, nullable=False)


class RateCount(db.Model):
    """How many times `key` (a network address, perhaps with what it acted on) did what `bucket`
    names in one fixed window (`slot` = seconds since the epoch // the window's length). One
    row per (bucket, key, slot), counted up by a single upsert, so the limit holds across
    workers and servers without a count-then-insert race (services/limits.py). `until` is
    when the window ends: the clean-up deletes rows past it."""

    __tablename__ = "rate_counts"
    __table_args__ = (Index("ix_rate_counts_until", "until"),)

    bucket: Mapped[str] = mapped_column(String(20), primary_key=True)
    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    slot: Mapped[int] = mapped_column(Integer, primary_key=True)
    n: Mapped[int] = mapped_column(Integer, nullable=False)
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
