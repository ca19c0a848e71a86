"""check() and analyze() agree with a naive brute-force reading of the rules on random boards."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.conftest import examples
from webapp.rules import analyze, check

from . import naive
from .strategies import boards, boards_with_assignment

SETTINGS = settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(boards_with_assignment())
def test_check_agrees_with_the_naive_definition(case):
    board, assignment = case
    verdict = check(board, assignment)
    assert verdict["legal"] == naive.is_legal(board, assignment)


@SETTINGS
@given(boards_with_assignment())
def test_every_illegal_verdict_has_a_problem_and_every_problem_names_a_rule(case):
    board, assignment = case
    verdict = check(board, assignment)
    assert verdict["legal"] == (verdict["problems"] == [])
    for problem in verdict["problems"]:
        assert problem["rule"][:3] in {"510", "506", "702"}
        assert problem["code"] and problem["message"].endswith(".")
        assert problem["creature"] in {a["id"] for a in board["attackers"]}


def _legal_splits(board):
    return [s for s in naive.every_whole_split(board) if naive.is_legal(board, s)]


def _small_enough(board) -> bool:
    size = 1
    for a in board["attackers"]:
        parts = len(naive.candidate_recipients(board, a))
        power = max(0, a["power"])
        size *= len(list(naive.compositions(power, parts))) + 1
    return size <= 4000


@SETTINGS
@given(boards())
def test_analyze_counts_bounds_and_best_match_brute_force(board):
    assume(_small_enough(board))
    legal = _legal_splits(board)
    result = analyze(board)
    assert result["legal_assignments"] == len(legal)
    for a in board["attackers"]:
        listed = result["creatures"][a["id"]]["recipients"]
        for r in naive.candidate_recipients(board, a):
            amounts = [s[a["id"]].get(r, 0) for s in legal]
            if r in listed:
                assert (listed[r]["min"], listed[r]["max"]) == (min(amounts), max(amounts)), r
            else:
                assert max(amounts) == 0, r


@SETTINGS
@given(boards())
def test_best_is_legal_and_sends_the_most_past_the_blockers(board):
    assume(_small_enough(board))
    best = analyze(board)["best"]
    assert check(board, best)["legal"]
    assert naive.is_legal(board, best)
    top = max(naive.score(board, s) for s in _legal_splits(board))
    assert naive.score(board, best) == top


@settings(max_examples=examples(300), deadline=None)
@given(boards(max_attackers=4, max_blockers=4, max_power=6))
def test_analyze_never_fails_on_bigger_boards(board):
    result = analyze(board)
    assert result["legal_assignments"] >= 1  # assigning everything to blockers is always legal


@SETTINGS
@given(boards_with_assignment())
def test_blocker_status_agrees_with_the_naive_lethal_test(case):
    from webapp.rules import blocker_status

    board, assignment = case
    status = blocker_status(board, assignment)
    for b in board["blockers"]:
        assert status[b["id"]]["lethal"] == naive.blocker_is_lethal(board, b, assignment)
        assert status[b["id"]]["assigned"] == sum(
            split.get(b["id"], 0) for split in assignment.values())


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_analyze_with_fixed_amounts_matches_brute_force_over_the_splits_that_keep_them(board, data):
    """Locked sliders (an exercise's `fixed`): the bounds left are those of the legal splits that
    keep the locked amounts, and none left means 0 assignments."""
    assume(_small_enough(board))
    listed = analyze(board)["creatures"]
    pairs = [(a["id"], r) for a in board["attackers"] for r in listed[a["id"]]["recipients"]]
    assume(pairs)
    aid, rid = data.draw(st.sampled_from(pairs))
    amount = data.draw(st.integers(0, max(0, board["attackers"][0]["power"]) + 1))
    keeping = [s for s in _legal_splits(board) if s[aid].get(rid, 0) == amount]
    result = analyze(board, fixed={aid: {rid: amount}})
    assert result["legal_assignments"] == len(keeping)
    if keeping:
        for a in board["attackers"]:
            for r, bounds in result["creatures"][a["id"]]["recipients"].items():
                amounts = [s[a["id"]].get(r, 0) for s in keeping]
                assert (bounds["min"], bounds["max"]) == (min(amounts), max(amounts)), (a["id"], r)
