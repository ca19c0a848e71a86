"""Alembic environment: migrate the app's database.

From the app (webapp.services.upgrade, `flask --app webapp db-upgrade`, the tests) a live
connection is handed over in config.attributes; from the plain `alembic` command the URL is the
app's own (DATABASE_URL, else instance/trample.db), found by building the app.
"""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import create_engine

config = context.config
if config.config_file_name and config.get_section("loggers"):
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def target_metadata():
    from webapp.services import db, models  # noqa: F401  (tables register on import)

    return db.metadata


def app_url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url:
        return url
    from webapp import create_app

    return create_app().config["SQLALCHEMY_DATABASE_URI"]


def run(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata(),
                      render_as_batch=connection.dialect.name == "sqlite",  # ALTER on SQLite
                      compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


def run_offline() -> None:
    context.configure(url=app_url(), target_metadata=target_metadata(), literal_binds=True,
                      dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
elif config.attributes.get("connection") is not None:
    run(config.attributes["connection"])
else:
    from webapp.services.database import tune_sqlite

    engine = create_engine(app_url())
    tune_sqlite(engine)  # foreign keys on, as the app has them
    with engine.begin() as connection:
        run(connection)
    engine.dispose()
