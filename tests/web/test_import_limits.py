"""Quiz files an attacker (or a slip) can send: each is a fast, clear 400 through both import
routes (/quiz/new and the owner's), with a short answer, and nothing is made or changed."""

from __future__ import annotations

import io
import re

import pytest

from tests.conftest import csrf_token
from webapp.content.quizfile import MAX_BYTES, MAX_LISTED
from webapp.services import quizzes

from .test_quiz import make_quiz

HEAD = 'schema_version = 1\ntitle = "x"\n'
MANY = quizzes.MAX_QUESTIONS * 50
PATHOLOGICAL = {
    "empty questions, inline": ((HEAD + "questions = [" + "{}," * MANY + "]\n").encode(),
                                f"at most {quizzes.MAX_QUESTIONS} questions"),
    "empty questions, tables": ((HEAD + "[[questions]]\n" * MANY).encode(),
                                f"at most {quizzes.MAX_QUESTIONS} questions"),
    "deep table nesting": (b"a={" * 3000, "nested too deeply"),
    "deep array nesting": (HEAD.encode() + b"a=" + b"[" * 3000, "nested too deeply"),
    "nesting tomllib accepts": (HEAD.encode() + b"a=" + b"[" * 200 + b"]" * 200 + b"\n",
                                "nested too deeply"),
    "huge file": (HEAD.encode() + b"# padding\n" * (MAX_BYTES // 10 + 1),
                  f"larger than {MAX_BYTES // 1024} KB"),
    "binary junk": (bytes(range(256)) * 64, "not UTF-8 text"),
    "wrong encoding": ((HEAD + '[[questions]]\nid = "é"\n').encode("utf-16"), "not UTF-8 text"),
    "latin-1": ((HEAD + 'title = "Réunion"\n').encode("latin-1"), "not UTF-8 text"),
    "NUL in TOML": (HEAD.encode() + b"\x00\n", "not valid TOML"),
}


def post_file(client, url: str, content: bytes):
    return client.post(url, data={"csrf_token": csrf_token(client, "/quiz/new"),
                                  "file": (io.BytesIO(content), "quiz.toml")},
                       content_type="multipart/form-data")


@pytest.fixture
def owner_url(client):
    return make_quiz(client, count="2").headers["Location"]


def listed_problems(html: str) -> list[str]:
    return re.findall(r"<li><code>(.*?)</code></li>", html, re.S)


@pytest.mark.parametrize("route", ["new", "owner"])
@pytest.mark.parametrize("case", list(PATHOLOGICAL))
def test_a_pathological_file_is_a_clear_400_and_nothing_changes(app, client, owner_url, route,
                                                                 case):
    content, message = PATHOLOGICAL[case]
    url = "/quiz/new/import" if route == "new" else owner_url + "/import"
    before = client.get(owner_url).get_data(as_text=True)
    response = post_file(client, url, content)
    html = response.get_data(as_text=True)
    assert response.status_code == 400, html[-2000:]
    assert any(message in p for p in listed_problems(html)), listed_problems(html)
    assert len(response.data) < len(before) + 20_000  # the page, not a wall of problems
    assert client.get(owner_url).get_data(as_text=True).count("<h3") == before.count("<h3")
    with app.app_context():
        assert len(quizzes.shared(owner=owner_url.rsplit("/", 1)[1]).questions) == 2


@pytest.mark.parametrize("route", ["new", "owner"])
def test_a_file_with_thousands_of_problems_lists_the_first_few_and_counts_the_rest(
        client, owner_url, route):
    questions = "".join(f"[[questions]]\nid = 'q{i}'\n" + "".join(
        f"junk{k} = 1\n" for k in range(100)) for i in range(quizzes.MAX_QUESTIONS))
    url = "/quiz/new/import" if route == "new" else owner_url + "/import"
    response = post_file(client, url, (HEAD + questions).encode())
    problems = listed_problems(response.get_data(as_text=True))
    assert response.status_code == 400
    assert len(problems) == MAX_LISTED + 1
    assert re.search(r"and [0-9,]+ more problems", problems[-1]), problems[-1]
    assert any("line 5: questions[0].junk0: unknown field" in p for p in problems), problems


def test_a_real_fifty_question_quiz_goes_out_and_comes_back(client):
    """A quiz at the question cap, exported, is under the size cap and imports again."""
    made = make_quiz(client, count=str(quizzes.MAX_QUESTIONS), tier="3", source="mixed")
    exported = client.get(made.headers["Location"] + "/quiz.toml").data
    assert len(exported) < MAX_BYTES
    response = post_file(client, "/quiz/new/import", exported)
    assert response.status_code == 303, response.get_data(as_text=True)[-3000:]


@pytest.mark.parametrize("route", ["new", "owner"])
def test_a_request_far_past_the_file_cap_is_a_413_that_says_so(app, client, owner_url, route):
    url = "/quiz/new/import" if route == "new" else owner_url + "/import"
    response = post_file(client, url, b"# padding\n" * (MAX_BYTES // 2))  # 5 x the file cap
    html = response.get_data(as_text=True)
    assert response.status_code == 413
    assert f"A quiz file is at most {MAX_BYTES // 1024} KB" in html
    with app.app_context():
        assert len(quizzes.shared(owner=owner_url.rsplit("/", 1)[1]).questions) == 2


def test_other_forms_keep_the_small_request_cap(client):
    response = client.post("/class/new", data={"lesson": "x" * 100_000})
    assert response.status_code == 413 and "A quiz file" not in response.get_data(as_text=True)
