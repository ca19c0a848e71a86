"""Issue 23, results that keep: the classes a browser hosted, listed on /class with their state,
summary, CSV, "Run it again" and "Delete…" (asked first, host token only), and how long the
clean-up keeps them."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import delete, func, select

from webapp.services import cleanup, classes, db
from webapp.services.models import Class, ClassResult, Quiz, utcnow

from tests.web.test_class import HX, LEGAL, PRACTICE, Host, Learner, read_results, text
from tests.web.test_class_quiz import ONE, QuizHost, make_quiz


@pytest.fixture
def host(app):
    return Host(app)


def past(client) -> list[tuple[str, str]]:
    """(code, state word) of each class in the /class list, in its order."""
    page = text(client.get("/class"))
    return re.findall(r'<li class="past-class" id="class-(\w+)">.*?'
                      r'class="tag state-\w+">([^<]+)<', page)


def new_class(host: Host, lesson: str, **fields):
    return host.client.post("/class/new", data={"csrf_token": host.csrf, "lesson": lesson,
                                                **fields})


def count_classes(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Class))


# --- bad input first ---------------------------------------------------------------------------


def test_another_browser_or_a_forged_host_cookie_lists_nothing(app, host):
    assert past(host.client) == [(host.code, "Waiting for players")]
    assert past(app.test_client()) == []
    stranger = app.test_client()
    for forged in (host.token, f"{host.token}.x", "e30.forged"):  # unsigned, tampered
        stranger.set_cookie("class_host", forged, path="/class")
        assert past(stranger) == [] and host.token not in text(stranger.get("/class"))
    # A learner's seat cookie (signed, another salt) is no host cookie either.
    ana = Learner(app, host.code, "Ana")
    seat = ana.client.get_cookie("class_seat").value
    stranger.set_cookie("class_host", seat, path="/class")
    assert past(stranger) == []


@pytest.mark.parametrize("path", ["/delete", "/again"])
def test_an_unknown_class_or_the_wall_token_deletes_or_copies_nothing(app, host, path):
    ana = Learner(app, host.code, "Ana")
    wall = re.search(r'href="/class/wall/([^"]+)"', host.page()).group(1)
    for token in ("x" * 43, wall, host.code, ana.client.get_cookie("class_seat").value[:43]):
        response = ana.client.post(f"/class/host/{token}{path}",
                                   data={"csrf_token": ana.csrf, "confirmed": "1"})
        assert response.status_code == 404
        assert host.client.get(f"/class/host/{token}{path}").status_code in (404, 405)
    assert host.client.post(host.url + path, data={"confirmed": "1"}).status_code == 400  # CSRF
    assert count_classes(app) == 1 and host.page()


def test_deleting_someone_elses_class_needs_its_host_token(app, host):
    """Another host's browser can't reach a class whose host link it hasn't: its own token in the
    URL deletes only its own class, whatever the form says."""
    other = Host(app)
    response = other.client.post(other.url + "/delete",
                                 data={"csrf_token": other.csrf, "confirmed": "1",
                                       "token": host.token, "code": host.code})
    assert response.status_code == 303
    assert host.client.get(host.url).status_code == 200
    assert other.client.get(other.url).status_code == 404
    assert past(host.client) == [(host.code, "Waiting for players")]


def test_forgetting_the_list_keeps_the_classes(app, host):
    """A shared laptop: the next host sees none of this host's classes; the host link still
    opens the class."""
    assert host.client.post("/class/forget", data={}).status_code == 400  # no CSRF token
    assert past(host.client) == [(host.code, "Waiting for players")]
    assert host.client.post("/class/forget", data={"csrf_token": host.csrf}).status_code == 303
    assert past(host.client) == [] and host.token not in text(host.client.get("/class"))
    assert host.client.get(host.url).status_code == 200


# --- the list -----------------------------------------------------------------------------------


def test_the_list_shows_each_class_this_browser_hosted_with_its_state(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    ana.answer(LEGAL, **HX)
    assert past(host.client) == [(host.code, "Running")]
    second = new_class(host, "two-blockers", answer_mode="one")
    assert second.status_code == 303
    code2 = re.search(r'class="code">(\w+)<', text(host.client.get(second.location))).group(1)
    host.post("/move", op="end", confirmed="1")
    assert past(host.client) == [(code2, "Waiting for players"), (host.code, "Ended")]
    page = text(host.client.get("/class"))
    entry = re.search(rf'id="class-{host.code}".*?</li>', page).group(0)
    assert "Force of Nature" in entry and "1 player" in entry
    assert f'href="/class/host/{host.token}"' in entry and "Summary" in entry
    assert f'href="/class/host/{host.token}/results.csv"' in entry
    assert f'action="/class/host/{host.token}/again"' in entry
    assert f'href="/class/host/{host.token}/delete"' in entry
    assert "The results are kept until" in entry
    running = re.search(rf'id="class-{code2}".*?</li>', page).group(0)
    assert "ends by itself" in running and "Back to your class" in running
    # The host page says how long the results keep, before and after the end.
    assert "The results are kept until" in text(host.client.get(host.url))
    assert "ends by itself" in text(host.client.get(second.location))


def test_run_it_again_starts_a_new_class_on_the_same_lesson_with_the_same_settings(app, host):
    first = new_class(host, "two-blockers", answer_mode="one")
    token = first.location.rsplit("/", 1)[1]
    again = host.client.post(f"/class/host/{token}/again", data={"csrf_token": host.csrf})
    assert again.status_code == 303 and again.location != first.location
    with app.app_context():
        old, new = (classes.by_host(t) for t in (token, again.location.rsplit("/", 1)[1]))
        assert (new.lesson_id, new.answer_mode, new.state) == ("two-blockers", "one", "lobby")
        assert new.code != old.code
    assert "one answer per step" in text(host.client.get(again.location))
    assert len(past(host.client)) == 3


def test_run_it_again_on_a_quiz_class_uses_the_quiz_and_a_deleted_quiz_says_so(app):
    shared = make_quiz(app, ids=[ONE], title="Zoë’s quiz", mode="exam")
    host = QuizHost(app, shared.owner_token)
    token = host.url.rsplit("/", 1)[1]
    again = host.client.post(f"/class/host/{token}/again", data={"csrf_token": host.csrf})
    assert again.status_code == 303
    with app.app_context():
        new = classes.by_host(again.location.rsplit("/", 1)[1])
        assert (new.quiz_token, new.quiz_mode, new.answer_mode, new.quiz_title) == (
            shared.take_token, "exam", "one", "Zoë’s quiz")
        db.session.execute(delete(Quiz).where(Quiz.take_token == shared.take_token))
        db.session.commit()
    gone = host.client.post(f"/class/host/{token}/again", data={"csrf_token": host.csrf})
    assert gone.status_code == 410 and "This quiz is gone" in text(gone)
    assert count_classes(app) == 2


def test_delete_asks_first_then_deletes_the_class_its_players_and_answers(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    ana.answer(LEGAL, **HX)
    host.post("/move", op="end", confirmed="1")
    ask = host.client.get(host.url + "/delete")
    page = text(ask)
    assert ask.status_code == 200 and f"Delete the class {host.code}?" in page
    assert f'action="/class/host/{host.token}/delete"' in page
    assert 'name="confirmed" value="1"' in page and 'href="/class"' in page  # "no" goes back
    unconfirmed = host.post("/delete")
    assert unconfirmed.status_code == 303 and unconfirmed.location.endswith("/delete")
    assert host.client.get(host.url).status_code == 200
    done = host.post("/delete", confirmed="1")
    assert done.status_code == 303
    listed = text(host.client.get(done.location))
    assert f"The class {host.code} was deleted." in listed and past(host.client) == []
    assert host.client.get(host.url).status_code == 404
    assert host.client.get(host.url + "/results.csv").status_code == 404
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ClassResult)) == 0
    assert ana.play().status_code == 302  # back to the join form
    assert host.post("/delete", confirmed="1").status_code == 404  # twice: nothing left


# --- retention --------------------------------------------------------------------------------


def test_an_ended_class_keeps_its_results_past_30_days_then_goes(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    ana.answer(LEGAL, **HX)
    host.post("/move", op="end", confirmed="1")
    with app.app_context():
        assert cleanup.clean(utcnow() + timedelta(days=31))["classes"] == 0
    assert past(host.client) == [(host.code, "Ended")]
    _, rows = read_results(host.client.get(host.url + "/results.csv"))
    assert [(r["Player"], r["Tries"]) for r in rows] == [("Ana", "1")]
    with app.app_context():
        gone = cleanup.clean(utcnow() + cleanup.ENDED_KEEP + timedelta(minutes=1))
    assert gone["classes"] == 1 and host.client.get(host.url).status_code == 404
    assert past(host.client) == []


def test_a_class_left_running_is_ended_not_deleted_and_an_empty_one_is_deleted(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    ana.answer(LEGAL, **HX)
    empty = Host(app)
    empty.go(PRACTICE)
    later = utcnow() + cleanup.CLASS_KEEP + timedelta(minutes=1)
    with app.app_context():
        gone = cleanup.clean(later)
    assert (gone["classes"], gone["classes ended"]) == (1, 1)
    assert empty.client.get(empty.url).status_code == 404
    assert past(host.client) == [(host.code, "Ended")]
    assert "The class is over" in host.page() and "The results are kept until" in host.page()
    assert "The class is over" in text(ana.play())
    with app.app_context():  # kept ENDED_KEEP from when it was ended
        assert cleanup.clean(later + timedelta(days=31))["classes"] == 0
