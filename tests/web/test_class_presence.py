"""Presence in a live class (issue 23 item 3): each seat's last contact, who answered, who has not
and who left on the host's room; the host locks the room; a player who lost their cookies takes
their seat back with the rejoin code their phone showed. Time moves by the app's clock (config
CLOCK), never by sleeping."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import select

from tests.conftest import isolated_app
from tests.web.test_class import HX, ILLEGAL, LEGAL, PRACTICE, STEP_ID, Host, Learner, text
from webapp.services import class_reports, classes, db
from webapp.services.models import Class, ClassLearner, ClassResult

T0 = datetime(2026, 11, 27, 10, 0, tzinfo=timezone.utc)


class Clock:
    """The app's clock (config CLOCK), moved by the test."""

    def __init__(self):
        self.now = T0

    def __call__(self):
        return self.now

    def move(self, seconds: float):
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def app(tmp_path, clock):
    return isolated_app(tmp_path / "instance", CLOCK=clock)


@pytest.fixture
def host(app):
    return Host(app)


def poll(learner: Learner):
    """What the phone's page polls every 2 s."""
    page = learner.play().get_data(as_text=True)
    url = re.search(r'data-follow[^>]*hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    return learner.client.get(url)


def last_seen(app, nickname: str) -> datetime | None:
    with app.app_context():
        when = db.session.scalar(select(ClassLearner.last_seen_at)
                                 .where(ClassLearner.nickname == nickname))
        db.session.remove()
    return when if when is None or when.tzinfo else when.replace(tzinfo=timezone.utc)


def rejoin_code(learner: Learner) -> str:
    return re.search(r'class="rejoin-code">(\w+)<', learner.play().get_data(as_text=True)).group(1)


def join_form(app, code, nickname, rejoin="", address="10.0.0.9"):
    """A phone without cookies posts the join form (with a rejoin code, or without)."""
    client = app.test_client()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"',
                     client.get("/join").get_data(as_text=True)).group(1)
    response = client.post("/join", data={"csrf_token": csrf, "code": code, "nickname": nickname,
                                          "rejoin": rejoin}, environ_base={"REMOTE_ADDR": address})
    return client, response


def room(host) -> str:
    return re.sub(r"\s+", " ", host.page("/room", headers=HX))


def listed(page: str, label: str) -> str:
    """The names after `label` in the room's presence lists."""
    found = re.search(rf'<strong>{re.escape(label)} \((\d+)\):</strong>(.*?)</p>', page)
    assert found, label
    return found.group(1) + ":" + re.sub(r"<[^>]+>", "", found.group(2)).strip()


# --- last contact ------------------------------------------------------------------------------


def test_joining_polling_and_answering_mark_the_last_contact_at_most_every_few_seconds(
        app, host, clock):
    ana = Learner(app, host.code, "Ana")
    assert last_seen(app, "Ana") == T0  # the join is a contact
    clock.move(classes.SEEN_WRITE_EVERY.total_seconds() - 1)
    assert poll(ana).status_code == 200
    assert last_seen(app, "Ana") == T0  # too soon: no write for this poll
    clock.move(2)
    assert poll(ana).status_code == 200
    assert last_seen(app, "Ana") == clock.now
    host.go(PRACTICE)
    clock.move(classes.SEEN_WRITE_EVERY.total_seconds() + 1)
    assert ana.answer(LEGAL, **HX).status_code == 200
    assert last_seen(app, "Ana") == clock.now  # an answer is a contact too


def test_the_room_says_who_answered_who_has_not_yet_and_who_left(app, host, clock):
    ana, bo, cy, dee = (Learner(app, host.code, n, address=f"10.0.0.{i}")
                        for i, n in enumerate(("Ana", "Bo", "Cy", "Dee"), 1))
    host.go(PRACTICE)
    assert ana.answer(ILLEGAL, **HX).status_code == 200
    assert dee.answer(LEGAL, **HX).status_code == 200
    page = room(host)
    assert listed(page, "Answered") == "2:Ana, Dee"
    assert listed(page, "Not answered yet") == "2:Bo, Cy"
    assert "Left" not in page.split("Not answered yet")[1]
    # Cy's and Dee's phones go quiet; Ana and Bo keep polling.
    for _ in range(4):
        clock.move(classes.SEEN_WRITE_EVERY.total_seconds())
        poll(ana), poll(bo)
    assert clock.now - T0 > class_reports.LEFT_AFTER
    page = room(host)
    assert listed(page, "Answered") == "2:Ana, Dee (left)"
    assert listed(page, "Not answered yet") == "1:Bo"
    assert listed(page, "Left, no contact for 30 s") == "1:Cy"
    # Cy comes back: in the room again, still without an answer.
    poll(cy)
    page = room(host)
    assert listed(page, "Not answered yet") == "2:Bo, Cy"
    # The next step: nobody has answered it yet.
    assert host.post("/move", op="next").status_code == 303
    page = room(host)
    assert listed(page, "Answered") == "0:nobody yet"
    assert listed(page, "Not answered yet") == "3:Ana, Bo, Cy"
    assert listed(page, "Left, no contact for 30 s") == "1:Dee"


def test_in_the_lobby_the_room_lists_who_is_here_and_who_left_and_the_remove_list_is_live(
        app, host, clock):
    Learner(app, host.code, "Ana")
    page = room(host)
    assert listed(page, "In the room") == "1:Ana"
    assert re.search(r'<option value="\d+">Ana</option>', page)  # the Remove list, refreshed
    clock.move(class_reports.LEFT_AFTER.total_seconds() + 1)
    bo = Learner(app, host.code, "Bo", address="10.0.0.2")
    page = room(host)
    assert listed(page, "In the room") == "1:Bo"
    assert listed(page, "Left, no contact for 30 s") == "1:Ana"
    assert re.search(r'<option value="\d+">Bo</option>', page)  # joined after the page was drawn
    who = re.search(r'<option value="(\d+)">Bo</option>', page).group(1)
    assert host.post("/remove", learner=who).status_code == 303  # removed in the lobby
    assert "Bo" not in room(host) and bo.play().status_code == 403


# --- locking the room --------------------------------------------------------------------------


def test_a_locked_room_refuses_new_nicknames_and_unlocking_reopens_it(app, host):
    ana = Learner(app, host.code, "Ana")
    assert "Lock the room" in host.page()
    assert host.post("/lock", locked="1").status_code == 303
    assert "Unlock the room" in host.page() and "The room is locked" in host.page()
    _, refused = join_form(app, host.code, "Bo")
    assert refused.status_code == 403
    assert "The host locked this class: nobody new can join" in text(refused)
    assert ana.play().status_code == 200  # those in stay in
    assert host.post("/lock", locked="0").status_code == 303
    _, joined = join_form(app, host.code, "Bo")
    assert joined.status_code == 303 and "/play" in joined.location


@pytest.mark.parametrize("data", [{}, {"locked": "yes"}, {"locked": "2"}])
def test_a_lock_request_that_says_neither_lock_nor_unlock_is_refused(app, host, data):
    assert host.post("/lock", **data).status_code == 400
    assert "Lock the room" in host.page()


def test_locking_needs_the_host_link_and_the_csrf_token(app, host):
    assert host.client.post(host.url + "/lock", data={"locked": "1"}).status_code == 400
    stranger = app.test_client()
    assert stranger.post(f"/class/host/{'x' * 43}/lock",
                         data={"locked": "1"}).status_code in (400, 404)
    assert "Lock the room" in host.page()


def test_an_ended_class_cannot_be_locked(app, host):
    assert host.post("/move", op="end", confirmed="1").status_code == 303
    assert host.post("/lock", locked="1").status_code == 409


# --- taking a seat back --------------------------------------------------------------------------


def test_a_phone_that_lost_its_cookies_takes_its_seat_back_with_the_rejoin_code(app, host):
    ana = Learner(app, host.code, "Ana")
    code = rejoin_code(ana)
    assert re.fullmatch(rf"[{classes.ALPHABET}]{{{classes.REJOIN_LENGTH}}}", code)
    assert code not in ana.client.get_cookie("class_seat").value
    host.go(PRACTICE)
    assert ana.answer(LEGAL, **HX).status_code == 200
    # Without the code the nickname is taken, and the message says what to do.
    _, taken = join_form(app, host.code, "Ana")
    assert taken.status_code == 409 and "rejoin code" in text(taken)
    # With it (typed loosely, even in a locked room), the same seat with its answer.
    assert host.post("/lock", locked="1").status_code == 303
    phone, back = join_form(app, host.code, "ana", rejoin=code.lower()[:3] + " " + code[3:].lower())
    assert back.status_code == 303 and back.location.endswith(f"/class/{host.code}/play")
    page = text(phone.get(back.location))
    assert "Right!" in page and "You are Ana" in page
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(ClassLearner)) == 1
        assert len(db.session.scalars(select(ClassResult)).all()) == 1
        db.session.remove()
    # The seat moved to the new phone: the old cookie opens nothing now.
    assert ana.play().status_code == 302
    assert listed(room(host), "Answered") == "1:Ana"


def test_the_host_can_read_a_players_rejoin_code_to_them(app, host):
    ana = Learner(app, host.code, "Ana")
    codes = re.search(r'<details id="rejoin-codes".*?</details>', room(host), re.S).group(0)
    assert f'Ana: <strong class="code">{rejoin_code(ana)}</strong>' in codes
    assert rejoin_code(ana) not in host.page("/projector")  # never on the wall


@pytest.mark.parametrize("wrong", ["WRONG1", "AAAAAA", "12", "x" * 40, "<b>é</b>"])
def test_a_wrong_rejoin_code_is_refused_clearly_and_changes_nothing(app, host, wrong):
    ana = Learner(app, host.code, "Ana")
    if wrong == "WRONG1":
        wrong = next(c * classes.REJOIN_LENGTH for c in classes.ALPHABET
                     if c * classes.REJOIN_LENGTH != rejoin_code(ana))
    phone, response = join_form(app, host.code, "Ana", rejoin=wrong)
    assert response.status_code == 403
    assert "That rejoin code doesn’t match" in text(response)
    assert "<b>" not in response.get_data(as_text=True)
    assert phone.get_cookie("class_seat") is None
    assert ana.play().status_code == 200  # Ana's own phone keeps its seat
    # The same answer for a nickname nobody has: the code tells nothing about who is in.
    _, nobody = join_form(app, host.code, "Zed", rejoin=rejoin_code(ana))
    assert nobody.status_code == 403 and "That rejoin code doesn’t match" in text(nobody)


def test_a_removed_player_cannot_come_back_with_the_rejoin_code(app, host):
    ana = Learner(app, host.code, "Ana")
    code = rejoin_code(ana)
    who = re.search(r'<option value="(\d+)">Ana</option>', host.page()).group(1)
    assert host.post("/remove", learner=who).status_code == 303
    phone, response = join_form(app, host.code, "Ana", rejoin=code)
    assert response.status_code == 403 and "Only the host can let you back in" in text(response)
    assert phone.get_cookie("class_seat") is None
    # Let back in by the host, the code works again.
    assert host.post("/readmit", learner=who).status_code == 303
    _, back = join_form(app, host.code, "Ana", rejoin=code)
    assert back.status_code == 303


def test_the_rejoin_code_is_per_seat(app, host):
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo", address="10.0.0.2")
    assert rejoin_code(ana) != rejoin_code(bo)
    _, response = join_form(app, host.code, "Bo", rejoin=rejoin_code(ana))
    assert response.status_code == 403


# --- the migration -------------------------------------------------------------------------------


def test_migration_0011_adds_presence_and_comes_down_keeping_the_class(tmp_path):
    from sqlalchemy import inspect, text as sql

    from webapp.services import downgrade, upgrade

    app = isolated_app(tmp_path / "instance")
    with app.app_context():
        room = classes.create("force-of-nature")
        seat = classes.join(room, "Ana")
        classes.record(room.id, seat.id, STEP_ID, {"x": 1}, correct=True, legal=True, problems=[])
        db.session.remove()

    def columns(table):
        with app.app_context():
            found = {c["name"] for c in inspect(db.engine).get_columns(table)}
            counts = [db.session.execute(sql(f"select count(*) from {t}")).scalar()
                      for t in ("classes", "class_learners", "class_results")]
            db.session.remove()
            return found, counts

    downgrade(app, "0010")
    learners, counts = columns("class_learners")
    assert not {"last_seen_at", "rejoin_code"} & learners and counts == [1, 1, 1]
    assert "locked" not in columns("classes")[0]
    upgrade(app)
    learners, counts = columns("class_learners")
    assert {"last_seen_at", "rejoin_code"} <= learners and counts == [1, 1, 1]
    with app.app_context():
        assert db.session.scalar(select(Class)).locked is False
        seat = db.session.scalar(select(ClassLearner))
        assert seat.last_seen_at is None and seat.rejoin_code is None  # a seat from before
        db.session.remove()
