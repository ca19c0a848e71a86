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


def upgrade() -> None:
    with op.batch_alter_table("classes") as batch:
        batch.add_column(sa.Column("quiz_token", sa.String(43), nullable=True))
        batch.add_column(sa.Column("quiz_title", sa.String(80), nullable=True))
        batch.add_column(sa.Column("questions", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("questions")
        batch.drop_column("quiz_title")
        batch.drop_column("quiz_token")
