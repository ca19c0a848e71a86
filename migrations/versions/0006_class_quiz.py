"""A class can run a shared quiz instead of a lesson: the quiz's take token, its title and a copy
of its question references when the class was made (editing the quiz later never changes a
class that is running). A lesson class leaves all three empty.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


# Plain ALTER TABLE, never a batch copy: on SQLite a batch drops and recreates `classes`, and
# with foreign keys on, dropping it deletes every learner and answer of a running class.
def upgrade() -> None:
    op.add_column("classes", sa.Column("quiz_token", sa.String(43), nullable=True))
    op.add_column("classes", sa.Column("quiz_title", sa.String(80), nullable=True))
    op.add_column("classes", sa.Column("questions", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("classes", "questions")
    op.drop_column("classes", "quiz_title")
    op.drop_column("classes", "quiz_token")
