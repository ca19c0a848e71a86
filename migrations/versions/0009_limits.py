"""Limits under abuse (issue 19): one table of rate-limit counters (every limit: joins, class
lookups, new quizzes, attempts, classes and learners), replacing the join attempts table; and
the nickname keys of stored class players recomputed as confusable skeletons (look-alikes clash).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from webapp.services.confusables import skeleton

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_counts",
        sa.Column("bucket", sa.String(20), nullable=False),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("bucket", "key", "slot", name="pk_rate_counts"),
    )
    op.create_index("ix_rate_counts_until", "rate_counts", ["until"])
    # Join tries are counted in rate_counts now; the old rows only ever lived a minute.
    op.drop_index("ix_join_attempts_address_at", table_name="join_attempts")
    op.drop_table("join_attempts")
    _rekey(lambda name: skeleton(name))


def _rekey(key) -> None:
    """Give every stored player the key `key(nickname)`. Two players of one class whose new keys
    clash (look-alikes that joined before) keep their old key, so neither loses their seat."""
    from sqlalchemy import bindparam, text

    bind = op.get_bind()
    rows = bind.execute(text("select id, class_id, nickname, nickname_key from class_learners "
                             "order by class_id, id")).all()
    used: dict[int, set[str]] = {}
    changes = []
    for id_, class_id, nickname, old in rows:
        taken = used.setdefault(class_id, set())
        new = key(nickname)
        if new in taken:
            new = old if old not in taken else f"{old}#{id_}"
        taken.add(new)
        if new != old:
            changes.append({"id": id_, "key": new})
    if changes:
        # Through a temporary key first: a new key may be another row's old one.
        update = text("update class_learners set nickname_key = :key where id = :id")
        bind.execute(update, [{"id": c["id"], "key": f"\x01{c['id']}"} for c in changes])
        bind.execute(update.bindparams(bindparam("key"), bindparam("id")), changes)


def downgrade() -> None:
    _rekey(lambda name: name.casefold())
    op.create_table(
        "join_attempts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_join_attempts"),
    )
    op.create_index("ix_join_attempts_address_at", "join_attempts", ["address", "at"])
    op.drop_index("ix_rate_counts_until", table_name="rate_counts")
    op.drop_table("rate_counts")
