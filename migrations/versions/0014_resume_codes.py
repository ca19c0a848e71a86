"""Progress on another device (issue 24): the code a learner types (or scans) on another browser
to continue their progress there (`learners.resume_code`, made when the learner first asks for
it; "Make a new code" replaces it), and where a browser's progress went when it took over
another's (`learners.moved_to`: an old cookie, or an answer still on its way, follows it).

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


# Plain ADD COLUMN and CREATE INDEX, never a batch copy (see 0006): a batch on SQLite recreates
# the table and, with foreign keys on, would delete every learner's answers.
def upgrade() -> None:
    op.add_column("learners", sa.Column("resume_code", sa.String(length=12), nullable=True))
    op.add_column("learners", sa.Column("moved_to", sa.String(length=40), nullable=True))
    op.create_index("ix_learners_resume_code", "learners", ["resume_code"], unique=True)
    op.create_index("ix_learners_moved_to", "learners", ["moved_to"])


def downgrade() -> None:
    op.drop_index("ix_learners_moved_to", table_name="learners")
    op.drop_index("ix_learners_resume_code", table_name="learners")
    op.drop_column("learners", "moved_to")
    op.drop_column("learners", "resume_code")
