"""Shared fixtures: every test builds its own app from the factory with its own instance folder."""

from __future__ import annotations

import atexit
import functools
import os
import re
import shutil
import tempfile
import tomllib
import uuid
import weakref
from pathlib import Path

import jinja2
import pytest
from flask import appcontext_pushed
from flask.testing import FlaskClient
from hypothesis import settings
from sqlalchemy import create_engine, text

from webapp import create_app
from webapp.content import DEFAULT_LESSONS_DIR

# Hypothesis: the full number of examples under CI (CI=true, or HYPOTHESIS_PROFILE=full), a fifth
# of it on a developer's machine, where the suite is run often and CI still runs everything.
settings.register_profile("full", deadline=None)
settings.register_profile("fast", deadline=None, max_examples=20)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("full" if os.environ.get("CI") == "true"
                                                   else "fast")
settings.load_profile(PROFILE)


def examples(full: int) -> int:
    """How many examples a property gets: `full` under the full profile, a fifth otherwise."""
    return full if PROFILE == "full" else max(20, full // 5)


# How many lessons the curriculum has, read from the catalogue file itself (not through the
# loader under test), so adding a lesson changes no test.
LESSON_COUNT = len(tomllib.loads((DEFAULT_LESSONS_DIR / "catalogue.toml").read_text())["lessons"])


@functools.cache
def shipped_catalogue():
    """The lessons and bank shipped with the app, read and checked once per test session (a test
    of loading itself builds its own): every app the tests build shares it."""
    from webapp.catalogue import load

    return load(DEFAULT_LESSONS_DIR)


@functools.cache
def migrated_database() -> Path:
    """A SQLite file with every migration applied, made once per test session; each test's app
    starts from a copy of it (the migrations themselves are tested in test_learn_migrations)."""
    from webapp.services import db, upgrade

    folder = Path(tempfile.mkdtemp(prefix="trample-migrated-"))
    atexit.register(shutil.rmtree, folder, True)
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(folder),
                      "DATABASE_URL": f"sqlite:///{folder / 'trample.db'}"},
                     catalogue=shipped_catalogue())
    upgrade(app)
    with app.app_context():
        db.engine.dispose()  # the last connection closes: the WAL is folded into the file
    return folder / "trample.db"


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's compiled templates, kept in memory for the whole test session and shared by every
    app the tests build (each app has its own Jinja environment, which would otherwise parse and
    compile every template it renders again: about half of a page test's own time). Keyed by
    Jinja with the template's name and a checksum of its source, so an edited template is
    compiled anew."""

    def __init__(self):
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket):
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def _remember_url_builders() -> None:
    """Werkzeug writes and compiles Python code for each route's URL builder whenever an app
    registers it: about 45 ms of every app the tests build (90 routes, two builders each), more
    than a typical test's own requests. A builder's code depends only on the route's parsed
    parts, its defaults and converters, and whether unknown arguments are appended; it reaches
    its rule through its first argument. So the tests keep each builder once, by exactly those,
    for every app they build (the product builds one app per process and keeps Werkzeug's)."""
    from werkzeug.routing.rules import Rule

    compile_builder = Rule._compile_builder
    kept: dict = {}

    def remembered(self, append_unknown: bool = True):
        converters = tuple((name, type(c), repr(sorted((k, v) for k, v in vars(c).items()
                                                         if k != "map")))
                           for name, c in self._converters.items())
        key = (tuple(self._trace), append_unknown, repr(sorted((self.defaults or {}).items())),
               converters)
        if key not in kept:
            kept[key] = compile_builder(self, append_unknown)
        return kept[key]

    Rule._compile_builder = remembered


_remember_url_builders()


class BufferedClient(FlaskClient):
    """Flask's test client, but each response is read whole and closed, as a server closes it.
    Unclosed, a response keeps open what it holds until the garbage collector finds it (a static
    file; an upload over 500 KB, which the client spools to a temporary file): a ResourceWarning,
    an error under filterwarnings = error. Its body stays readable once closed."""

    def open(self, *args, buffered: bool = True, **kwargs):
        response = super().open(*args, buffered=buffered, **kwargs)
        # werkzeug promises that closing the response closes the request's body, but registers
        # that only when it follows redirects
        response.call_on_close(response.request.input_stream.close)
        if buffered:
            response.close()
        return response


def isolated_app(instance, **config):
    """An app on its own instance folder and its own migrated SQLite database, so tests never
    touch ./instance and a fresh clone needs no setup. The database starts as a copy of the one
    migrated for the session; a second app on the same folder is a restart on that database. With
    its own LESSONS_DIR the app reads that folder; otherwise it shares the session's catalogue."""
    instance = Path(instance)
    database = instance / "trample.db"
    copied = "DATABASE_URL" not in config and not database.exists()
    if copied:
        instance.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(migrated_database(), database)
        database.chmod(0o600)
    # The hourly clean-up after a response is off unless a test turns it on (test_limits does):
    # it would run at every new app's first request, about 10 ms each.
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(instance),
                      "DATABASE_URL": f"sqlite:///{database}", "SQLITE_SYNCHRONOUS": "OFF",
                      "CLEANUP_EVERY": 0, **config},
                     catalogue=None if "LESSONS_DIR" in config else shipped_catalogue())
    app.test_client_class = BufferedClient
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    if not copied:
        from webapp.services import upgrade

        upgrade(app)
    return app


# Every app that has pushed an app context (each one that touched its database did).
_APPS: "weakref.WeakSet" = weakref.WeakSet()
appcontext_pushed.connect(lambda app, **_: _APPS.add(app), weak=False)


@pytest.fixture(autouse=True)
def close_databases():
    """After each test, close the pooled connections of the apps it built (those built by
    create_app directly too): the app outlives the test only as garbage, and psycopg warns when
    a connection is collected while still open (a ResourceWarning, an error under
    filterwarnings = error). Apps of session fixtures (e2e's live servers) are left alone."""
    from webapp.services import db

    # Held weakly: a strong set here kept every app built before it (apps are cycles, left for
    # the collector) alive through the test, and so through the whole session: ~5,000 objects
    # a test, which made every later garbage collection slower.
    before = weakref.WeakSet(_APPS)
    yield
    for app in [app for app in _APPS if app not in before]:
        with app.app_context():
            for engine in db.engines.values():
                engine.dispose()


@pytest.fixture
def app(tmp_path):
    return isolated_app(tmp_path / "instance")


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(client, path: str = "/join") -> str:
    """The CSRF token a real browser would have, read from a rendered form. The token is the
    session's, whatever page shows it: by default the class join form's, the lightest page with
    a form (3 ms; the sandbox, the default before, took 20 ms and was read before every post of
    test_learn's 366 answers)."""
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


@pytest.fixture
def make_app(tmp_path):
    """Build apps on one migrated SQLite database in a temporary instance folder (Learn and progress
    tests). Calling it twice is a server restart on the same database."""
    instance = tmp_path / "instance"
    return lambda **config: isolated_app(instance, **config)


POSTGRES = os.environ.get("TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


@pytest.fixture
def postgres_schema():
    """A schema of its own in the test database, dropped afterwards (parallel runs don't meet)."""
    try:
        admin = create_engine(POSTGRES, connect_args={"connect_timeout": 3})
        with admin.connect() as connection:
            connection.execute(text("select 1"))
    except Exception as err:  # noqa: BLE001 - any failure to connect means "not reachable"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but PostgreSQL at {POSTGRES} is not reachable: {err}")
        pytest.skip(f"PostgreSQL not reachable at {POSTGRES}")
    name = f"tt_{uuid.uuid4().hex[:12]}"
    with admin.begin() as connection:
        connection.execute(text(f'create schema "{name}"'))
    separator = "&" if "?" in POSTGRES else "?"
    yield f"{POSTGRES}{separator}options=-csearch_path%3D{name}", name
    with admin.begin() as connection:
        connection.execute(text(f'drop schema "{name}" cascade'))
    admin.dispose()


def partly_translated_lessons(root) -> "os.PathLike":
    """A copy of the lessons in which two-blockers' French and Japanese lack one part each (every
    real lesson is fully translated): for tests of the "not yet translated" notice and marks."""
    import shutil

    copy = shutil.copytree(DEFAULT_LESSONS_DIR, root / "lessons")
    for lang in ("fr", "ja"):
        md = copy / "two-blockers" / f"{lang}.md"
        text = md.read_text(encoding="utf-8")
        start = text.index("## crash-predict\n")
        end = text.index("\n## ", start + 5) + 1
        md.write_text(text[:start] + text[end:], encoding="utf-8")
    return copy
