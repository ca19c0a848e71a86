"""fit(): a split kept to what the sliders can say — bad input first, then the clamp, then its
properties against the naive reading of the rules (tests/unit/rules/naive.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.conftest import examples
from webapp.rules import BoardError, analyze, fit

from . import naive
from .boards import attacker, bears, board, creature, force_of_nature
from .strategies import boards, boards_with_assignment

SETTINGS = settings(max_examples=examples(1000), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# --- bad input: a clear BoardError, never a guess ---------------------------------------------------

@pytest.mark.parametrize("split, where", [
    ([], "assignment"),
    ("a1", "assignment"),
    ({"a1": [2, 2]}, "assignment.a1"),
    ({"a1": {"b1": "2"}}, "assignment.a1.b1"),
    ({"a1": {"b1": 2.0}}, "assignment.a1.b1"),
    ({"a1": {"b1": True}}, "assignment.a1.b1"),
    ({"a1": {"player": None}}, "assignment.a1.player"),
])
def test_a_split_that_is_not_whole_numbers_is_refused_naming_the_field(split, where):
    with pytest.raises(BoardError) as err:
        fit(force_of_nature(), split)
    assert err.value.field == where


def test_a_board_that_cannot_be_parsed_is_refused():
    with pytest.raises(BoardError):
        fit({"attackers": []}, {})


# --- the clamp --------------------------------------------------------------------------------------

def test_every_slider_of_the_board_is_in_the_fitted_split_missing_ones_at_zero():
    assert fit(force_of_nature(), None) == {"a1": {"b1": 0, "b2": 0, "b3": 0, "player": 0}}
    assert fit(force_of_nature(), {"a1": {"b2": 3}}) == {"a1": {"b1": 0, "b2": 3, "b3": 0,
                                                                "player": 0}}


def test_an_attacker_never_assigns_more_than_its_damage_earlier_sliders_win():
    split = {"a1": {"b1": 5, "b2": 5, "b3": 5, "player": 5}}
    assert fit(force_of_nature(), split) == {"a1": {"b1": 5, "b2": 3, "b3": 0, "player": 0}}


def test_negative_amounts_are_zero_and_huge_ones_stop_at_the_damage():
    split = {"a1": {"b1": -4, "b2": 10**9}}
    assert fit(force_of_nature(), split) == {"a1": {"b1": 0, "b2": 8, "b3": 0, "player": 0}}


def test_a_locked_slider_is_counted_first_as_the_panel_counts_it():
    """The panel counts a locked slider's damage as spent, so a free slider before it stops at
    what is left after it; the rows stay in the sliders' order."""
    split = {"a1": {"b1": 5, "b2": 5, "b3": 5, "player": 3}}
    assert fit(force_of_nature(), split, {"a1": {"player": 3}}) == {
        "a1": {"b1": 5, "b2": 0, "b3": 0, "player": 3}}
    assert list(fit(force_of_nature(), split, {"a1": {"player": 3}})["a1"]) == [
        "b1", "b2", "b3", "player"]
    assert fit(force_of_nature(), split, {}) == fit(force_of_nature(), split)


def test_recipients_and_creatures_the_sliders_do_not_have_are_dropped():
    # Grizzly Bears without trample: its only slider is its blocker (510.1c).
    data = board([attacker("a1", "Grizzly Bears", 2, 2, blocked_by=["b1"])], bears("b1"))
    split = {"a1": {"b1": 1, "player": 2}, "b1": {"a1": 2}, "ghost": {"player": 1}}
    assert fit(data, split) == {"a1": {"b1": 1}}


def test_an_attacker_that_assigns_no_damage_has_no_sliders():
    data = board([attacker("a1", "Wall", 0, 4, "trample", blocked_by=["b1"])], bears("b1"))
    assert fit(data, {"a1": {"b1": 3, "player": 1}}) == {"a1": {}}


def test_a_planeswalker_removed_from_combat_has_no_slider():
    walker = {"id": "pw", "name": "Jace", "loyalty": 3, "removed_from_combat": True}
    data = board([attacker("a1", "Wurm", 6, 6, "trample", attacking="pw", blocked_by=["b1"])],
                 [creature("b1", "Bears", 2, 2)], planeswalkers=[walker])
    assert fit(data, {"a1": {"b1": 2, "pw": 4}}) == {"a1": {"b1": 2}}


def test_the_rows_come_in_the_order_analyze_lists_them():
    data = force_of_nature()
    assert list(fit(data, {})["a1"]) == list(analyze(data)["creatures"]["a1"]["recipients"])


# --- properties ---------------------------------------------------------------------------------------

def _power(a):
    return max(a["power"], 0)


@SETTINGS
@given(boards_with_assignment(), st.integers(-3, 12))
def test_fitting_never_adds_damage_nor_exceeds_the_attackers_power(case, extra):
    board_, split = case
    if split:  # any amounts, too many and negative ones included
        first = next(iter(split))
        split[first] = {r: n + extra for r, n in split[first].items()}
    fitted = fit(board_, split)
    for a in board_["attackers"]:
        row = fitted[a["id"]]
        assert sum(row.values()) <= _power(a)
        for recipient, amount in row.items():
            assert 0 <= amount <= max(split.get(a["id"], {}).get(recipient, 0), 0)


@SETTINGS
@given(boards_with_assignment())
def test_the_sliders_are_the_recipients_the_rules_could_ever_allow(case):
    board_, split = case
    fitted = fit(board_, split)
    for a in board_["attackers"]:
        assert set(fitted[a["id"]]) == naive.allowed_recipients(board_, a)


@SETTINGS
@given(boards_with_assignment())
def test_fitting_twice_changes_nothing(case):
    board_, split = case
    once = fit(board_, split)
    assert fit(board_, once) == once


@SETTINGS
@given(boards_with_assignment())
def test_once_an_amount_is_cut_every_later_slider_of_that_attacker_is_zero(case):
    board_, split = case
    fitted = fit(board_, split)
    for a in board_["attackers"]:
        row, wanted = fitted[a["id"]], split.get(a["id"], {})
        cut = False
        for recipient, amount in row.items():
            if cut:
                assert amount == 0
            cut = cut or amount < max(wanted.get(recipient, 0), 0)


@SETTINGS
@given(boards_with_assignment(), st.integers(0, 12), st.data())
def test_locked_sliders_keep_what_they_hold_and_free_ones_fit_around_them(case, extra, data):
    """Locks taken from a fitted split (what a lesson locks is always a reachable value): more
    on the free sliders never moves a locked one, and no attacker assigns more than it has."""
    board_, split = case
    once = fit(board_, split)
    fixed = {cid: {r: n for r, n in row.items() if data.draw(st.booleans())}
             for cid, row in once.items()}
    pushed = {cid: {r: n + (0 if r in fixed[cid] else extra) for r, n in row.items()}
              for cid, row in once.items()}
    fitted = fit(board_, pushed, fixed)
    for a in board_["attackers"]:
        row = fitted[a["id"]]
        assert sum(row.values()) <= _power(a)
        assert all(row[r] == n for r, n in fixed[a["id"]].items())


def _small_enough(board_) -> bool:
    size = 1
    for a in board_["attackers"]:
        size *= sum(1 for _ in naive.compositions(_power(a), len(naive.candidate_recipients(
            board_, a)))) + 1
    return size <= 2000


@SETTINGS
@given(boards())
def test_every_legal_split_fits_unchanged(board_):
    assume(_small_enough(board_))
    for split in naive.every_whole_split(board_):
        if not naive.is_legal(board_, split):
            continue
        padded = {a["id"]: {r: split[a["id"]].get(r, 0)
                            for r in naive.allowed_recipients(board_, a)}
                  for a in board_["attackers"]}
        assert fit(board_, split) == padded
