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
