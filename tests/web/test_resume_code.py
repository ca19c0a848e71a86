"""Continue on another device: a resume code and its QR link carry a learner's progress to another
browser (combined with what that browser had, nothing lost), a new code retires the old one,
guesses are rate limited, and the progress downloads as a signed file that imports back."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from sqlalchemy import inspect

from tests.conftest import csrf_token, isolated_app
from webapp.services import classes, db, progress, resume
from webapp.services.progress_file import MAX_BYTES

FON = "force-of-nature"
PAGE = "/learn/resume"


@pytest.fixture
def app(make_app):
    return make_app()


def device(app):
    """One browser: its own cookies."""
    return app.test_client()


def answer(client, lesson, step, data):
    form = {"csrf_token": csrf_token(client), "lesson": lesson, "step": step, **data}
    response = client.post(f"/learn/{lesson}/{step}", data=form)
    assert response.status_code == 303
    return response


def code_on_page(client) -> str | None:
    found = re.search(r'id="resume-code"[^>]*>([^<]+)<', client.get(PAGE).get_data(as_text=True))
    return found.group(1) if found else None


def take(client, code, **kw):
    return client.post(PAGE, data={"csrf_token": csrf_token(client, PAGE), "code": code}, **kw)


def learner_of(client) -> str:
    with client.application.test_request_context():
        from webapp import signing
        from webapp.views.learn import COOKIE, SALT

        return signing.loads(SALT, client.get_cookie(COOKIE, path="/learn").value)


def db_rows(app, sql: str):
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        return connection.execute(sql).fetchall()


def lesson_state(client, lesson_id: str) -> str:
    html = client.get("/learn").get_data(as_text=True)
    item = re.search(rf'<li class="lesson[^"]*">(?:(?!</li>).)*?/learn/{lesson_id}/.*?</li>',
                     html, re.S).group(0)
    return "done" if "status-done" in item else "started" if "status-started" in item else "new"


# --- the code -------------------------------------------------------------------------------------


def test_a_browser_with_no_progress_gets_no_code_and_reading_creates_no_learner(app):
    phone = device(app)
    html = phone.get(PAGE).get_data(as_text=True)
    assert "This browser has no progress yet" in html
    assert 'id="resume-code"' not in html and "<svg" not in html
    assert 'action="/learn/resume"' in html  # "I have a code" is there all the same
    assert db_rows(app, "select count(*) from learners") == [(0,)]


def test_the_code_is_twelve_unambiguous_characters_in_groups_with_a_qr_link(app):
    phone = device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    response = phone.get(PAGE)
    html = response.get_data(as_text=True)
    code = code_on_page(phone)
    assert re.fullmatch(rf"[{classes.ALPHABET}]{{4}}(-[{classes.ALPHABET}]{{4}}){{2}}", code)
    assert code_on_page(phone) == code  # the same code on every visit
    assert f'href="http://localhost/learn/resume?code={code}"' in html
    assert '<svg role="img" aria-label="QR code of your resume link"' in html
    assert "nothing else: there is no name, email or password" in html
    assert "lessons started: 1 (done: 0); answers: 1; practice boards: 0" in html
    assert response.headers["Cache-Control"] == "no-store"
    assert len(response.data) < 60 * 1024
    assert 'href="/learn/resume"' in phone.get("/learn").get_data(as_text=True)  # linked


def test_the_qr_link_fills_in_the_code_and_changes_nothing_until_confirmed(app):
    laptop = device(app)
    html = laptop.get(f"{PAGE}?code=ACEF-HJKM-3479").get_data(as_text=True)
    assert 'value="ACEF-HJKM-3479"' in html
    assert laptop.get_cookie("learner", path="/learn") is None


# --- taking progress over -------------------------------------------------------------------------


def test_a_code_typed_on_another_browser_continues_the_same_progress(app):
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    code = code_on_page(phone)
    response = take(laptop, code.lower().replace("-", " "))  # as typed, roughly
    assert response.status_code == 303 and response.location.endswith("?done=taken")
    assert learner_of(laptop) == learner_of(phone)
    assert "this browser now continues that progress" in laptop.get(response.location).get_data(
        as_text=True)
    assert lesson_state(laptop, FON) == "started"
    assert code_on_page(laptop) == code
    answer(laptop, FON, "which-illegal", {"option": "four-four"})  # and it goes on from there
    assert db_rows(app, "select count(distinct learner_id), count(*) from step_attempts") \
        == [(1, 2)]


def test_the_other_browsers_own_progress_is_combined_and_nothing_is_lost(app):
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    other = "two-blockers"
    answer(laptop, other, "crash-predict", {"amount": "1"})
    answer(laptop, FON, "two-predict", {"amount": "0"})  # the same step, later, on the laptop
    hint = laptop.get(PAGE).get_data(as_text=True)
    assert "is combined with the code’s, so nothing is lost" in hint
    take(laptop, code_on_page(phone))
    assert learner_of(laptop) == learner_of(phone)
    for browser in (phone, laptop):
        assert lesson_state(browser, FON) == "started"
    rows = db_rows(app, "select answer from step_attempts order by id")
    assert [json.loads(r[0]) for r in rows] == [{"amount": 4}, {"amount": 1}, {"amount": 0}]
    with app.app_context():  # the later answer is the step's latest, as in one browser
        latest = progress.latest_attempts(learner_of(phone))
        assert latest[(FON, "two-predict")].answer == {"amount": 0}
    assert lesson_state(phone, other) == "started"  # the laptop's lesson, on the phone too


def test_a_lesson_in_both_keeps_the_earlier_start_the_finish_and_the_latest_bookmark(app):
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    answer(laptop, FON, "which-illegal", {"option": "four-four"})
    with app.app_context():
        progress.complete_lesson(learner_of(laptop), FON, "which-illegal")
    take(laptop, code_on_page(phone))
    with app.app_context():
        state = progress.lessons(learner_of(phone))[FON]
        assert state.done and state.current_step == "which-illegal"


def test_an_answer_still_on_its_way_from_the_old_id_follows_the_progress(app):
    """A second tab answered with the browser's old id while the first took the code over."""
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    answer(laptop, FON, "which-illegal", {"option": "four-four"})
    old = laptop.get_cookie("learner", path="/learn").value
    old_id = learner_of(laptop)
    take(laptop, code_on_page(phone))
    with app.app_context():  # the other tab's answer lands after the take-over, on the old id
        progress.record_answer(old_id, "two-blockers", "crash-predict", correct=False,
                               answer={"amount": 1})
    tab = device(app)
    tab.set_cookie("learner", old, path="/learn")  # a browser still holding the old cookie
    response = tab.get("/learn")
    assert learner_of(tab) == learner_of(phone)  # its cookie is sent again
    assert "learner=" in " ".join(response.headers.getlist("Set-Cookie"))
    assert lesson_state(phone, "two-blockers") == "started"
    assert db_rows(app, f"select count(*) from step_attempts where learner_id = '{old_id}'") \
        == [(0,)]


def test_the_clean_up_keeps_an_old_id_that_leads_to_moved_progress(app):
    from datetime import timedelta

    from webapp.services import cleanup
    from webapp.services.models import utcnow

    phone, laptop, third = device(app), device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    answer(laptop, FON, "which-illegal", {"option": "four-four"})
    take(third, code_on_page(laptop))  # a third device continues the laptop's progress ...
    take(laptop, code_on_page(phone))  # ... which then moves to the phone's
    with app.app_context():
        cleanup.clean(utcnow() + timedelta(days=30))
    assert learner_of(third) != learner_of(phone)
    third.get("/learn")  # the third device's old id still leads to the progress
    assert learner_of(third) == learner_of(phone)
    assert lesson_state(third, FON) == "started"


def test_a_browser_typing_its_own_code_is_told_so_and_nothing_changes(app):
    phone = device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    response = take(phone, code_on_page(phone))
    assert response.location.endswith("?done=same")
    assert db_rows(app, "select count(*), count(moved_to) from learners") == [(1, 0)]


def test_a_wrong_or_malformed_code_is_a_clear_400_and_changes_nothing(app):
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    answer(laptop, FON, "which-illegal", {"option": "four-four"})
    before = db_rows(app, "select id, learner_id from step_attempts order by id")
    wrong = take(laptop, "ACEF-HJKM-3479")
    assert wrong.status_code == 400
    assert "No progress has this code" in wrong.get_data(as_text=True)
    assert 'value="ACEF-HJKM-3479"' in wrong.get_data(as_text=True)  # to correct, not retype
    malformed = take(laptop, "hello")
    assert malformed.status_code == 400
    assert "A code has 12 letters and digits" in malformed.get_data(as_text=True)
    assert db_rows(app, "select id, learner_id from step_attempts order by id") == before
    assert learner_of(laptop) != learner_of(phone)


def test_taking_over_needs_the_forms_csrf_token(app):
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    assert laptop.post(PAGE, data={"code": code_on_page(phone)}).status_code == 400
    assert laptop.get_cookie("learner", path="/learn") is None


def test_guesses_are_rate_limited_even_the_right_code(tmp_path):
    app = isolated_app(tmp_path / "instance", RATE_LIMITS={"resume": "3/60"})
    phone, guesser = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    code = code_on_page(phone)
    assert [take(guesser, "ACEF-HJKM-3479").status_code for _ in range(3)] == [400] * 3
    limited = take(guesser, code)
    assert limited.status_code == 429 and "Retry-After" in limited.headers
    assert guesser.get_cookie("learner", path="/learn") is None


def test_the_code_space_is_far_beyond_what_the_limits_let_anyone_try():
    from webapp.config import Defaults

    per_day = 24 * int(Defaults.RATE_LIMITS["resume-hour"].split("/")[0])
    assert len(classes.ALPHABET) ** resume.LENGTH / per_day > 10**12  # days per address


# --- a new code -----------------------------------------------------------------------------------


def test_a_new_code_retires_the_old_one_and_keeps_browsers_already_connected(app):
    phone, laptop, stranger = device(app), device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    old = code_on_page(phone)
    take(laptop, old)
    # Asked first: the old code stops working for good, so the first press only asks.
    asked = phone.post(f"{PAGE}/new", data={"csrf_token": csrf_token(phone, PAGE)})
    assert asked.status_code == 200 and code_on_page(phone) == old
    page = asked.get_data(as_text=True)
    assert "Make a new code?" in page and 'name="confirmed" value="1"' in page
    response = phone.post(f"{PAGE}/new", data={"csrf_token": csrf_token(phone, PAGE),
                                                "confirmed": "1"})
    assert response.status_code == 303 and response.location.endswith("?done=new")
    new = code_on_page(phone)
    assert new != old and code_on_page(laptop) == new
    refused = take(stranger, old)
    assert refused.status_code == 400 and "No progress has this code" in refused.get_data(
        as_text=True)
    assert learner_of(laptop) == learner_of(phone)  # still continuing the same progress
    assert take(stranger, new).status_code == 303


def test_a_new_code_needs_a_learner_and_a_csrf_token(app):
    phone = device(app)
    assert phone.post(f"{PAGE}/new").status_code == 400
    response = phone.post(f"{PAGE}/new", data={"csrf_token": csrf_token(phone, PAGE),
                                                "confirmed": "1"})
    assert response.status_code == 303 and db_rows(app, "select count(*) from learners") == [(0,)]


# --- the file -------------------------------------------------------------------------------------


def export(client) -> dict:
    response = client.get(f"{PAGE}/progress.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith(
        'attachment; filename="trample-progress-')
    return json.loads(response.data)


def upload(client, body: bytes, name="progress.json"):
    import io

    return client.post(f"{PAGE}/import", data={"csrf_token": csrf_token(client, PAGE),
                                               "file": (io.BytesIO(body), name)},
                       content_type="multipart/form-data")


def test_the_export_lists_lessons_steps_answers_and_dates_and_nothing_personal(app):
    phone = device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    answer(phone, FON, "two-predict", {"amount": "0"})
    data = export(phone)
    assert [a["answer"] for a in data["answers"]] == [{"amount": 4}, {"amount": 0}]
    assert data["answers"][0]["step"] == "two-predict" and data["answers"][0]["at"].endswith(
        "+00:00")
    assert data["lessons"][0]["lesson"] == FON and data["practice"] == []
    text = json.dumps(data)
    assert learner_of(phone) not in text and code_on_page(phone).replace("-", "") not in text


def test_an_exported_file_imports_into_another_browser_once(app):
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    body = phone.get(f"{PAGE}/progress.json").data
    response = upload(laptop, body)
    assert response.status_code == 303 and response.location.endswith("?done=imported")
    assert lesson_state(laptop, FON) == "started"
    assert learner_of(laptop) != learner_of(phone)  # a copy: no link between the two browsers
    upload(laptop, body)  # twice: nothing doubles
    assert len(export(laptop)["answers"]) == 1
    upload(phone, body)  # into the browser it came from: nothing doubles either
    assert len(export(phone)["answers"]) == 1


def test_the_daily_goal_travels_in_the_file_and_with_a_take_over(app):
    phone, laptop, tablet = device(app), device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})  # progress to carry: it has a code
    for client, goal in ((phone, "10"), (tablet, "3")):
        assert client.post("/learn/today/goal", data={"csrf_token": csrf_token(client),
                                                      "goal": goal}).status_code == 303
    assert upload(laptop, phone.get(f"{PAGE}/progress.json").data).status_code == 303
    assert [g["goal"] for g in export(laptop)["goals"]] == [10]
    assert upload(laptop, phone.get(f"{PAGE}/progress.json").data).status_code == 303
    assert len(export(laptop)["goals"]) == 1  # twice: nothing doubles
    # a take-over: the code's progress keeps its own goal for the day both chose one
    assert take(tablet, code_on_page(phone)).status_code == 303
    assert [g["goal"] for g in export(tablet)["goals"]] == [10]


@pytest.mark.parametrize("change, says", [
    (lambda d: d["answers"][0].update(correct=not d["answers"][0]["correct"]),
     "changed after it was downloaded"),
    (lambda d: d.pop("signature"), "changed after it was downloaded"),
    (lambda d: d.update(format="something-else"), "isn’t a progress file downloaded"),
])
def test_a_tampered_file_is_refused_whole_and_nothing_is_lost(app, change, says):
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    answer(laptop, FON, "which-illegal", {"option": "four-four"})
    data = export(phone)
    change(data)
    before = export(laptop)
    response = upload(laptop, json.dumps(data).encode())
    assert response.status_code == 400 and says in response.get_data(as_text=True)
    assert "Nothing was imported" in response.get_data(as_text=True)
    after = export(laptop)
    assert after["answers"] == before["answers"] and after["lessons"] == before["lessons"]


@pytest.mark.parametrize("body, says", [
    (b"", "Choose a progress file"),
    (b"\xff\xfe not text", "it isn’t JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "it isn’t JSON"),
    (b"[1, 2]", "isn’t a progress file downloaded"),
])
def test_a_file_that_is_no_progress_file_is_a_clear_400(app, body, says):
    phone = device(app)
    response = upload(phone, body)
    assert response.status_code == 400 and says in response.get_data(as_text=True)


def test_a_very_large_file_is_refused_in_words_before_it_is_parsed(app):
    phone = device(app)
    response = upload(phone, b" " * 10 + b"x" * MAX_BYTES)
    assert response.status_code == 400
    assert "A progress file is at most 4096 KB" in response.get_data(as_text=True)
    huge = upload(phone, b"x" * (2 * MAX_BYTES + 1))
    assert huge.status_code == 413 and "A progress file is at most" in huge.get_data(as_text=True)
    assert db_rows(app, "select count(*) from learners") == [(0,)]


def test_a_large_signed_file_imports_whole(app):
    from webapp import signing
    from webapp.services import progress_file

    rows = [{"lesson": FON, "step": f"step-{i % 50}", "correct": i % 2 == 0,
             "answer": {"amount": i % 7}, "at": f"2026-01-01T{i // 3600:02d}:{i // 60 % 60:02d}:"
                                                f"{i % 60:02d}+00:00"} for i in range(3000)]
    body = {"format": progress_file.FORMAT, "version": 1, "exported": rows[0]["at"],
            "lessons": [], "answers": rows, "practice": []}
    with app.test_request_context():
        body["signature"] = signing.dumps(progress_file.SALT, progress_file._digest(body))
    phone = device(app)
    assert upload(phone, json.dumps(body).encode()).status_code == 303
    assert len(export(phone)["answers"]) == 3000


def test_a_signed_file_with_too_many_rows_is_refused(app):
    from webapp import signing
    from webapp.services import progress_file

    row = {"lesson": FON, "step": "two-predict", "correct": True, "answer": {"amount": 4},
           "at": "2026-01-01T00:00:00+00:00"}
    body = {"format": progress_file.FORMAT, "version": 1, "exported": row["at"], "lessons": [],
            "answers": [row] * (progress_file.MAX_ROWS + 1), "practice": []}
    with app.test_request_context():
        body["signature"] = signing.dumps(progress_file.SALT, progress_file._digest(body))
    response = upload(device(app), json.dumps(body).encode())
    assert response.status_code == 400


# --- the schema -----------------------------------------------------------------------------------


def test_a_take_over_moves_every_table_that_holds_a_learners_progress(app):
    """Every row of every table keyed to a learner (read from the schema, so a new table counts
    too) leaves the browser that took a code over: none still names its old learner."""
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    for client in (phone, laptop):  # each with a lesson, an answer, a practice board, a goal
        answer(client, FON, "two-predict", {"amount": "3"})
        assert client.post("/learn/today/goal", data={"csrf_token": csrf_token(client),
                                                      "goal": "3"}).status_code == 303
        page = client.get(f"/learn/practice?lesson={FON}&kind=number&seed=3"
                          ).get_data(as_text=True)
        board = re.search(r'name="board" value="([^"]+)"', page).group(1)
        assert client.post("/learn/practice", data={"csrf_token": csrf_token(client),
                                                    "board": board, "amount": "1"}
                           ).status_code == 303
    old = learner_of(laptop)
    with app.app_context():
        keyed = {(table.name, fk.parent.name) for table in db.metadata.sorted_tables
                 for fk in table.foreign_keys if fk.column.table.name == "learners"}
    assert {name for name, _ in keyed} == set(resume.MOVED_TABLES)
    before = {name: db_rows(app, f"select count(*) from {name} where {column} = '{old}'")
              for name, column in keyed}
    assert all(rows != [(0,)] for rows in before.values()), before  # each table had its rows
    assert take(laptop, code_on_page(phone)).status_code == 303
    for name, column in keyed:
        assert db_rows(app, f"select count(*) from {name} where {column} = '{old}'") == [(0,)]


def test_migration_0014_adds_the_codes_and_comes_down_keeping_progress(tmp_path):
    from sqlalchemy import text as sql

    from webapp.services import downgrade, upgrade

    app = isolated_app(tmp_path / "instance")
    phone = device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    assert code_on_page(phone)

    def state():
        with app.app_context():
            columns = {c["name"] for c in inspect(db.engine).get_columns("learners")}
            counts = [db.session.execute(sql(f"select count(*) from {t}")).scalar()
                      for t in ("learners", "step_attempts", "lesson_progress")]
            db.session.remove()
            return columns, counts

    downgrade(app, "0013")
    columns, counts = state()
    assert not {"resume_code", "moved_to"} & columns and counts == [1, 1, 1]
    upgrade(app)
    columns, counts = state()
    assert {"resume_code", "moved_to"} <= columns and counts == [1, 1, 1]
    assert code_on_page(phone)  # a learner from before gets a code when asked


def test_a_code_that_came_in_a_link_says_to_continue_only_with_your_own(app):
    """A link carrying someone else's code would merge this browser's progress into theirs:
    the prefilled form warns before the learner confirms (nothing happens until then)."""
    phone, laptop = device(app), device(app)
    answer(phone, FON, "two-predict", {"amount": "4"})
    answer(laptop, FON, "two-predict", {"amount": "3"})
    code = code_on_page(phone)
    page = laptop.get(f"{PAGE}?code={code}").get_data(as_text=True)
    assert "Continue only if it is from your own other device" in page
    assert learner_of(laptop) != learner_of(phone)
    assert "Continue only if" not in laptop.get(PAGE).get_data(as_text=True)
