"""resolve(): bad input first, then one hand-made combat for each rule it applies."""

from __future__ import annotations

import pytest

from webapp.rules import BoardError, analyze, check, parse_board, resolve
from webapp.rules.check import ENGINE_RULES

from .boards import attacker, board, creature


def pw(pid="pw", loyalty=3, **extra):
    return {"id": pid, "name": "Jace", "loyalty": loyalty, **extra}


# --- bad input -----------------------------------------------------------------------------------

SHARED = board([attacker("a1", "Ox", 2, 2, blocked_by=["b1"]), attacker("a2", "Elk", 2, 2, blocked_by=["b1"])],
               [creature("b1", "Giant", 3, 3, "can_block_additional")])


BAD = [
    ("no assignment", board([attacker("a1", "Ox", 2, 2)]), None, None, "assignment", "required"),
    ("a blocker of two attackers without its split", SHARED, {"a1": {"b1": 2}, "a2": {"b1": 2}},
     None, "assignment.b1", "split must be given"),
    ("a second assignment naming a stranger",
     board([attacker("a1", "Knight", 2, 2, "double_strike")]), {"a1": {"player": 2}},
     {"a1": {"zz": 2}}, "second.a1.zz", "never deal"),
    ("a second assignment for a combat of one step",
     board([attacker("a1", "Ox", 2, 2)]), {"a1": {"player": 2}}, {"a1": {"player": 2}},
     "second", "510.4"),
    ("a second assignment that is not an object",
     board([attacker("a1", "Knight", 2, 2, "double_strike")]), {"a1": {"player": 2}}, [],
     "second", "must be an object"),
]


@pytest.mark.parametrize("data, first, second, field, words", [c[1:] for c in BAD],
                         ids=[c[0] for c in BAD])
def test_bad_input_is_one_clear_error_naming_the_field(data, first, second, field, words):
    with pytest.raises(BoardError) as err:
        resolve(data, first, second)
    assert err.value.field == field
    assert words in str(err.value)


BAD_BOARDS = [
    ("life 0", {"player": {"life": 0}}, "player.life", "between 1"),
    ("10 poison counters", {"player": {"poison": 10}}, "player.poison", "between 0 and 9"),
    ("life as text", {"player": {"life": "20"}}, "player.life", "whole number"),
    ("player not an object", {"player": 20}, "player", "must be an object"),
    ("unknown player field", {"player": {"mana": 3}}, "player.mana", "unknown field"),
    ("unknown damage step", {"damage_step": "third"}, "damage_step", "'first' or 'second'"),
    ("a first step nobody strikes first in", {"damage_step": "first"}, "damage_step", "510.4"),
    ("loyalty 0 still in combat", {"planeswalkers": [pw(loyalty=0)]}, "planeswalkers[0].loyalty",
     "between 1"),
    ("defense 0 still in combat", {"battles": [{"id": "bt", "defense": 0}]}, "battles[0].defense",
     "between 1"),
]


@pytest.mark.parametrize("extra, field, words", [c[1:] for c in BAD_BOARDS],
                         ids=[c[0] for c in BAD_BOARDS])
def test_a_bad_player_step_or_counter_field_is_refused(extra, field, words):
    with pytest.raises(BoardError) as err:
        parse_board({**board([attacker("a1", "Ox", 2, 2)]), **extra})
    assert err.value.field == field
    assert words in str(err.value)


def test_a_planeswalker_or_battle_that_left_combat_may_have_no_counters_left():
    parsed = parse_board({**board([attacker("a1", "Ox", 2, 2)]),
                          "planeswalkers": [pw(loyalty=0, removed_from_combat=True)],
                          "battles": [{"id": "bt", "defense": 0, "removed_from_combat": True}]})
    assert parsed.planeswalkers[0].loyalty == 0 and parsed.battles[0].defense == 0


def test_an_illegal_assignment_stops_with_checks_problems():
    data = board([attacker("a1", "Rhino", 4, 4, "trample", blocked_by=["b1"])],
                 [creature("b1", "Bear", 2, 2)])
    result = resolve(data, {"a1": {"b1": 1, "player": 3}})
    assert result["legal"] is False and result["failed_step"] == "only" and result["steps"] == []
    assert [(p["code"], p["rule"]) for p in result["problems"]] == [("player_before_lethal", "702.19b")]


def test_a_creature_without_first_strike_deals_nothing_in_the_first_step():
    data = board([attacker("a1", "Knight", 2, 2, "first_strike"), attacker("a2", "Ox", 3, 3)])
    result = resolve(data, {"a1": {"player": 2}, "a2": {"player": 3}})
    assert result["failed_step"] == "first"
    assert [(p["code"], p["rule"], p["creature"], p["params"]["reason"]) for p in result["problems"]] == [
        ("no_damage_to_assign", "510.4", "a2", "not_this_step")]


def test_an_illegal_second_assignment_stops_after_the_first_step():
    data = board([attacker("a1", "Knight", 2, 2, "double_strike")])
    result = resolve(data, {"a1": {"player": 2}}, {"a1": {"player": 1}})
    assert result["legal"] is False and result["failed_step"] == "second"
    assert len(result["steps"]) == 1 and result["problems"][0]["code"] == "wrong_total"


# --- one combat per rule -------------------------------------------------------------------------


def has(facts: dict, **expected) -> bool:
    return {k: facts[k] for k in expected} == expected


def deaths(step):
    return {cid: [c["code"] for c in after["causes"]] for cid, after in step["creatures"].items()
            if after["dies"]}


def test_one_step_without_first_strike_lethal_damage_kills_and_the_rest_reaches_the_player():
    data = board([attacker("a1", "Rhino", 4, 4, "trample", blocked_by=["b1"])],
                 [creature("b1", "Bear", 2, 2)])
    result = resolve(data, {"a1": {"b1": 2, "player": 2}})
    (step,) = result["steps"]
    assert step["step"] == "only" and step["rule"] == "510.2"
    assert deaths(step) == {"b1": ["lethal_damage"]}
    assert step["creatures"]["a1"]["damage"] == 2  # the bear's damage back (510.1d)
    assert has(step["player"], life=18, life_lost=2, loses=False)


def test_the_issues_sandbox_board_the_trampler_dies_to_the_deathtouch_blocker():
    data = board([attacker("a1", "Wurm", 6, 6, "trample", blocked_by=["b1", "b2"])],
                 [creature("b1", "Troll", 3, 3, damage=2), creature("b2", "Snake", 1, 1, "deathtouch")])
    step = resolve(data, {"a1": {"b1": 1, "b2": 1, "player": 4}})["steps"][0]
    assert deaths(step) == {"a1": ["deathtouch"], "b1": ["lethal_damage"], "b2": ["lethal_damage"]}
    assert step["creatures"]["a1"]["damage"] == 4 and step["player"]["life"] == 16


def test_deathtouch_and_trample_one_damage_is_enough_and_kills():
    data = board([attacker("a1", "Viper", 5, 5, "trample", "deathtouch", blocked_by=["b1"])],
                 [creature("b1", "Wall", 0, 6)])
    step = resolve(data, {"a1": {"b1": 1, "player": 4}})["steps"][0]
    assert deaths(step) == {"b1": ["deathtouch"]} and step["player"]["life"] == 16
    assert step["dealt"][0]["deathtouch"] is True and step["dealt"][0]["rule"] == "120.3e"


def test_indestructible_survives_lethal_damage_and_deathtouch_but_not_zero_toughness():
    data = board([attacker("a1", "Viper", 3, 3, "deathtouch", blocked_by=["b1"]),
                  attacker("a2", "Witherer", 2, 2, "wither", blocked_by=["b2"])],
                 [creature("b1", "Guardian", 0, 2, "indestructible"),
                  creature("b2", "Guardian B", 0, 2, "indestructible")])
    step = resolve(data, {"a1": {"b1": 3}, "a2": {"b2": 2}})["steps"][0]
    guardian = step["creatures"]["b1"]
    assert guardian["dies"] is False and guardian["indestructible_rule"] == "702.12b"
    assert [c["rule"] for c in guardian["causes"]] == ["704.5g", "704.5h"]
    assert deaths(step) == {"b2": ["zero_toughness"]}
    assert step["creatures"]["b2"]["causes"][0]["rule"] == "704.5f"


def test_infect_gives_the_player_poison_counters_and_ten_lose_the_game():
    data = {**board([attacker("a1", "Putrefax", 5, 3, "trample", "infect")]),
            "player": {"life": 20, "poison": 6}}
    step = resolve(data, {"a1": {"player": 5}})["steps"][0]
    assert step["dealt"][0]["effect"] == "poison_counters" and step["dealt"][0]["rule"] == "702.90b"
    assert has(step["player"], life=20, poison=11, poison_added=5, loses=True)
    assert step["player"]["losses"] == [{"code": "poison", "rule": "704.5c"}]


def test_wither_puts_minus_counters_that_lower_power_and_toughness():
    data = board([attacker("a1", "Hateflayer", 2, 2, "wither", blocked_by=["b1"])],
                 [creature("b1", "Ogre", 3, 3)])
    step = resolve(data, {"a1": {"b1": 2}})["steps"][0]
    ogre = step["creatures"]["b1"]
    assert (ogre["minus_counters"], ogre["power"], ogre["toughness"], ogre["damage"]) == (2, 1, 1, 0)
    assert ogre["dies"] is False and step["dealt"][0]["rule"] == "702.80a"
    assert step["creatures"]["a1"]["damage"] == 3 and deaths(step) == {"a1": ["lethal_damage"]}


def test_protection_prevents_the_damage_but_it_still_counted_as_lethal_for_trample():
    data = board([attacker("a1", "Wurm", 6, 6, "trample", colors=["green"], blocked_by=["b1"])],
                 [creature("b1", "Knight", 2, 2, "protection_from_green")])
    step = resolve(data, {"a1": {"b1": 2, "player": 4}})["steps"][0]
    to_knight = step["dealt"][0]
    assert (to_knight["assigned"], to_knight["dealt"], to_knight["prevented_rule"]) == (2, 0, "702.16e")
    assert deaths(step) == {} and step["player"]["life"] == 16


def test_a_planeswalker_brought_to_zero_loyalty_goes_to_the_graveyard():
    data = board([attacker("a1", "Ox", 5, 5, attacking="pw")], planeswalkers=[pw(loyalty=3)])
    step = resolve(data, {"a1": {"pw": 5}})["steps"][0]
    assert step["planeswalkers"]["pw"] == {"dealt": 5, "lost": 3, "left": 0, "dies": True,
                                           "rule": "704.5i"}
    assert step["dealt"][0]["rule"] == "120.3c" and "pw" in step["graveyard"]


def test_a_battle_loses_defense_and_at_zero_goes_to_the_graveyard():
    data = board([attacker("a1", "Ox", 2, 2, attacking="bt"), attacker("a2", "Elk", 1, 1, attacking="bt")],
                 battles=[{"id": "bt", "name": "Invasion", "defense": 4}])
    step = resolve(data, {"a1": {"bt": 2}, "a2": {"bt": 1}})["steps"][0]
    assert step["battles"]["bt"] == {"dealt": 3, "lost": 3, "left": 1, "dies": False, "rule": None}
    assert step["dealt"][0]["rule"] == "120.3h"
    data["battles"][0]["defense"] = 3
    assert resolve(data, {"a1": {"bt": 2}, "a2": {"bt": 1}})["steps"][0]["battles"]["bt"]["rule"] == "704.5v"


def test_double_strike_trampler_whose_blocker_died_sends_everything_to_the_player_in_step_two():
    data = board([attacker("a1", "Cleave", 3, 3, "double_strike", "trample", blocked_by=["b1"])],
                 [creature("b1", "Cadet", 1, 1)])
    result = resolve(data, {"a1": {"b1": 1, "player": 2}})
    first, second = result["steps"]
    assert (first["step"], second["step"]) == ("first", "second")
    assert deaths(first) == {"b1": ["lethal_damage"]} and first["creatures"]["a1"]["damage"] == 0
    derived = second["board"]
    assert derived["attackers"][0]["blocked"] is True and derived["attackers"][0]["blocked_by"] == []
    assert derived["blockers"] == [] and derived["player"]["life"] == 18
    assert analyze(derived)["creatures"]["a1"]["reach"] == {"player": "702.19d"}
    assert second["assignment"] == {"a1": {"player": 3}} and second["player"]["life"] == 15


def test_a_blocker_of_two_attackers_splits_its_own_damage():
    result = resolve(SHARED, {"a1": {"b1": 2}, "a2": {"b1": 2}, "b1": {"a1": 2, "a2": 1}})
    step = result["steps"][0]
    assert deaths(step) == {"a1": ["lethal_damage"], "b1": ["lethal_damage"]}
    assert step["creatures"]["a2"]["damage"] == 1
    bad = resolve(SHARED, {"a1": {"b1": 2}, "a2": {"b1": 2}, "b1": {"a1": 2, "a2": 2}})
    assert bad["legal"] is False and bad["problems"][0]["code"] == "wrong_total"


def test_first_strike_kills_before_the_blocker_deals_and_a_first_striker_deals_once():
    data = board([attacker("a1", "Knight", 2, 2, "first_strike", blocked_by=["b1"]),
                  attacker("a2", "Ox", 3, 3)],
                 [creature("b1", "Bear", 2, 2)])
    result = resolve(data, {"a1": {"b1": 2}})
    first, second = result["steps"]
    assert deaths(first) == {"b1": ["lethal_damage"]} and first["player"]["life"] == 20
    assert second["assignment"] == {"a1": {}, "a2": {"player": 3}}
    assert analyze(second["board"])["creatures"]["a1"]["nothing_rule"] == "510.4"
    assert check(second["board"], {"a1": {}, "a2": {"player": 3}})["legal"]
    assert second["player"]["life"] == 17 and deaths(second) == {}


def test_a_first_strike_blocker_deals_first_and_damage_stays_marked_for_step_two():
    data = board([attacker("a1", "Ox", 3, 3, blocked_by=["b1"])],
                 [creature("b1", "Lancer", 1, 4, "first_strike")])
    first, second = resolve(data, {"a1": {}})["steps"]
    assert first["creatures"]["a1"]["damage"] == 1 and first["dealt"][0]["source"] == "b1"
    assert second["board"]["attackers"][0]["damage"] == 1
    assert second["dealt"] == [{"source": "a1", "recipient": "b1", "assigned": 3, "dealt": 3,
                                "prevented_rule": None, "effect": "damage_marked", "rule": "120.3e",
                                "deathtouch": False, "lifelink": False}]
    assert deaths(second) == {}


def test_loyalty_lost_in_the_first_step_counts_in_the_second():
    data = board([attacker("a1", "Knight", 2, 2, "double_strike", attacking="pw")],
                 planeswalkers=[pw(loyalty=3)])
    first, second = resolve(data, {"a1": {"pw": 2}})["steps"]
    assert first["planeswalkers"]["pw"]["left"] == 1
    assert second["board"]["planeswalkers"][0]["loyalty"] == 1
    assert second["planeswalkers"]["pw"] == {"dealt": 2, "lost": 1, "left": 0, "dies": True,
                                             "rule": "704.5i"}


def test_a_planeswalker_gone_in_step_one_leaves_its_attacker_nothing_to_hit():
    data = board([attacker("a1", "Knight", 4, 4, "double_strike", attacking="pw")],
                 planeswalkers=[pw(loyalty=3)])
    first, second = resolve(data, {"a1": {"pw": 4}})["steps"]
    assert has(second["board"]["planeswalkers"][0], loyalty=0, removed_from_combat=True)
    assert second["assignment"]["a1"] == {} and second["dealt"] == []


def test_a_lifelink_blocker_keeps_the_defending_player_alive():
    data = {**board([attacker("a1", "Ox", 3, 3, "trample", blocked_by=["b1"])],
                    [creature("b1", "Cleric", 2, 1, "lifelink")]), "player": {"life": 2}}
    step = resolve(data, {"a1": {"b1": 1, "player": 2}})["steps"][0]
    assert has(step["player"], life=2, life_lost=2, life_gained=2, loses=False)


def test_a_player_who_lost_in_the_first_step_has_no_second_step():
    data = {**board([attacker("a1", "Knight", 3, 3, "double_strike")]), "player": {"life": 3}}
    result = resolve(data, {"a1": {"player": 3}})
    assert len(result["steps"]) == 1
    assert result["skipped"] == {"code": "player_lost", "rule": "704.5a"}


def test_every_attacker_dead_after_the_first_step_means_no_second_step():
    data = board([attacker("a1", "Ox", 3, 1, blocked_by=["b1"])], [creature("b1", "Lancer", 2, 4, "first_strike")])
    result = resolve(data, {"a1": {}})
    assert len(result["steps"]) == 1 and result["skipped"] == {"code": "no_attackers", "rule": "510.4"}


def test_a_board_already_in_its_second_step_is_resolved_once():
    data = {**board([attacker("a1", "Knight", 2, 2, "first_strike"), attacker("a2", "Ox", 3, 3)]),
            "damage_step": "second"}
    result = resolve(data, {"a1": {}, "a2": {"player": 3}})
    assert [s["step"] for s in result["steps"]] == ["second"] and result["skipped"] is None


def test_the_derived_board_stays_inside_the_formats_limits():
    data = {**board([attacker("a1", "Knight", 999, 999, "double_strike", blocked_by=["b1"])],
                    [creature("b1", "Cleric", 5, 999, "indestructible", "first_strike", "lifelink",
                              damage=999)]),
            "player": {"life": 999}}
    first, second = resolve(data, {"a1": {"b1": 999}})["steps"]
    assert first["creatures"]["b1"]["damage"] == 1998 and first["player"]["life"] == 1004
    derived = second["board"]
    assert derived["blockers"][0]["damage"] == 999 and derived["player"]["life"] == 999
    assert parse_board(derived)


def test_every_rule_resolve_names_is_in_its_list():
    data = board([attacker("a1", "Wurm", 6, 6, "trample", "deathtouch", "lifelink", blocked_by=["b1"])],
                 [creature("b1", "Bear", 2, 2)])
    result = resolve(data, {"a1": {"b1": 1, "player": 5}})
    step = result["steps"][0]
    named = {step["rule"], *(e["rule"] for e in step["dealt"] if e["rule"])}
    named |= {c["rule"] for after in step["creatures"].values() for c in after["causes"]}
    assert named <= ENGINE_RULES
