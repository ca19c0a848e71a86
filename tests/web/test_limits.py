"""Limits that hold under abuse (issue 19): rate limits shared by every worker and server and
enforced atomically, what a visitor without a seat learns about a class code, expiry and the
clean-up of stale data."""

from __future__ import annotations

import io
import re
import threading
from datetime import datetime, timedelta, timezone

import pytest

from sqlalchemy import func, select, update

from tests.conftest import csrf_token, isolated_app
from tests.web.test_class import LESSON, Host, Learner, token_of
from tests.web.test_learn_progress import answer
from tests.web.test_quiz import links, make_quiz, start
from webapp.services import db
from webapp.services.models import Class, Quiz, QuizAttempt
from webapp.services.models import Learner as LearnerRow

# A fixed clock for the app (config CLOCK): a burst never straddles two windows by chance.
NOON = lambda: datetime(2026, 11, 26, 12, 0, 30, tzinfo=timezone.utc)  # noqa: E731


def burst(app_for, count: int, request) -> list[int]:
    """`count` requests at once, each from its own thread and test client (apps from
    `app_for(i)`: one app, or several servers on one database), released together."""
    clients = []
    for i in range(count):
        client = app_for(i).test_client()
        clients.append((client, token_of(client.get("/join").get_data(as_text=True))))
    start = threading.Barrier(count)
    statuses = [0] * count

    def run(i):
        client, csrf = clients[i]
        start.wait()
        statuses[i] = request(client, csrf, i).status_code

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def join_burst(apps, code: str, count: int) -> list[int]:
    return burst(lambda i: apps[i % len(apps)], count, lambda client, csrf, i: client.post(
        "/join", data={"csrf_token": csrf, "code": code, "nickname": f"p{i}"},
        environ_base={"REMOTE_ADDR": "10.9.9.9"}))


def test_a_burst_of_joins_lets_exactly_the_limit_through(tmp_path):
    one = isolated_app(tmp_path / "instance", RATE_LIMITS={"join": "10/60"}, CLOCK=NOON)
    two = isolated_app(tmp_path / "instance", RATE_LIMITS={"join": "10/60"}, CLOCK=NOON)
    host = Host(one)
    statuses = join_burst([one, two], host.code, 40)
    assert statuses.count(303) == 10 and statuses.count(429) == 30, statuses


@pytest.mark.postgres
def test_a_burst_of_joins_on_two_servers_sharing_postgresql_lets_exactly_the_limit_through(
        tmp_path, postgres_schema):
    url, _ = postgres_schema
    apps = [isolated_app(tmp_path / name, DATABASE_URL=url, RATE_LIMITS={"join": "10/60"},
                         CLOCK=NOON) for name in ("one", "two")]
    host = Host(apps[0])
    statuses = join_burst(apps, host.code, 40)
    assert statuses.count(303) == 10 and statuses.count(429) == 30, statuses


def test_a_refused_join_says_when_to_come_back_and_the_next_window_lets_joins_in(tmp_path):
    now = [NOON()]
    app = isolated_app(tmp_path / "instance", RATE_LIMITS={"join": "2/60"}, CLOCK=lambda: now[0])
    host = Host(app)
    statuses = join_burst([app], host.code, 3)
    assert sorted(statuses) == [303, 303, 429]
    client = app.test_client()
    csrf = token_of(client.get("/join").get_data(as_text=True))
    refused = client.post("/join", data={"csrf_token": csrf, "code": host.code, "nickname": "z"},
                          environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    assert "Too many tries to join from this network address. Try again in 1 min." in \
        refused.get_data(as_text=True)
    now[0] = now[0].replace(minute=1)  # the next minute's window
    again = client.post("/join", data={"csrf_token": csrf, "code": host.code, "nickname": "z"},
                        environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert again.status_code == 303


# --- creating quizzes, attempts, classes and learners --------------------------------------------


def limited_app(tmp_path, **rules):
    return isolated_app(tmp_path / "instance", RATE_LIMITS=rules, CLOCK=NOON)


def rows(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def assert_limited(response):
    """A 429 page that says what happened and when to come back (the window ends at 13:00)."""
    assert response.status_code == 429
    assert response.headers["Retry-After"] == "3570"
    page = re.sub(r"\s+", " ", response.get_data(as_text=True))
    assert "Too many requests" in page and "Try again in 60 min." in page


def test_quizzes_made_imported_or_copied_are_limited_per_address(tmp_path):
    app = limited_app(tmp_path, **{"quiz-new": "3/3600"})
    judge = app.test_client()
    owner = make_quiz(judge).headers["Location"]
    quiz_file = judge.get(owner + "/quiz.toml").data
    imported = judge.post("/quiz/new/import", data={
        "csrf_token": csrf_token(judge, "/quiz/new"), "file": (io.BytesIO(quiz_file), "q.toml")})
    assert imported.status_code == 303
    copied = judge.post(owner + "/copy", data={"csrf_token": csrf_token(judge, "/quiz/new")})
    assert copied.status_code == 303
    assert_limited(make_quiz(judge))
    assert_limited(judge.post("/quiz/new/import", data={
        "csrf_token": csrf_token(judge, "/quiz/new"), "file": (io.BytesIO(quiz_file), "q.toml")}))
    assert rows(app, Quiz) == 3
    elsewhere = app.test_client()
    csrf = csrf_token(elsewhere, "/quiz/new")
    assert elsewhere.post("/quiz/new", environ_base={"REMOTE_ADDR": "10.2.2.2"}, data={
        "csrf_token": csrf, "title": "Other", "count": "2", "op": "save"}).status_code == 303


def take_quiz(app, take_url: str):
    taker = app.test_client()  # every taker a phone of its own, behind one router
    return taker.post(take_url, data={"csrf_token": csrf_token(taker, take_url), "name": "Nia"})


def test_attempts_are_limited_per_address_and_per_quiz_and_address(tmp_path):
    app = limited_app(tmp_path, **{"attempt": "4/3600", "quiz-attempt": "2/3600"})
    judge = app.test_client()
    take_one, _ = links(judge, make_quiz(judge).headers["Location"])
    take_two, _ = links(judge, make_quiz(judge).headers["Location"])
    assert [take_quiz(app, take_one).status_code for _ in range(2)] == [303, 303]
    assert_limited(take_quiz(app, take_one))  # this quiz: 2 an hour from this address
    assert take_quiz(app, take_two).status_code == 303
    assert start(app.test_client()).status_code == 303  # a quiz of one's own: the 4th attempt
    assert_limited(start(app.test_client()))  # 4 attempts an hour from this address, any quiz
    assert_limited(take_quiz(app, take_two))
    assert rows(app, QuizAttempt) == 4


def test_classes_are_limited_per_address(tmp_path):
    app = limited_app(tmp_path, **{"class-new": "2/3600"})
    Host(app), Host(app)
    client = app.test_client()
    csrf = token_of(client.get("/class/new").get_data(as_text=True))
    assert_limited(client.post("/class/new", data={"csrf_token": csrf, "lesson": LESSON}))
    assert rows(app, Class) == 2


def test_new_anonymous_learners_are_limited_per_address_and_known_ones_go_on(tmp_path):
    app = limited_app(tmp_path, **{"learner-new": "2/3600"})
    learners = [app.test_client() for _ in range(3)]
    assert answer(learners[0], "force-of-nature", "two-predict", {"amount": "4"}).status_code == 303
    assert answer(learners[1], "force-of-nature", "two-predict", {"amount": "4"}).status_code == 303
    assert_limited(answer(learners[2], "force-of-nature", "two-predict", {"amount": "4"}))
    assert rows(app, LearnerRow) == 2
    again = answer(learners[0], "force-of-nature", "two-predict", {"amount": "6"})
    assert again.status_code == 303  # a learner the server knows is never counted again


# --- what a class code tells a visitor without a seat --------------------------------------------


def stranger_sees(client, code: str) -> list:
    """Everything a visitor without a seat gets from a class's learner addresses, with the code
    they typed (echoed in a link) taken out."""
    csrf = token_of(client.get("/join").get_data(as_text=True))
    seen = []
    for response in (client.get(f"/class/{code}/play"), client.get(f"/class/{code}/sync?v=1"),
                     client.get(f"/class/{code}/sync?v=1", headers={"HX-Request": "true"}),
                     client.get(f"/class/{code}/review"),
                     client.post(f"/class/{code}/answer", data={"csrf_token": csrf}),
                     client.post(f"/class/{code}/live", data={"csrf_token": csrf})):
        seen.append((response.status_code, response.headers.get("Location", "").replace(code, "C"),
                     response.headers.get("HX-Refresh"), len(response.data)))
    return seen


def unused_code(app) -> str:
    from webapp.services import classes
    with app.app_context():
        while True:
            code = classes.new_code()
            if classes.by_code(code) is None:
                return code


def test_a_live_an_ended_and_a_missing_class_look_the_same_to_a_visitor_without_a_seat(app):
    live, ended = Host(app), Host(app)
    ana = Learner(app, ended.code, "Ana")
    ended.go(1)
    assert ended.post("/move", op="end", confirmed="1").status_code == 303
    stranger = app.test_client()
    seen = [stranger_sees(stranger, code) for code in (live.code, ended.code, unused_code(app))]
    assert seen[0] == seen[1] == seen[2], seen
    assert seen[0][0][:2] == (302, "/join?code=C")
    # The ended class's own players still get their review.
    assert "The class is over" in ana.play().get_data(as_text=True)


def test_class_lookups_without_a_seat_are_limited_per_address_and_seated_polls_are_not(tmp_path):
    app = limited_app(tmp_path, **{"class-lookup": "3/60"})
    host = Host(app)
    ana = Learner(app, host.code, "Ana", address="10.5.5.5")
    stranger = app.test_client()
    for code in (host.code, unused_code(app), unused_code(app)):
        assert stranger.get(f"/class/{code}/play",
                            environ_base={"REMOTE_ADDR": "10.5.5.5"}).status_code == 302
    refused = stranger.get(f"/class/{host.code}/sync?v=1", environ_base={"REMOTE_ADDR": "10.5.5.5"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    for _ in range(5):  # a player in the class, behind the same router, polls on
        assert ana.client.get(f"/class/{host.code}/play",
                              environ_base={"REMOTE_ADDR": "10.5.5.5"}).status_code == 200


# --- expiry, activity and the clean-up -----------------------------------------------------------


class Clock:
    """The app's clock (config CLOCK), moved by the test."""

    def __init__(self):
        self.now = datetime.now(timezone.utc)

    def __call__(self):
        return self.now

    def later(self, **delta):
        self.now += timedelta(**delta)


def touched(app, code: str) -> datetime:
    with app.app_context():
        at = db.session.scalar(select(Class.touched_at).where(Class.code == code))
        return at if at.tzinfo else at.replace(tzinfo=timezone.utc)


def set_touched(app, code: str, at: datetime) -> None:
    with app.app_context():
        db.session.execute(update(Class).where(Class.code == code).values(touched_at=at))
        db.session.commit()


def test_a_class_idle_for_twelve_hours_refuses_joins_at_once(tmp_path):
    clock = Clock()
    app = isolated_app(tmp_path / "instance", CLOCK=clock)
    host = Host(app)
    clock.later(hours=13)  # no host action, join or answer since
    late = Learner(app, host.code, "Late")
    assert late.joined.status_code == 400 and "No class is running" in \
        late.joined.get_data(as_text=True)


def test_joins_and_answers_mark_a_class_in_use_answers_at_most_once_a_minute(app):
    host = Host(app)
    from tests.web.test_class import LEGAL, PRACTICE
    now = datetime.now(timezone.utc)
    set_touched(app, host.code, now - timedelta(hours=11))
    ana = Learner(app, host.code, "Ana")
    assert touched(app, host.code) > now - timedelta(minutes=1)  # the join
    host.go(PRACTICE)
    set_touched(app, host.code, now - timedelta(hours=11))
    assert ana.answer(LEGAL).status_code == 303
    assert touched(app, host.code) > now - timedelta(minutes=1)  # the answer
    recently = now - timedelta(seconds=30)
    set_touched(app, host.code, recently)
    assert ana.answer(LEGAL).status_code == 303
    assert touched(app, host.code) == recently  # within the minute: no write


def test_the_clean_up_never_deletes_a_class_in_use(tmp_path):
    clock = Clock()
    app = isolated_app(tmp_path / "instance", CLOCK=clock)
    busy, quiet = Host(app), Host(app)  # neither host does anything after this
    for hour in range(1, 13):  # players keep joining one class, every hour
        clock.later(hours=1)
        assert Learner(app, busy.code, f"p{hour}").joined.status_code == 303
    clock.later(minutes=59)  # the host idle 13 h, the last join 1 minute ago
    assert Learner(app, busy.code, "last").joined.status_code == 303
    clock.later(minutes=1)
    from webapp.services import cleanup
    with app.app_context():
        cleanup.clean(clock())
    assert busy.client.get(busy.url).status_code == 200  # in use: kept, with its players
    assert "last" in busy.page()
    assert quiet.client.get(quiet.url).status_code == 200  # idle 13 h: no joins, but kept
    assert Learner(app, quiet.code, "x").joined.status_code == 400
    clock.later(hours=36)
    with app.app_context():
        gone = cleanup.clean(clock())
    assert gone["classes"] == 1  # idle 49 h: deleted
    assert quiet.client.get(quiet.url).status_code == 404


def test_the_clean_up_deletes_what_the_docs_say_and_keeps_the_rest(app):
    check_clean_up(app)


@pytest.mark.postgres
def test_the_clean_up_deletes_the_same_on_postgresql(tmp_path, postgres_schema):
    url, _ = postgres_schema
    check_clean_up(isolated_app(tmp_path / "instance", DATABASE_URL=url))


def check_clean_up(app):
    from webapp.services import cleanup, limits
    from webapp.services.models import LessonProgress, QuizAnswer, RateCount
    now = datetime.now(timezone.utc)
    old = now - timedelta(days=8)
    with app.app_context():
        limits.hit("join", "10.0.0.9", limits.Rule(5, 60), now - timedelta(minutes=2))  # ended
        limits.hit("join", "10.0.0.9", limits.Rule(5, 60), now)  # this minute's
        db.session.add_all([
            LearnerRow(id="no-progress-old", created_at=old),
            LearnerRow(id="no-progress-new", created_at=now),
            LearnerRow(id="progress-old", created_at=old),
            LessonProgress(learner_id="progress-old", lesson_id="force-of-nature",
                           current_step="the-classic")])
        attempt = dict(name="N", tier=1, count=1, seed=0, mode="exam", pass_mark=70)
        db.session.add_all([
            QuizAttempt(token="never-answered-old", created_at=old, **attempt),
            QuizAttempt(token="never-answered-new", created_at=now, **attempt),
            QuizAttempt(token="submitted-blank-old", created_at=old, submitted_at=old, **attempt),
            answered := QuizAttempt(token="answered-old", created_at=old, **attempt)])
        db.session.flush()
        db.session.add(QuizAnswer(attempt_id=answered.id, position=1, answer=1, correct=True))
        db.session.commit()
        gone = cleanup.clean(now)
        assert gone == {"classes": 0, "classes ended": 0, "rate counters": 1, "learners": 1,
                        "quiz attempts": 1}
        assert db.session.scalar(select(func.count()).select_from(RateCount)) == 1
        assert set(db.session.scalars(select(LearnerRow.id))) == {"no-progress-new",
                                                                   "progress-old"}
        assert set(db.session.scalars(select(QuizAttempt.token))) == {
            "never-answered-new", "submitted-blank-old", "answered-old"}


def test_the_clean_up_runs_as_a_command(app):
    result = app.test_cli_runner().invoke(args=["clean-up"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("deleted 0 classes, ")


def test_the_clean_up_runs_after_a_response_at_most_once_per_period_over_every_server(
        tmp_path, monkeypatch):
    from webapp.services import cleanup
    monkeypatch.setattr(cleanup, "ASK_EVERY", 0)  # each process asks the shared gate every time
    clock = Clock()
    one = isolated_app(tmp_path / "instance", CLOCK=clock, CLEANUP_EVERY=3600)
    two = isolated_app(tmp_path / "instance", CLOCK=clock, CLEANUP_EVERY=3600)
    stale, other = Host(one), Host(one)  # (this period's clean-up ran at their first request)
    set_touched(one, stale.code, clock() - cleanup.CLASS_KEEP - timedelta(minutes=1))
    clock.later(hours=1)
    # the period's first request anywhere cleans up (buffered: the response is closed, as a
    # server closes it, and the clean-up runs then)
    one.test_client().get("/healthz", buffered=True)
    assert stale.client.get(stale.url).status_code == 404
    set_touched(one, other.code, clock() - cleanup.CLASS_KEEP - timedelta(minutes=1))
    two.test_client().get("/healthz", buffered=True)  # another server, same period: nothing runs
    assert other.client.get(other.url).status_code == 200
    clock.later(hours=1)
    two.test_client().get("/healthz", buffered=True)  # the next period
    assert other.client.get(other.url).status_code == 404


# --- look-alike nicknames ------------------------------------------------------------------------


@pytest.mark.parametrize("first, second", [
    ("Ana", "\u0410na"),          # Cyrillic А
    ("Maria", "M\u0430ria"),      # Cyrillic а among Latin letters
    ("Paco", "\u0420\u0430\u0441\u043e"),  # all Cyrillic: Р а с о
    ("Ana", "ＡＮＡ"),              # full-width, any case
    ("Ali", "A1i"),               # l and 1
    ("Bo", "\U0001d401o"),        # mathematical bold B
])
def test_a_look_alike_of_a_nickname_in_the_class_is_taken(app, first, second):
    host = Host(app)
    assert Learner(app, host.code, first).joined.status_code == 303
    again = Learner(app, host.code, second).joined
    assert again.status_code == 409 and "already uses that nickname" in again.get_data(as_text=True)


@pytest.mark.parametrize("nickname", [
    "Ana\u200b", "A\u200dna", "An\u2060a", "\u3164Ana", "Ana\ufe0f", "A\u034fna", "Ana\u2800",
    "\u115fAna", "Ana\U000e0100"])
def test_invisible_characters_in_a_nickname_are_refused(app, nickname):
    host = Host(app)
    response = Learner(app, host.code, nickname).joined
    assert response.status_code == 400
    assert "control or invisible characters" in response.get_data(as_text=True)


def test_different_names_in_other_scripts_still_join(app):
    host = Host(app)
    for name in ("Ana", "Анна", "アナ", "Ana Lee", "Zoé", "Zoe", "José", "太郎"):
        assert Learner(app, host.code, name).joined.status_code == 303, name


def test_the_migration_gives_stored_players_look_alike_keys_and_keeps_every_seat(tmp_path):
    from sqlalchemy import text

    from webapp import create_app
    from webapp.services import upgrade
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "INSTANCE_PATH": str(tmp_path),
                      "DATABASE_URL": f"sqlite:///{tmp_path}/m.db"})
    upgrade(app, "0008")
    now = datetime.now(timezone.utc)
    with app.app_context():
        db.session.execute(text(
            "insert into classes (id, code, host_token, lesson_id, state, step, version, "
            "created_at, touched_at) values (1, 'AAAAAA', 'h', 'force-of-nature', 'lobby', 0, 1, "
            ":now, :now)"), {"now": now})
        for i, (name, key) in enumerate([("Ana", "ana"), ("\u0410na", "\u0430na"),
                                         ("Ali", "ali")], start=1):
            db.session.execute(text(
                "insert into class_learners (id, class_id, token, nickname, nickname_key, "
                "joined_at) values (:i, 1, :t, :n, :k, :now)"),
                {"i": i, "t": f"t{i}", "n": name, "k": key, "now": now})
        db.session.commit()
    upgrade(app)
    with app.app_context():
        keys = dict(db.session.execute(text("select nickname, nickname_key from class_learners"))
                    .all())
    # The first Ana gets the skeleton; her look-alike, who joined before, keeps her seat and key.
    assert keys == {"Ana": "ana", "\u0410na": "\u0430na", "Ali": "a1i"}


# --- CSV cells -----------------------------------------------------------------------------------


def test_a_full_width_formula_in_a_takers_name_is_guarded_in_the_quiz_csv(app):
    import csv
    judge = app.test_client()
    owner = make_quiz(judge, count="1").headers["Location"]
    take, _ = links(judge, owner)
    for name in ("＝2+2", "＋1", "＠SUM(A1)", "  =1+1"):
        taker = app.test_client()
        taker.post(take, data={"csrf_token": csrf_token(taker, take), "name": name})
    rows = list(csv.DictReader(io.StringIO(judge.get(owner + "/results.csv").get_data(
        as_text=True).removeprefix("\ufeff"))))
    assert sorted(r["name"] for r in rows) == sorted(["'=2+2", "'+1", "'@SUM(A1)", "'=1+1"])


# --- what one address can store ------------------------------------------------------------------


def test_one_address_sending_a_flood_stores_at_most_each_limit(tmp_path):
    """One client floods every creating request (twice to three times each limit of the default
    config): what is stored stops at the limit, everything past it is a 429 and adds nothing
    (issue 19: one client could add about 20 GiB a day)."""
    app = isolated_app(tmp_path / "instance", CLOCK=NOON)
    rules = {bucket: int(rule.split("/")[0]) for bucket, rule in app.config["RATE_LIMITS"].items()}
    client = app.test_client()
    csrf = csrf_token(client, "/quiz/new")
    sent = {"class-new": 90, "quiz-new": 120, "quiz-attempt": 240, "learner-new": 450}
    statuses = {bucket: [] for bucket in sent}
    for _ in range(sent["class-new"]):
        statuses["class-new"].append(client.post("/class/new", data={
            "csrf_token": csrf, "lesson": LESSON}).status_code)
    for _ in range(sent["quiz-new"]):
        statuses["quiz-new"].append(client.post("/quiz/new", data={
            "csrf_token": csrf, "title": "Flood", "count": "1", "op": "save"}).status_code)
    real = client.post("/quiz/new", environ_base={"REMOTE_ADDR": "10.7.7.7"}, data={
        "csrf_token": csrf, "title": "Real", "count": "1", "op": "save"})  # a judge elsewhere
    take, _ = links(client, real.location)
    for _ in range(sent["quiz-attempt"]):
        client.delete_cookie("quiz_attempts", path="/quiz")  # else the take link resumes
        statuses["quiz-attempt"].append(client.post(take, data={
            "csrf_token": csrf, "name": "Flood"}).status_code)
    for _ in range(sent["learner-new"]):
        client.delete_cookie("learner", path="/learn")  # a new anonymous learner every time
        statuses["learner-new"].append(client.post("/learn/force-of-nature/two-predict", data={
            "csrf_token": csrf, "lesson": "force-of-nature", "step": "two-predict",
            "amount": "4"}).status_code)
    for bucket, got in statuses.items():
        assert set(got) == {303, 429}, bucket
        assert got.count(303) == rules[bucket], bucket
    assert rows(app, Class) == rules["class-new"]
    assert rows(app, Quiz) == rules["quiz-new"] + 1  # and the other address's one
    assert rows(app, QuizAttempt) == rules["quiz-attempt"]
    assert rows(app, LearnerRow) == rules["learner-new"]


def test_joins_are_also_limited_per_hour(tmp_path):
    clock = Clock()
    app = isolated_app(tmp_path / "instance", CLOCK=clock,
                       RATE_LIMITS={"join": "2/60", "join-hour": "3/3600"})
    host = Host(app)
    clock.now = clock.now.replace(minute=0, second=0)
    assert Learner(app, host.code, "a").joined.status_code == 303
    assert Learner(app, host.code, "b").joined.status_code == 303
    clock.later(minutes=1)
    assert Learner(app, host.code, "c").joined.status_code == 303
    refused = Learner(app, host.code, "d").joined
    assert refused.status_code == 429 and refused.headers["Retry-After"] == str(59 * 60)


@pytest.mark.parametrize("first, second, shared", [
    ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", True),  # one home's /64: one visitor
    ("2001:db8:1:2::1", "2001:db8:1:3::1", False),      # the next /64: another
    ("::ffff:10.7.7.7", "10.7.7.7", True),              # IPv4 written as IPv6
    ("10.7.7.7", "10.7.7.8", False)])
def test_an_ipv6_visitor_is_limited_by_its_64_block_not_by_each_address(tmp_path, first, second,
                                                                       shared):
    """An IPv6 visitor has a /64 to choose addresses from: counted per address, a class-code
    guesser could take a fresh one for every try."""
    app = limited_app(tmp_path, **{"class-new": "1/3600"})

    def create(address):
        client = app.test_client()
        csrf = token_of(client.get("/class/new").get_data(as_text=True))
        return client.post("/class/new", data={"csrf_token": csrf, "lesson": LESSON},
                           environ_base={"REMOTE_ADDR": address})

    assert create(first).status_code == 303
    second_try = create(second)
    if shared:
        assert_limited(second_try)
    else:
        assert second_try.status_code == 303
