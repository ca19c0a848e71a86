"""Endless practice: the first answer to each fresh practice board (for mastery).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "practice_answers",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("learner_id", sa.String(40), nullable=False),
        sa.Column("lesson_id", sa.String(60), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name="fk_practice_answers_learner_id_learners"),
        sa.PrimaryKeyConstraint("id", name="pk_practice_answers"),
        sa.UniqueConstraint("learner_id", "lesson_id", "kind", "seed",
                            name="uq_practice_answers_board"),
    )
    op.create_index("ix_practice_answers_learner_id", "practice_answers", ["learner_id"])


def downgrade() -> None:
    op.drop_index("ix_practice_answers_learner_id", table_name="practice_answers")
    op.drop_table("practice_answers")
