"""A class's game mode (issue 23): whether the host turned it on (`classes.game`), the seconds
each question stays open (`classes.countdown_s`, None: no countdown), when the step the class is on
opened (`classes.step_opened_at`, by the server's clock), and how long after that a player's first
answer was committed (`class_results.first_ms`, None outside a game): the points come from these
(services/scoring.py).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


# Plain ADD COLUMN, never a batch copy (see 0006).
def upgrade() -> None:
    op.add_column("classes", sa.Column("game", sa.Boolean(), nullable=False,
                                       server_default=sa.false()))
    op.add_column("classes", sa.Column("countdown_s", sa.Integer(), nullable=True))
    op.add_column("classes", sa.Column("step_opened_at", sa.DateTime(timezone=True),
                                       nullable=True))
    op.add_column("class_results", sa.Column("first_ms", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("class_results", "first_ms")
    op.drop_column("classes", "step_opened_at")
    op.drop_column("classes", "countdown_s")
    op.drop_column("classes", "game")
