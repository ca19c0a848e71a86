"""The wall's reveal (issue 23): whether the host has shown the room's results for the step the
class is on (`classes.results_shown`, false again at every move).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


# Plain ADD COLUMN, never a batch copy (see 0006): a batch on SQLite recreates the table and, with
# foreign keys on, deletes the learners and answers of a running class.
def upgrade() -> None:
    op.add_column("classes", sa.Column("results_shown", sa.Boolean(), nullable=False,
                                       server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("classes", "results_shown")
