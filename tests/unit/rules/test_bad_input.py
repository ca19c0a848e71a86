"""Every way a board can be wrong gets one BoardError naming the field — in Python and the command."""

from __future__ import annotations

import gc
import io
import json
import subprocess
import sys
import warnings

import pytest

from webapp.rules import BoardError, analyze, check, parse_board
from webapp.rules.cli import main

from .boards import attacker, bears, board, creature, force_of_nature


def fon_with(**changes):
    data = force_of_nature({"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}})
    for path, value in changes.items():
        target = data
        *parents, last = path.split("__")
        for p in parents:
            target = target[int(p)] if p.isdigit() else target[p]
        if value is ...:
            del target[last]
        else:
            target[int(last) if last.isdigit() else last] = value
    return data


BAD_BOARDS = [
    ("not an object", [], "", "must be an object"),
    ("no attackers", {"attackers": []}, "attackers", "at least one"),
    ("unknown top-level field", {**force_of_nature(), "flying": True}, "flying", "unknown field"),
    ("unknown ability word", fon_with(attackers__0__abilities=["trample", "flying"]),
     "attackers[0].abilities[1]", "unknown ability 'flying'"),
    ("ability word that is not text", fon_with(attackers__0__abilities=[["trample"]]),
     "attackers[0].abilities[0]", "unknown ability"),
    ("color that is not text", fon_with(attackers__0__colors=[{}]), "attackers[0].colors[0]",
     "unknown color"),
    ("duplicate id", fon_with(blockers__1__id="b1"), "blockers[1].id", "already used"),
    ("id reused across kinds", fon_with(blockers__0__id="a1"), "blockers[0].id", "already used"),
    ("blocked_by names a non-blocker", fon_with(attackers__0__blocked_by=["b1", "zz"]),
     "attackers[0].blocked_by[1]", "not a blocker"),
    ("attacking names nothing", fon_with(attackers__0__attacking="pw9"),
     "attackers[0].attacking", "not 'player'"),
    ("power is text", fon_with(attackers__0__power="8"), "attackers[0].power", "whole number"),
    ("power is a decimal", fon_with(attackers__0__power=8.5), "attackers[0].power", "whole number"),
    ("power is a boolean", fon_with(attackers__0__power=True), "attackers[0].power", "whole number"),
    ("huge power", fon_with(attackers__0__power=10**9), "attackers[0].power", "between"),
    ("toughness 0", fon_with(blockers__0__toughness=0), "blockers[0].toughness", "between 1"),
    ("negative marked damage", fon_with(blockers__0__damage=-1), "blockers[0].damage", "between 0"),
    ("a creature that already died", fon_with(blockers__0__damage=2), "blockers[0].damage", "704.5g"),
    ("missing toughness", fon_with(blockers__0__toughness=...), "blockers[0].toughness", "required"),
    ("blocked false but blockers named", fon_with(attackers__0__blocked=False),
     "attackers[0].blocked", "blocked_by"),
    ("empty id", fon_with(attackers__0__id=""), "attackers[0].id", "id of 1-40"),
    ("player as an id", fon_with(blockers__0__id="player"), "blockers[0].id", "reserved"),
    ("loyalty 0", {**force_of_nature(), "planeswalkers": [{"id": "pw", "loyalty": 0}]},
     "planeswalkers[0].loyalty", "between 1"),
    ("removed_from_combat not a boolean",
     {**force_of_nature(), "battles": [{"id": "bt", "defense": 3, "removed_from_combat": "yes"}]},
     "battles[0].removed_from_combat", "true or false"),
    ("blocking two attackers without the ability",
     board([attacker("a1", "X", 1, 1, blocked_by=["b1"]), attacker("a2", "Y", 1, 1, blocked_by=["b1"])],
           bears("b1")), "blockers[0].abilities", "can_block_additional"),
    ("too many attackers", {"attackers": [attacker(f"a{i}", "X", 1, 1) for i in range(9)]},
     "attackers", "at most 8"),
    ("defending_player_assigns is not a boolean",
     {**force_of_nature(), "defending_player_assigns": "yes"}, "defending_player_assigns",
     "true or false"),
    ("lethal_by_power names no side", {**force_of_nature(), "lethal_by_power": ["blocking"]},
     "lethal_by_power[0]", "'attacking' or 'defending'"),
    ("lethal_by_power is not a list", {**force_of_nature(), "lethal_by_power": "defending"},
     "lethal_by_power", "list"),
    ("a creature already dead by its power",
     {**board([attacker("a1", "X", 3, 3, blocked_by=["b1"])],
              [creature("b1", "Wall", 1, 5, damage=1)]), "lethal_by_power": ["defending"]},
     "blockers[0].damage", "measured by its power"),
    ("wither meets lethal damage by power",
     {**board([attacker("a1", "X", 3, 3, "wither", "trample", blocked_by=["b1"])], bears("b1")),
      "lethal_by_power": ["defending"]}, "attackers[0].abilities", "no ruling settles"),
    ("infect meets lethal damage by power on the attacking side",
     {**board([attacker("a1", "X", 3, 3, blocked_by=["b1"])],
              [creature("b1", "Y", 1, 1, "infect")]), "lethal_by_power": ["attacking"]},
     "blockers[0].abilities", "no ruling settles"),
]


@pytest.mark.parametrize("data, field, words", [c[1:] for c in BAD_BOARDS],
                         ids=[c[0] for c in BAD_BOARDS])
def test_a_bad_board_is_one_clear_error_naming_the_field(data, field, words):
    with pytest.raises(BoardError) as err:
        parse_board(data)
    assert err.value.field == field
    assert words in str(err.value)
    with pytest.raises(BoardError):
        analyze(data)


BAD_ASSIGNMENTS = [
    ("missing attacker", {}, "assignment.a1", "must be given"),
    ("unknown creature", {"a1": {"b1": 8}, "zz": {"a1": 1}}, "assignment.zz", "not a creature"),
    ("unknown recipient", {"a1": {"b1": 7, "zz": 1}}, "assignment.a1.zz", "can never deal"),
    ("attacker to an attacker", {"a1": {"a1": 8}}, "assignment.a1.a1", "can never deal"),
    ("blocker to a blocker", {"a1": {"b1": 8}, "b1": {"b2": 2}}, "assignment.b1.b2", "can never"),
    ("negative amount", {"a1": {"b1": 9, "player": -1}}, "assignment.a1.player", "between 0"),
    ("amount as text", {"a1": {"b1": "8"}}, "assignment.a1.b1", "whole number"),
    ("split not an object", {"a1": [8]}, "assignment.a1", "must be an object"),
]


@pytest.mark.parametrize("assignment, field, words", [c[1:] for c in BAD_ASSIGNMENTS],
                         ids=[c[0] for c in BAD_ASSIGNMENTS])
def test_a_bad_assignment_is_one_clear_error_naming_the_field(assignment, field, words):
    with pytest.raises(BoardError) as err:
        check(force_of_nature(), assignment)
    assert err.value.field == field
    assert words in str(err.value)


def test_an_attacker_cannot_be_assigned_to_a_blocker_that_is_not_blocking_it():
    data = board([attacker("a1", "X", 2, 2, blocked_by=["b1"]), attacker("a2", "Y", 2, 2)],
                 bears("b1", "b2"))
    with pytest.raises(BoardError, match="assignment.a2.b1"):
        check(data, {"a1": {"b1": 2}, "a2": {"b1": 2}})


def test_check_needs_an_assignment():
    with pytest.raises(BoardError, match="assignment"):
        check(force_of_nature())


def test_a_board_too_large_to_analyze_is_refused_quickly_instead_of_hanging():
    walls = [creature(f"b{i}", "Wall", 0, 999) for i in range(3)]
    data = board([attacker("a1", "Huge", 999, 999, "trample", blocked_by=["b0", "b1", "b2"])], walls)
    with pytest.raises(BoardError, match="too many ways"):
        analyze(data)


# --- the command ------------------------------------------------------------------------------

def run(*args, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err, stdin=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


def test_command_check_exits_0_for_legal_and_1_for_illegal(tmp_path):
    legal = tmp_path / "legal.json"
    legal.write_text(json.dumps(force_of_nature({"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}})))
    code, out, _ = run("check", str(legal))
    assert code == 0 and json.loads(out) == {"legal": True, "problems": []}
    illegal = json.dumps(force_of_nature({"a1": {"b1": 3, "b2": 1, "b3": 2, "player": 2}}))
    code, out, _ = run("check", "-", stdin=illegal)
    assert code == 1 and json.loads(out)["problems"][0]["code"] == "player_before_lethal"


def test_command_analyze_says_2_reach_the_player_in_49_ways():
    code, out, _ = run("analyze", "-", stdin=json.dumps(force_of_nature()))
    result = json.loads(out)
    assert code == 0
    assert result["creatures"]["a1"]["recipients"]["player"]["max"] == 2
    assert result["legal_assignments"] == 49


@pytest.mark.parametrize("args, stdin, words", [
    (("check", "-"), "{not json", "not valid JSON"),
    (("check", "/no/such/file.json"), "", "cannot read"),
    (("analyze", "-"), json.dumps({"attackers": [{"id": "a1", "power": 1, "toughness": 1,
                                                  "abilities": ["flying"]}]}), "unknown ability"),
    (("check", "-"), json.dumps(force_of_nature()), "assignment"),
    (("frobnicate", "-"), "", "usage"),
    ((), "", "usage"),
])
def test_command_bad_input_exits_2_with_one_line_and_no_traceback(args, stdin, words):
    code, out, err = run(*args, stdin=stdin)
    assert code == 2
    assert words in err or (not args and words in out)
    assert "Traceback" not in err
    assert err.count("\n") <= 1


def test_a_board_file_that_is_not_utf8_is_bad_input_and_the_file_is_closed(tmp_path):
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"name": "Forêt"}'.encode("latin-1"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        code, _, err = run("check", str(latin1))
        gc.collect()
    assert code == 2 and "is not UTF-8 text" in err and "Traceback" not in err
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


def test_the_installed_command_runs_as_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "webapp.cli", "analyze", "-"], text=True,
                          input="[1, 2", capture_output=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.startswith("trample: ") and "Traceback" not in proc.stderr


def test_help_explains_the_board_format():
    code, out, _ = run("--help")
    assert code == 0 and "blocked_by" in out and "assignment" in out


@pytest.mark.parametrize("fixed, field", [
    ("b1", "fixed"),                                   # not an object
    ({"nobody": {"b1": 1}}, "assignment.nobody"),     # not a creature on the board
    ({"a1": {"b1": -1}}, "assignment.a1.b1"),          # not an amount
    ({"b1": {"a1": 1}}, "fixed.b1"),                   # a blocker's damage is never walked
])
def test_fixed_amounts_for_analyze_are_checked_like_an_assignment(fixed, field):
    data = force_of_nature({"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}})
    del data["assignment"]
    with pytest.raises(BoardError) as caught:
        analyze(data, fixed=fixed)
    assert caught.value.field == field


def test_command_resolve_exits_0_when_resolved_1_for_an_illegal_split_2_for_bad_input():
    cleave = {"attackers": [{"id": "a1", "name": "Cleave", "power": 3, "toughness": 3,
                             "abilities": ["double_strike", "trample"], "blocked_by": ["b1"]}],
              "blockers": [{"id": "b1", "name": "Cadet", "power": 1, "toughness": 1}],
              "assignment": {"a1": {"b1": 1, "player": 2}}}
    code, out, _ = run("resolve", "-", stdin=json.dumps({**cleave, "second": {"a1": {"player": 3}}}))
    result = json.loads(out)
    assert code == 0 and [s["player"]["life"] for s in result["steps"]] == [18, 15]
    code, out, _ = run("resolve", "-", stdin=json.dumps({**cleave, "assignment": {"a1": {"player": 3}}}))
    assert code == 1 and json.loads(out)["failed_step"] == "first"
    code, out, err = run("resolve", "-", stdin=json.dumps({**cleave, "second": {"a1": {"b1": 3}}}))
    assert code == 2 and err.startswith("trample: second.a1.b1:") and out == ""
    code, _, err = run("resolve", "-", stdin=json.dumps({**cleave, "player": {"life": 0}}))
    assert code == 2 and "player.life" in err and "Traceback" not in err
