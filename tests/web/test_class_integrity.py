"""Issue 19, the live class: a quiz class keeps the quiz's rules, the wall's link controls nothing,
and one slip (End, Remove) is asked first and can be undone."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from webapp.services import classes, db
from webapp.services.models import Class, ClassLearner, ClassResult, ClassRun

from tests.web.test_class import (HX, ILLEGAL, LEGAL, PRACTICE, STEP_ID, Host, Learner, answered,
                                  read_results, text)
from tests.web.test_class_quiz import (ASSIGN, ILLEGAL_SPLIT, LEGAL as LEGAL_Q, NUMBER, ONE,
                                       QuizLearner, make_quiz, token_of)


@pytest.fixture
def host(app):
    return Host(app)


# --- migration 0008 -----------------------------------------------------------------------------


def test_migrating_0008_down_and_up_keeps_a_running_class_its_learners_and_answers(app):
    migrate_0008_down_and_up(app)


@pytest.mark.postgres
def test_migrating_0008_on_postgresql_keeps_a_running_class(tmp_path, postgres_schema):
    from tests.conftest import isolated_app
    url, _ = postgres_schema
    migrate_0008_down_and_up(isolated_app(tmp_path / "pg", DATABASE_URL=url))


def migrate_0008_down_and_up(app):
    from sqlalchemy import text as sql

    from webapp.services import downgrade, upgrade

    def counts():
        with app.app_context():
            found = [db.session.execute(sql(f"select count(*) from {t}")).scalar()
                     for t in ("classes", "class_learners", "class_results")]
            db.session.remove()
            return found

    with app.app_context():
        room = classes.create("force-of-nature")
        classes.move(room, state="running", step=4)
        seat = classes.join(room, "Ana")
        classes.record(room.id, seat.id, STEP_ID, {"x": 1}, correct=True, legal=True,
                       problems=[])
        db.session.remove()
    downgrade(app, "0007")
    assert counts() == [1, 1, 1]
    upgrade(app)
    assert counts() == [1, 1, 1]
    with app.app_context():
        room = db.session.scalar(select(Class))
        assert room.state == "running" and room.step == 4 and room.answer_mode == "retry"
        assert len(room.projector_token) >= 43  # the class from before gets its wall link
        assert db.session.scalar(select(ClassResult)).final_answer == {"x": 1}
        assert db.session.scalar(select(ClassLearner)).removed_at is None


# --- 1. hosting a class on a quiz needs its owner link -------------------------------------------


def new_class(client, **fields):
    csrf = token_of(client.get("/class/new").get_data(as_text=True))
    return client.post("/class/new", data={"csrf_token": csrf, **fields})


@pytest.mark.parametrize("kind", ["take link", "bare take token"])
def test_a_take_link_cannot_host_a_class_and_the_form_keeps_what_was_typed(app, kind):
    quiz = make_quiz(app)
    link = (f"http://localhost/quiz/t/{quiz.take_token}" if kind == "take link"
            else quiz.take_token)
    client = app.test_client()
    response = new_class(client, lesson="force-of-nature", quiz=link)
    assert response.status_code == 400
    page = text(response)
    assert "paste the quiz’s owner link" in page
    assert f'name="quiz" value="{link}"' in page
    with app.app_context():
        assert db.session.scalar(select(Class)) is None  # no class was made


def test_the_owner_link_or_its_bare_token_hosts_a_class(app):
    quiz = make_quiz(app)
    for link in (f"https://192.168.1.5:8000/quiz/o/{quiz.owner_token}", quiz.owner_token):
        response = new_class(app.test_client(), quiz=link)
        assert response.status_code == 303, text(response)


# --- 4. a projector link that can't control anything ----------------------------------------------


def wall_url(host) -> str:
    found = re.search(r'href="(/class/wall/[A-Za-z0-9_-]{43})"', host.page())
    assert found, "the host page links to the wall's own view"
    return found.group(1)


@pytest.mark.parametrize("path", ["/class/wall/" + "x" * 43, "/class/wall/short",
                                  "/class/wall/" + "x" * 300])
def test_an_unknown_wall_link_is_a_404(app, host, path):
    assert app.test_client().get(path).status_code == 404


def test_the_wall_shows_code_qr_and_room_but_no_host_token_nickname_or_control(app, host):
    Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo")
    wall = wall_url(host)
    assert host.token not in wall
    pages = [app.test_client().get(wall)]
    assert 'class="qr"' in pages[0].get_data(as_text=True) and host.code in text(pages[0])
    # The lobby says who is in (issue 23); once the class runs, the wall names nobody.
    lobby = pages.pop().get_data(as_text=True)
    assert "<li>Ana</li>" in lobby and "<li>Bo</li>" in lobby and host.token not in lobby
    assert "<form" not in lobby and "/class/host/" not in lobby
    host.go(PRACTICE)
    Learner(app, host.code, "Cy")
    pages.append(app.test_client().get(wall))
    pages.append(app.test_client().get(wall, headers=HX))  # what the wall polls
    host.post("/show", what="answer")
    pages.append(app.test_client().get(wall))
    host.post("/move", op="end", confirmed="1")
    pages.append(app.test_client().get(wall))
    for response in pages:
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert host.token not in html and "/class/host/" not in html
        main = html.split("<main", 1)[-1]
        assert "<form" not in html and "hx-post" not in html
        assert all("disabled" in b for b in re.findall(r"<button[^>]*>", main))  # the worked split
        for name in ("Ana", "Bo", "Cy"):
            assert not re.search(rf"\b{name}\b", html.split("<main", 1)[-1])
    assert f'hx-get="{wall}"' in pages[0].get_data(as_text=True)


@pytest.mark.parametrize("suffix", ["/room", "/move", "/show", "/remove", "/results.csv",
                                    "/projector"])
def test_editing_the_wall_link_reaches_no_host_page(app, host, suffix):
    wall = wall_url(host)
    token = wall.rsplit("/", 1)[1]
    stranger = app.test_client()
    assert stranger.get(wall + suffix).status_code == 404
    assert stranger.get(f"/class/host/{token}").status_code == 404
    assert stranger.get(f"/class/host/{token}{suffix}").status_code in (404, 405)
    assert stranger.post(f"/class/host/{token}/move",
                         data={"op": "end"}).status_code in (400, 404)


def test_the_old_projector_address_still_works_for_the_host_and_leads_to_the_wall(app, host):
    response = host.client.get(host.url + "/projector")
    assert response.status_code == 303 and response.location == wall_url(host)


def test_the_host_page_says_it_is_the_host_screen_and_when_the_wall_is_connected(app, host):
    page = text(host.client.get(host.url))
    assert "This is your host screen" in page and "not for the wall" in page
    assert "The projector view isn’t open yet" in page
    app.test_client().get(wall_url(host))
    assert "The projector view is connected" in text(host.client.get(host.url + "/room",
                                                                      headers=HX))


# --- 5. confirmations and undo --------------------------------------------------------------------


def test_ending_without_the_confirmation_ends_nothing_and_asks_first(app, host):
    host.go(1)
    page = host.page()
    assert 'name="op" value="end"' not in page  # no one-click End next to Next
    assert f'href="{host.url.split("localhost")[-1]}/end"' in page or '/end"' in page
    response = host.post("/move", op="end")  # a stale or hand-made form
    assert response.status_code == 303 and response.location.endswith("/end")
    assert "Start the class" not in host.page() and "The class is over" not in host.page()
    ask = text(host.client.get(host.url + "/end"))
    assert "End the class?" in ask and 'name="confirmed" value="1"' in ask
    assert "Keep the class running" in ask
    assert host.post("/move", op="end", confirmed="1").status_code == 303
    assert "The class is over" in host.page()
    assert host.client.get(host.url + "/end").status_code == 303  # over: back to the summary


def learner_id(host, nickname: str) -> str:
    return re.search(rf'<option value="(\d+)">{nickname}</option>', host.page()).group(1)


@pytest.mark.parametrize("learner", ["", "abc", "99999", "1" * 12])
def test_asking_to_remove_nobody_or_a_stranger_is_refused_clearly(app, host, learner):
    Learner(app, host.code, "Ana")
    response = host.client.get(host.url + "/remove", query_string={"learner": learner})
    assert response.status_code in (400, 404)
    assert "Choose the player to remove" in text(response)
    assert host.post("/remove", learner=learner).status_code in (400, 404)
    assert "Ana" in host.page()


def test_remove_has_no_default_and_asks_first_naming_the_player(app, host):
    Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo")
    page = host.page()
    select = re.search(r'<select id="remove-who".*?</select>', page, re.S).group(0)
    assert re.search(r'<option value="" selected disabled>', select) and "required" in select
    ask = text(host.client.get(host.url + "/remove",
                               query_string={"learner": learner_id(host, "Bo")}))
    assert "Remove Bo from the class?" in ask and "Keep Bo" in ask
    assert "Bo" in host.page()  # asking removed nobody


def test_a_rejoin_never_wipes_a_removed_players_answers_and_needs_the_host(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    assert ana.answer(ILLEGAL, **HX).status_code == 200
    who = learner_id(host, "Ana")
    response = host.post("/remove", learner=who)
    assert response.status_code == 303
    after = text(host.client.get(response.location))
    assert "Removed Ana." in after and "Let back in" in after
    # The phone says so, answers nothing, and can't come back under any nickname.
    page = ana.play()
    assert page.status_code == 403 and "You were removed from this class" in text(page)
    assert ana.answer(LEGAL, **HX).status_code == 403
    for nickname in ("Ana", "Ana again"):
        again = ana.client.post("/join", data={"csrf_token": ana.csrf, "code": host.code,
                                                "nickname": nickname}, environ_base=ana.env)
        assert again.status_code == 403 and "You were removed from this class" in text(again)
    # Nor can another phone take the nickname.
    other = Learner(app, host.code, "Ana", address="10.0.0.2")
    assert other.joined.status_code == 409
    assert "The host removed the player with that nickname" in text(other.joined)
    # The room no longer counts her, but her answer is kept; let back in, it is all there.
    assert "<dt>Joined</dt><dd>0</dd>" in host.page("/room", headers=HX)
    assert host.post("/readmit", learner=who).status_code == 303
    assert ana.play().status_code == 200
    host.post("/move", op="end", confirmed="1")
    _, rows = read_results(host.client.get(host.url + "/results.csv"))
    assert [(r["Player"], r["Tries"]) for r in answered(rows)] == [("Ana", "1")]


def test_a_removed_phones_poll_reloads_once_then_waits(app, host):
    ana = Learner(app, host.code, "Ana")
    version = re.search(r"sync\?v=(\w+)", ana.play().get_data(as_text=True)).group(1)
    host.post("/remove", learner=learner_id(host, "Ana"))
    assert ana.client.get(f"/class/{host.code}/sync?v={version}").headers.get("HX-Refresh")
    removed = re.search(r"sync\?v=(\w+)", ana.play().get_data(as_text=True)).group(1)
    response = ana.client.get(f"/class/{host.code}/sync?v={removed}")
    assert response.status_code == 200 and "HX-Refresh" not in response.headers


def test_letting_back_in_a_player_who_is_in_is_a_404(app, host):
    Learner(app, host.code, "Ana")
    assert host.post("/readmit", learner=learner_id(host, "Ana")).status_code == 404
    assert host.post("/readmit", learner="x").status_code == 404


# --- 2. a quiz class keeps the quiz's rules -------------------------------------------------


def exam_class(app, ids=(NUMBER, LEGAL_Q, ONE, ASSIGN)):
    from tests.web.test_class_quiz import QuizHost
    quiz = make_quiz(app, ids=list(ids), mode="exam", title="Judge exam")
    return quiz, QuizHost(app, quiz.owner_token)


def test_an_exam_class_takes_only_the_first_answer_and_says_why(app):
    _, host = exam_class(app)
    ana = QuizLearner(app, host.code, "Ana")
    host.go(1)
    assert ana.send(1, {"amount": "5"}).status_code == 303
    again = ana.send(1, {"amount": "3"})
    assert again.status_code == 409
    assert "You already answered this question" in text(again)
    with app.app_context():
        row = db.session.scalar(select(ClassResult))
        assert row.final_answer == {"answer": 5} and row.attempts == 1 and not row.correct


def test_an_exam_class_gives_no_feedback_until_the_host_reveals_it(app):
    _, host = exam_class(app)
    ana, bo = QuizLearner(app, host.code, "Ana"), QuizLearner(app, host.code, "Bo")
    host.go(1)
    ana.send(1, {"amount": "3"})
    page = ana.play().get_data(as_text=True)
    version = re.search(r"sync\?v=(\w+)", page).group(1)
    for secret in ("Right!", "Not quite", "The answer:", "tag ok"):
        assert secret not in page
    assert "Answer saved" in page and 'disabled' in page  # locked, no second try
    assert host.post("/show", what="answer").status_code == 303
    # Projecting the answer reveals it to the phones too: their poll reloads them.
    assert ana.client.get(f"/class/{host.code}/sync?v={version}").headers.get("HX-Refresh")
    shown = text(ana.play())
    assert "Right!" in shown and "The answer:" in shown
    # Someone who had not answered can no longer copy the key.
    late = bo.send(1, {"amount": "3"})
    assert late.status_code == 409 and "answer to this question has been shown" in text(late)
    with app.app_context():
        assert len(db.session.scalars(select(ClassResult)).all()) == 1  # Ana's only


def live_address(page: str) -> str:
    """Where a question page sends its drags, as the browser reads it."""
    return re.search(r'class="assign"[^>]*hx-post="([^"]+)"', page).group(1).replace("&amp;", "&")


def test_a_drag_in_an_exam_class_stays_blind_until_the_reveal_whatever_its_address_says(app):
    """A quiz question's live address carries, signed, its class, step, question and whether
    the key is held, so a drag reads no database. A learner who edits it (drops it, forges it,
    moves it to another step or takes another class's) gets the class's own answer: blind until
    the host reveals. After the reveal the page's new address shows the verdict."""
    _, host = exam_class(app)
    _, other = exam_class(app)  # another class on its own exam, not revealed either
    ana, bo = QuizLearner(app, host.code, "Ana"), QuizLearner(app, other.code, "Bo")
    host.go(4)
    other.go(4)
    held = live_address(text(ana.play()))
    assert held.startswith(f"/class/{host.code}/live?q=")
    signed = held.split("q=", 1)[1]
    theirs = live_address(text(bo.play())).split("q=", 1)[1]

    def drag(address, step="q4"):
        return ana.client.post(address, headers=HX,
                               data={"csrf_token": ana.csrf, "step": step, **ILLEGAL_SPLIT})

    for address in (held, f"/class/{host.code}/live", f"/class/{host.code}/live?q={signed}x",
                    f"/class/{host.code}/live?q={theirs}"):
        answer = drag(address)
        assert answer.status_code == 200, address
        assert "Legal" not in text(answer) and "Not legal" not in text(answer), address
    assert "Not legal" not in text(drag(held, step="q3"))  # another step: the class says
    assert host.post("/show", what="answer").status_code == 303
    shown = live_address(text(ana.play()))
    assert shown != held
    assert "Not legal" in text(drag(shown))  # the key is out: the verdict, as in practice
    assert "Not legal" not in text(drag(held))  # a page from before the reveal stays as it was
    with app.app_context():
        assert db.session.scalars(select(ClassResult)).all() == []  # a drag stores nothing


def test_an_exam_class_reviews_only_asked_questions_and_only_after_the_end(app):
    _, host = exam_class(app)
    bo = QuizLearner(app, host.code, "Bo")
    host.go(1)
    bo.send(1, {"amount": "5"})
    host.go(3)
    bo.send(3, {"option": "zero"})
    early = bo.client.get(f"/class/{host.code}/review", follow_redirects=True)
    assert "The answer:" not in text(early) and "Why" not in text(early)
    host.post("/move", op="end", confirmed="1")
    end = text(bo.play())
    assert end.count(f"/class/{host.code}/review#q-") == 2
    review = text(bo.client.get(f"/class/{host.code}/review"))
    assert 'id="q-1"' in review and 'id="q-3"' in review
    assert 'id="q-2"' not in review and 'id="q-4"' not in review  # never asked: no key


def test_a_class_ended_in_its_lobby_shows_no_key(app):
    _, host = exam_class(app)
    bo = QuizLearner(app, host.code, "Bo")
    host.post("/move", op="end", confirmed="1")
    assert "review#q-" not in text(bo.play())
    assert 'class="lesson-step"' not in text(bo.client.get(f"/class/{host.code}/review"))


def test_a_practice_quiz_class_still_gives_feedback_and_retries(app):
    from tests.web.test_class_quiz import QuizHost
    quiz = make_quiz(app, ids=[NUMBER], mode="practice")
    host = QuizHost(app, quiz.owner_token)
    ana = QuizLearner(app, host.code, "Ana")
    host.go(1)
    ana.send(1, {"amount": "5"})
    assert "Not quite" in text(ana.play())
    assert ana.send(1, {"amount": "3"}).status_code == 303
    assert "Right!" in text(ana.play())


def test_the_quiz_owner_page_lists_its_class_runs_without_names_or_links(app):
    quiz, host = exam_class(app)
    ana, bo = QuizLearner(app, host.code, "Ana"), QuizLearner(app, host.code, "Bo")
    host.go(1)
    ana.send(1, {"amount": "3"})
    bo.send(1, {"amount": "5"})
    host.go(3)
    ana.send(3, {"option": "three"})
    owner = app.test_client()
    assert "Class runs" not in text(owner.get(f"/quiz/o/{quiz.owner_token}"))  # not ended yet
    host.post("/move", op="end", confirmed="1")
    page = text(owner.get(f"/quiz/o/{quiz.owner_token}"))
    runs = re.search(r'<section[^>]*id="class-runs".*?</section>', page).group(0)
    assert "2 players" in runs
    assert re.search(r"Question 1\W+1 of 2 right with their first answer", runs)
    assert re.search(r"Question 2\W+not asked", runs)
    assert re.search(r"Question 3\W+1 of 1 right with their first answer", runs)
    assert "Ana" not in runs and "Bo" not in runs and "/class/" not in runs
    assert host.code not in runs


def test_a_quiz_class_left_running_keeps_its_run_for_the_owner_when_it_is_cleaned_up(app):
    """A host who closes the laptop without pressing End: the clean-up ends the class after its
    keep time (its results keep) and the quiz's owner gets its run (an empty lobby is deleted
    and leaves none)."""
    from datetime import timedelta

    from webapp.services import cleanup
    from webapp.services.models import utcnow

    quiz, host = exam_class(app)
    _, idle = exam_class(app)  # never started: nothing to keep
    ana = QuizLearner(app, host.code, "Ana")
    host.go(1)
    ana.send(1, {"amount": "3"})
    with app.app_context():
        gone = cleanup.clean(utcnow() + cleanup.CLASS_KEEP + timedelta(minutes=1))
    assert gone["classes"] == 1 and gone["classes ended"] == 1  # Ana's answers keep: ended
    assert "The class is over" in host.page()
    runs = re.search(r'<section[^>]*id="class-runs".*?</section>',
                     text(app.test_client().get(f"/quiz/o/{quiz.owner_token}"))).group(0)
    assert "1 player" in runs and re.search(r"Question 1\W+1 of 1 right", runs)
    assert re.search(r"Question 2\W+not asked", runs)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClassRun)) == 1


# --- 3. a lesson class: one answer or retry until right; counts say which answers were first -----


def lesson_class(app, mode: str) -> Host:
    client = app.test_client()
    response = new_class(client, lesson="force-of-nature", answer_mode=mode)
    assert response.status_code == 303
    host = Host.__new__(Host)
    host.client, host.url = client, response.location
    host.token = host.url.rsplit("/", 1)[1]
    host.csrf = token_of(client.get("/class/new").get_data(as_text=True))
    host.code = re.search(r'class="code">(\w+)<', host.page()).group(1)
    return host


@pytest.mark.parametrize("mode", ["", "both", "<b>"])
def test_an_unknown_answer_mode_is_refused_and_the_form_keeps_the_lesson(app, mode):
    response = new_class(app.test_client(), lesson="two-blockers", answer_mode=mode)
    assert response.status_code == 400
    page = text(response)
    assert "Choose whether players answer once or retry until right" in page
    assert 'value="two-blockers" checked' in page
    with app.app_context():
        assert db.session.scalar(select(Class)) is None


def test_a_one_answer_lesson_class_keeps_only_the_first_answer(app):
    host = lesson_class(app, "one")
    assert "one answer per step" in text(host.client.get(host.url))
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    assert "Only your first answer counts" in text(ana.play())
    assert ana.answer(ILLEGAL, **HX).status_code == 200
    again = ana.answer(LEGAL)
    assert again.status_code == 409 and "You already answered this question" in text(again)
    again = ana.answer(LEGAL, **HX)  # the htmx path: the feedback fragment says it
    assert again.status_code == 409 and "You already answered this question" in text(again)
    assert "<html" not in text(again)
    with app.app_context():
        row = db.session.scalar(select(ClassResult))
        assert row.attempts == 1 and not row.correct and row.final_answer == row.first_answer


def test_the_rooms_counts_say_which_answers_were_first_and_count_retries_apart(app):
    host = lesson_class(app, "retry")
    assert "retry until right" in text(host.client.get(host.url))
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo")
    host.go(PRACTICE)
    ana.answer(ILLEGAL, **HX)
    ana.answer(LEGAL, **HX)
    bo.answer(LEGAL, **HX)
    wall = re.search(r'href="(/class/wall/[^"]+)"', host.page()).group(1)
    assert "First answers" not in text(app.test_client().get(wall))  # until the host shows them
    host.post("/results", shown="1")
    for page in (text(host.client.get(host.url + "/room", headers=HX)),
                 text(app.test_client().get(wall))):
        assert "<dt>First answers</dt><dd>1 right of 2</dd>" in page
        assert "<dt>Right after retries</dt><dd>2</dd>" in page
        assert "<dt>Retries</dt><dd>1</dd>" in page
    host.post("/move", op="end", confirmed="1")
    assert "Right first time" in text(host.client.get(host.url))
    _, rows = read_results(host.client.get(host.url + "/results.csv"))
    assert [(r["Player"], r["Right first try"], r["Tries"], r["Right in the end"])
            for r in answered(rows)] == [("Ana", "no", "2", "yes"), ("Bo", "yes", "1", "yes")]


@pytest.mark.parametrize("path, data", [("/readmit", {"learner": "1"}),
                                        ("/remove", {"learner": "1"}),
                                        ("/move", {"op": "end", "confirmed": "1"})])
def test_the_new_host_actions_need_the_host_link_and_the_csrf_token(app, host, path, data):
    ana = Learner(app, host.code, "Ana")
    assert ana.client.post(f"/class/host/{'x' * 43}{path}",
                           data={"csrf_token": ana.csrf, **data}).status_code == 404
    assert host.client.post(host.url + path, data=data).status_code == 400  # no CSRF token
    assert "Ana" in host.page() and "The class is over" not in host.page()
    for ask in ("/end", "/remove?learner=1"):
        assert ana.client.get(f"/class/host/{'x' * 43}{ask}").status_code == 404
