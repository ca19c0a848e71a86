"""Wrong predictions are mapped to the misreading they reveal, for every predict step of every
lesson (read from the loader, so a new lesson is covered without editing this file)."""

from __future__ import annotations

import copy

import pytest

from webapp.content.misreadings import BY_CODE, MISREADINGS, diagnose, misread_numbers, most
from tests.conftest import shipped_catalogue

CURRICULUM = shipped_catalogue().curriculum
PREDICTS = [pytest.param(step, id=f"{lesson.id}/{step.id}")
            for lesson in CURRICULUM for step in lesson.steps if step.type == "predict"]


def bears(**extra):
    return {"id": "b1", "name": "Grizzly Bears", "power": 2, "toughness": 2, "damage": 0,
            "abilities": [], **extra}


def wurm(blocked_by=("b1",), **extra):
    return {"id": "a1", "name": "Craw Wurm", "power": 6, "toughness": 4,
            "abilities": ["trample"], "attacking": "player", "blocked_by": list(blocked_by),
            **extra}


@pytest.mark.parametrize("step", PREDICTS)
def test_the_right_answer_is_never_read_as_a_misreading(step):
    board = step.board_data()
    assert most(board, step.creature, step.recipient) == step.answer
    assert diagnose(board, step.creature, step.recipient, step.answer) is None
    assert step.answer not in misread_numbers(board, step.creature, step.recipient)


@pytest.mark.parametrize("step", PREDICTS)
def test_every_predict_step_has_a_misreading_that_explains_some_wrong_number(step):
    numbers = misread_numbers(step.board_data(), step.creature, step.recipient)
    assert numbers, "no misreading of this board gives a wrong number: add one"
    for number, misreading in numbers.items():
        assert number >= 0 and misreading.rule and "%(said)s" in misreading.sentence


@pytest.mark.parametrize("step", PREDICTS)
def test_a_misreading_leaves_the_lesson_board_as_it_was(step):
    board = step.board_data()
    before = copy.deepcopy(board)
    misread_numbers(board, step.creature, step.recipient)
    assert board == before


def test_summing_toughness_with_deathtouch_is_named():
    board = {"attackers": [wurm(["b1", "b2"], abilities=["trample", "deathtouch"])],
             "blockers": [bears(), bears(id="b2", toughness=3)]}
    # Right: 1 + 1 lethal, 4 over. Summing toughness: 2 + 3, 1 over.
    assert most(board, "a1", "player") == 4
    assert diagnose(board, "a1", "player", 1).code == "deathtouch_ignored"


def test_forgetting_marked_damage_is_named():
    board = {"attackers": [wurm()], "blockers": [bears(toughness=4, damage=3)]}
    assert most(board, "a1", "player") == 5
    assert diagnose(board, "a1", "player", 2).code == "marked_forgotten"


def test_power_minus_blockers_with_deathtouch_meets_its_limit():
    board = {"attackers": [wurm(["b1", "b2"], abilities=["trample", "deathtouch"])],
             "blockers": [bears(damage=2, abilities=["indestructible"]), bears(id="b2")]}
    assert most(board, "a1", "player") == 5
    assert diagnose(board, "a1", "player", 4).code == "deathtouch_formula"


def test_thinking_protection_or_indestructible_raises_lethal_is_named():
    board = {"attackers": [wurm()], "blockers": [bears(abilities=["protection_from_green"])]}
    assert diagnose(board, "a1", "player", 0).code == "protection_raises_lethal"
    assert diagnose(board, "a1", "player", 6).code == "protected_skipped"


def test_lethal_on_only_one_of_several_blockers_is_named():
    board = {"attackers": [wurm(["b1", "b2"])], "blockers": [bears(), bears(id="b2", toughness=3)]}
    assert most(board, "a1", "player") == 1
    assert diagnose(board, "a1", "player", 4).code == "one_blocker_only"
    assert diagnose(board, "a1", "player", 3).code == "one_blocker_only"


def test_plain_trample_past_a_planeswalker_is_named():
    board = {"attackers": [wurm(attacking="pw1")], "blockers": [bears()],
             "planeswalkers": [{"id": "pw1", "name": "Jace Beleren", "loyalty": 3}]}
    assert most(board, "a1", "player") == 0
    assert diagnose(board, "a1", "player", 4).code == "plain_trample_past_walker"


def test_trample_over_planeswalkers_owes_loyalty_first():
    board = {"attackers": [wurm(attacking="pw1", abilities=["trample_over_planeswalkers"])],
             "blockers": [bears()],
             "planeswalkers": [{"id": "pw1", "name": "Jace Beleren", "loyalty": 3}]}
    assert most(board, "a1", "player") == 1
    assert diagnose(board, "a1", "player", 4).code == "loyalty_skipped"


def test_deathtouch_does_not_lower_the_loyalty_owed():
    board = {"attackers": [wurm(attacking="pw1",
                                abilities=["trample_over_planeswalkers", "deathtouch"])],
             "blockers": [bears()],
             "planeswalkers": [{"id": "pw1", "name": "Chandra Nalaar", "loyalty": 4}]}
    assert most(board, "a1", "player") == 1  # 1 to the Bears, 4 to Chandra
    assert diagnose(board, "a1", "player", 4).code == "deathtouch_on_walker"


def test_a_battle_that_left_combat_passes_nothing_on():
    board = {"attackers": [wurm([], attacking="bt1")], "blockers": [],
             "battles": [{"id": "bt1", "name": "Invasion of Zendikar", "defense": 3,
                          "removed_from_combat": True}]}
    assert most(board, "a1", "player") == 0
    assert diagnose(board, "a1", "player", 6).code == "left_target_passes_on"


def test_a_shared_blocker_counts_the_other_attackers_damage():
    wall = bears(toughness=5, abilities=["can_block_additional"])
    board = {"attackers": [wurm(), wurm(id="a2", name="Rhino", power=4)], "blockers": [wall]}
    assert most(board, "a1", "player") == 5  # the other attacker can supply four of the five
    assert diagnose(board, "a1", "player", 1).code == "other_attackers_ignored"


def test_a_number_no_misreading_gives_is_not_named():
    board = {"attackers": [wurm()], "blockers": [bears()]}
    assert diagnose(board, "a1", "player", 3) is None


def test_codes_are_unique_and_every_misreading_has_a_rule():
    assert len(BY_CODE) == len(MISREADINGS)
    assert all(m.rule for m in MISREADINGS)


def test_plain_trample_past_a_planeswalker_cites_the_rule_the_core_cites():
    """The misreading names the rule that forbids what it imagines: here the core's refusal of
    damage to the planeswalker's controller (702.19f), not trample over planeswalkers (702.19c)."""
    from webapp.rules import check

    board = {"attackers": [wurm(attacking="pw1")], "blockers": [bears()],
             "planeswalkers": [{"id": "pw1", "name": "Jace Beleren", "loyalty": 3}]}
    result = check(board, {"a1": {"b1": 2, "pw1": 3, "player": 1}})
    assert {p["rule"] for p in result["problems"]} == {BY_CODE["plain_trample_past_walker"].rule}


def test_a_target_that_left_combat_is_explained_by_506_4c_attacking_nothing():
    from webapp.rules import check

    board = {"attackers": [wurm(attacking="pw1")], "blockers": [bears()],
             "planeswalkers": [{"id": "pw1", "name": "Jace Beleren", "loyalty": 3,
                                "removed_from_combat": True}]}
    result = check(board, {"a1": {"b1": 2, "pw1": 4}})
    misreading = BY_CODE["left_target_passes_on"]
    assert misreading.rule in {p["rule"] for p in result["problems"]}
    assert "attacking nothing" in misreading.sentence


def test_reading_power_and_toughness_the_wrong_way_round_is_named():
    """Craw Wurm (6/4) unblocked: 4 is its toughness taken for the damage it deals (208.1)."""
    board = {"attackers": [wurm(blocked_by=(), abilities=[])], "blockers": []}
    assert most(board, "a1", "player") == 6
    found = diagnose(board, "a1", "player", 4)
    assert found.code == "power_toughness_swapped" and found.rule == "208.1"
    # A trampling 6/4 over a 1/2: 6 - 2 = 4 gets through. Backwards, a 4-power wurm over a
    # blocker that 1 damage destroys: 3.
    board = {"attackers": [wurm()], "blockers": [bears(power=1, toughness=2)]}
    assert most(board, "a1", "player") == 4
    assert diagnose(board, "a1", "player", 3).code == "power_toughness_swapped"


def test_a_board_of_squares_has_no_swapped_reading():
    board = {"attackers": [wurm(power=4, blocked_by=(), abilities=[])], "blockers": []}
    assert "power_toughness_swapped" not in {m.code for m in misread_numbers(board, "a1").values()}


def test_zilortha_forgotten_is_named_and_toughness_sentences_are_never_said_under_it():
    """With Zilortha on the defending side, 5 past Zilortha (7/3) is lethal read by toughness;
    the sentences that say lethal damage comes from toughness are never named on such a board."""
    zilortha = bears(name="Zilortha, Strength Incarnate", power=7, toughness=3, damage=0)
    board = {"attackers": [wurm(power=8)], "blockers": [zilortha], "lethal_by_power": ["defending"]}
    assert diagnose(board, "a1", "player", 5).code == "lethal_by_toughness"
    marked = {**board, "blockers": [{**zilortha, "damage": 2}]}
    named = {m.code for m in misread_numbers(marked, "a1").values()}
    assert "lethal_by_toughness" in named and "marked_forgotten" not in named
    assert not named & {m.code for m in MISREADINGS if m.by_toughness}
    # Its 2 marked forgotten, Zilortha needs 7 (its power), not 5: 1 past it, said by power.
    assert diagnose(marked, "a1", "player", 1).code == "marked_forgotten_by_power"


def test_the_power_worded_marked_reading_is_never_said_without_zilortha():
    board = {"attackers": [wurm(power=8)], "blockers": [bears(toughness=3, damage=2)]}
    assert diagnose(board, "a1", "player", 5).code == "marked_forgotten"
    named = {m.code for m in misread_numbers(board, "a1").values()}
    assert not named & {m.code for m in MISREADINGS if m.only_by_power}
