"""Live classes: a host's class with its join code, the learners in it, their answers per step,
and join attempts per address (the rate limit every worker and server shares).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("code", sa.String(6), nullable=False),
        sa.Column("host_token", sa.String(43), nullable=False),
        sa.Column("lesson_id", sa.String(60), nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("shown", sa.String(80), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("touched_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_classes"),
        sa.UniqueConstraint("code", name="uq_classes_code"),
        sa.UniqueConstraint("host_token", name="uq_classes_host_token"),
    )
    op.create_index("ix_classes_touched_at", "classes", ["touched_at"])
    op.create_table(
        "class_learners",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(43), nullable=False),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("nickname_key", sa.String(96), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name="fk_class_learners_class_id_classes"),
        sa.PrimaryKeyConstraint("id", name="pk_class_learners"),
        sa.UniqueConstraint("token", name="uq_class_learners_token"),
        sa.UniqueConstraint("class_id", "nickname_key",
                            name="uq_class_learners_class_id_nickname_key"),
    )
    op.create_table(
        "class_results",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("step_id", sa.String(60), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("first_answer", sa.JSON(), nullable=False),
        sa.Column("final_answer", sa.JSON(), nullable=False),
        sa.Column("first_correct", sa.Boolean(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("legal", sa.Boolean(), nullable=True),
        sa.Column("problems", sa.JSON(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["class_learners.id"], ondelete="CASCADE",
                                name="fk_class_results_learner_id_class_learners"),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name="fk_class_results_class_id_classes"),
        sa.PrimaryKeyConstraint("learner_id", "step_id", name="pk_class_results"),
    )
    op.create_index("ix_class_results_class_step", "class_results", ["class_id", "step_id"])
    op.create_table(
        "join_attempts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_join_attempts"),
    )
    op.create_index("ix_join_attempts_address_at", "join_attempts", ["address", "at"])


def downgrade() -> None:
    op.drop_index("ix_join_attempts_address_at", table_name="join_attempts")
    op.drop_table("join_attempts")
    op.drop_index("ix_class_results_class_step", table_name="class_results")
    op.drop_table("class_results")
    op.drop_table("class_learners")
    op.drop_index("ix_classes_touched_at", table_name="classes")
    op.drop_table("classes")
