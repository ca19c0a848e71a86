"""The learner's daily goal (issue 24 item 5): boards a day, chosen on Today's page (3, 5, 10
or 20; 5 before any choice). Each change is a row from its day on, so past days are judged by
the goal they had and the streak survives a change of goal.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_goals",
        sa.Column("learner_id", sa.String(40),
                  sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("since", sa.Date(), primary_key=True),
        sa.Column("goal", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily_goals")
