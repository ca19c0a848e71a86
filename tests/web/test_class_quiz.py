"""A class on a shared quiz: the host pastes the quiz's link at /class/new, then paces its questions
as a lesson's steps; learners answer on their phones with the quiz's own question markup."""

from __future__ import annotations

import re

import pytest

from webapp.services import quizzes
from webapp.services.models import ClassResult

from tests.conftest import isolated_app
from tests.web.test_class import (HX, Learner, answered, assert_follows_with_notice, read_results, text,
                                  token_of)

# One of each question type from the bank (keys: see the bank files).
NUMBER = "t1-hurt-bears-most"             # the answer: 3
LEGAL = "t1-deathtouch-two-walls-legal"   # legal
ONE = "t1-protection-lethal-one"          # "three"
ASSIGN = "t1-bears-die-most-assign"       # a1 (5 power, trample) blocked by b1 (Wall of Wood
                                          # 0/3) and b2 (Grizzly Bears 2/2)
RULE = "t1-marked-giant-rule"             # "lethal-first"
MANY = "t1-wurm-bears-giant-many"         # ["all-on-bears", "extra-on-giant", "lethal-then-two"]
QUESTIONS = [NUMBER, LEGAL, ONE, ASSIGN, RULE, MANY]
RIGHT_SPLIT = {"dmg:a1:b1": "2", "dmg:a1:b2": "3", "dmg:a1:player": "0"}  # only the Bears die
ILLEGAL_SPLIT = {"dmg:a1:b1": "0", "dmg:a1:b2": "2", "dmg:a1:player": "3"}  # 702.19b


def make_quiz(app, ids=QUESTIONS, title="Tuesday trample quiz", **settings) -> quizzes.Shared:
    with app.app_context():
        return quizzes.create(title, [{"bank": i} for i in ids], settings.get("mode", "practice"),
                              70, settings.get("time_limit"))


class QuizHost:
    """A host's browser that starts a class on a shared quiz."""

    def __init__(self, app, link: str, **more):
        self.client = app.test_client()
        self.csrf = token_of(self.client.get("/class/new").get_data(as_text=True))
        response = self.new(link, **more)
        assert response.status_code == 303, response.get_data(as_text=True)
        self.url = response.location
        self.code = re.search(r'class="code">(\w+)<', self.page()).group(1)

    def new(self, link: str, lesson: str = "force-of-nature", **more):
        return self.client.post("/class/new", data={"csrf_token": self.csrf, "lesson": lesson,
                                                    "quiz": link, **more})

    def page(self, path="") -> str:
        response = self.client.get(self.url + path, follow_redirects=True)
        assert response.status_code == 200, response.status_code
        return re.sub(r"\s+", " ", response.get_data(as_text=True))

    def post(self, path, **data):
        return self.client.post(self.url + path, data={"csrf_token": self.csrf, **data})

    def go(self, number: int):
        if 'name="op" value="start"' in self.page():
            assert self.post("/move", op="start").status_code == 303
        assert self.post("/move", op="go", step=str(number)).status_code == 303


class QuizLearner(Learner):
    def send(self, n: int, fields: dict, **headers):
        return self.client.post(f"/class/{self.code}/answer", headers=headers,
                                data={"csrf_token": self.csrf, "step": f"q{n}", **fields})

    def move(self, n: int, fields: dict, **headers):
        return self.client.post(f"/class/{self.code}/live", headers={**HX, **headers},
                                data={"csrf_token": self.csrf, "step": f"q{n}", **fields})


@pytest.fixture
def quiz(app):
    return make_quiz(app)


@pytest.fixture
def host(app, quiz):
    return QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}")


def stored(app) -> list:
    with app.app_context():
        from webapp.services import db
        return db.session.query(ClassResult).all()


# --- bad input first ----------------------------------------------------------------------------


@pytest.mark.parametrize("link", ["http://localhost/quiz/t/" + "x" * 43, "nonsense",
                                  "https://example.com/quiz/t/short", "<script>alert(1)</script>"])
def test_an_unknown_quiz_link_is_refused_clearly_and_the_form_keeps_what_was_typed(app, link):
    client = app.test_client()
    csrf = token_of(client.get("/class/new").get_data(as_text=True))
    response = client.post("/class/new", data={"csrf_token": csrf, "lesson": "force-of-nature",
                                               "quiz": link})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "No shared quiz has that link" in page
    assert "<script>alert" not in page
    field = re.search(r'<input type="text" id="quiz-link" name="quiz" value="([^"]*)"', page)
    assert field and field.group(1).replace("&lt;", "<").replace("&gt;", ">") == link
    assert re.search(r'value="force-of-nature" checked', page)  # the lesson choice stays too


def test_the_owner_link_as_a_url_a_path_or_its_bare_token_finds_the_quiz(app, quiz):
    for link in (f"http://192.168.1.5:8000/quiz/o/{quiz.owner_token}", quiz.owner_token,
                 f"/quiz/o/{quiz.owner_token}"):
        host = QuizHost(app, link)
        assert "Tuesday trample quiz" in host.page()


def test_a_quiz_without_questions_cannot_run_a_class(app):
    empty = make_quiz(app, ids=[])
    client = app.test_client()
    csrf = token_of(client.get("/class/new").get_data(as_text=True))
    response = client.post("/class/new", data={"csrf_token": csrf, "quiz": empty.owner_token})
    assert response.status_code == 400
    assert "no questions" in response.get_data(as_text=True)


def test_an_answer_for_a_question_the_class_is_not_on_is_not_stored(app, host):
    ana = QuizLearner(app, host.code, "Ana")
    host.go(1)
    response = ana.send(2, {"verdict": "legal"})
    assert response.status_code == 303 and response.location.endswith(f"/class/{host.code}/play")
    assert_follows_with_notice(ana.send(2, {"verdict": "legal"}, **HX), "Question 1 of")
    assert_follows_with_notice(ana.move(4, RIGHT_SPLIT), "Question 1 of")
    assert stored(app) == []


def test_answers_before_the_start_are_not_stored(app, host):
    ana = QuizLearner(app, host.code, "Ana")
    assert ana.send(1, {"amount": "3"}).status_code == 303
    assert stored(app) == []


@pytest.mark.parametrize("number, fields", [
    (3, {"option": "seven"}), (3, {}), (6, {"option": ["all-on-bears", "nope"]}),
    (5, {"option": "<b>x</b>"}), (1, {"amount": "-1"}), (1, {"amount": "three"}),
    (2, {"verdict": "maybe"})])
def test_bad_answers_are_a_400_with_a_reason_and_store_nothing(app, host, number, fields):
    ana = QuizLearner(app, host.code, "Ana")
    host.go(number)
    response = ana.send(number, fields)
    assert response.status_code == 400
    assert "That answer couldn’t be read" in response.get_data(as_text=True)
    assert "<b>x</b>" not in response.get_data(as_text=True)
    assert stored(app) == []


@pytest.mark.parametrize("fields, reason", [
    ({"dmg:a1:b1": "x", "dmg:a1:b2": "2", "dmg:a1:player": "3"}, "isn’t a whole number"),
    ({"dmg:a1:b1": "-2", "dmg:a1:b2": "2", "dmg:a1:player": "3"}, "isn’t a whole number"),
    ({"dmg:a1:b1": "1000", "dmg:a1:b2": "2"}, "isn’t a whole number"),
    ({"dmg:zz:b1": "1", "dmg:a1:b2": "2"}, "a slider this board doesn’t have (dmg:zz:b1)"),
    ({"dmg:a1:nobody": "1"}, "a slider this board doesn’t have (dmg:a1:nobody)"),
    ({"dmg:a1": "1"}, "a slider this board doesn’t have (dmg:a1)"),
    ({}, "Move the sliders")])
def test_malformed_splits_are_refused_on_answer_and_on_a_live_move(app, host, fields, reason):
    """Slider fields are read as on every surface (issue 20); a live move with no field shows
    the sliders at 0, as everywhere, but an answer that moved none is refused."""
    ana = QuizLearner(app, host.code, "Ana")
    host.go(4)
    response = ana.send(4, fields)
    assert response.status_code == 400
    assert reason in response.get_data(as_text=True)
    live = ana.move(4, fields)
    if fields:
        assert live.status_code == 400 and reason in live.get_data(as_text=True)
    else:
        assert live.status_code == 200
    assert stored(app) == []


def test_a_live_move_on_a_question_without_sliders_is_a_404(app, host):
    ana = QuizLearner(app, host.code, "Ana")
    host.go(1)
    assert ana.move(1, RIGHT_SPLIT).status_code == 404


def test_the_review_page_needs_a_seat_and_an_ended_class(app, host):
    stranger = app.test_client()
    assert stranger.get(f"/class/{host.code}/review").status_code == 302
    ana = QuizLearner(app, host.code, "Ana")
    response = ana.client.get(f"/class/{host.code}/review")
    assert response.status_code == 303  # not over yet: back to the class


# --- the whole class ------------------------------------------------------------------------------


def test_learners_see_the_quizs_own_question_markup_without_its_timer(app):
    timed = make_quiz(app, time_limit=5)
    host = QuizHost(app, timed.owner_token)
    ana = QuizLearner(app, host.code, "Ana")
    host.go(4)
    page = text(ana.play())
    assert 'class="lesson-step quiz-q"' in page and "Question 4 of 6" in page
    assert 'role="slider"' in page or 'type="range"' in page
    assert f'hx-post="/class/{host.code}/live?q=' in page  # the question's own signed facts
    assert f'action="/class/{host.code}/answer"' in page
    assert 'name="step" value="q4"' in page
    assert "Time left" not in page


def test_a_slider_move_gets_the_live_verdict_and_stores_nothing(app, host):
    ana = QuizLearner(app, host.code, "Ana")
    host.go(4)
    response = ana.move(4, ILLEGAL_SPLIT)
    assert response.status_code == 200
    body = text(response)
    assert "702.19b" in body and "<html" not in body
    assert stored(app) == []
    # it changes nothing, so like every live answer it needs no CSRF token: the same answer
    bare = ana.client.post(f"/class/{host.code}/live", headers=HX,
                           data={"step": "q4", **ILLEGAL_SPLIT})
    assert bare.status_code == 200 and text(bare) == body and stored(app) == []


def test_minus_plus_without_javascript_moves_one_slider(app, host):
    ana = QuizLearner(app, host.code, "Ana")
    host.go(4)
    response = ana.send(4, {"dmg:a1:b1": "2", "dmg:a1:b2": "2", "dmg:a1:player": "0",
                            "op": "step:a1:player:1"})
    assert response.status_code == 200
    assert re.search(r'name="dmg:a1:player"[^>]*value="1"', response.get_data(as_text=True))
    assert stored(app) == []


def answer_everything(app, host):
    """Ana gets every question right (the split on her second try); Bo gets them all wrong; Cy
    tries three illegal splits in a row and answers nothing else."""
    ana, bo, cy = (QuizLearner(app, host.code, n) for n in ("Ana", "Bo", "Cy"))
    answers = {1: ({"amount": "3"}, {"amount": "5"}), 2: ({"verdict": "legal"},
                                                          {"verdict": "illegal"}),
               3: ({"option": "three"}, {"option": "zero"}),
               5: ({"option": "lethal-first"}, {"option": "blocking"}),
               6: ({"option": ["all-on-bears", "extra-on-giant", "lethal-then-two"]},
                   {"option": ["all-on-bears", "eight-damage"]})}
    for n in range(1, 7):
        host.go(n)
        if n == 4:
            assert ana.send(4, ILLEGAL_SPLIT).status_code == 303
            assert ana.send(4, RIGHT_SPLIT).status_code == 303
            assert bo.send(4, ILLEGAL_SPLIT).status_code == 303
            for _ in range(3):
                assert cy.send(4, ILLEGAL_SPLIT).status_code == 303
            yield n, (ana, bo, cy)
            continue
        right, wrong = answers[n]
        assert ana.send(n, right).status_code == 303
        assert bo.send(n, wrong).status_code == 303
        yield n, (ana, bo, cy)


def test_a_host_runs_a_quiz_and_the_overview_counts_every_question(app, host):
    seen = {}
    for n, (ana, bo, cy) in answer_everything(app, host):
        seen[n] = host.page("/room")
        if n == 1:
            assert "Right!" in text(ana.play()) and "Not quite" in text(bo.play())
            assert 'value="3"' in ana.play().get_data(as_text=True)
        if n == 4:
            projector = host.page("/projector")
    one, assign, many = seen[3], seen[4], seen[6]
    assert re.search(r"<dt>Answered</dt><dd>2</dd>.*<dt>First answers</dt><dd>1 right of 2</dd>",
                     one)
    # Choice questions: how many chose each option, the right one marked for the host.
    assert re.search(r"1 player:</span> <span[^>]*>3</span> <span class=\"tag ok\">", one) \
        or re.search(r"1 player:</span> <span>3</span> <span class=\"tag ok\">", one)
    assert "What the room chose" in many and "2 players:</span>" in many  # both chose one
    # The assign question: legal vs illegal, mistakes grouped by the core's code, the heat strip
    # and who is stuck.
    assert re.search(r"<dt>Answered</dt><dd>3</dd>.*<dt>First answers</dt><dd>0 right of 3</dd>"
                     r".*<dt>Right after retries</dt><dd>1</dd>", assign)
    assert "<dt>Legal splits</dt><dd>1</dd>" in assign
    assert "<dt>Illegal splits</dt><dd>2</dd>" in assign
    assert "2 players:</span> damage to the player before every blocker had lethal" in assign
    assert "702.19b" in assign
    assert "Where the room put its damage" in assign
    stuck = re.search(r'class="stuck">(.*?)</p>', assign).group(1)
    assert "Cy" in stuck and "Ana" not in stuck and "Bo" not in stuck
    for name in ("Ana", "Bo", "Cy"):  # the projector names nobody
        assert not re.search(rf"\b{name}\b", projector.split("<main", 1)[-1])


def test_reveal_projects_the_key_and_why_and_a_mistake_explained(app, host):
    for n, _ in answer_everything(app, host):
        if n == 3:
            hidden = host.page("/projector")
            assert 'class="pick-count"' not in hidden and 'class="tag ok"' not in hidden
            assert host.post("/results", shown="1").status_code == 303
            picks_before = host.page("/projector")
            assert 'class="pick-count">1 player<' in picks_before
            assert 'class="tag ok"' not in picks_before
            assert host.post("/show", what="answer").status_code == 303
            shown = host.page("/projector")
            assert "The answer:" in shown and "Why" in shown and 'class="tag ok"' in shown
            assert 'class="wall-prompt"' in shown  # the question stays with its key
        if n == 4:
            assert host.post("/show", what="mistake:player_before_lethal").status_code == 303
            shown = host.page("/projector")
            assert "A mistake the room makes" in shown and "702.19b" in shown
            assert host.post("/show", what="answer").status_code == 303
            shown = host.page("/projector")
            assert "a legal split that sends 0" in shown and "For example:" in shown
            break


def test_the_end_summary_csv_and_review_links(app, host):
    learners = None
    for _, learners in answer_everything(app, host):
        pass
    ana, bo, cy = learners
    assert host.post("/move", op="end", confirmed="1").status_code == 303
    page = host.page()
    assert "How the room did, question by question" in page and "questions they missed" in page
    assert re.search(r"6\. [^<]+</th><td>2</td> <td>50%</td> <td>50%</td>", page)
    response = host.client.get(host.url + "/results.csv")
    before, rows = read_results(response)
    assert before[0] == ["Quiz", "Tuesday trample quiz"]
    assert "Tuesday-trample-quiz-" in response.headers["Content-Disposition"]
    assert {(r["Player"], r["Question"], r["Tries"], r["Right in the end"]) for r in rows} >= {
        ("Ana", "4", "2", "yes"), ("Bo", "4", "1", "no"), ("Cy", "4", "3", "no"),
        ("Ana", "1", "1", "yes"), ("Bo", "6", "1", "no"), ("Cy", "1", "0", "")}
    # Every player (Cy answered one question) on every question, in order, with words.
    assert [(r["Player"], r["Question"]) for r in rows] == [
        (p, str(n)) for p in ("Ana", "Bo", "Cy") for n in range(1, 7)]
    by = {(r["Player"], r["Question"]): r for r in rows}
    assert by["Ana", "4"]["First answer"].endswith("3 to the defending player")
    assert by["Ana", "4"]["Last answer"].endswith("0 to the defending player") or \
        "defending player" not in by["Ana", "4"]["Last answer"]
    assert by["Ana", "2"]["First answer"] == "Legal"
    assert by["Bo", "2"]["First answer"] == "Not legal"
    assert by["Ana", "1"]["First answer"] == "3"
    assert by["Ana", "6"]["First answer"].count("; ") == 2  # three options, in their words
    assert all("{" not in r["First answer"] and "all-on-bears" not in r["First answer"]
               for r in rows)
    assert {r["Title"] for r in rows if r["Question"] == "4"} == {rows[3]["Title"]} and \
        rows[3]["Title"]
    assert {(r["Total right first try"], r["Total answered"], r["Total asked"]) for r in rows
            if r["Player"] == "Ana"} == {("5", "6", "6")}
    assert {(r["Total right first try"], r["Total answered"]) for r in rows
            if r["Player"] == "Cy"} == {("0", "1")}

    assert "You got every question right" in text(ana.play())
    bo_end = text(bo.play())
    assert bo_end.count(f"/class/{host.code}/review#q-") == 6
    review = text(bo.client.get(f"/class/{host.code}/review"))
    assert review.count('class="lesson-step"') == 6
    assert "Your answer:</strong> 5" in review and "The answer:</strong> 3" in review
    assert "<h3>Why</h3>" in review
    cy_review = text(cy.client.get(f"/class/{host.code}/review"))
    assert "not answered" in cy_review and 'id="q-4"' in cy_review
    assert "You got every question right" in text(ana.client.get(f"/class/{host.code}/review"))


def test_editing_the_quiz_later_does_not_change_the_class(app, quiz, host):
    with app.app_context():
        assert quizzes.edit(quiz.owner_token, questions=[{"bank": NUMBER}])
    host.go(6)
    assert "Question 6 of 6" in host.page()


def test_the_lesson_path_is_unchanged_by_a_quiz_field_left_empty(app):
    client = app.test_client()
    csrf = token_of(client.get("/class/new").get_data(as_text=True))
    response = client.post("/class/new", data={"csrf_token": csrf, "lesson": "force-of-nature",
                                               "quiz": "  "})
    assert response.status_code == 303
    assert "Force of Nature" in client.get(response.location).get_data(as_text=True)


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_quiz_class_page_speaks_the_players_language(app, quiz, lang):
    from tests.web.test_i18n_pages import english_fragments, main_part, visible_ui_text
    english = english_fragments(lang)
    host = QuizHost(app, quiz.owner_token)
    host.client.get(f"/class/new?lang={lang}")
    bad = host.new("https://example.com/nothing")  # the refusal, in the host's language
    pages = {"new": bad.get_data(as_text=True)}
    learners = None
    for n, learners in answer_everything(app, host):
        if n in (3, 4):
            learners[1].client.get(f"/class/{host.code}/play?lang={lang}")
            pages[f"play {n}"] = learners[1].play().get_data(as_text=True)
            pages[f"host {n}"] = host.page()
            host.post("/show", what="answer")
            pages[f"projector {n}"] = host.page("/projector")
    host.post("/move", op="end", confirmed="1")
    pages["summary"] = host.page()
    bo = learners[1]
    pages["end"] = bo.play().get_data(as_text=True)
    pages["review"] = bo.client.get(f"/class/{host.code}/review").get_data(as_text=True)
    left = {}
    for name, page in pages.items():
        assert f'<html lang="{lang}">' in page, name
        found = sorted(piece for piece in english if piece in visible_ui_text(page))
        found += re.findall(r'<(\w+)[^>]*\blang="en"[^>]*>([^<]{0,60})', main_part(page))
        if found:
            left[name] = found
    assert left == {}


def run_a_quiz_class_on_two_servers(one, two):
    shared = make_quiz(one, ids=[ONE, ASSIGN])
    host = QuizHost(one, shared.owner_token)
    ana = QuizLearner(two, host.code, "Ana")
    host.go(2)
    assert 'name="step" value="q2"' in ana.play().get_data(as_text=True)
    for _ in range(3):
        assert ana.send(2, ILLEGAL_SPLIT).status_code == 303
    assert "Stuck (3 wrong tries in a row):</strong> Ana" in host.page("/room")
    host.post("/move", op="end", confirmed="1")
    _, rows = read_results(host.client.get(host.url + "/results.csv"))
    assert [(r["Player"], r["Question"], r["Tries"]) for r in answered(rows)] == [
        ("Ana", "2", "3")]


def test_two_servers_on_one_sqlite_file_run_a_quiz_class_as_one(make_app):
    run_a_quiz_class_on_two_servers(make_app(), make_app())


@pytest.mark.postgres
def test_two_servers_on_one_postgresql_run_a_quiz_class_as_one(tmp_path, postgres_schema):
    url, _ = postgres_schema
    run_a_quiz_class_on_two_servers(isolated_app(tmp_path / "one", DATABASE_URL=url),
                                    isolated_app(tmp_path / "two", DATABASE_URL=url))


def test_a_hostile_quiz_title_is_escaped_on_every_class_page(app):
    shared = make_quiz(app, ids=[ONE], title="<script>alert(1)</script>")
    host = QuizHost(app, shared.owner_token)
    ana = QuizLearner(app, host.code, "Ana")
    pages = [host.page(), host.page("/projector"), ana.play().get_data(as_text=True)]
    host.go(1)
    pages += [host.page(), ana.play().get_data(as_text=True)]
    host.post("/move", op="end", confirmed="1")
    pages += [ana.client.get(f"/class/{host.code}/review").get_data(as_text=True)]
    for page in pages:
        assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page
    before, _ = read_results(host.client.get(host.url + "/results.csv"))
    assert before[0] == ["Quiz", "<script>alert(1)</script>"]  # a CSV cell, as typed


def test_migrating_0006_up_and_down_keeps_a_running_class_and_its_learners(app):
    from sqlalchemy import text as sql

    from webapp.services import classes, db, downgrade, upgrade

    def counts():
        with app.app_context():
            found = [db.session.execute(sql(f"select count(*) from {t}")).scalar()
                     for t in ("classes", "class_learners", "class_results")]
            db.session.remove()
            return found

    with app.app_context():
        room = classes.create("force-of-nature")
        seat = classes.join(room, "Ana")
        classes.record(room.id, seat.id, "split-d-practice", {}, correct=True, legal=True,
                       problems=[])
        db.session.remove()
    downgrade(app, "0005")
    assert counts() == [1, 1, 1]
    upgrade(app)
    assert counts() == [1, 1, 1]


# --- a drag reads the class as plain columns (classes.live_room): every refusal still holds --------


def test_a_drag_is_refused_as_before_to_strangers_removed_players_and_other_questions(app, host):
    ana, bo = QuizLearner(app, host.code, "Ana"), QuizLearner(app, host.code, "Bo")
    host.go(4)
    verdict = ana.move(4, ILLEGAL_SPLIT)
    assert verdict.status_code == 200 and "702.19b" in text(verdict)
    # a forged seat cookie is no seat
    seat = ana.client.get_cookie("class_seat").value
    ana.client.set_cookie("class_seat", seat[:-3] + ("abc" if seat[-3:] != "abc" else "xyz"))
    assert ana.move(4, ILLEGAL_SPLIT).status_code == 403
    ana.client.set_cookie("class_seat", seat)
    # a question the class has left: the page follows the class
    assert_follows_with_notice(ana.move(3, ILLEGAL_SPLIT), "Question 4 of")
    # a removed player gets the removed page, not the verdict kept for others
    learner_id = re.search(r'<option value="(\d+)">Bo</option>', host.page()).group(1)
    assert host.post("/remove", learner=learner_id).status_code == 303
    removed = bo.move(4, ILLEGAL_SPLIT)
    assert removed.status_code == 403 and "702.19b" not in text(removed)
    assert ana.move(4, ILLEGAL_SPLIT).get_data() == verdict.get_data()
    assert stored(app) == []


def test_with_one_answer_each_a_phone_gets_the_quizs_result_with_the_key(app, quiz):
    """A class on a quiz, one answer each: the phone shows, with the key, what the quiz's own
    page shows (views/feedback.py key_feedback): the number said against the most, the
    misreading, and for a split the rule it breaks."""
    host = QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}", answer_mode="one")
    ana = QuizLearner(app, host.code, "Ana")
    host.go(1)  # NUMBER: the most is 3; 1 forgets the marked damage
    assert ana.send(1, {"amount": "1"}).status_code == 303
    page = text(ana.play())
    assert "You said 1, but the most Rootbreaker Wurm can send to the defending player is 3." in page
    assert "Where 3 comes from:" in page and "The answer:" in page
    host.go(4)  # ASSIGN: a split that skips the Wall's lethal damage
    assert ana.send(4, ILLEGAL_SPLIT).status_code == 303
    page = text(ana.play())
    assert "This split breaks a rule:" in page and "702.19b" in page
