"""A class's phones follow the host at once: a cheap poll, then the new screen swapped in (issue 23
item 4). No site navigation on a player's pages; the no-JavaScript link only inside <noscript>."""

from __future__ import annotations

import re

import pytest

from tests.web.test_class import HX, PRACTICE, Host, Learner
from tests.web.test_class_integrity import learner_id


@pytest.fixture
def host(app):
    return Host(app)


def poll_url(page: str) -> str:
    return re.search(r'<p class="sync[^"]*"[^>]*data-follow[^>]*hx-get="([^"]+)"', page).group(1) \
        .replace("&amp;", "&")


def screen(html: str) -> str:
    """What htmx swaps in: the page's #class-screen."""
    return re.search(r'<div id="class-screen">.*</div>', html, re.S).group(0)


def test_a_phone_polls_often_and_gets_a_304_with_no_body_while_the_host_stays(app, host):
    ana = Learner(app, host.code, "Ana")
    page = ana.play().get_data(as_text=True)
    assert f'hx-trigger="every {app.config["CLASS_FOLLOW_MS"]}ms"' in page
    assert app.config["CLASS_FOLLOW_MS"] <= 500  # the default: 90% of phones under 1 s
    url = poll_url(page)
    first = ana.client.get(url, headers=HX)
    assert first.status_code == 200 and "HX-Refresh" not in first.headers
    assert "HX-Retarget" not in first.headers and len(first.data) < 100  # no template
    again = ana.client.get(url, headers={**HX, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_a_big_rooms_phones_poll_more_slowly_so_the_server_keeps_up(tmp_path):
    from tests.conftest import isolated_app

    app = isolated_app(tmp_path / "instance", CLASS_FOLLOW_ROOM_RATE=2)  # 2 polls a second
    host = Host(app)
    phones = [Learner(app, host.code, name, address=f"10.0.0.{n}")
              for n, name in enumerate(["Ana", "Bo", "Cy"], 1)]
    host.go(PRACTICE)  # the new screen says how often to ask: 3 phones, 2 a second: 1.5 s each
    assert 'hx-trigger="every 1500ms"' in phones[0].play().get_data(as_text=True)
    small = Host(app)  # one phone alone: the usual pace
    alone = Learner(app, small.code, "Alone", address="10.0.0.9")
    assert 'hx-trigger="every 500ms"' in alone.play().get_data(as_text=True)


def test_when_the_host_moves_the_poll_answers_the_new_screen_to_swap_in(app, host):
    ana = Learner(app, host.code, "Ana")
    url = poll_url(ana.play().get_data(as_text=True))
    host.go(PRACTICE)
    moved = ana.client.get(url, headers=HX)
    assert moved.status_code == 200 and "HX-Refresh" not in moved.headers
    assert moved.headers["HX-Retarget"] == "#class-screen"
    assert moved.headers["HX-Reselect"] == "#class-screen"
    assert moved.headers["HX-Reswap"] == "outerHTML"
    assert moved.headers["Cache-Control"] == "no-store"
    new = screen(moved.get_data(as_text=True))
    assert 'name="step" value="split-d-practice"' in new and "Step 5 of" in new
    # The new screen polls with the new version: the next poll is a quiet one again.
    again = ana.client.get(poll_url(new), headers=HX)
    assert again.status_code == 200 and "HX-Retarget" not in again.headers


def test_a_poll_without_htmx_or_for_a_removed_seat_still_reloads_the_page(app, host):
    ana = Learner(app, host.code, "Ana")
    url = poll_url(ana.play().get_data(as_text=True))
    host.go(PRACTICE)
    assert ana.client.get(url).headers["HX-Refresh"] == "true"
    url = poll_url(ana.play().get_data(as_text=True))
    host.post("/remove", learner=learner_id(host, "Ana"))
    removed = ana.client.get(url, headers=HX)
    assert removed.headers["HX-Refresh"] == "true" and "HX-Retarget" not in removed.headers


@pytest.mark.parametrize("state", ["lobby", "running", "ended"])
def test_a_players_class_page_has_no_site_navigation_and_a_one_line_bar(app, host, state):
    ana = Learner(app, host.code, "Ana")
    if state != "lobby":
        host.go(PRACTICE)
    if state == "ended":
        host.post("/move", op="end", confirmed="1")
    page = ana.play().get_data(as_text=True)
    assert '<nav class="nav"' not in page and 'class="langs"' not in page
    assert 'href="/learn"' not in page.split('id="class-screen"')[0]
    bar = re.search(r'<header class="phone-bar">.*?</header>', page, re.S).group(0)
    assert "<h1" in bar and "Ana" in bar and 'data-offline="Reconnecting…"' in bar
    if state == "running":
        assert "Step 5 of" in bar
    # "Check for the next step" only for a phone without JavaScript.
    if state != "ended":
        assert re.search(r"<noscript><p class=\"sync-link\"><a [^>]+>Check for the next step</a>",
                         page)
    assert page.count("Check for the next step") <= 1


def test_a_removed_players_page_has_no_site_navigation(app, host):
    ana = Learner(app, host.code, "Ana")
    host.post("/remove", learner=learner_id(host, "Ana"))
    page = ana.play().get_data(as_text=True)
    assert '<nav class="nav"' not in page and 'class="langs"' not in page


def test_the_reconnecting_words_are_translated(app, host):
    ana = Learner(app, host.code, "Ana")
    for lang, words in (("fr", "Reconnexion…"), ("ja", "再接続中…")):
        page = ana.client.get(f"/class/{host.code}/play?lang={lang}").get_data(as_text=True)
        assert f'data-offline="{words}"' in page


# --- two servers on one PostgreSQL --------------------------------------------------------------


@pytest.mark.postgres
def test_a_phone_on_one_server_follows_a_host_on_the_other(postgres_schema, tmp_path):
    """Two servers share a PostgreSQL database (one behind each wifi, or two processes behind a
    proxy): the host moves on one, a phone joined through the other gets the new screen at its
    next poll, and the other way round. The poll reads the class's version from the database
    each time, so no server keeps news the other can't see."""
    from tests.conftest import isolated_app
    from webapp.services import db

    url, _ = postgres_schema
    one = isolated_app(tmp_path / "one", DATABASE_URL=url)
    two = isolated_app(tmp_path / "two", DATABASE_URL=url)
    try:
        host = Host(one)
        ana, bo = Learner(two, host.code, "Ana"), Learner(one, host.code, "Bo")
        ana_poll = poll_url(ana.play().get_data(as_text=True))
        bo_poll = poll_url(bo.play().get_data(as_text=True))
        assert ana.client.get(ana_poll, headers=HX).headers.get("HX-Retarget") is None
        host.go(PRACTICE)  # on server one
        polls = {}
        for learner, poll in ((ana, ana_poll), (bo, bo_poll)):  # Ana's on server two
            moved = learner.client.get(poll, headers=HX)
            assert moved.headers["HX-Retarget"] == "#class-screen"
            new = screen(moved.get_data(as_text=True))
            assert 'name="step" value="split-d-practice"' in new
            polls[learner] = poll_url(new)
        # A host on server two (the same host link) moves the class again: both follow.
        other_host = two.test_client()
        csrf = re.search(r'name="csrf_token" value="([^"]+)"',
                         other_host.get(host.url).get_data(as_text=True)).group(1)
        assert other_host.post(host.url + "/move", data={"csrf_token": csrf, "op": "next"}
                               ).status_code == 303
        for learner, poll in polls.items():
            again = learner.client.get(poll, headers=HX)
            assert "Step 6 of" in screen(again.get_data(as_text=True))
    finally:
        for app in (one, two):
            with app.app_context():
                db.engine.dispose()



def test_the_swapped_screen_has_nothing_out_of_band_so_a_games_box_comes_with_it(tmp_path):
    """The poll's new screen is a whole page swapped in: an element marked out of band (the
    game's own box, a prediction's try-board) would be pulled out of it by htmx and lost."""
    from tests.conftest import isolated_app
    from tests.web.test_class_game import GameHost
    from tests.web.test_class_presence import Clock

    app = isolated_app(tmp_path / "instance", CLOCK=Clock())
    host = GameHost(app, countdown="20")
    ana = Learner(app, host.code, "Ana")
    version = re.search(r"sync\?v=(\d+)", ana.play().get_data(as_text=True)).group(1)
    host.go(PRACTICE)
    moved = ana.client.get(f"/class/{host.code}/sync?v={version}", headers={"HX-Request": "true"})
    body = moved.get_data(as_text=True)
    assert moved.headers["HX-Retarget"] == "#class-screen"
    assert 'id="game-me"' in body and 'data-seconds-left="20"' in body
    assert "hx-swap-oob" not in body
