"""The schema comes only from the Alembic migrations: they run on SQLite, and on PostgreSQL when one
is reachable (always under CI=true), and what they build matches the models."""

from __future__ import annotations

import os

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from webapp import create_app
from webapp.services import database_url, db, downgrade, progress, upgrade
from webapp.services.database import normalize_url

TABLES = {"learners", "step_attempts", "lesson_progress", "quizzes", "quiz_attempts", "quiz_answers",
          "alembic_version"}
TABLES |= {"practice_answers"}  # 0005: endless practice
TABLES |= {"classes", "class_learners", "class_results", "join_attempts"}
TABLES |= {"class_runs"}  # 0008: a quiz's class runs, kept for its owner
TABLES = (TABLES - {"join_attempts"}) | {"rate_counts"}  # 0009: one table for every rate limit
TABLES |= {"daily_goals"}  # 0016: the learner's boards a day


def schema_drift(app) -> list:
    with app.app_context(), db.engine.connect() as connection:
        return compare_metadata(MigrationContext.configure(connection), db.metadata)


def tables(app) -> set[str]:
    with app.app_context():
        return set(inspect(db.engine).get_table_names())


def exercise(app) -> None:
    """Write and read progress the way the views do."""
    with app.app_context():
        progress.record_answer("learner-one-123", "force-of-nature", "two-predict", correct=False,
                               answer={"amount": 6})
        progress.visit("learner-one-123", "force-of-nature", "optional")
        progress.complete_lesson("learner-one-123", "blocked-means-stopped", "last")
        assert [a.answer for a in progress.to_review("learner-one-123")] == [{"amount": 6}]
        states = progress.lessons("learner-one-123")
        assert states["force-of-nature"].current_step == "optional"
        assert states["blocked-means-stopped"].done


def test_migrations_build_the_models_schema_on_sqlite_and_come_down_again(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path}/m.db"})
    upgrade(app)
    assert tables(app) == TABLES
    assert schema_drift(app) == []
    exercise(app)
    downgrade(app)
    assert tables(app) == {"alembic_version"}
    upgrade(app)
    assert schema_drift(app) == []


def test_the_db_upgrade_command_migrates_the_configured_database(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path}/c.db"})
    result = app.test_cli_runner().invoke(args=["db-upgrade"])
    assert result.exit_code == 0, result.output
    assert "is up to date (head)" in result.output
    assert tables(app) == TABLES
    again = app.test_cli_runner().invoke(args=["db-upgrade"])  # idempotent
    assert again.exit_code == 0


def test_the_db_upgrade_command_fails_in_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "DATABASE_URL": f"sqlite:///{blocker}/inside/trample.db"})
    result = app.test_cli_runner().invoke(args=["db-upgrade"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: could not migrate sqlite:///")
    assert len(result.output.strip().splitlines()) == 1


def test_the_default_database_is_a_file_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app({"TESTING": True, "SECRET_KEY": "t"})
    assert database_url(app) == app.config["SQLALCHEMY_DATABASE_URI"]
    assert app.config["SQLALCHEMY_DATABASE_URI"] == \
        f"sqlite:///{os.path.join(app.instance_path, 'trample.db')}"


def test_database_url_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.example/trample")
    app = create_app({"TESTING": True, "SECRET_KEY": "t"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@db.example/trample"


@pytest.mark.parametrize("given, used", [
    ("postgres://u@h/db", "postgresql+psycopg://u@h/db"),
    ("postgresql://u@h:5432/db?sslmode=require", "postgresql+psycopg://u@h:5432/db?sslmode=require"),
    ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
    ("sqlite:////srv/trample.db", "sqlite:////srv/trample.db"),
])
def test_postgres_urls_use_psycopg_3(given, used):
    assert normalize_url(given) == used


# ---- PostgreSQL -------------------------------------------------------------------------------

@pytest.mark.postgres
def test_migrations_run_on_postgresql(postgres_schema):
    url, name = postgres_schema
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": url})
    upgrade(app)
    with app.app_context():
        assert set(inspect(db.engine).get_table_names(schema=name)) == TABLES
    assert schema_drift(app) == []
    exercise(app)
    downgrade(app)
    with app.app_context():
        assert set(inspect(db.engine).get_table_names(schema=name)) == {"alembic_version"}
        db.engine.dispose()


# --- how hard SQLite keeps a commit: FULL unless a throw-away database says otherwise ---------


def _synchronous(app) -> int:
    with app.app_context():
        with db.engine.connect() as connection:
            return connection.exec_driver_sql("PRAGMA synchronous").scalar()


def test_a_confirmed_answer_survives_a_power_cut_by_default(tmp_path, monkeypatch):
    monkeypatch.delenv("SQLITE_SYNCHRONOUS", raising=False)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path}/s.db"})
    assert _synchronous(app) == 2  # FULL


def test_sqlite_synchronous_is_read_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SQLITE_SYNCHRONOUS", "normal")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{tmp_path}/s.db"})
    assert _synchronous(app) == 1  # NORMAL


def test_a_misspelt_sqlite_synchronous_stops_the_app_saying_what_is_allowed(tmp_path):
    with pytest.raises(ValueError, match="SQLITE_SYNCHRONOUS must be one of OFF, NORMAL, FULL, EXTRA"):
        create_app({"TESTING": True, "SECRET_KEY": "t", "SQLITE_SYNCHRONOUS": "fast",
                    "DATABASE_URL": f"sqlite:///{tmp_path}/s.db"})
