"""Limits under abuse (issue 19): one table of rate-limit counters (every limit: joins, class
lookups, new quizzes, attempts, classes and learners), replacing the join attempts table.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_counts",
        sa.Column("bucket", sa.String(20), nullable=False),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("bucket", "key", "slot", name="pk_rate_counts"),
    )
    op.create_index("ix_rate_counts_until", "rate_counts", ["until"])
    # Join tries are counted in rate_counts now; the old rows only ever lived a minute.
    op.drop_index("ix_join_attempts_address_at", table_name="join_attempts")
    op.drop_table("join_attempts")


def downgrade() -> None:
    op.create_table(
        "join_attempts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_join_attempts"),
    )
    op.create_index("ix_join_attempts_address_at", "join_attempts", ["address", "at"])
    op.drop_index("ix_rate_counts_until", table_name="rate_counts")
    op.drop_table("rate_counts")
