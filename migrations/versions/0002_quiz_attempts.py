"""Quizzes judges share, attempts at them (or at a quiz started alone), and their answers.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "quizzes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("take_token", sa.String(43), nullable=False),
        sa.Column("owner_token", sa.String(43), nullable=False),
        sa.Column("tier", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(10), nullable=False),
        sa.Column("pass_mark", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_quizzes"),
        sa.UniqueConstraint("take_token", name="uq_quizzes_take_token"),
        sa.UniqueConstraint("owner_token", name="uq_quizzes_owner_token"),
    )
    op.create_table(
        "quiz_attempts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("token", sa.String(43), nullable=False),
        sa.Column("quiz_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("tier", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(10), nullable=False),
        sa.Column("pass_mark", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["quiz_id"], ["quizzes.id"], ondelete="CASCADE",
                                name="fk_quiz_attempts_quiz_id_quizzes"),
        sa.PrimaryKeyConstraint("id", name="pk_quiz_attempts"),
        sa.UniqueConstraint("token", name="uq_quiz_attempts_token"),
    )
    op.create_index("ix_quiz_attempts_quiz_id", "quiz_attempts", ["quiz_id"])
    op.create_table(
        "quiz_answers",
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["attempt_id"], ["quiz_attempts.id"], ondelete="CASCADE",
                                name="fk_quiz_answers_attempt_id_quiz_attempts"),
        sa.PrimaryKeyConstraint("attempt_id", "position", name="pk_quiz_answers"),
    )


def downgrade() -> None:
    op.drop_table("quiz_answers")
    op.drop_index("ix_quiz_attempts_quiz_id", table_name="quiz_attempts")
    op.drop_table("quiz_attempts")
    op.drop_table("quizzes")
