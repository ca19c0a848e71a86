"""A judge builds a quiz at its owner link: bank, generated and sandbox-board questions, order,
settings and timer; a quiz file out and back in (a bad one gets every problem with its line);
questions locked once taken. Takers never reach any of it."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.conftest import csrf_token
from webapp.content.questions import default_bank, resolve
from webapp.services import quizzes
from webapp.services.database import db
from webapp.services.models import QuizAttempt
from webapp.views.sandbox.board import default_board, encode

from .test_quiz import attempt_of, links, make_quiz, right_answer, start


@pytest.fixture
def judge(app):
    return app.test_client()


@pytest.fixture
def owner_url(judge):
    return make_quiz(judge, count="2").headers["Location"]


def quiz_at(app, owner_url):
    with app.app_context():
        return quizzes.shared(owner=owner_url.rsplit("/", 1)[1])


def post(client, url, **fields):
    return client.post(url, data={"csrf_token": csrf_token(client, "/quiz/new"), **fields})


def sandbox_link(split=None) -> str:
    board = default_board()
    board["assignment"] = {"a1": split or {"b1": 2, "b2": 2, "b3": 2, "player": 2}}
    return f"http://127.0.0.1:8000/sandbox?b={encode(board)}"


# --- bad input first -------------------------------------------------------------------------------


@pytest.mark.parametrize("fields, message", [
    ({"op": "bank", "ids": "no-such-question"}, "Tick the bank questions to add."),
    ({"op": "bank"}, "Tick the bank questions to add."),
    ({"op": "gen", "tier": "4", "count": "2"}, "Choose a tier and how many"),
    ({"op": "gen", "tier": "1", "count": "26"}, "Choose a tier and how many"),
    ({"op": "remove:9"}, "isn’t one this page offers"),
    ({"op": "drop table"}, "isn’t one this page offers")])
def test_a_change_the_page_does_not_offer_is_a_400_that_says_why(app, judge, owner_url, fields,
                                                                  message):
    before = quiz_at(app, owner_url).questions
    response = post(judge, owner_url + "/questions", **fields)
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    assert quiz_at(app, owner_url).questions == before


@pytest.mark.parametrize("link", ["", "https://example.com/", "/sandbox?b=2garbage",
                                  "/sandbox?b=1" + "A" * 50, "x" * 5000])
def test_a_bad_sandbox_link_is_a_400_that_says_where_to_find_one(app, judge, owner_url, link):
    response = post(judge, owner_url + "/board", link=link, type="number", tier="1")
    assert response.status_code == 400
    assert "Link to this board" in response.get_data(as_text=True)
    assert len(quiz_at(app, owner_url).questions) == 2


def test_a_board_that_cannot_carry_the_type_says_so(app, judge, owner_url):
    board = default_board()
    board["attackers"][0].update(name="Beast token", abilities=[])  # no trample: nothing
    # ever reaches the player
    response = post(judge, owner_url + "/board", type="assign", tier="1",
                    link=f"/sandbox?b={encode(board)}")
    assert response.status_code == 400 and "can’t make that kind of question" in \
        response.get_data(as_text=True)
    assert len(quiz_at(app, owner_url).questions) == 2


def test_every_problem_of_a_bad_quiz_file_is_listed_with_its_line(app, judge, owner_url):
    good = judge.get(owner_url + "/quiz.toml").get_data(as_text=True)
    bad = good.replace("pass_mark = 70", "pass_mark = 700").replace("tier = 2", "tier = 9", 1)
    response = judge.post("/quiz/new/import", data={
        "csrf_token": csrf_token(judge, "/quiz/new"), "file": (_file(bad), "mine.toml")},
        content_type="multipart/form-data")
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    pass_line = bad.splitlines().index("pass_mark = 700") + 1
    tier_line = bad.splitlines().index("tier = 9") + 1
    assert f"mine.toml: line {pass_line}: pass_mark" in html
    assert f"mine.toml: line {tier_line}: questions[0].tier" in html


@pytest.mark.parametrize("content, message", [
    (b"", "Choose a quiz file"), (b"\xff\xfe\x00", "is not UTF-8 text"),
    (b"title = 'x'\n[[questions]\n", "line 2: not valid TOML"),
    (b"schema_version = 1\ntitle = 'x'\n", "questions: is required")])
def test_unreadable_files_are_refused_and_nothing_is_made(app, judge, content, message):
    response = judge.post("/quiz/new/import", data={
        "csrf_token": csrf_token(judge, "/quiz/new"), "file": (_file(content), "q.toml")},
        content_type="multipart/form-data")
    assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_a_file_whose_key_is_wrong_is_refused_with_what_the_core_says(app, judge, owner_url):
    judge_adds_bank_question(judge, owner_url, "t1-hurt-bears-most")
    text = judge.get(owner_url + "/quiz.toml").get_data(as_text=True)
    response = post_file(judge, owner_url + "/import", text.replace("answer = 3", "answer = 5"))
    assert response.status_code == 400
    assert "t1-hurt-bears-most: answer is 5 but the rules core says 3" in \
        response.get_data(as_text=True)


def test_authoring_needs_csrf_and_the_owner_link(app, judge, owner_url):
    take, _ = links(judge, owner_url)
    assert judge.post(owner_url + "/questions", data={"op": "remove:1"}).status_code == 400
    other = take.replace("/t/", "/o/")
    for path in ("/questions", "/board", "/import", "/settings", "/copy", "/quiz.toml"):
        method = judge.get if path.endswith(".toml") else lambda u: post(judge, u, op="remove:1")
        assert method(other + path).status_code == 404


def test_the_timer_setting_is_checked(app, judge, owner_url):
    response = post(judge, owner_url + "/settings", title="T", mode="exam", pass_mark="70",
                    minutes="-3")
    assert response.status_code == 400 and "whole number of minutes" in \
        response.get_data(as_text=True)
    assert start(judge, mode="exam", minutes="999").status_code == 400


# --- what a judge does ------------------------------------------------------------------------------


def judge_adds_bank_question(judge, owner_url, qid):
    response = post(judge, owner_url + "/questions", op="bank", ids=qid)
    assert response.status_code == 303, response.get_data(as_text=True)


def test_a_judge_adds_bank_generated_and_board_questions_and_orders_them(app, judge, owner_url):
    page = judge.get(owner_url + "?tier=1").get_data(as_text=True)
    assert 'value="t1-hurt-bears-most"' in page  # the bank's tier 1 questions, to tick
    judge_adds_bank_question(judge, owner_url, "t1-hurt-bears-most")
    assert post(judge, owner_url + "/questions", op="gen", tier="3", count="2").status_code == 303
    added = post(judge, owner_url + "/board", link=sandbox_link(), type="legal", tier="2")
    assert added.status_code == 303
    refs = quiz_at(app, owner_url).questions
    assert len(refs) == 6 and refs[2] == {"bank": "t1-hurt-bears-most"}
    own = resolve(refs[5])
    assert own["type"] == "legal" and own["answer"] is True and own["source"] == "own"
    page = judge.get(owner_url).get_data(as_text=True)
    assert "2 to Grizzly Bears" in page  # the judged split, in words, with its key
    post(judge, owner_url + "/questions", op="up:6")
    post(judge, owner_url + "/questions", op="remove:1")
    refs = quiz_at(app, owner_url).questions
    assert len(refs) == 5 and refs[3]["own"]["type"] == "legal"
    bank_row = judge.get(owner_url + "?tier=1").get_data(as_text=True)
    assert 'value="t1-hurt-bears-most"' not in bank_row  # already in the quiz


@pytest.mark.parametrize("kind, answer", [("number", 2), ("assign", 2), ("legal", True)])
def test_a_sandbox_board_becomes_a_question_keyed_by_the_core(app, judge, owner_url, kind,
                                                              answer):
    assert post(judge, owner_url + "/board", link=sandbox_link(), type=kind,
                tier="1").status_code == 303
    q = resolve(quiz_at(app, owner_url).questions[-1])
    assert q["type"] == kind and q["answer"] == answer  # Force of Nature: 2 reach the player


def test_questions_and_mode_lock_once_taken_then_a_copy_is_editable(app, judge, owner_url):
    assert post(judge, owner_url + "/settings", title="Candidates", mode="practice",
                pass_mark="80", minutes="20").status_code == 303
    quiz = quiz_at(app, owner_url)
    assert (quiz.title, quiz.mode, quiz.pass_mark, quiz.time_limit) == \
        ("Candidates", "practice", 80, 20)
    take, _ = links(judge, owner_url)
    taker = app.test_client()
    taker.post(take, data={"csrf_token": csrf_token(taker, take), "name": "Ana"})
    locked = post(judge, owner_url + "/questions", op="remove:1")
    assert locked.status_code == 409 and "locked" in locked.get_data(as_text=True)
    assert post(judge, owner_url + "/settings", title="X", mode="exam",
                pass_mark="10").status_code == 409  # the mode is fixed (test_quiz_owner.py)
    assert len(quiz_at(app, owner_url).questions) == 2
    copy = post(judge, owner_url + "/copy")
    assert copy.status_code == 303 and copy.headers["Location"] != owner_url
    copied = quiz_at(app, copy.headers["Location"])
    assert copied.title == "Copy of Candidates" and copied.questions == quiz.questions
    assert post(judge, copy.headers["Location"] + "/questions", op="remove:1").status_code == 303


def test_a_quiz_goes_out_as_a_file_and_comes_back_as_the_same_quiz(app, judge, owner_url):
    judge_adds_bank_question(judge, owner_url, "t1-protection-lethal-one")
    post(judge, owner_url + "/board", link=sandbox_link(), type="assign", tier="1")
    post(judge, owner_url + "/settings", title="Round trip", mode="exam", pass_mark="75",
         minutes="15")
    exported = judge.get(owner_url + "/quiz.toml")
    assert exported.status_code == 200 and exported.mimetype == "application/toml"
    made = post_file(judge, "/quiz/new/import", exported.get_data(as_text=True))
    assert made.status_code == 303
    before, after = quiz_at(app, owner_url), quiz_at(app, made.headers["Location"])
    assert (after.title, after.mode, after.pass_mark, after.time_limit) == \
        ("Round trip", "exam", 75, 15)
    old, new = map(resolve, before.questions), map(resolve, after.questions)
    for a, b in zip(old, new, strict=True):
        assert (a["type"], a["prompt"], a["answer"], a["rules"]) == \
            (b["type"], b["prompt"], b["answer"], b["rules"])


def test_text_a_judge_wrote_is_escaped_everywhere(app, judge, owner_url):
    text = judge.get(owner_url + "/quiz.toml").get_data(as_text=True)
    hostile = re.sub(r'prompt = "', 'prompt = "<script>alert(1)</script>', text, count=1)
    hostile = hostile.replace('title = "Judge night"', 'title = "<img src=x onerror=alert(1)>"')
    made = post_file(judge, "/quiz/new/import", hostile)
    html = judge.get(made.headers["Location"]).get_data(as_text=True)
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)" in html
    assert "<img src=x" not in html


def test_an_exam_timer_shows_the_time_left_and_late_answers_do_not_count(app, client):
    response = start(client, mode="exam", count="2", minutes="10")
    attempt = attempt_of(app, response)
    assert attempt.time_limit == 10
    page = client.get(f"/quiz/a/{attempt.token}/1").get_data(as_text=True)
    # The server's seconds, not a deadline a wrong phone clock would misread (issue 19).
    assert "Time left:" in page and "10:00" in page and 'data-seconds-left="600"' in page
    with app.app_context():  # the exam started 11 minutes ago
        row = db.session.query(QuizAttempt).filter_by(token=attempt.token).one()
        row.created_at = row.created_at - timedelta(minutes=11)
        db.session.commit()
    q = resolve(attempt.questions[0])
    late = client.post(f"/quiz/a/{attempt.token}/1", data={
        "csrf_token": csrf_token(client, "/quiz"), **right_answer(q)})
    assert late.status_code == 303 and late.headers["Location"].endswith("/review?late=1")
    review = client.get(late.headers["Location"]).get_data(as_text=True)
    assert "more than 30 seconds after the time was up" in review and "0 of 2 right" in review
    with app.app_context():
        assert quizzes.get(attempt.token).answers == {}


def test_no_timer_by_default_and_practice_never_has_one(app, client):
    assert attempt_of(app, start(client, mode="exam", count="1")).time_limit is None
    assert attempt_of(app, start(client, mode="practice", count="1", minutes="5")).time_limit \
        is None
    page = client.get("/quiz").get_data(as_text=True)
    assert "Leave it empty for no timer" in page


def test_a_solo_quiz_can_come_from_the_bank_and_says_when_it_has_too_few(app, client):
    tier1 = len(default_bank().of_tier(1))
    attempt = attempt_of(app, start(client, tier="1", count=str(tier1), source="bank"))
    assert sorted(r["bank"] for r in attempt.questions) == sorted(q.id for q in default_bank().of_tier(1))
    too_many = start(client, tier="1", count=str(tier1 + 1), source="bank")
    assert too_many.status_code == 400
    assert f"The bank has {tier1} questions of tier 1" in too_many.get_data(as_text=True)
    mixed = attempt_of(app, start(client, tier="1", count="4", source="mixed"))
    assert {"bank", "gen"} == {next(iter(r)) for r in mixed.questions}
    assert start(client, source="everything").status_code == 400


def _file(content):
    import io
    return io.BytesIO(content if isinstance(content, bytes) else content.encode())


def post_file(client, url, text):
    return client.post(url, data={"csrf_token": csrf_token(client, "/quiz/new"),
                                  "file": (_file(text), "quiz.toml")},
                       content_type="multipart/form-data")


def test_a_judge_who_opens_the_page_and_saves_gets_a_quiz(app, judge):
    """What a real judge does: open /quiz/new (a random seed in the form) and save."""
    page = judge.get("/quiz/new").get_data(as_text=True)
    seed = re.search(r'name="seed" value="(\d+)"', page).group(1)
    saved = post(judge, "/quiz/new", title="Judge night", seed=seed, op="save")
    assert saved.status_code == 303 and "/quiz/o/" in saved.headers["Location"]
    saved = post(judge, "/quiz/new", title="Judge night", seed=str(2**31 - 1), op="save")
    assert saved.status_code == 303


def test_a_question_about_no_board_answers_bad_input_with_a_400(app, client):
    """Bank questions like "who chooses with banding" have no board: junk still gets a 400."""
    boardless = [q.id for q in default_bank().questions if q.board is None]
    assert boardless
    judge = app.test_client()
    owner_url = make_quiz(judge, count="1").headers["Location"]
    post(judge, owner_url + "/questions", op="bank", ids=boardless[0])
    post(judge, owner_url + "/questions", op="remove:1")
    take, _ = links(judge, owner_url)
    started = client.post(take, data={"csrf_token": csrf_token(client, take), "name": "Ana"})
    url = started.headers["Location"]
    for fields in ({"option": "nope", "dmg:a1:b1": "2"}, {"op": "step:a1:b1:1"}):
        response = client.post(url, data={"csrf_token": csrf_token(client, "/quiz"), **fields})
        assert response.status_code == 400 or response.status_code == 200
        assert b"Traceback" not in response.data


def test_a_sandbox_board_keeps_zilortha_and_names_look_alikes_as_its_sliders_do(app, judge,
                                                                               owner_url):
    """The question is about the board the judge built: Zilortha on the defending side keys it
    (a 0-power wall token dies to 1), and the three look-alike blockers it shows are numbered in
    the question's words as on its sliders."""
    editor = default_board()
    editor["effects"] = ["zilortha_defending"]
    editor["blockers"][0].update(name="Wall token", power=0)
    assert post(judge, owner_url + "/board", link=f"/sandbox?b={encode(editor)}", type="assign",
                tier="1").status_code == 303
    q = resolve(quiz_at(app, owner_url).questions[-1])
    assert q["board"]["lethal_by_power"] == ["defending"]
    assert q["answer"] == 8 - 1 - 2 - 2  # not 8 - 2 - 2 - 2: by power, the token's lethal is 1
    take, _ = links(judge, owner_url)
    taker = app.test_client()
    started = taker.post(take, data={"csrf_token": csrf_token(taker, take), "name": "Ana"})
    attempt = started.headers["Location"].rsplit("/", 1)[0]
    page = taker.get(f"{attempt}/3").get_data(as_text=True)
    assert "blocked by Wall token, Grizzly Bears 1, and Grizzly Bears 2." in page
    assert "Zilortha" in page
    assert re.search(r'<label class="row-label" for="[^"]+">To Grizzly Bears 2</label>', page)
