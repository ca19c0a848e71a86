"""The slider panel's facts come from the rules core, including lethal on a shared blocker."""

from __future__ import annotations

from webapp.present import attacker_views
from webapp.rules import analyze, check

SHARED = {
    "attackers": [
        {"id": "a1", "name": "Bear Cub", "power": 1, "toughness": 1, "blocked_by": ["b1"]},
        {"id": "a2", "name": "Trampler", "power": 3, "toughness": 3, "abilities": ["trample"],
         "blocked_by": ["b1"]},
    ],
    "blockers": [{"id": "b1", "name": "Wall", "power": 2, "toughness": 2,
                  "abilities": ["can_block_additional"]}],
    "assignment": {"a1": {"b1": 1}, "a2": {"b1": 1, "player": 2}},
}


def test_a_shared_blocker_shows_lethal_when_both_attackers_together_reach_it(app):
    with app.test_request_context("/sandbox"):
        views = attacker_views(SHARED, analyze(SHARED), check(SHARED))
    rows = {(v["id"], r["recipient"]): r for v in views for r in v["rows"]}
    assert rows[("a2", "b1")]["value"] == 1 and rows[("a2", "b1")]["lethal"] == 2
    assert rows[("a2", "b1")]["is_lethal"] and rows[("a1", "b1")]["is_lethal"]
    assert "lethal" in rows[("a2", "b1")]["vt_lethal"]


def test_a_blocker_short_of_lethal_is_not_marked_lethal(app):
    board = {**SHARED, "assignment": {"a1": {"b1": 1}, "a2": {"player": 3}}}
    with app.test_request_context("/sandbox"):
        views = attacker_views(board, analyze(board), check(board))
    assert not any(r["is_lethal"] for v in views for r in v["rows"])


def test_the_controller_slider_says_it_waits_for_lethal_blockers_and_the_planeswalkers_loyalty(app):
    board = {
        "attackers": [{"id": "a1", "name": "Thrasta", "power": 8, "toughness": 8,
                       "abilities": ["trample_over_planeswalkers"], "attacking": "pw",
                       "blocked_by": ["b1"]},
                      {"id": "a2", "name": "Bear Cub", "power": 1, "toughness": 1, "attacking": "pw"}],
        "blockers": [{"id": "b1", "name": "Wall", "power": 0, "toughness": 2}],
        "planeswalkers": [{"id": "pw", "name": "Jace", "loyalty": 3}],
        "assignment": {"a1": {"b1": 8}, "a2": {"pw": 1}},
    }
    with app.test_request_context("/sandbox"):
        views = attacker_views(board, analyze(board), check(board))
    rows = {r["recipient"]: r for r in views[0]["rows"]}
    assert rows["player"]["gate"] == ("Only after Wall each have lethal damage assigned and Jace "
                                      "has been assigned at least its loyalty, 3 (rule 702.19c).")
    assert rows["player"]["most"] == 8 - 2 - 2  # Wall needs 2; Jace needs 3, the Cub gives 1
    unblocked = {**board, "attackers": [{**board["attackers"][0], "blocked_by": []},
                                        board["attackers"][1]], "assignment": {"a1": {"pw": 8}, "a2": {"pw": 1}}}
    with app.test_request_context("/sandbox"):
        views = attacker_views(unblocked, analyze(unblocked), check(unblocked))
    assert views[0]["rows"][-1]["gate"] == ("Only after Jace has been assigned at least its "
                                            "loyalty, 3 (rule 702.19c).")
