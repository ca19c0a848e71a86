"""One test per rule clause, using the seeds' own examples where they have one."""

from __future__ import annotations

import pytest

from webapp.rules import analyze, check, lethal_damage, parse_board, resolve

from .boards import attacker, bears, board, creature, force_of_nature


def codes(result):
    return [(p["code"], p["rule"]) for p in result["problems"]]


def most_to(result, creature_id, recipient):
    return result["creatures"][creature_id]["recipients"].get(recipient, {"max": 0})["max"]


# --- Force of Nature (8/8 trample) blocked by three 2/2s: the classic splits a-e ---------------

@pytest.mark.parametrize("split", [
    {"b1": 8, "b2": 0, "b3": 0, "player": 0},  # a) all 8 to one blocker
    {"b1": 4, "b2": 4, "b3": 0, "player": 0},  # b) 4 to each of two blockers
    {"b1": 3, "b2": 3, "b3": 2, "player": 0},  # c) 3, 3 and 2
    {"b1": 3, "b2": 2, "b3": 2, "player": 1},  # d) 3, 2, 2 and 1 to the player
    {"b1": 2, "b2": 2, "b3": 2, "player": 2},  # e) lethal to each, 2 to the player
])
def test_force_of_nature_may_split_its_damage_any_of_the_ways_a_to_e(split):
    assert check(force_of_nature({"a1": split})) == {"legal": True, "problems": []}


def test_force_of_nature_can_send_at_most_2_to_the_player_in_49_legal_ways():
    result = analyze(force_of_nature())
    assert most_to(result, "a1", "player") == 2
    assert result["legal_assignments"] == 49
    assert result["best"] == {"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}}
    assert result["creatures"]["a1"]["lethal"] == {"b1": 2, "b2": 2, "b3": 2}


def test_player_damage_before_every_blocker_is_lethal_is_illegal_and_names_the_short_blocker():
    result = check(force_of_nature({"a1": {"b1": 3, "b2": 1, "b3": 2, "player": 2}}))
    assert codes(result) == [("player_before_lethal", "702.19b")]
    problem = result["problems"][0]
    assert problem["recipient"] == "b2"
    assert problem["message"] == ("Force of Nature can’t assign damage to the player yet: "
                                  "Grizzly Bears (b2) has 1 of the 2 damage it needs.")


# --- 510.1a all of the power is assigned; power 0 or less assigns nothing ------------------------

def test_all_of_a_creatures_power_must_be_assigned():
    result = check(force_of_nature({"a1": {"b1": 2, "b2": 2, "b3": 2}}))
    assert codes(result) == [("wrong_total", "510.1a")]
    assert "must assign all 8" in result["problems"][0]["message"]


@pytest.mark.parametrize("power", [0, -2])
def test_a_creature_with_power_0_or_less_assigns_nothing(power):
    data = board([attacker("a1", "Shrunk Bear", power, 2)])
    assert check(data, {"a1": {}})["legal"]
    assert check(data, {"a1": {"player": 1}})["problems"][0]["rule"] == "510.1a"
    assert analyze(data)["creatures"]["a1"]["assigns"] == 0


# --- 510.1b unblocked ----------------------------------------------------------------------------

def test_an_unblocked_creature_assigns_everything_to_what_it_attacks():
    data = board([attacker("a1", "Hill Giant", 3, 3)])
    assert check(data, {"a1": {"player": 3}})["legal"]
    assert codes(check(data, {"a1": {"player": 2}})) == [("wrong_total", "510.1a")]


def test_an_unblocked_creature_attacking_a_removed_planeswalker_deals_no_damage():
    data = board([attacker("a1", "Hill Giant", 3, 3, "trample", attacking="pw")],
                 planeswalkers=[{"id": "pw", "name": "Jace", "loyalty": 3, "removed_from_combat": True}])
    assert check(data, {"a1": {}})["legal"]
    assert codes(check(data, {"a1": {"pw": 3}})) == [("no_damage_to_assign", "702.19f")]
    assert analyze(data)["creatures"]["a1"]["recipients"] == {}


# --- 510.1c blocked without trample --------------------------------------------------------------

def test_a_blocked_creature_without_trample_never_damages_the_player_whatever_the_sizes():
    data = board([attacker("a1", "Colossal Dreadmaw", 10, 10, blocked_by=["b1"])],
                 [creature("b1", "Llanowar Elves", 1, 1)])
    assert most_to(analyze(data), "a1", "player") == 0
    assert codes(check(data, {"a1": {"b1": 1, "player": 9}})) == [("blocked_no_trample", "510.1c")]
    assert check(data, {"a1": {"b1": 10}})["legal"]


def test_without_trample_damage_is_split_freely_among_blockers_with_no_order():
    data = board([attacker("a1", "Hill Giant", 3, 3, blocked_by=["b1", "b2"])], bears("b1", "b2"))
    assert check(data, {"a1": {"b1": 0, "b2": 3}})["legal"]
    assert check(data, {"a1": {"b1": 1, "b2": 2}})["legal"]
    assert analyze(data)["legal_assignments"] == 4


def test_blocked_with_every_blocker_gone_and_no_trample_deals_nothing():
    data = board([attacker("a1", "Hill Giant", 3, 3, blocked=True)])
    assert analyze(data)["creatures"]["a1"]["nothing_because"] == "no_blockers_left"
    assert check(data, {"a1": {}})["legal"]
    assert codes(check(data, {"a1": {"player": 3}})) == [("no_damage_to_assign", "510.1c")]


# --- 702.19b trample -----------------------------------------------------------------------------

def test_the_702_19b_example_shared_blocker_counts_the_other_attackers_damage():
    wall = creature("b1", "Wall", 2, 2, "can_block_additional")
    data = board([attacker("a1", "Bear Cub", 1, 1, blocked_by=["b1"]),
                  attacker("a2", "Trampler", 3, 3, "trample", blocked_by=["b1"])], [wall])
    assert check(data, {"a1": {"b1": 1}, "a2": {"b1": 1, "player": 2}})["legal"]
    assert most_to(analyze(data), "a2", "player") == 2


def test_the_702_19b_example_protection_from_green_does_not_change_lethal():
    data = board([attacker("a1", "Green Giant", 6, 6, "trample", colors=["green"], blocked_by=["b1"])],
                 [creature("b1", "White Knight", 2, 2, "protection_from_green")])
    assert analyze(data)["creatures"]["a1"]["lethal"] == {"b1": 2}
    assert check(data, {"a1": {"b1": 2, "player": 4}})["legal"]
    assert not check(data, {"a1": {"b1": 1, "player": 5}})["legal"]


def test_root_breaker_wurm_against_eager_cadet_and_white_knight_sends_at_most_3():
    data = board([attacker("a1", "Rootbreaker Wurm", 6, 6, "trample", blocked_by=["b1", "b2"])],
                 [creature("b1", "Eager Cadet", 1, 1),
                  creature("b2", "White Knight", 2, 2, "protection_from_black")])
    result = analyze(data)
    assert most_to(result, "a1", "player") == 3
    assert result["best"]["a1"] == {"b1": 1, "b2": 2, "player": 3}


def test_marked_damage_counts_a_0_4_with_2_damage_needs_only_2():
    wall = creature("b1", "Wall of Wood", 0, 4, damage=2)
    data = board([attacker("a1", "Stampeding Rhino", 4, 4, "trample", blocked_by=["b1"])], [wall])
    assert lethal_damage(parse_board(data).blockers[0]) == 2
    assert check(data, {"a1": {"b1": 2, "player": 2}})["legal"]
    problem = check(data, {"a1": {"b1": 1, "player": 3}})["problems"][0]
    assert "already has 2 damage marked" in problem["message"]


def test_indestructible_blocker_still_needs_only_lethal_and_one_already_at_lethal_needs_0():
    data = board([attacker("a1", "Rhino", 4, 4, "trample", blocked_by=["b1", "b2"])],
                 [creature("b1", "Darksteel Myr", 0, 1, "indestructible"),
                  creature("b2", "Battered Golem", 1, 2, "indestructible", damage=3)])
    result = analyze(data)
    assert result["creatures"]["a1"]["lethal"] == {"b1": 1, "b2": 0}
    assert most_to(result, "a1", "player") == 3
    assert result["creatures"]["a1"]["lethal_detail"]["b2"]["reason"] == "already_lethal"


def test_trampling_over_is_optional_and_over_assigning_a_blocker_is_legal():
    assert check(force_of_nature({"a1": {"b1": 6, "b2": 1, "b3": 1}}))["legal"]
    assert check(force_of_nature({"a1": {"b1": 2, "b2": 2, "b3": 4}}))["legal"]


def test_damage_doublers_and_lifelink_and_infect_do_not_change_what_is_legal():
    plain = board([attacker("a1", "Rhino", 4, 4, "trample", blocked_by=["b1"])], bears("b1"))
    fancy = board([attacker("a1", "Rhino", 4, 4, "trample", "lifelink", "infect", "wither",
                            blocked_by=["b1"])], bears("b1"))
    assert analyze(plain)["legal_assignments"] == analyze(fancy)["legal_assignments"] == 3


def test_the_trampler_dying_in_combat_still_tramples():
    data = board([attacker("a1", "Rhino", 4, 4, "trample", blocked_by=["b1"])],
                 [creature("b1", "Giant Killer", 99, 1, "deathtouch")])
    assert check(data, {"a1": {"b1": 1, "player": 3}})["legal"]


# --- 702.2c deathtouch -----------------------------------------------------------------------------

def test_deathtouch_and_trample_send_power_minus_the_number_of_blockers():
    data = board([attacker("a1", "Deathtouch Rhino", 6, 6, "trample", "deathtouch",
                           blocked_by=["b1", "b2", "b3"])],
                 [creature("b1", "Wall", 0, 7), creature("b2", "Bear", 2, 2),
                  creature("b3", "Giant", 5, 5, damage=1)])
    result = analyze(data)
    assert result["creatures"]["a1"]["lethal"] == {"b1": 1, "b2": 1, "b3": 1}
    assert most_to(result, "a1", "player") == 6 - 3
    assert check(data, {"a1": {"b1": 1, "b2": 1, "b3": 1, "player": 3}})["legal"]


def test_deathtouch_blocker_already_at_lethal_needs_0():
    data = board([attacker("a1", "Deathtouch Rhino", 3, 3, "trample", "deathtouch", blocked_by=["b1"])],
                 [creature("b1", "Indestructible Wall", 0, 3, "indestructible", damage=3)])
    assert analyze(data)["creatures"]["a1"]["lethal"] == {"b1": 0}
    assert check(data, {"a1": {"b1": 0, "player": 3}})["legal"]


def test_another_attackers_deathtouch_damage_makes_a_shared_blocker_lethal():
    wall = creature("b1", "Wall", 0, 5, "can_block_additional")
    data = board([attacker("a1", "Assassin", 1, 1, "deathtouch", blocked_by=["b1"]),
                  attacker("a2", "Rhino", 4, 4, "trample", blocked_by=["b1"])], [wall])
    assert check(data, {"a1": {"b1": 1}, "a2": {"player": 4}})["legal"]


# --- Zilortha, Strength Incarnate: lethal damage measured by power --------------------------------

def zilortha_side(data, *sides):
    return {**data, "lethal_by_power": list(sides)}


def test_with_zilortha_on_the_defending_side_a_wall_needs_only_its_power():
    data = zilortha_side(board([attacker("a1", "Colossal Dreadmaw", 6, 6, "trample", blocked_by=["b1"])],
                               [creature("b1", "Wall of Wood", 0, 3)]), "defending")
    detail = analyze(data)["creatures"]["a1"]["lethal_detail"]["b1"]
    assert (detail["needs"], detail["reason"], detail["power"]) == (1, "power_minus_marked", 0)
    assert check(data, {"a1": {"b1": 1, "player": 5}})["legal"]
    problem, = check(data, {"a1": {"b1": 0, "player": 6}})["problems"]
    assert (problem["code"], problem["params"]["needs"]) == ("player_before_lethal", 1)


def test_zilortha_itself_needs_its_power_past_damage_already_marked():
    zilortha = creature("b1", "Zilortha, Strength Incarnate", 7, 3, "trample", damage=3)
    data = zilortha_side(board([attacker("a1", "Ghalta, Primal Hunger", 12, 12, "trample",
                                         blocked_by=["b1"])], [zilortha]), "defending")
    assert analyze(data)["creatures"]["a1"]["lethal"] == {"b1": 4}
    assert not check(data, {"a1": {"b1": 3, "player": 9}})["legal"]


def test_zilortha_on_the_attacking_side_changes_no_split_of_an_attacker():
    data = zilortha_side(board([attacker("a1", "Zilortha, Strength Incarnate", 7, 3, "trample",
                                         blocked_by=["b1"])], [creature("b1", "Wall", 0, 5)]),
                         "attacking")
    assert analyze(data)["creatures"]["a1"]["lethal"] == {"b1": 5}


def test_deathtouch_is_still_lethal_at_1_with_lethal_damage_by_power():
    data = zilortha_side(board([attacker("a1", "X", 4, 4, "trample", "deathtouch", blocked_by=["b1"])],
                               [creature("b1", "Y", 5, 1)]), "defending")
    assert analyze(data)["creatures"]["a1"]["lethal"] == {"b1": 1}


def test_resolve_measures_death_by_power_and_a_zero_power_creature_by_1_damage():
    data = zilortha_side(board([attacker("a1", "X", 5, 5, "trample", blocked_by=["b1", "b2"])],
                               [creature("b1", "Zilortha, Strength Incarnate", 7, 3),
                                creature("b2", "Wall", 0, 4)]), "defending")
    step, = resolve(data, {"a1": {"b1": 4, "b2": 1}})["steps"]
    assert not step["creatures"]["b1"]["dies"]  # 4 damage on a 7/3: alive by its power
    assert step["creatures"]["b2"]["dies"]      # power 0: any 1 damage destroys it
    assert step["creatures"]["b2"]["causes"] == [{"code": "lethal_damage", "rule": "704.5g"}]


# --- Defensive Formation: the defending player assigns, under the usual rules -----------------------

def test_defensive_formation_gives_the_split_to_the_defending_player_and_changes_no_legal_split():
    plain = force_of_nature()
    formation = {**plain, "defending_player_assigns": True}
    entry = analyze(formation)["creatures"]["a1"]
    assert (entry["chooser"], entry["chooser_rule"]) == ("defending_player", None)
    assert analyze(formation)["legal_assignments"] == analyze(plain)["legal_assignments"]
    assert check(formation, {"a1": {"b1": 8}})["legal"]  # all on one Bear: legal, Nia takes 0
    assert not check(formation, {"a1": {"b1": 1, "b2": 1, "b3": 1, "player": 5}})["legal"]


def test_defensive_formation_does_not_reach_a_creature_attacking_a_planeswalker():
    data = {**board([attacker("a1", "Rhino", 4, 4, "trample", attacking="pw", blocked_by=["b1"])],
                    bears("b1"), [{"id": "pw", "name": "Jace Beleren", "loyalty": 3}]),
            "defending_player_assigns": True}
    assert analyze(data)["creatures"]["a1"]["chooser"] == "attacking_player"


def test_banding_keeps_its_own_rule_beside_defensive_formation():
    data = {**board([attacker("a1", "Rhino", 4, 4, "trample", blocked_by=["b1"])],
                    [creature("b1", "Mesa Pegasus", 1, 1, "banding")]),
            "defending_player_assigns": True}
    assert analyze(data)["creatures"]["a1"]["chooser_rule"] == "702.22j"


# --- 702.19a trample on a blocker does nothing -----------------------------------------------------

def test_trample_on_a_blocking_creature_does_nothing():
    data = board([attacker("a1", "Grizzly Bears", 2, 2, blocked_by=["b1"])],
                 [creature("b1", "Craw Wurm", 6, 6, "trample")])
    result = check(data, {"a1": {"b1": 2}, "b1": {"a1": 2, "player": 4}})
    assert codes(result) == [("trample_when_blocking", "702.19a")]
    assert analyze(data)["creatures"]["b1"]["recipients"] == {"a1": {"min": 6, "max": 6}}


# --- 702.19c-f planeswalkers -----------------------------------------------------------------------

def jace(loyalty=3, removed=False):
    return {"id": "pw", "name": "Jace", "loyalty": loyalty, "removed_from_combat": removed}


def test_plain_trample_attacking_a_planeswalker_stops_at_the_planeswalker():
    data = board([attacker("a1", "Rhino", 4, 4, "trample", attacking="pw", blocked_by=["b1"])],
                 bears("b1"), planeswalkers=[jace(1)])
    result = analyze(data)
    assert most_to(result, "a1", "pw") == 2
    assert "player" not in result["creatures"]["a1"]["recipients"]
    assert codes(check(data, {"a1": {"b1": 2, "pw": 1, "player": 1}})) == [
        ("planeswalker_controller", "702.19f")]


def test_the_702_19c_example_trample_over_planeswalkers_sends_5_to_the_player():
    data = board([attacker("a1", "Bear Cub", 1, 1, attacking="pw"),
                  attacker("a2", "Thrasta", 7, 7, "trample_over_planeswalkers", attacking="pw")],
                 planeswalkers=[jace(3)])
    assert check(data, {"a1": {"pw": 1}, "a2": {"pw": 2, "player": 5}})["legal"]
    result = analyze(data)
    assert most_to(result, "a2", "player") == 5
    assert result["best"] == {"a1": {"pw": 1}, "a2": {"pw": 2, "player": 5}}
    assert codes(check(data, {"a1": {"pw": 1}, "a2": {"pw": 1, "player": 6}})) == [
        ("controller_before_loyalty", "702.19c")]


def test_trample_over_planeswalkers_after_the_planeswalker_left_combat_reaches_the_player():
    data = board([attacker("a1", "Thrasta", 7, 7, "trample_over_planeswalkers", attacking="pw",
                           blocked_by=["b1"])], bears("b1"), planeswalkers=[jace(3, removed=True)])
    result = analyze(data)
    assert result["creatures"]["a1"]["recipients"] == {"b1": {"min": 2, "max": 7},
                                                       "player": {"min": 0, "max": 5}}
    assert codes(check(data, {"a1": {"b1": 2, "pw": 5}}))[0] == ("target_removed", "506.4c")


def test_damage_to_the_controller_before_the_blockers_are_lethal_breaks_702_19c_or_702_19e():
    """The gate to a planeswalker's controller is 702.19c's (702.19e's once it left combat), and
    the problem names that rule, not 702.19b."""
    for removed, rule in ((False, "702.19c"), (True, "702.19e")):
        data = board([attacker("a1", "Thrasta", 7, 7, "trample_over_planeswalkers",
                               attacking="pw", blocked_by=["b1"])], bears("b1"),
                     planeswalkers=[jace(3, removed=removed)])
        found = codes(check(data, {"a1": {"b1": 1, "player": 6}}))
        assert found[0] == ("player_before_lethal", rule)
        assert found[1:] == ([] if removed else [("controller_before_loyalty", "702.19c")])
        assert analyze(data)["creatures"]["a1"]["reach"]["player"] == rule


def test_analyze_names_the_rule_for_each_recipient_past_the_blockers_and_each_one_closed():
    plain = analyze(board([attacker("a1", "Rhino", 4, 4, "trample", attacking="pw",
                                    blocked_by=["b1"])], bears("b1"), planeswalkers=[jace(3)]))
    assert plain["creatures"]["a1"]["reach"] == {"pw": "702.19b"}
    assert plain["creatures"]["a1"]["closed"] == {"player": "702.19f"}
    gone = analyze(board([attacker("a1", "Rhino", 4, 4, "trample", blocked=True)]))
    assert gone["creatures"]["a1"]["reach"] == {"player": "702.19d"}
    unblocked = analyze(board([attacker("a1", "Rhino", 4, 4)]))
    assert unblocked["creatures"]["a1"]["reach"] == {"player": "510.1b"}
    stopped = analyze(board([attacker("a1", "Rhino", 4, 4, blocked_by=["b1"])], bears("b1")))
    assert stopped["creatures"]["a1"]["closed"] == {"player": "510.1c"}
    nothing = analyze(board([attacker("a1", "Rhino", 4, 4, "trample", attacking="pw",
                                      blocked=True)], planeswalkers=[jace(3, removed=True)]))
    assert nothing["creatures"]["a1"]["nothing_rule"] == "702.19f"


def test_702_19e_unblocked_with_the_planeswalker_gone_all_damage_goes_to_the_player():
    data = board([attacker("a1", "Thrasta", 7, 7, "trample_over_planeswalkers", attacking="pw",
                           blocked=True)], planeswalkers=[jace(3, removed=True)])
    assert analyze(data)["creatures"]["a1"]["recipients"] == {"player": {"min": 7, "max": 7}}


def test_702_19f_plain_trample_with_the_planeswalker_gone_reaches_no_one():
    data = board([attacker("a1", "Rhino", 4, 4, "trample", attacking="pw", blocked=True)],
                 planeswalkers=[jace(3, removed=True)])
    assert analyze(data)["creatures"]["a1"]["nothing_because"] == "planeswalker_removed"
    assert codes(check(data, {"a1": {"player": 4}})) == [("no_damage_to_assign", "702.19f")]


def test_trample_over_planeswalkers_does_not_reach_a_battles_protector():
    data = board([attacker("a1", "Thrasta", 7, 7, "trample_over_planeswalkers", attacking="bt",
                           blocked_by=["b1"])], bears("b1"),
                 battles=[{"id": "bt", "name": "Invasion of Zendikar", "defense": 3}])
    result = analyze(data)
    assert most_to(result, "a1", "bt") == 5
    assert "player" not in result["creatures"]["a1"]["recipients"]
    assert codes(check(data, {"a1": {"b1": 2, "bt": 3, "player": 2}})) == [
        ("battle_protector", "702.19c")]


def test_a_battle_removed_from_combat_receives_nothing():
    data = board([attacker("a1", "Rhino", 4, 4, "trample", attacking="bt", blocked_by=["b1"])],
                 bears("b1"), battles=[{"id": "bt", "name": "Invasion", "defense": 3,
                                        "removed_from_combat": True}])
    assert analyze(data)["creatures"]["a1"]["recipients"] == {"b1": {"min": 4, "max": 4}}


# --- 702.19d blockers removed ---------------------------------------------------------------------

def test_a_trampler_whose_blockers_all_left_combat_assigns_everything_to_the_player():
    data = board([attacker("a1", "Rhino", 4, 4, "trample", blocked=True)])
    assert analyze(data)["creatures"]["a1"]["recipients"] == {"player": {"min": 4, "max": 4}}
    assert check(data, {"a1": {"player": 4}})["legal"]


# --- 702.19g redundancy, 702.22j-k banding, 510.4 strike steps -----------------------------------

def test_two_instances_of_trample_are_redundant():
    once = board([attacker("a1", "Rhino", 4, 4, "trample", blocked_by=["b1"])], bears("b1"))
    twice = board([attacker("a1", "Rhino", 4, 4, "trample", "trample", blocked_by=["b1"])], bears("b1"))
    assert analyze(once) == analyze(twice)


def test_a_banding_blocker_lets_the_defending_player_choose_and_divide_freely():
    data = board([attacker("a1", "Rhino", 5, 5, "trample", blocked_by=["b1", "b2"])],
                 [creature("b1", "Benalish Hero", 1, 1, "banding"), creature("b2", "Bear", 2, 2)])
    result = analyze(data)
    assert result["creatures"]["a1"]["chooser"] == "defending_player"
    assert result["creatures"]["a1"]["chooser_rule"] == "702.22j"
    assert check(data, {"a1": {"b1": 5, "b2": 0}})["legal"]


def test_an_attacker_with_banding_lets_the_attacking_player_divide_the_blockers_damage():
    data = board([attacker("a1", "Benalish Hero", 1, 1, "banding", blocked_by=["b1"]),
                  attacker("a2", "Bear", 2, 2, blocked_by=["b1"])], [creature("b1", "Giant", 4, 4)])
    result = analyze(data)
    assert result["creatures"]["b1"]["chooser"] == "attacking_player"
    assert result["creatures"]["b1"]["chooser_rule"] == "702.22k"
    assert check(data, {"a1": {"b1": 1}, "a2": {"b1": 2}, "b1": {"a2": 4}})["legal"]


def test_a_second_strike_step_board_counts_first_strike_damage_as_marked():
    data = board([attacker("a1", "Double Striker", 3, 3, "double_strike", "trample",
                           blocked_by=["b1"])], [creature("b1", "Hill Giant", 3, 4, damage=3)])
    assert analyze(data)["creatures"]["a1"]["lethal"] == {"b1": 1}
    assert most_to(analyze(data), "a1", "player") == 2


def test_blockers_may_be_omitted_and_are_checked_when_given():
    data = force_of_nature({"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}})
    assert check(data)["legal"]
    assert codes(check(data, {"a1": {"b1": 8}, "b1": {"a1": 1}})) == [("wrong_total", "510.1a")]


def test_blocker_status_counts_every_attackers_damage_toward_lethal():
    from webapp.rules import blocker_status

    wall = creature("b1", "Wall", 0, 3, "can_block_additional", damage=1)
    data = board([attacker("a1", "Bear Cub", 1, 1, blocked_by=["b1"]),
                  attacker("a2", "Trampler", 3, 3, "trample", blocked_by=["b1"])], [wall])
    assert blocker_status(data, {"a1": {"b1": 1}, "a2": {"b1": 1, "player": 2}}) == {
        "b1": {"assigned": 2, "marked": 1, "needs": 2, "lethal": True}}
    assert not blocker_status(data, {"a1": {"b1": 1}, "a2": {"player": 3}})["b1"]["lethal"]


# --- "You may have it assign its combat damage as though it weren't blocked" (510.1b-c) ----------

def thorn(*blocked_by, power=7, abilities=(), **kw):
    return attacker("a1", "Thorn Elemental", power, 7, *abilities, "as_though_unblocked",
                    blocked_by=list(blocked_by), **kw)


def test_thorn_elemental_assigns_all_to_its_blockers_or_all_to_the_player_never_some_of_each():
    data = board([thorn("b1")], bears("b1"))
    assert check(data, {"a1": {"b1": 7}})["legal"]
    assert check(data, {"a1": {"b1": 0, "player": 7}})["legal"]  # 510.1b: as though unblocked
    assert codes(check(data, {"a1": {"b1": 2, "player": 5}})) == [
        ("unblocked_all_or_nothing", "510.1b")]
    result = analyze(data)
    assert result["legal_assignments"] == 2
    assert result["creatures"]["a1"]["recipients"] == {"b1": {"min": 0, "max": 7},
                                                       "player": {"min": 0, "max": 7}}
    assert result["best"] == {"a1": {"b1": 0, "player": 7}}
    assert result["creatures"]["a1"]["as_though_unblocked"] == {
        "rule": "510.1b", "recipients": ["player"], "may_decline": False}


def test_with_trample_it_is_a_trample_split_or_everything_to_the_player():
    data = board([thorn("b1", power=9, abilities=("trample",))],  # with Rancor: 9/7 trample
                 [creature("b1", "Hill Giant", 3, 3)])
    assert check(data, {"a1": {"b1": 3, "player": 6}})["legal"]
    assert check(data, {"a1": {"b1": 0, "player": 9}})["legal"]
    assert codes(check(data, {"a1": {"b1": 1, "player": 8}})) == [
        ("player_before_lethal", "702.19b")]
    assert analyze(data)["legal_assignments"] == 7 + 1  # 3..9 on the Giant, or all 9 past it


def test_its_blockers_still_deal_their_damage_to_it():
    data = board([thorn("b1")], bears("b1"))
    assert check(data, {"a1": {"player": 7}, "b1": {"a1": 2}})["legal"]


def test_with_every_blocker_gone_it_may_deal_all_to_the_player_or_nothing():
    data = board([thorn(blocked=True)], [])
    assert check(data, {"a1": {"player": 7}})["legal"]
    assert check(data, {"a1": {}})["legal"]  # 510.1c: declining the choice, it assigns none
    assert codes(check(data, {"a1": {"player": 3}})) == [("wrong_total", "510.1a")]
    result = analyze(data)
    assert result["legal_assignments"] == 2
    assert result["creatures"]["a1"]["recipients"]["player"] == {"min": 0, "max": 7}


def test_attacking_a_planeswalker_that_left_combat_it_may_hit_its_blockers_or_assign_nothing():
    data = board([thorn("b1", attacking="pw1")], bears("b1"),
                 planeswalkers=[{"id": "pw1", "name": "Jace Beleren", "loyalty": 3,
                                 "removed_from_combat": True}])
    assert check(data, {"a1": {"b1": 7}})["legal"]
    assert check(data, {"a1": {"b1": 0}})["legal"]  # 510.1b: as though unblocked it hits nothing
    assert analyze(data)["legal_assignments"] == 2


def test_it_does_nothing_for_an_unblocked_attacker_or_a_blocker():
    data = board([thorn()], [])
    assert analyze(data)["legal_assignments"] == 1
    assert "as_though_unblocked" not in analyze(data)["creatures"]["a1"]


def test_a_band_of_blockers_makes_who_chooses_unsettled_so_the_board_is_refused():
    with pytest.raises(Exception, match="no ruling settles who chooses"):
        parse_board(board([thorn("b1")], [creature("b1", "Mesa Pegasus", 1, 1, "banding")]))
