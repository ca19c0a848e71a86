"""`flask --app webapp db-upgrade`: apply the migrations to the configured database (`make run`
calls it first). Prints one line; a failure is one line too, with exit status 1, no traceback.

`flask --app webapp clean-up`: delete stale data now (services/cleanup.py), one line of counts."""

from __future__ import annotations

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError


def register(app: Flask) -> None:
    app.cli.add_command(db_upgrade)
    app.cli.add_command(clean_up)


@click.command("db-upgrade")
@click.option("--revision", default="head", show_default=True, help="Alembic revision to reach.")
@with_appcontext
def db_upgrade(revision: str) -> None:
    """Apply the database migrations (alembic upgrade head)."""
    from . import upgrade

    where = make_url(current_app.config["SQLALCHEMY_DATABASE_URI"]).render_as_string(
        hide_password=True)
    try:
        upgrade(current_app, revision)
    except (SQLAlchemyError, OSError) as err:
        raise click.ClickException(f"could not migrate {where}: {str(err).splitlines()[0]}")
    click.echo(f"database at {where} is up to date ({revision})")


@click.command("clean-up")
@with_appcontext
def clean_up() -> None:
    """Delete stale data now (docs/deployment.md says what and when)."""
    from .cleanup import clean
    from .models import utcnow

    gone = clean(utcnow())
    click.echo("deleted " + ", ".join(f"{n} {what}" for what, n in gone.items()))
