"""NUL and other control characters in what people type: a clear 400 on every form that stores
text (PostgreSQL can't store NUL: it was a 500 there), and a 404 for a link with one in it. Run on
SQLite always and on PostgreSQL when it is reachable (always in CI)."""

from __future__ import annotations

import io
import re

import pytest

from tests.conftest import csrf_token, isolated_app
from webapp.services import quizzes
from webapp.services.database import db
from webapp.services.models import Quiz, QuizAttempt

from .test_class import Host
from .test_quiz import make_quiz, start

MESSAGE = "control characters"
BAD = ["Judge\x00night", "Judge\x1bnight", "\x00", "a\x7fb"]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def app(request, tmp_path):
    if request.param == "sqlite":
        return isolated_app(tmp_path / "instance", PROPAGATE_EXCEPTIONS=False)
    url, _ = request.getfixturevalue("postgres_schema")
    return isolated_app(tmp_path / "instance", DATABASE_URL=url, PROPAGATE_EXCEPTIONS=False)


def counts(app) -> tuple[int, int]:
    with app.app_context():
        return db.session.query(Quiz).count(), db.session.query(QuizAttempt).count()


def refused(response) -> bool:
    return response.status_code == 400 and MESSAGE in response.get_data(as_text=True)


@pytest.mark.parametrize("bad", BAD)
def test_every_form_that_stores_text_refuses_control_characters(app, bad):
    client = app.test_client()
    owner = make_quiz(client, count="2").headers["Location"]
    take = re.search(r"/quiz/t/[\w-]+", client.get(owner).get_data(as_text=True)).group(0)
    before = counts(app)
    token = csrf_token(client, "/quiz/new")
    assert refused(make_quiz(client, title=bad))                                     # /quiz/new
    assert refused(client.post(owner + "/settings", data={                           # settings
        "csrf_token": token, "title": bad, "pass_mark": "70", "mode": "exam"}))
    assert refused(start(client, name=bad))                                          # /quiz
    assert refused(client.post(take, data={"csrf_token": token, "name": bad}))       # take link
    escaped = bad.encode("unicode_escape").decode().replace("\\x", "\\u00")
    toml = client.get(owner + "/quiz.toml").get_data(as_text=True).replace(
        'title = "Judge night"', f'title = "{escaped}"')
    imported = client.post("/quiz/new/import", data={                                # import
        "csrf_token": token, "file": (io.BytesIO(toml.encode()), "q.toml")})
    assert imported.status_code == 400 and "title: has control characters" in \
        imported.get_data(as_text=True)
    assert counts(app) == before
    with app.app_context():
        assert quizzes.shared(owner=owner.rsplit("/", 1)[1]).title == "Judge night"


def test_text_with_spaces_tabs_and_emoji_is_kept_as_typed(app):
    client = app.test_client()
    owner = make_quiz(client, title="  Judge\tnight \n👩‍⚖️ ").headers["Location"]
    with app.app_context():
        assert quizzes.shared(owner=owner.rsplit("/", 1)[1]).title == "Judge night 👩‍⚖️"


@pytest.mark.parametrize("path", ["/quiz/o/%00", "/quiz/t/a%00b", "/quiz/a/%00/1",
                                  "/quiz/a/x%00/review", "/quiz/o/%00/results.csv",
                                  "/class/host/%00", "/class/AB%00CD/play", "/class/%1b/sync"])
def test_a_link_with_a_control_character_is_not_found(app, path):
    Host(app)  # a class exists
    response = app.test_client().get(path)
    assert response.status_code == 404
