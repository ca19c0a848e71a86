"""Exam integrity (issue 19): an attempt is submitted once (`submitted_at`; nothing changes after
it), and the owner controls a quiz after it was taken: whether one browser may take it again
(`retakes`), a deadline for starting (`deadline`) and closing it (`closed_at`).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


# Plain ADD COLUMN, never a batch copy (see 0006): a batch on SQLite recreates the table and, with
# foreign keys on, deletes its attempts and answers.
def upgrade() -> None:
    op.add_column("quiz_attempts", sa.Column("submitted_at", sa.DateTime(timezone=True),
                                             nullable=True))
    op.add_column("quizzes", sa.Column("retakes", sa.Boolean(), nullable=False,
                                       server_default=sa.true()))
    op.add_column("quizzes", sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    op.add_column("quizzes", sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("quizzes", "closed_at")
    op.drop_column("quizzes", "deadline")
    op.drop_column("quizzes", "retakes")
    op.drop_column("quiz_attempts", "submitted_at")
