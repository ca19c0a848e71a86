"""The one question model (webapp.content.kinds): reading, grading and key checks of each kind.

Bad input first: every refusal is an AnswerError with a stable code (never a sentence), and a
stored answer of another shape is "stale", never a crash nor a silent zero.
"""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from webapp.content.kinds import (AnswerError, Amount, Choice, Option, Split, Verdict, kind_of,
                                  lethal_for, max_to)

# A 5/5 trampler blocked by a 2/2 (1 damage marked) and a 3/3: lethal 1 and 3, at most 1 through.
BOARD = {"attackers": [{"id": "a1", "name": "Wurm", "power": 5, "toughness": 5,
                        "abilities": ["trample"], "blocked_by": ["b1", "b2"]}],
         "blockers": [{"id": "b1", "name": "Bears", "power": 2, "toughness": 2, "damage": 1},
                      {"id": "b2", "name": "Giant", "power": 3, "toughness": 3}]}
GOOD = {"a1": {"b1": 1, "b2": 3, "player": 1}}
SHORT = {"a1": {"b1": 0, "b2": 3, "player": 2}}      # the Bears not assigned lethal damage
AMOUNT = Amount(BOARD, "a1", 1)
VERDICT = Verdict(BOARD, SHORT, False, rule="702.19b")
ONE = Choice((Option("a", amount=1), Option("b", amount=2), Option("c", amount=3)),
             frozenset({"a"}), board=BOARD, verify="max", creature="a1")
MANY = Choice((Option("a", assignment=GOOD), Option("b", assignment=SHORT),
               Option("c", assignment={"a1": {"b1": 2, "b2": 3, "player": 0}})),
              frozenset({"a", "c"}), many=True, board=BOARD, verify="each-legal")
MOST = Split(BOARD, GOOD, "most", "a1")


def code(call) -> str:
    with pytest.raises(AnswerError) as info:
        call()
    return info.value.code


# --- reading: bad input first ----------------------------------------------------------------


@pytest.mark.parametrize("form, expected", [
    ({}, "missing_number"), ({"amount": ""}, "missing_number"),
    ({"amount": "  "}, "missing_number"),
    ({"amount": "x"}, "not_an_amount"), ({"amount": "-1"}, "not_an_amount"),
    ({"amount": "1000"}, "not_an_amount"), ({"amount": "٣"}, "not_an_amount"),
    ({"amount": "1.5"}, "not_an_amount")])
def test_an_amount_that_is_not_a_whole_number_from_0_to_999_is_refused(form, expected):
    assert code(lambda: AMOUNT.read(form)) == expected


def test_an_amount_reads_ascii_digits_and_the_first_of_repeated_fields():
    assert AMOUNT.read({"amount": " 7 "}) == 7
    assert AMOUNT.read(MultiDict([("amount", "2"), ("amount", "x")])) == 2


@pytest.mark.parametrize("form, expected", [({}, "missing_verdict"),
                                            ({"verdict": ""}, "missing_verdict"),
                                            ({"verdict": "maybe"}, "unknown_verdict")])
def test_a_verdict_is_legal_or_illegal(form, expected):
    assert code(lambda: VERDICT.read(form)) == expected


def test_a_verdict_reads_legal_and_illegal():
    assert VERDICT.read({"verdict": "legal"}) is True
    assert VERDICT.read({"verdict": "illegal"}) is False


@pytest.mark.parametrize("form, expected", [({}, "missing_option"),
                                            ({"option": " "}, "missing_option"),
                                            ({"option": "z"}, "unknown_option")])
def test_choose_one_refuses_nothing_and_an_unknown_option(form, expected):
    assert code(lambda: ONE.read(MultiDict(form))) == expected


def test_choose_many_refuses_nothing_and_any_unknown_option():
    assert code(lambda: MANY.read(MultiDict())) == "missing_options"
    assert code(lambda: MANY.read(MultiDict([("option", "a"), ("option", "zz")]))) == \
        "unknown_option"
    assert MANY.read(MultiDict([("option", "c"), ("option", "a"), ("option", "c")])) == ["a", "c"]


@pytest.mark.parametrize("form, expected", [({"dmg:a1:b1": "x"}, "not_an_amount"),
                                            ({"dmg:a1:nobody": "1"}, "unknown_slider"),
                                            ({"dmg:a1:b1": "1000"}, "not_an_amount")])
def test_a_split_refuses_bad_slider_fields_and_keeps_what_the_others_said(form, expected):
    with pytest.raises(AnswerError) as info:
        MOST.read(MultiDict({"dmg:a1:b2": "3", **form}))
    assert info.value.code == expected
    assert info.value.split["a1"]["b2"] == 3  # nothing is lost


def test_a_split_reads_every_slider_and_a_locked_one_keeps_its_value():
    assert MOST.read({"dmg:a1:player": "1"}) == {"a1": {"b1": 0, "b2": 0, "player": 1}}
    locked = Split(BOARD, GOOD, "most", "a1", fixed={"a1": {"b2": 3}})
    assert locked.sliders({})["a1"]["b2"] == 3 and locked.read({"dmg:a1:b1": "1"})["a1"]["b2"] == 3
    assert code(lambda: locked.read({"dmg:a1:b2": "2"})) == "locked"


def test_a_split_reads_what_the_sliders_show_past_an_attackers_damage_included():
    """Sliders never let an attacker assign more than it has; a form posted by hand that does is
    read as the sliders would show it (rules.fit: earlier recipients first), on every surface
    (issue 20: Learn graded such a split as posted, the quiz as fitted)."""
    posted = {"dmg:a1:b1": "4", "dmg:a1:b2": "3", "dmg:a1:player": "9"}
    assert MOST.sliders(posted) == {"a1": {"b1": 4, "b2": 3, "player": 9}}  # what was sent
    assert MOST.read(posted) == {"a1": {"b1": 4, "b2": 1, "player": 0}}     # what is graded
    assert MOST.grade(MOST.read(posted)).correct is False


def test_an_untouched_split_is_no_answer_yet_but_its_sliders_still_read():
    """Check on an untouched board spends no first answer: every free slider at 0 on a split
    that isn't legal is "missing_damage", as an empty number is "missing_number"."""
    assert code(lambda: MOST.read({})) == "missing_damage"
    assert code(lambda: MOST.read({"dmg:a1:b1": "0", "dmg:a1:player": "0"})) == "missing_damage"
    assert MOST.sliders({}) == {"a1": {"b1": 0, "b2": 0, "player": 0}}


def test_blank_is_nothing_chosen_and_an_unreadable_answer_is_not_blank():
    assert AMOUNT.blank({}) and not AMOUNT.blank({"amount": "x"})
    assert VERDICT.blank({}) and not VERDICT.blank({"verdict": "maybe"})
    assert ONE.blank(MultiDict()) and not ONE.blank(MultiDict({"option": "z"}))
    assert MOST.blank({"dmg:a1:b1": "0"}) and not MOST.blank({"dmg:a1:b1": "x"})
    assert not MOST.blank({"dmg:a1:b1": "1"})


# --- grading: facts and codes, never sentences -------------------------------------------------


@pytest.mark.parametrize("kind, stale", [
    (AMOUNT, "1"), (AMOUNT, True), (AMOUNT, None), (VERDICT, "legal"), (VERDICT, 0),
    (ONE, "z"), (ONE, ["a"]), (MANY, "a"), (MANY, []), (MANY, ["a", "zz"]),
    (MOST, ["a"]), (MOST, {"a1": 3}), (MOST, {"a1": {"b1": "1"}}), (MOST, {"a1": {"b1": True}})])
def test_an_answer_of_another_shape_is_stale(kind, stale):
    assert code(lambda: kind.grade(stale)) == "stale"


def test_an_amount_is_graded_against_the_key():
    right, wrong = AMOUNT.grade(1), AMOUNT.grade(3)
    assert (right.correct, right.reason) == (True, "met")
    assert (wrong.correct, wrong.reason, wrong.facts["said"], wrong.facts["answer"]) == \
        (False, "wrong", 3, 1)


def test_a_verdict_carries_the_cores_problems_as_codes():
    graded = VERDICT.grade(True)
    assert not graded.correct and graded.facts == {"said": True, "legal": False, "rule": "702.19b"}
    assert [p["rule"] for p in graded.problems] == ["702.19b"] and graded.problems[0]["code"]
    assert VERDICT.grade(False).correct


def test_choices_are_right_only_with_exactly_the_right_options():
    assert ONE.grade("a").correct and not ONE.grade("b").correct
    assert MANY.grade(["a", "c"]).correct
    assert not MANY.grade(["a"]).correct and not MANY.grade(["a", "b", "c"]).correct
    assert MANY.grade(["c", "a"]).facts["right"] == ["a", "c"]


@pytest.mark.parametrize("split, reason", [
    (GOOD, "met"), (SHORT, "illegal"), ({"a1": {"b1": 2, "b2": 3, "player": 0}}, "not_most"),
    ({"a1": {"nobody": 5}}, "bad_input")])
def test_a_split_is_graded_by_the_core_against_its_goal(split, reason):
    graded = MOST.grade(split)
    assert (graded.correct, graded.reason) == (reason == "met", reason)


def test_each_goal_grades_its_own_way():
    exact = Split(BOARD, GOOD, "exact", "a1", amount=1)
    assert exact.grade(GOOD).correct
    assert exact.grade({"a1": {"b1": 2, "b2": 3, "player": 0}}).reason == "wrong_amount"
    anything = Split(BOARD, GOOD)
    assert anything.grade({"a1": {"b1": 2, "b2": 3, "player": 0}}).correct
    locked = Split(BOARD, GOOD, "most", "a1", fixed={"a1": {"b2": 3}})
    assert locked.grade({"a1": {"b1": 1, "b2": 4, "player": 0}}).reason == "fixed_changed"
    only_giant = Split(BOARD, {"a1": {"b1": 0, "b2": 3, "player": 0}}, "most", "a1",
                       recipient="b1", lethal=("b2",))
    assert only_giant.target() == 0
    assert only_giant.grade(GOOD).reason == "wrong_lethal"


# --- the key, re-derived by the core ------------------------------------------------------------


def test_right_keys_have_no_problems():
    for kind in (AMOUNT, VERDICT, ONE, MANY, MOST, Split(BOARD, GOOD, "exact", "a1", amount=1)):
        assert kind.key_problems() == [], kind


def test_wrong_keys_say_what_the_core_says():
    assert Amount(BOARD, "a1", 2).key_problems() == ["answer is 2 but the rules core says 1"]
    assert Amount(BOARD, "a1", 2, blocker="b2").key_problems() == \
        ["answer is 2 but the rules core says 3"]
    assert "check() says false" in Verdict(BOARD, SHORT, True).key_problems()[0]
    assert "702.19c is not among" in Verdict(BOARD, SHORT, False, rule="702.19c").key_problems()[0]
    uncited = Verdict(BOARD, SHORT, False, rules=("510.1a",))
    assert "rules should cite 702.19b" in uncited.key_problems()[0]
    wrong_one = Choice(ONE.options, frozenset({"b"}), board=BOARD, verify="max", creature="a1")
    assert wrong_one.key_problems() == ["option 'b' says 2 but the rules core says 1"]
    wrong_many = Choice(MANY.options, frozenset({"a"}), many=True, board=BOARD, verify="each-legal")
    assert wrong_many.key_problems() == ["option 'c' is keyed wrong but check() finds it legal"]
    assert Split(BOARD, SHORT).key_problems()[0].startswith("the example is illegal")
    assert Split(BOARD, {"a1": {"b1": 2, "b2": 3, "player": 0}}, "most", "a1").key_problems() == \
        ["the example sends 0 to player; the goal asks for 1"]
    assert Split(BOARD, GOOD, "most", "b9").key_problems() == \
        ["the goal's creature 'b9' is not an attacker on the board"]
    assert Split(BOARD, GOOD, fixed={"a1": {"b1": 1, "b2": 3, "player": 1}}).key_problems() == \
        ["every slider is fixed; leave at least one free"]


def test_a_rule_question_with_two_deciding_rules_is_ambiguous():
    rules = Choice((Option("a", rule="702.19b"), Option("b", rule="510.1a")), frozenset({"a"}),
                   board=BOARD, shown={"a1": {"b1": 0, "b2": 0, "player": 9}}, verify="rule")
    assert "option 'b' (rule 510.1a) also decides it: the question is ambiguous" in \
        rules.key_problems()


def test_a_board_the_core_refuses_is_a_key_problem_not_a_crash():
    broken = {**BOARD, "attackers": [{**BOARD["attackers"][0], "power": "five"}]}
    assert Amount(broken, "a1", 1).key_problems()[0].startswith("the rules core refused it")
    assert Split(broken, GOOD).key_problems()[0].startswith("the rules core refused it")


def test_the_kinds_refuse_shapes_that_make_no_sense():
    with pytest.raises(ValueError):
        Choice((Option("a"), Option("a")), frozenset({"a"}))
    with pytest.raises(ValueError):
        Choice((Option("a"), Option("b")), frozenset({"a", "b"}))  # two right, choose one
    with pytest.raises(ValueError):
        Split(BOARD, GOOD, "most")  # most of whose damage?
    with pytest.raises(ValueError):
        Split(BOARD, GOOD, "exact", "a1")  # exactly how much?


def test_the_core_measures_used_by_the_kinds():
    assert max_to(BOARD, "a1") == 1 and lethal_for(BOARD, "a1", "b1") == 1


def test_generated_and_bank_shaped_questions_become_kinds():
    number = kind_of({"type": "number", "board": BOARD, "answer": 1,
                      "verify": {"kind": "max", "creature": "a1", "recipient": "player"}})
    assert isinstance(number, Amount) and number.grade(1).correct
    legal = kind_of({"type": "legal", "board": {**BOARD, "assignment": SHORT}, "answer": False,
                     "rules": ["702.19b"]})
    assert isinstance(legal, Verdict) and legal.grade(False).correct and legal.key_problems() == []
    rule = kind_of({"type": "rule", "board": {**BOARD, "assignment": SHORT}, "answer": "702.19b",
                    "options": [{"id": "702.19b"}, {"id": "510.1c"}]})
    assert rule.grade("702.19b").correct and rule.key_problems() == []
    lethal = kind_of({"type": "one", "board": BOARD, "answer": "3",
                      "verify": {"kind": "lethal", "creature": "a1", "blocker": "b2"},
                      "options": [{"id": "2"}, {"id": "3"}]})
    assert lethal.grade("3").correct and lethal.key_problems() == []
    assign = kind_of({"type": "assign", "board": BOARD, "answer": 1, "example": GOOD,
                      "goal": {"kind": "most", "creature": "a1", "recipient": "player"}})
    assert assign.grade(GOOD).correct and assign.key_problems() == []
    with pytest.raises(ValueError):
        kind_of({"type": "essay"})
