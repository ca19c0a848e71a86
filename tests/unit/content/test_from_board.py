"""A board a judge built in the sandbox becomes a quiz question about that very board: whatever
it says beside the creatures (Zilortha, Defensive Formation, the defending player's life) is kept
and keys the answer, and look-alike creatures are named as the sliders and cards name them."""

from __future__ import annotations

import pytest

from webapp.content.generate import from_board, translated
from webapp.live.words import labels
from webapp.rules import analyze
from webapp.views.sandbox.board import default_board, to_core


def zilortha_board(side: str = "defending") -> dict:
    """Craw Wurm (6/4, trample) blocked by a 1/4 wall. With Zilortha on the defending side,
    lethal damage to the wall is its power, 1: 5 may trample over, not 2."""
    return {"lethal_by_power": [side], "player": {"life": 3, "poison": 0},
            "attackers": [{"id": "a1", "name": "Wall-breaker token", "power": 6, "toughness": 4,
                           "abilities": ["trample"], "attacking": "player", "blocked": True,
                           "blocked_by": ["b1"]}],
            "blockers": [{"id": "b1", "name": "Wall token", "power": 1, "toughness": 4,
                          "damage": 0, "abilities": []}]}


def test_zilortha_on_the_board_keys_the_question_as_the_core_does():
    board = zilortha_board()
    most = analyze(board)["creatures"]["a1"]["recipients"]["player"]["max"]
    assert most == 5
    question = from_board(board, "number")
    assert question["answer"] == most  # it was 2: the question's board had lost Zilortha
    assert question["board"]["lethal_by_power"] == ["defending"]
    assert "Zilortha" in question["prompt"]
    assert "lethal by power: power 1" in question["explanation"]


@pytest.mark.parametrize("kind", ["number", "assign", "legal"])
def test_what_the_board_says_beside_the_creatures_is_kept(kind):
    board = {**zilortha_board("attacking"), "defending_player_assigns": True}
    question = from_board(board, kind, {"a1": {"b1": 4, "player": 2}})
    kept = question["board"]
    assert kept["player"] == {"life": 3, "poison": 0}
    assert kept["lethal_by_power"] == ["attacking"]
    assert kept["defending_player_assigns"] is True
    # only a legal question's board carries a split: the one it asks about
    assert kept.get("assignment") == ({"a1": {"b1": 4, "player": 2}} if kind == "legal" else None)
    assert "Defensive Formation" in question["prompt"]


def test_look_alike_creatures_are_numbered_as_the_sliders_number_them():
    editor = default_board()  # Force of Nature blocked by three Grizzly Bears
    editor["blockers"][1]["damage"] = 1
    board = to_core(editor)
    question = from_board(board, "assign")
    shown = labels(question["board"])
    assert [shown[b] for b in ("b1", "b2", "b3")] == \
        ["Grizzly Bears 1", "Grizzly Bears 2", "Grizzly Bears 3"]
    prompt = question["prompt"]
    assert "Grizzly Bears and Grizzly Bears" not in prompt
    assert "blocked by Grizzly Bears 1, Grizzly Bears 2, and Grizzly Bears 3." in prompt
    assert "Grizzly Bears 2 is 2/2 (1 damage already marked)" in prompt
    assert "Grizzly Bears 2: toughness 2 − 1 marked = 1" in question["explanation"]


def test_distinct_names_are_not_numbered():
    question = from_board(zilortha_board(), "number")
    assert labels(question["board"]) == {"a1": "Wall-breaker token", "b1": "Wall token"}
    assert "Wall token is 1/4." in question["prompt"]


@pytest.mark.parametrize("lang, listed", [
    ("en", "blocked by Grizzly Bears 1, Grizzly Bears 2, and Grizzly Bears 3."),
    ("fr", "blocked by Grizzly Bears 1, Grizzly Bears 2 et Grizzly Bears 3."),
    ("ja", "blocked by Grizzly Bears 1、Grizzly Bears 2、Grizzly Bears 3.")])
def test_blockers_and_abilities_are_listed_as_the_questions_language_lists_them(lang, listed):
    # Once "A and B and C" in every language. Only the list is checked here: the sentence
    # around it is the catalogue's (left in English by this stand-in translator).
    editor = default_board()
    editor["attackers"][0]["abilities"] = ["trample", "deathtouch", "first_strike"]
    with translated(lambda text: text, lang):
        prompt = from_board(to_core(editor), "assign")["prompt"]
    assert listed in prompt
    assert "trample and deathtouch and" not in prompt
