"""Presence in a live class (issue 23): each seat's last contact (`class_learners.last_seen_at`,
written by the phone's poll and answers at most every classes.SEEN_WRITE_EVERY), the code a
player takes their seat back with on another phone (`class_learners.rejoin_code`; a seat from
before has none), and whether the host locked the room to new nicknames (`classes.locked`).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


# Plain ADD COLUMN, never a batch copy (see 0006): a batch on SQLite recreates the table and, with
# foreign keys on, deletes the learners and answers of a running class.
def upgrade() -> None:
    op.add_column("class_learners", sa.Column("last_seen_at", sa.DateTime(timezone=True),
                                              nullable=True))
    op.add_column("class_learners", sa.Column("rejoin_code", sa.String(length=8), nullable=True))
    op.add_column("classes", sa.Column("locked", sa.Boolean(), nullable=False,
                                       server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("classes", "locked")
    op.drop_column("class_learners", "rejoin_code")
    op.drop_column("class_learners", "last_seen_at")
