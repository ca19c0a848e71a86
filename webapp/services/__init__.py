"""Services: state that must survive a restart (learner progress), in the database.

    from webapp.services import db, progress
    progress.record_answer(learner_id, lesson_id, step_id, correct=True, answer={...})

No request objects here: views read cookies and forms, then call plain functions with plain values.
The schema is created and changed only by the Alembic migrations in migrations/ — `make run` and
`flask --app webapp db-upgrade` apply them, and so do the tests (so the migrations are tested).
"""

from __future__ import annotations

from flask import Flask

from .database import MIGRATIONS, database_url, db, downgrade, tune_sqlite, upgrade

__all__ = ["MIGRATIONS", "database_url", "db", "downgrade", "init_app", "upgrade"]


def init_app(app: Flask) -> None:
    url = app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app)
    # A server's connections can drop (a restart, a proxy's timeout): ping each one as it is taken.
    # A SQLite file has no connection to lose, and the ping was a query more on every request.
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS",
                          {} if url.startswith("sqlite") else {"pool_pre_ping": True})
    db.init_app(app)
    with app.app_context():
        tune_sqlite(db.engine, app.config["SQLITE_SYNCHRONOUS"])

    from . import models  # noqa: F401  (register the tables on db.metadata)
    from . import cleanup
    from .commands import register

    register(app)
    cleanup.init_app(app)
