"""The daily loop (issue 24 item 5): a practice board asked as the review of a missed lesson step
names that step (`practice_answers.review_step`), so a right answer on a similar board moves the
step's spaced review on, as the identical question used to. Boards from before review nothing.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


# Plain ADD COLUMN, never a batch copy (see 0006).
def upgrade() -> None:
    op.add_column("practice_answers", sa.Column("review_step", sa.String(60), nullable=True))


def downgrade() -> None:
    op.drop_column("practice_answers", "review_step")
