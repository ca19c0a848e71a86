"""The sandbox says which combat damage step its board shows (510.4): the first-strike step, where
only first and double strikers deal damage, or the regular one after it, where a first striker
deals none. A judge can then build the second hit of a double striker, with the first hit's
damage marked; the link carries the step, and a quiz question made from the board states it."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token
from tests.web.test_sandbox import verdict_of
from tests.web.test_sandbox_outcome import FORCE, bear, board_of, fields_for
from webapp.content.questions import resolve
from webapp.services import quizzes
from webapp.views.sandbox import board as sandbox_state

from .test_quiz import make_quiz


def two_attackers(step: str | None) -> dict:
    """Force of Nature with first strike on one bear, Craw Wurm (no first strike) on another."""
    board = board_of({**FORCE, "abilities": ["trample", "first_strike"]}, [bear("b1"), bear("b2")])
    board["attackers"][0]["blocked_by"] = ["b1"]
    board["attackers"].append({"id": "a2", "name": "Craw Wurm", "power": 6, "toughness": 4,
                               "abilities": ["trample"], "attacking": "player",
                               "blocked_by": ["b2"]})
    return {**board, "damage_step": step}


def sliders(html: str) -> set[str]:
    return set(re.findall(r'<input[^>]* name="(dmg:[^"]+)"', html))


def checked_step(html: str) -> str:
    """The editor's chosen damage step (its radio buttons: "" for one step)."""
    found = re.findall(r'<input class="ed" type="radio" id="damage-step-[a-z]+" '
                       r'name="damage_step" value="([a-z]*)" checked>', html)
    assert len(found) == 1, found
    return found[0]


# --- bad input first -------------------------------------------------------------------------


def test_a_step_the_editor_does_not_offer_is_read_as_no_step(client):
    fields = fields_for(client, two_attackers(None), {})
    fields["damage_step"] = "third"
    response = client.post("/sandbox", data=fields)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert checked_step(html) == ""
    assert {"dmg:a1:b1", "dmg:a2:b2"} <= sliders(html)  # every creature deals damage


def test_a_link_naming_an_unknown_step_is_refused_and_says_so(client):
    link = sandbox_state.encode(two_attackers("third"))
    response = client.get("/sandbox", query_string={"b": link})
    assert response.status_code == 400


@pytest.mark.parametrize("lang, words", [
    ("en", "No creature on this board has first strike or double strike, so there is no "
           "first-strike damage step (rule 510.4)"),
    ("fr", "Aucune créature de cette situation n’a l’initiative ni la double initiative"),
    ("ja", "この盤面には先制攻撃も二段攻撃も持つクリーチャーがいないため")])
def test_a_first_strike_step_without_a_first_striker_says_why_in_the_readers_language(
        client, lang, words):
    fields = fields_for(client, board_of(FORCE, [bear("b1")]), {"b1": 2, "player": 6}, lang=lang)
    fields["damage_step"] = "first"
    html = client.post("/sandbox", data=fields).get_data(as_text=True)
    said = verdict_of(html)
    assert words in said and "damage_step" not in said
    assert checked_step(html) == "first"  # kept as chosen, to change


# --- what the step changes -------------------------------------------------------------------


@pytest.mark.parametrize("step, dealing, idle", [
    (None, {"dmg:a1:b1", "dmg:a2:b2"}, set()),
    ("first", {"dmg:a1:b1", "dmg:a1:player"}, {"dmg:a2:b2"}),
    ("second", {"dmg:a2:b2", "dmg:a2:player"}, {"dmg:a1:b1"})])
def test_only_the_creatures_that_deal_damage_in_the_step_get_sliders(client, step, dealing,
                                                                       idle):
    html = client.get("/sandbox", query_string={"b": sandbox_state.encode(two_attackers(step))})
    assert html.status_code == 200
    shown = sliders(html.get_data(as_text=True))
    assert dealing <= shown and not idle & shown
    said = {None: None, "first": "The first-strike damage step",
            "second": "The regular damage step, after first strike"}[step]
    note = re.search(r'<p class="hint step-note">(.*?)</p>', html.get_data(as_text=True))
    assert (note and said in note.group(1)) if said else note is None  # said above the board


def test_the_step_is_chosen_in_the_editor_and_carried_by_the_link(client):
    fields = fields_for(client, two_attackers(None), {})
    fields["damage_step"] = "second"
    html = client.post("/sandbox", data=fields).get_data(as_text=True)
    assert checked_step(html) == "second"
    link = re.search(r'\?b=([A-Za-z0-9_-]+)', html).group(1)
    assert sandbox_state.decode(link)["damage_step"] == "second"
    assert sandbox_state.to_core(sandbox_state.decode(link))["damage_step"] == "second"


def test_a_new_board_names_no_step_and_links_as_before(client):
    board = sandbox_state.default_board()
    assert "damage_step" not in sandbox_state.to_core(board)
    assert sandbox_state.encode(board) == sandbox_state.encode(
        {k: v for k, v in board.items() if k != "damage_step"})


def test_a_quiz_question_from_a_second_step_board_says_which_step_it_is(app, client):
    """A double striker's second hit: the bear took 1 in the first step, so 1 more is lethal."""
    board = board_of({**FORCE, "name": "Force of Nature (double strike)",
                      "abilities": ["trample", "double_strike"]}, [bear("b1", damage=1)])
    board["damage_step"] = "second"
    owner = make_quiz(client, count="1").headers["Location"]
    added = client.post(owner + "/board", data={
        "csrf_token": csrf_token(client, "/quiz/new"), "type": "number", "tier": "2",
        "link": "/sandbox?b=" + sandbox_state.encode(board)})
    assert added.status_code == 303
    with app.app_context():
        q = resolve(quizzes.shared(owner=owner.rsplit("/", 1)[1]).questions[-1])
    assert q["board"]["damage_step"] == "second" and q["answer"] == 8 - 1
    assert "It is the regular combat damage step, after first-strike damage." in q["prompt"]


def test_the_link_of_a_board_with_a_creature_that_deals_nothing_opens_that_board(client):
    """An attacker whose blockers were all removed, without trample, assigns nothing: its empty
    row went into the link, which the editor then refused as "not a board it can show" (a 400
    for the judge's own "Link to this board") once another attacker's sliders had moved."""
    board = board_of({**FORCE, "abilities": []}, [bear("b1", removed=True), bear("b2")])
    board["attackers"][0]["blocked_by"] = ["b1"]
    board["attackers"].append({"id": "a2", "name": "Craw Wurm", "power": 6, "toughness": 4,
                               "abilities": ["trample"], "attacking": "player",
                               "blocked_by": ["b2"]})
    fields = fields_for(client, board, {})
    fields.update({"dmg:a2:b2": "2", "dmg:a2:player": "4"})
    html = client.post("/sandbox", data=fields).get_data(as_text=True)
    link = re.search(r'\?b=([A-Za-z0-9_-]+)', html).group(1)
    opened = client.get("/sandbox", query_string={"b": link})
    assert opened.status_code == 200
    assert list(sandbox_state.decode(link)["assignment"]) == ["a2"]  # a1 has no slider
