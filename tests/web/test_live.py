"""The one live check: every fact on a slider panel comes from the rules core, asked once per need."""

from __future__ import annotations

import pytest

from webapp import live as live_module
from webapp.live import live_check


def attacker_views(board):
    return live_check(board, board.get("assignment")).attackers

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
        views = attacker_views(SHARED)
    rows = {(v["id"], r["recipient"]): r for v in views for r in v["rows"]}
    assert rows[("a2", "b1")]["value"] == 1 and rows[("a2", "b1")]["lethal"] == 2
    assert rows[("a2", "b1")]["is_lethal"] and rows[("a1", "b1")]["is_lethal"]
    assert "lethal" in rows[("a2", "b1")]["vt_lethal"]


def test_a_blocker_short_of_lethal_is_not_marked_lethal(app):
    board = {**SHARED, "assignment": {"a1": {"b1": 1}, "a2": {"player": 3}}}
    with app.test_request_context("/sandbox"):
        views = attacker_views(board)
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
        views = attacker_views(board)
    rows = {r["recipient"]: r for r in views[0]["rows"]}
    assert rows["player"]["gate"] == ("Only after Wall has lethal damage assigned and Jace "
                                      "has been assigned at least its loyalty, 3 (rule 702.19c).")
    assert rows["player"]["most"] == 8 - 2 - 2  # Wall needs 2; Jace needs 3, the Cub gives 1
    unblocked = {**board, "attackers": [{**board["attackers"][0], "blocked_by": []},
                                        board["attackers"][1]], "assignment": {"a1": {"pw": 8}, "a2": {"pw": 1}}}
    with app.test_request_context("/sandbox"):
        views = attacker_views(unblocked)
    assert views[0]["rows"][-1]["gate"] == ("Only after Jace has been assigned at least its "
                                            "loyalty, 3 (rule 702.19c).")


FORCE = {"attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                        "abilities": ["trample"], "blocked_by": ["b1", "b2", "b3"]}],
         "blockers": [{"id": f"b{i}", "name": "Grizzly Bears", "power": 2, "toughness": 2}
                      for i in (1, 2, 3)]}


def test_one_live_check_parses_analyzes_and_checks_once(app, monkeypatch):
    calls = []
    for name in ("parse_board", "analyze", "check", "blocker_status", "parse_assignment"):
        real = getattr(live_module, name)
        monkeypatch.setattr(live_module, name,
                            lambda *a, _real=real, _name=name, **k: calls.append(_name) or _real(*a, **k))
    with app.test_request_context("/sandbox"):
        shown = live_check(FORCE, {"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}})
    assert sorted(calls) == ["analyze", "blocker_status", "check", "parse_assignment", "parse_board"]
    assert shown.legal and shown.legal_assignments == 49


def test_fit_keeps_the_split_to_what_the_sliders_allow(app):
    with app.test_request_context("/sandbox"):
        shown = live_check(FORCE, {"a1": {"b1": 5, "b2": 5, "nobody": 3, "player": -2}}, fit=True)
    assert shown.split == {"a1": {"b1": 5, "b2": 3, "b3": 0, "player": 0}}
    assert shown.legal  # all 8 on blockers: trampling over is optional


def test_best_shows_the_cores_best_split(app):
    with app.test_request_context("/sandbox"):
        shown = live_check(FORCE, {}, best=True)
    assert shown.legal and shown.split["a1"]["player"] == 2


def test_locked_explained_and_hidden_rows_are_the_callers_choice(app):
    with app.test_request_context("/sandbox"):
        shown = live_check(FORCE, {"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}},
                           locked=lambda a, r: "locked" if r == "b1" else None,
                           explain=lambda a, r: "why" if r == "b2" else None,
                           hide_most={("a1", "player")})
    rows = {r["recipient"]: r for r in shown.attackers[0]["rows"]}
    assert rows["b1"]["locked"] == "locked" and rows["b2"]["locked"] is None
    assert rows["b2"]["explain"] == "why"
    assert rows["player"]["mark"] is None and rows["player"]["note"] == ""


@pytest.mark.parametrize("board, split", [
    ({**FORCE, "blockers": [{**FORCE["blockers"][0], "damage": 5}, *FORCE["blockers"][1:]]}, {}),
    (FORCE, {"a1": {"b1": "lots"}}),
])
def test_a_board_or_split_the_core_refuses_gives_its_reason_not_a_crash(app, board, split):
    with app.test_request_context("/sandbox"):
        shown = live_check(board, split)
    assert shown.error and shown.verdict is None and not shown.legal


def test_without_trample_lethal_only_says_whether_a_blocker_dies(app):
    from flask import render_template_string
    board = {"attackers": [{"id": "a1", "name": "Craw Wurm", "power": 6, "toughness": 4,
                            "blocked_by": ["b1", "b2"]}],
             "blockers": [{"id": "b1", "name": "Grizzly Bears", "power": 2, "toughness": 2},
                          {"id": "b2", "name": "Llanowar Elves", "power": 1, "toughness": 1}]}
    with app.test_request_context("/sandbox"):
        shown = live_check(board, {"a1": {"b1": 6, "b2": 0}})
        html = render_template_string('{% from "_live.html" import attacker_sliders %}'
                                      "{{ attacker_sliders(att) }}", att=shown.attackers[0])
    assert not shown.attackers[0]["lethal_gates"]
    assert "not lethal yet" not in html and "dies" in html and "survives" in html
    assert "nothing goes past the blockers" in html
    # its own sentence on its own line, not run on after the note's figures ("= 2 Without")
    assert '<span class="aside">Without trample nothing goes past the blockers' in html
    with app.test_request_context("/sandbox"):
        trampler = live_check(FORCE, {"a1": {"b1": 2}})
    assert trampler.attackers[0]["lethal_gates"]


def test_a_practice_steps_marks_count_its_locked_sliders(client):
    """split-d-practice locks Bears A at 3 and B at 2: of Force of Nature's 8, Bears C still needs
    2, so at most 1 can reach the player, not the 2 the board alone allows."""
    html = client.get("/learn/force-of-nature/split-d-practice").get_data(as_text=True)
    player = html[html.index('id="note-fon--player"'):]
    assert "At most 1 can legally go here" in player[:400]
    assert "<span>most 1</span>" in html and "<span>most 2</span>" not in html


@pytest.mark.parametrize("after, walker, said", [
    (["b1"], None, "Only after Hill Giant has lethal damage assigned (rule 702.19b)."),
    (["b1", "b2"], None,
     "Only after Hill Giant, Wall of Wood each have lethal damage assigned (rule 702.19b)."),
    (["b1"], "pw1", "Only after Hill Giant has lethal damage assigned and Jace has been assigned "
                    "at least its loyalty, 3 (rule 702.19b)."),
])
def test_a_locked_recipient_says_why_in_a_sentence_that_fits_how_many_blockers(app, after, walker,
                                                                               said):
    from webapp.live.words import _gate_text
    names = {"b1": "Hill Giant", "b2": "Wall of Wood", "pw1": "Jace"}
    gate = {"after": after, "rule": "702.19b", **({"loyalty_of": walker} if walker else {})}
    with app.test_request_context("/"):
        assert _gate_text(gate, names, {"pw1": {"loyalty": 3}}) == said
