"""Reading answers from submitted fields and grading them through the content API."""

from __future__ import annotations

import pytest

from webapp.services.answers import (AnswerError, grade, read_amount, read_answer, read_assignment,
                                     sliders, step_slider)
from tests.conftest import shipped_catalogue

FON = shipped_catalogue().curriculum.lesson("force-of-nature")
PRACTICE = FON.step("split-d-practice")


def error_code(call) -> str:
    with pytest.raises(AnswerError) as info:
        call()
    return info.value.code


@pytest.mark.parametrize("raw, value", [("0", 0), (" 7 ", 7), ("999", 999)])
def test_amounts_are_whole_numbers_from_0_to_999(raw, value):
    assert read_amount(raw) == value


@pytest.mark.parametrize("raw, code", [("", "missing_number"), (None, "missing_number"),
                                       ("-1", "not_an_amount"), ("1000", "not_an_amount"),
                                       ("2.5", "not_an_amount"), ("two", "not_an_amount"),
                                       ("NaN", "not_an_amount")])
def test_bad_amounts_say_what_is_wrong_as_the_sliders_do(raw, code):
    """One code for every amount that isn't 0..999 (webapp.content.fields), as on the sliders."""
    assert error_code(lambda: read_amount(raw)) == code


def test_locked_sliders_keep_their_value_and_free_ones_default_to_zero():
    assert read_assignment(PRACTICE, {"dmg:fon:player": "1"}) == \
        {"fon": {"bears-a": 3, "bears-b": 2, "bears-c": 0, "player": 1}}
    assert read_assignment(PRACTICE, {"dmg:fon:bears-a": "3"})["fon"]["bears-a"] == 3
    assert error_code(lambda: read_assignment(PRACTICE, {"dmg:fon:bears-a": "4"})) == "locked"


@pytest.mark.parametrize("field", ["dmg:fon:nobody", "dmg:other:player", "dmg:fon", "dmg:"])
def test_sliders_the_board_does_not_have_are_refused(field):
    assert error_code(lambda: read_assignment(PRACTICE, {field: "1"})) == "unknown_slider"


def test_a_stepper_stays_within_zero_and_the_damage_left():
    limits = sliders(PRACTICE.board_data())
    split = {"fon": {"bears-a": 3, "bears-b": 2, "bears-c": 3, "player": 0}}
    assert step_slider(split, limits, "step:fon:bears-c:1")["fon"]["bears-c"] == 3
    assert step_slider(split, limits, "step:fon:bears-c:-1")["fon"]["bears-c"] == 2
    assert step_slider(split, limits, "step:fon:player:-1")["fon"]["player"] == 0
    assert error_code(lambda: step_slider(split, limits, "step:fon:player:5")) == "unknown_slider"


def test_practice_is_graded_by_its_split_question():
    right = grade(PRACTICE, read_answer(PRACTICE, {"dmg:fon:bears-c": "2", "dmg:fon:player": "1"}))
    assert right.correct and right.reason == "met"
    short = grade(PRACTICE, read_answer(PRACTICE, {"dmg:fon:bears-c": "1", "dmg:fon:player": "2"}))
    assert not short.correct and short.reason == "illegal"
    assert short.check["problems"][0]["code"] == "player_before_lethal"


def test_questions_are_graded_by_their_steps():
    assert grade(FON.step("two-predict"), {"amount": 4}).correct
    assert not grade(FON.step("two-predict"), {"amount": 5}).correct
    assert grade(FON.step("which-illegal"), {"option": "c-short"}).correct
    legal = grade(FON.step("skip-one-legal"), {"legal": False})
    assert legal.correct and legal.check["legal"] is False


@pytest.mark.parametrize("step_id, stored", [
    ("two-predict", {"option": "x"}), ("which-illegal", {"option": "gone"}),
    ("skip-one-legal", {}), ("split-d-practice", {"assignment": {"fon": {"bears-a": 1}}}),
    ("split-d-practice", {"assignment": "nonsense"}), ("the-classic", {}),
    ("two-predict", {"amount": "4"}), ("two-predict", {"amount": True}),
    ("skip-one-legal", {"legal": "false"}), ("which-illegal", "c-short"), ("two-predict", None),
])
def test_a_stored_answer_that_no_longer_fits_its_step_is_an_answer_error(step_id, stored):
    with pytest.raises(AnswerError):
        grade(FON.step(step_id), stored)


@pytest.mark.parametrize("form, code", [({}, "missing_option"), ({"option": "zz"}, "unknown_option")])
def test_choices_must_name_one_of_the_options(form, code):
    assert error_code(lambda: read_answer(FON.step("which-illegal"), form)) == code


@pytest.mark.parametrize("form, code", [({}, "missing_verdict"), ({"verdict": "yes"}, "unknown_verdict")])
def test_legal_answers_are_legal_or_illegal(form, code):
    assert error_code(lambda: read_answer(FON.step("skip-one-legal"), form)) == code
