"""Broken lesson files: every problem is reported at once, each with its file and field."""

from __future__ import annotations

import pytest

from webapp.content import ContentError, collect, load_curriculum

from .conftest import edit
from tests.conftest import LESSON_COUNT


def problems_of(folder):
    with pytest.raises(ContentError) as caught:
        load_curriculum(folder)
    return caught.value.problems


def where(problems):
    """{(file relative to the lessons folder, field)} for easy assertions."""
    return {(p.path.split("lessons/", 1)[-1], p.field) for p in problems}


def test_a_real_copy_is_valid(lessons_copy):
    curriculum, problems = collect(lessons_copy)
    assert problems == [] and len(curriculum) == LESSON_COUNT


def test_every_kind_of_problem_is_reported_together(lessons_copy):
    one = lessons_copy / "blocked-means-stopped"
    two = lessons_copy / "what-trample-does"
    three = lessons_copy / "force-of-nature"
    # lesson.toml: unknown field, wrong type, unknown board, a board the rules core refuses
    edit(one / "lesson.toml", 'id = "once-blocked"\ntype = "explain"',
         'id = "once-blocked"\ntype = "explain"\ncolour = "green"')
    edit(one / "lesson.toml", "answer = 0", 'answer = "none"')
    edit(one / "lesson.toml", 'board = "wurm-vs-bears"\nassignment = { wurm = { bears = 6 } }',
         'board = "no-such-board"\nassignment = { wurm = { bears = 6 } }')
    edit(two / "lesson.toml", 'abilities = ["trample"], colors = ["green"], blocked_by = ["giant"]',
         'abilities = ["tramples"], colors = ["green"], blocked_by = ["giant"]')
    # a wrong answer key, a goal of an unknown kind, two correct options
    edit(two / "lesson.toml", 'creature = "rhino"\nanswer = 0', 'creature = "rhino"\nanswer = 3')
    edit(three / "lesson.toml", 'goal = { kind = "most", creature = "fon", recipient = "player" }',
         'goal = { kind = "biggest" }')
    edit(one / "lesson.toml", 'id = "six"\namount = 6', 'id = "six"\namount = 6\ncorrect = true')
    # Markdown: a missing section, an unknown section
    edit(three / "en.md", "## two-predict.why\n", "## two-predict.wy\n")
    problems = problems_of(lessons_copy)
    found = where(problems)
    expected = {
        ("blocked-means-stopped/lesson.toml", "steps[0].colour"),
        ("blocked-means-stopped/lesson.toml", "steps[3].answer"),
        ("blocked-means-stopped/lesson.toml", "steps[8]"),
        ("what-trample-does/lesson.toml", "boards.rhino-vs-giant.attackers[0].abilities[0]"),
        ("force-of-nature/lesson.toml", "steps[5].goal"),
    }
    assert expected <= found, found
    # the Markdown problems and the wrong key belong to lessons whose schema is otherwise fine
    assert ("force-of-nature/en.md", "two-predict.wy") not in found  # lesson 3 has a schema error
    messages = "\n".join(str(p) for p in problems)
    assert "unknown field" in messages and "exactly one option" in messages


def test_board_reference_markdown_and_key_problems_in_otherwise_valid_lessons(lessons_copy):
    one = lessons_copy / "blocked-means-stopped"
    two = lessons_copy / "what-trample-does"
    four = lessons_copy / "two-blockers"
    edit(one / "lesson.toml", 'board = "wurm-vs-bears"\nassignment = { wurm = { bears = 6 } }',
         'board = "no-such-board"\nassignment = { wurm = { bears = 6 } }')
    edit(two / "lesson.toml", 'creature = "rhino"\nanswer = 0', 'creature = "rhino"\nanswer = 3')
    edit(four / "en.md", "## crash-predict.why\n", "## crash-predict.wy\n")
    found = where(problems_of(lessons_copy))
    assert ("blocked-means-stopped/lesson.toml", "steps[2].board") in found
    assert ("what-trample-does/lesson.toml", "steps[5].answer") in found
    assert ("two-blockers/en.md", "crash-predict.why") in found  # missing
    assert ("two-blockers/en.md", "crash-predict.wy") in found  # unknown


def test_catalogue_problems(lessons_copy):
    catalogue = lessons_copy / "catalogue.toml"
    edit(catalogue, 'id = "what-trample-does"\nprerequisites = ["blocked-means-stopped"]',
         'id = "what-trample-does"\nprerequisites = ["history"]')
    edit(catalogue, '[[lessons]]\nid = "history"', '[[lessons]]\nid = "histories"')
    found = where(problems_of(lessons_copy))
    assert ("catalogue.toml", "lessons[2].prerequisites[0]") in found  # what-trample-does
    assert ("histories", "-") in found  # listed but no folder
    assert ("history", "-") in found  # folder but not listed


def test_invalid_toml_and_missing_english(lessons_copy):
    (lessons_copy / "battles" / "lesson.toml").write_text("id = [unclosed\n", encoding="utf-8")
    (lessons_copy / "history" / "en.md").unlink()
    (lessons_copy / "judge-corners" / "de.md").write_text("# Hallo\n", encoding="utf-8")
    problems = problems_of(lessons_copy)
    found = where(problems)
    assert ("battles/lesson.toml", "-") in found
    assert ("history/en.md", "-") in found
    assert ("judge-corners/de.md", "-") in found
    assert any("not valid TOML" in p.message for p in problems)


def test_legal_key_and_rule_are_checked(lessons_copy):
    lesson = lessons_copy / "what-trample-does" / "lesson.toml"
    edit(lesson, 'legal = false\nrule = "702.19b"\n\n[[steps]]\nid = "how-much-choice"',
         'legal = false\nrule = "702.19f"\n\n[[steps]]\nid = "how-much-choice"')
    other = lessons_copy / "force-of-nature" / "lesson.toml"
    edit(other, 'assignment = { fon = { bears-a = 8 } }\nlegal = true',
         'assignment = { fon = { bears-a = 8 } }\nlegal = false')
    problems = problems_of(lessons_copy)
    found = where(problems)
    assert ("what-trample-does/lesson.toml", "steps[6].legal") in found
    assert ("force-of-nature/lesson.toml", "steps[6].legal") in found
    assert any("702.19f is not among" in p.message for p in problems)


def test_practice_solution_must_respect_fixed_sliders_and_reach_the_goal(lessons_copy):
    lesson = lessons_copy / "force-of-nature" / "lesson.toml"
    edit(lesson, "fixed = { fon = { bears-a = 3, bears-b = 2 } }",
         "fixed = { fon = { bears-a = 4, bears-b = 2 } }")
    found = where(problems_of(lessons_copy))
    assert ("force-of-nature/lesson.toml", "steps[4].solution") in found


def test_a_lesson_needs_questions_and_a_board(lessons_copy):
    lesson = lessons_copy / "judge-corners" / "lesson.toml"
    text = lesson.read_text(encoding="utf-8")
    # keep only the explains: cut the steps after the first worked one, and make that an explain
    cut = text.index('[[steps]]\nid = "counter-one-free"')
    text = text[:cut].replace('type = "worked"', 'type = "explain"').replace(
        'board = "giant-counter"\nassignment = { giant = { cadet = 1, player = 2 } }\n', "")
    lesson.write_text(text, encoding="utf-8")
    problems = problems_of(lessons_copy)
    messages = [p.message for p in problems if p.path.endswith("judge-corners/lesson.toml")]
    assert any("worked or practice" in m for m in messages)
    assert any("two questions" in m for m in messages)


def test_a_folder_that_does_not_exist(tmp_path):
    problems = problems_of(tmp_path / "nowhere")
    assert len(problems) == 1 and problems[0].field == "-"


def test_the_right_answers_rationale_never_opens_with_a_verdict(lessons_copy):
    """It is also shown after a wrong choice, under "The right answer": "Right." would contradict
    the page's "Not quite"."""
    from .conftest import edit
    edit(lessons_copy / "force-of-nature" / "en.md", "This is the illegal one.", "Right, this one.")
    _, problems = collect(lessons_copy)
    assert any(p.field == "which-illegal.c-short.why" and "verdict" in p.message for p in problems)


def test_every_rule_the_lessons_or_the_engine_cite_has_a_note(lessons_copy):
    from .conftest import edit
    edit(lessons_copy / "rules.toml", '"702.19b" = ', '"702.19z" = ')
    _, problems = collect(lessons_copy)
    assert any(p.field == "en.702.19b" and "no note" in p.message for p in problems)


def test_the_engine_lists_every_rule_it_can_name():
    import ast
    import re
    from pathlib import Path

    from webapp.rules.check import ENGINE_RULES
    named = set()
    for path in (Path(__file__).parents[3] / "webapp" / "rules").glob("*.py"):
        tree = ast.parse(path.read_text())
        skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                and any(getattr(t, "id", "") == "ENGINE_RULES" for t in node.targets)
                for n in ast.walk(node)}
        named |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in skip
                  and isinstance(n.value, str) and re.fullmatch(r"\d{3}\.\d+[a-z]", n.value)}
    assert named and named <= ENGINE_RULES
