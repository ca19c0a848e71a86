"""A quiz and an attempt list their questions (bank ids, generated positions, a judge's own), and
may have a time limit.

Rows from before keep `questions` empty: their (tier, count, seed) still names generated questions.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("quizzes", "quiz_attempts"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("questions", sa.JSON(), nullable=True))
            batch.add_column(sa.Column("time_limit", sa.Integer(), nullable=True))


def downgrade() -> None:
    for table in ("quizzes", "quiz_attempts"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("time_limit")
            batch.drop_column("questions")
