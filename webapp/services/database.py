"""The database: where it is, how SQLite connections are tuned, and applying the migrations.

Where: config SQLALCHEMY_DATABASE_URI if a caller set it, else DATABASE_URL (config or environment;
postgres:// and postgresql:// become postgresql+psycopg:// for psycopg 3), else a SQLite file
`trample.db` in the instance folder.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from flask import Flask
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase

from ..paths import MIGRATIONS  # migrations/ in a checkout, webapp/_data/migrations in a wheel

SQLITE_FILE = "trample.db"

# Stable constraint names, so migrations can refer to them on every database (and SQLite batch mode
# can recreate tables).
NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


db = SQLAlchemy(model_class=Base)


def normalize_url(url: str) -> str:
    """Heroku-style postgres:// and plain postgresql:// URLs use the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def database_url(app: Flask) -> str:
    explicit = app.config.get("SQLALCHEMY_DATABASE_URI")
    if explicit:
        return normalize_url(explicit)
    if app.config.get("DATABASE_URL"):
        return normalize_url(app.config["DATABASE_URL"])
    instance = Path(app.instance_path)
    return f"sqlite:///{instance / SQLITE_FILE}"


def private_sqlite_file(url: str) -> None:
    """Create the SQLite file readable by this user only (learners' answers are theirs); SQLite
    gives its -wal and -shm files the same permissions."""
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        return
    path = Path(url.removeprefix("sqlite:///"))
    path.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
    os.chmod(path, 0o600)


SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


def tune_sqlite(engine: Engine, synchronous: str = "FULL") -> None:
    """SQLite connections of `engine`: enforce foreign keys; WAL so readers never block the writer
    (several gunicorn workers share the file); wait for a busy writer instead of failing; and
    `synchronous` (config SQLITE_SYNCHRONOUS): FULL, the default, so a confirmed answer survives a
    power cut, not just a crash. The test suite says OFF: its databases are thrown away, and an
    fsync per commit was a good part of its time."""
    if synchronous not in SYNCHRONOUS:
        raise ValueError(f"SQLITE_SYNCHRONOUS must be one of {', '.join(SYNCHRONOUS)}, "
                         f"not {synchronous!r}")

    @event.listens_for(engine, "connect")
    def _tune(dbapi_connection, _record) -> None:
        if not isinstance(dbapi_connection, sqlite3.Connection):
            return
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.close()


# --- writing ------------------------------------------------------------------------------------


class Busy(RuntimeError):
    """The database stayed busy (another process writing) through every retry: nothing was
    stored. The web layer answers 503 with a retry hint; the learner's answer is not lost, it was
    never acknowledged."""


def write(change, tries: int = 6) -> None:
    """Make `change` (which adds or updates rows) and commit it. Two requests of one learner may
    insert the same row: the loser is rolled back and redone, now updating the winner's row.
    A database busy with another process's write (SQLite's "database is locked") is waited for
    with growing pauses; after the last try nothing is stored and Busy is raised."""
    for attempt in range(tries):
        try:
            change()
            db.session.commit()
            return
        except IntegrityError:
            db.session.rollback()
        except OperationalError as err:
            db.session.rollback()
            if not _busy(err):
                raise
            time.sleep(0.01 * 2 ** attempt)
    raise Busy("the database is busy")


def _busy(err: OperationalError) -> bool:
    text = str(err.orig).lower()
    return "locked" in text or "busy" in text or "could not serialize" in text


# --- migrations ---------------------------------------------------------------------------------


def _alembic_config(url: str):
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def _run(app: Flask, action: str, revision: str) -> None:
    from alembic import command

    with app.app_context():
        url = app.config["SQLALCHEMY_DATABASE_URI"]
        private_sqlite_file(url)
        config = _alembic_config(url)
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            getattr(command, action)(config, revision)


def upgrade(app: Flask, revision: str = "head") -> None:
    """Apply the Alembic migrations up to `revision` (the same as `alembic upgrade head`)."""
    _run(app, "upgrade", revision)


def downgrade(app: Flask, revision: str = "base") -> None:
    _run(app, "downgrade", revision)
