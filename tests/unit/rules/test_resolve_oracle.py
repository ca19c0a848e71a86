"""resolve() agrees with a naive brute-force resolution (naive_combat.py) on random boards, first
and double strike's two steps included."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.conftest import examples
from webapp.rules import check, parse_board, resolve

from . import naive, naive_combat
from .strategies import combat_boards

SETTINGS = settings(max_examples=examples(10_000), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
MAX_SPLITS = 3000


def core_outcome(step: dict) -> dict:
    """resolve()'s facts for one step in the oracle's shape."""
    creatures = step["creatures"]
    deaths = {cid: sorted(c["code"] for c in after["causes"])
              for cid, after in creatures.items() if after["dies"]}
    for group in ("planeswalkers", "battles"):
        deaths.update({tid: ["no_counters"] for tid, after in step[group].items() if after["dies"]})
    return {
        "dealt": sorted((e["source"], e["recipient"], e["dealt"]) for e in step["dealt"]),
        "deaths": deaths,
        "survivors": {cid: (c["power"], c["toughness"], c["damage"])
                      for cid, c in creatures.items() if not c["dies"]},
        "left": {tid: after["left"] for group in ("planeswalkers", "battles")
                 for tid, after in step[group].items()},
        "life": step["player"]["life"], "poison": step["player"]["poison"],
        "lost": step["player"]["loses"], "attacker_gain": step["attacking_player"]["life_gained"],
    }


def same_board(core: dict, oracle: dict) -> bool:
    """The core's board for a step says what the oracle's does (every field, life, poison and
    damage_step included), read by the core's own parser."""
    return parse_board(core) == parse_board(oracle)


def small_enough(board: dict) -> bool:
    size = 1
    for a in board["attackers"]:
        size *= len(list(naive.compositions(max(0, a["power"]),
                                            len(naive.candidate_recipients(board, a))))) + 1
    return size <= MAX_SPLITS


def draw_legal(data, board: dict) -> dict:
    legal = naive_combat.legal_assignments(board)
    assert legal, "assigning everything to blockers is always legal"
    return data.draw(st.sampled_from(legal))


# The 10,000 boards are compared in shards, so `pytest -n` spreads them over the cores; each
# shard prints what it compared (pytest -s shows it) and fails if it compared too few.
SHARDS = 4


def compare_on_both_steps(board, data, compared: dict) -> None:
    assume(small_enough(board))
    step_board = {**board, "damage_step": "first"} if naive_combat.two_steps(board) else board
    first = draw_legal(data, step_board)
    expected = naive_combat.resolve(board, first)
    second = None
    if len(expected["boards"]) == 2:
        assume(small_enough(expected["boards"][1]))
        second = draw_legal(data, expected["boards"][1])
        expected = naive_combat.resolve(board, first, second)
    result = resolve(board, first, second)
    assert result["legal"], result["problems"]
    assert [core_outcome(s) for s in result["steps"]] == expected["steps"]
    assert (result["skipped"] or {}).get("code") == expected["skipped"]
    for step, oracle_board in zip(result["steps"], expected["boards"]):
        assert same_board(step["board"], oracle_board)
    compared["boards"] += 1
    compared["two_steps"] += len(result["steps"]) == 2


@pytest.mark.parametrize("shard", range(SHARDS))
def test_resolve_agrees_with_the_naive_oracle_on_both_steps(shard, capsys):
    compared = {"boards": 0, "two_steps": 0}

    @settings(SETTINGS, max_examples=examples(10_000) // SHARDS)
    @given(combat_boards(), st.data())
    def compare(board, data):
        compare_on_both_steps(board, data, compared)

    compare()
    with capsys.disabled():
        print(f"\nresolve vs naive oracle, shard {shard + 1} of {SHARDS}: {compared['boards']} "
              f"boards compared, {compared['two_steps']} with two damage steps")
    # Hypothesis counts only examples that pass `assume`, so each shard compares its full share.
    assert compared["boards"] >= examples(10_000) // SHARDS


@pytest.mark.parametrize("shard", range(2))
def test_the_default_second_step_is_legal_and_resolves_as_the_oracle_does(shard):
    @settings(max_examples=examples(2000) // 2, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(combat_boards(), st.data())
    def compare(board, data):
        assume(naive_combat.two_steps(board) and small_enough(board))
        first = draw_legal(data, {**board, "damage_step": "first"})
        result = resolve(board, first)
        assume(len(result["steps"]) == 2)
        second = result["steps"][1]
        derived = second["board"]
        assert check(derived, second["assignment"])["legal"]
        assert naive_combat.is_legal_step(derived, second["assignment"])
        expected = naive_combat.resolve(board, first, second["assignment"])
        assert [core_outcome(s) for s in result["steps"]] == expected["steps"]

    compare()
