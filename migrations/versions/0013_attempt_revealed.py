"""The hint ladder (issue 24): when a learner asked to see the worked answer after a wrong answer
(`step_attempts.revealed_at`; an answer from before has none). A right answer given soon after
the answer was shown doesn't take the step off the Review list.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


# Plain ADD COLUMN, never a batch copy (see 0006).
def upgrade() -> None:
    op.add_column("step_attempts", sa.Column("revealed_at", sa.DateTime(timezone=True),
                                             nullable=True))


def downgrade() -> None:
    op.drop_column("step_attempts", "revealed_at")
