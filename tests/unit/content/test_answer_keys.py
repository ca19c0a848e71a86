"""Every stored answer key, re-checked by the rules core: one test case per key.

A wrong key (a predict answer, a legal/illegal verdict, a worked split, a practice solution, a
choice's correct option) fails here, naming the lesson and step, instead of misleading a class.
"""

from __future__ import annotations

import pytest

from webapp.content import DEFAULT_LESSONS_DIR, ContentError, key_checks, load_curriculum
from webapp.rules import analyze, parse_board


def _checks():
    try:
        curriculum = load_curriculum(DEFAULT_LESSONS_DIR, verify_keys=False)
    except ContentError as err:  # keep collection alive, but fail loudly with every problem
        return [pytest.param(str(err), id="curriculum-does-not-load")]
    return [pytest.param(item, id=item.id) for item in key_checks(curriculum)]


@pytest.mark.parametrize("item", _checks())
def test_the_rules_core_agrees_with_the_stored_key(item):
    assert not isinstance(item, str), f"the curriculum does not load:\n{item}"
    assert item.run() is None, f"{item.path}: {item.field}: {item.run()}"


def test_there_is_a_key_check_for_every_board_and_every_keyed_step(curriculum):
    ids = {item.id for item in key_checks(curriculum)}
    for lesson in curriculum:
        for name in lesson.board_names:
            assert f"{lesson.id}/board:{name}" in ids
        for step in lesson.steps:
            if step.type in ("worked", "practice", "predict", "legal"):
                assert f"{lesson.id}/{step.id}" in ids


def test_every_board_parses(curriculum):
    for lesson in curriculum:
        for name in lesson.board_names:
            parse_board(lesson.board(name))


def test_choice_questions_have_one_right_option_and_a_rationale_on_each(curriculum):
    for lesson in curriculum:
        for step in lesson.steps:
            if step.type != "choice":
                continue
            assert sum(o.correct for o in step.options) == 1, (lesson.id, step.id)
            for option in step.options:
                assert len(step.rationale(option.id).text.split()) >= 5, (lesson.id, option.id)


def test_force_of_nature_matches_the_classic_numbers(curriculum):
    """Three 2/2s against an 8/8 trampler: at most 2 to the player, 49 legal splits."""
    board = curriculum.lesson("force-of-nature").board("fon-vs-three")
    info = analyze(board)
    assert info["creatures"]["fon"]["recipients"]["player"]["max"] == 2
    assert info["legal_assignments"] == 49


def test_the_702_19c_example_sends_five_to_the_controller(curriculum):
    board = curriculum.lesson("trample-over-planeswalkers").board("example-19c")
    assert analyze(board)["creatures"]["thrasta"]["recipients"]["player"]["max"] == 5
