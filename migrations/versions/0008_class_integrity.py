"""Class integrity (issue 19): the wall's own link (`classes.projector_token`, and when it last
polled), the answer mode ("one" or "retry") and the quiz's mode, the steps asked and revealed,
removed players kept (`class_learners.removed_at`) instead of deleted with their answers, and the
quiz's class runs kept for its owner (`class_runs`).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


# Plain ADD COLUMN, never a batch copy (see 0006): a batch on SQLite recreates the table and, with
# foreign keys on, deletes the learners and answers of a running class.
def upgrade() -> None:
    op.add_column("classes", sa.Column("projector_token", sa.String(43), nullable=True))
    op.add_column("classes", sa.Column("projector_seen_at", sa.DateTime(timezone=True),
                                       nullable=True))
    op.add_column("classes", sa.Column("answer_mode", sa.String(10), nullable=False,
                                       server_default="retry"))
    op.add_column("classes", sa.Column("quiz_mode", sa.String(10), nullable=True))
    op.add_column("classes", sa.Column("asked", sa.JSON(), nullable=True))
    op.add_column("classes", sa.Column("revealed", sa.JSON(), nullable=True))
    op.add_column("class_learners", sa.Column("removed_at", sa.DateTime(timezone=True),
                                              nullable=True))
    # A class running during the upgrade gets its wall link too (each its own random token).
    connection = op.get_bind()
    classes = sa.table("classes", sa.column("id", sa.Integer),
                       sa.column("projector_token", sa.String))
    for (class_id,) in connection.execute(sa.select(classes.c.id)).all():
        connection.execute(sa.update(classes).where(classes.c.id == class_id)
                           .values(projector_token=secrets.token_urlsafe(32)))
    op.create_index("ix_classes_projector_token", "classes", ["projector_token"], unique=True)
    op.create_table(
        "class_runs",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("quiz_id", sa.Integer(), sa.ForeignKey("quizzes.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("questions", sa.JSON(), nullable=False),
    )
    op.create_index("ix_class_runs_quiz_id", "class_runs", ["quiz_id"])


def downgrade() -> None:
    op.drop_index("ix_class_runs_quiz_id", table_name="class_runs")
    op.drop_table("class_runs")
    op.drop_index("ix_classes_projector_token", table_name="classes")
    op.drop_column("class_learners", "removed_at")
    op.drop_column("classes", "revealed")
    op.drop_column("classes", "asked")
    op.drop_column("classes", "quiz_mode")
    op.drop_column("classes", "answer_mode")
    op.drop_column("classes", "projector_seen_at")
    op.drop_column("classes", "projector_token")
