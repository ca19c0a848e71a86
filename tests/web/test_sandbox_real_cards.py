"""A real card's name promises the printed card (docs/board-format.md): the sandbox says so when
a judge's edits contradict it, and the quiz refuses to make a question of such a board, so a
candidate who knows the cards never meets a 2/3 Grizzly Bears with no reason on the board."""

from __future__ import annotations

import re
from html import unescape

from tests.web.test_quiz_authoring import post, quiz_at
from tests.web.test_quiz import make_quiz
from tests.web.test_sandbox import form_of, press
from webapp.views.sandbox.board import default_board, encode

BEARS_2_3 = ("Grizzly Bears 1 is 2/2, green, no keyword as printed; this board shows 2/3, green, "
             "no keyword.")


def card_note(html: str) -> str:
    found = re.search(r'<div class="notice bad card-note"[^>]*>(.*?)</div>', html, re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split()) if found else ""


def test_the_example_board_is_true_to_its_cards(client):
    assert card_note(client.get("/sandbox").get_data(as_text=True)) == ""


def test_a_real_card_given_other_numbers_is_named_with_what_it_is_printed(client):
    html = press(client, client.get("/sandbox").get_data(as_text=True), "update",
                 **{"blocker-0-toughness": "3"})
    note = card_note(html)
    assert note.startswith(BEARS_2_3) and "make it a token" in note
    assert "Grizzly Bears 2" not in note  # the untouched copies are as printed
    # the board is still checked and kept: the note is advice, nothing is refused
    assert 'name="blocker-0-toughness"' in html and 'value="3"' in html


def test_a_lost_keyword_and_a_new_colour_are_named_too(client):
    html = press(client, client.get("/sandbox").get_data(as_text=True), "update",
                 **{"attacker-0-ability": "deathtouch", "attacker-0-color": "black"})
    assert card_note(html).startswith("Force of Nature is 8/8, green, trample as printed; this "
                                      "board shows 8/8, black, deathtouch.")


def test_a_token_or_a_made_up_name_promises_nothing(client):
    page = client.get("/sandbox").get_data(as_text=True)
    for name in ("Bear token", "Rhino"):
        html = press(client, page, "update", **{"blocker-0-name": name,
                                                 "blocker-0-toughness": "3"})
        assert card_note(html) == "", name


def test_the_note_is_in_the_pages_language(client):
    page = client.get("/sandbox?lang=fr").get_data(as_text=True)
    html = press(client, page, "update", **{"blocker-0-toughness": "3"})
    assert card_note(html).startswith("Grizzly Bears 1 est imprimé 2/2, vert, sans mot-clé ; "
                                      "ce plateau le montre 2/3, vert, sans mot-clé. "
                                      "Reprendre la carte imprimée")


def test_a_quiz_question_is_not_made_from_a_board_that_misnames_a_card(app, client):
    owner_url = make_quiz(client, count="2").headers["Location"]
    board = default_board()
    board["blockers"][0]["toughness"] = 3
    board["assignment"] = {"a1": {"b1": 3, "b2": 2, "b3": 2, "player": 1}}
    response = post(client, owner_url + "/board", type="legal", tier="1",
                    link=f"/sandbox?b={encode(board)}")
    said = " ".join(unescape(response.get_data(as_text=True)).split())
    assert response.status_code == 400 and BEARS_2_3 in said
    assert len(quiz_at(app, owner_url).questions) == 2
    board["blockers"][0]["name"] = "Bear token"  # said on the board: the question is made
    response = post(client, owner_url + "/board", type="legal", tier="1",
                    link=f"/sandbox?b={encode(board)}")
    assert response.status_code in (200, 303)
    assert len(quiz_at(app, owner_url).questions) == 3


def test_a_quiz_file_whose_board_misnames_a_card_is_refused_at_its_line(app, client):
    from tests.conftest import csrf_token
    from tests.web.test_quiz_authoring import _file

    owner_url = make_quiz(client, count="1").headers["Location"]
    board = default_board()
    board["assignment"] = {"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}}
    assert post(client, owner_url + "/board", type="legal", tier="1",
                link=f"/sandbox?b={encode(board)}").status_code == 303
    good = client.get(owner_url + "/quiz.toml").get_data(as_text=True)
    bad = good.replace('name = "Grizzly Bears"\npower = 2\ntoughness = 2',
                       'name = "Grizzly Bears"\npower = 2\ntoughness = 3', 1)
    assert bad != good
    response = client.post("/quiz/new/import", data={
        "csrf_token": csrf_token(client, "/quiz/new"), "file": (_file(bad), "mine.toml")},
        content_type="multipart/form-data")
    said = " ".join(unescape(response.get_data(as_text=True)).split())
    assert response.status_code == 400
    assert re.search(r"mine\.toml: line \d+: [\w-]+: Grizzly Bears is 2/2, green, no keyword as "
                     r"printed, but this board shows 2/3, green, no keyword", said), said[-3000:]


def test_use_the_printed_card_puts_its_numbers_colours_and_keywords_back(client):
    page = client.get("/sandbox").get_data(as_text=True)
    html = press(client, page, "update", **{"blocker-0-toughness": "3", "blocker-0-color": "red",
                                             "blocker-0-ability": "deathtouch"})
    assert 'name="op" value="printed:b1"' in html
    fixed = press(client, html, "printed:b1")
    assert card_note(fixed) == ""
    assert re.search(r'id="blocker-0-toughness"[^>]*value="2"', fixed)
    assert re.search(r'id="blocker-0-col-green"[^>]*checked', fixed)
    assert not re.search(r'id="blocker-0-col-red"[^>]*checked', fixed)
    assert not re.search(r'id="blocker-0-ab-deathtouch"[^>]*checked', fixed)
    # what its name adds counts: a +1/+1 counter makes the printed 2/2 a 3/3
    named = press(client, page, "update", **{"blocker-0-name": "Grizzly Bears with a +1/+1 counter"})
    assert "3/3, green, no keyword as printed with what its name adds" in card_note(named)
    fixed = press(client, named, "printed:b1")
    assert card_note(fixed) == ""
    assert re.search(r'id="blocker-0-power"[^>]*value="3"', fixed)


def test_use_the_printed_card_on_a_creature_that_needs_nothing_changes_nothing(client):
    page = client.get("/sandbox").get_data(as_text=True)
    before = [f for f in form_of(page) if f[0] != "csrf_token"]
    for op in ("printed:b1", "printed:a1", "printed:zz", "printed:"):
        after = [f for f in form_of(press(client, page, op)) if f[0] != "csrf_token"]
        assert after == before, op
