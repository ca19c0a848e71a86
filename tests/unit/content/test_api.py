"""The loader API the lesson player builds on: lookups, texts, fallback, grading."""

from __future__ import annotations

import pytest

from webapp.content import Localized
from webapp.content.texts import parse_markdown


def test_lessons_and_steps_are_found_by_id(curriculum):
    lesson = curriculum.lesson("force-of-nature")
    assert lesson.number == 4
    assert curriculum.after("force-of-nature").id == "two-blockers"
    assert curriculum.after("history").id == "as-though-unblocked"
    assert curriculum.after("as-though-unblocked").id == "lethal-by-power"
    assert curriculum.after("another-player-assigns") is None
    assert lesson.step("most-practice").type == "practice"
    assert lesson.step_index("the-classic") == 0
    with pytest.raises(KeyError):
        curriculum.lesson("nope")
    with pytest.raises(KeyError):
        lesson.step("nope")
    assert curriculum.get("nope") is None


def test_boards_are_fresh_copies(curriculum):
    lesson = curriculum.lesson("what-trample-does")
    board = lesson.board("rhino-vs-bears")
    board["attackers"][0]["power"] = 99
    assert lesson.board("rhino-vs-bears")["attackers"][0]["power"] == 4
    step = lesson.step("elves-worked")
    assert step.board_with_assignment()["assignment"] == {"rhino": {"elves": 1, "player": 3}}


def test_markdown_renders_with_html_escaped():
    text = Localized("Give **2** to <script>alert(1)</script> Grizzly Bears", "en")
    html = text.html()
    assert "<strong>2</strong>" in html and "<script>" not in html
    assert Localized("**a**", "en").inline_html() == "<strong>a</strong>"


def test_parse_markdown_reports_structure_problems():
    parsed = parse_markdown("no title\n## ok\ntext\n## ok\nagain\n## bad key!\nx\n## empty\n")
    messages = [m for _, m in parsed.problems]
    assert any("'# Title'" in m for m in messages)
    assert any("appears twice" in m for m in messages)
    assert any("not a section key" in m for m in messages)
    assert ("empty", "section is empty") in parsed.problems


def test_headings_inside_code_fences_are_text():
    parsed = parse_markdown("# T\nsummary\n## a\n```\n## not-a-key\n```\n")
    assert set(parsed.sections) == {"a"} and "## not-a-key" in parsed.sections["a"]


def test_practice_grading_names_the_outcome(curriculum):
    step = curriculum.lesson("what-trample-does").step("wurm-one-free").as_question()
    locked = {"cadet": 1, "player": 3}
    assert step.target() == 2
    assert step.grade({"rhino": locked, "wurm": {"mulch": 4, "player": 2}}).correct
    moved = step.grade({"rhino": {"cadet": 4}, "wurm": {"mulch": 4, "player": 2}})
    assert (moved.correct, moved.reason) == (False, "fixed_changed")
    free = curriculum.lesson("what-trample-does").step("giant-all-free").as_question()
    short = free.grade({"rhino": {"giant": 2, "player": 2}})
    assert (short.correct, short.reason) == (False, "illegal")
    assert short.problems[0]["code"] == "player_before_lethal"
    timid = free.grade({"rhino": {"giant": 4}})
    assert (timid.reason, timid.facts["has"], timid.facts["wants"]) == ("not_most", 0, 1)
    bad = free.grade({"rhino": {"giant": -1}})
    assert (bad.correct, bad.reason) == (False, "bad_input")


def test_exact_goal_grading(curriculum):
    step = curriculum.lesson("force-of-nature").step("split-d-practice").as_question()
    fixed = {"bears-a": 3, "bears-b": 2}
    assert step.grade({"fon": {**fixed, "bears-c": 2, "player": 1}}).correct
    wrong = step.grade({"fon": {**fixed, "bears-c": 3}})
    assert wrong.reason == "wrong_amount"


def test_questions_grade_their_answers(curriculum):
    lesson = curriculum.lesson("what-trample-does")

    def right(step_id, answer):
        return lesson.step(step_id).as_question().grade(answer).correct
    assert right("wurm-predict", 0)
    assert not right("wurm-predict", 1)
    assert right("how-much-choice", "two")
    assert not right("how-much-choice", "four")
    assert right("one-short-legal", False)
    assert lesson.step("how-much-choice").rationale("four").text.startswith("Trample doesn't")
