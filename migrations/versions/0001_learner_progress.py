"""Learner progress: learners, their answers to steps, and where they are in each lesson.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_learners"),
    )
    op.create_table(
        "step_attempts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("learner_id", sa.String(40), nullable=False),
        sa.Column("lesson_id", sa.String(60), nullable=False),
        sa.Column("step_id", sa.String(60), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name="fk_step_attempts_learner_id_learners"),
        sa.PrimaryKeyConstraint("id", name="pk_step_attempts"),
    )
    op.create_index("ix_step_attempts_learner_step", "step_attempts",
                    ["learner_id", "lesson_id", "step_id"])
    op.create_table(
        "lesson_progress",
        sa.Column("learner_id", sa.String(40), nullable=False),
        sa.Column("lesson_id", sa.String(60), nullable=False),
        sa.Column("current_step", sa.String(60), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name="fk_lesson_progress_learner_id_learners"),
        sa.PrimaryKeyConstraint("learner_id", "lesson_id", name="pk_lesson_progress"),
    )


def downgrade() -> None:
    op.drop_table("lesson_progress")
    op.drop_index("ix_step_attempts_learner_step", table_name="step_attempts")
    op.drop_table("step_attempts")
    op.drop_table("learners")
