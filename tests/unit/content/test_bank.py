"""The quiz question bank (lessons/quizzes/): strict schema, problems with file and line, and
every stored key re-derived by the rules core."""

from __future__ import annotations

import shutil

import pytest

from webapp.content.bank import (DEFAULT_BANK_DIR, TIERS, QuestionText, collect_bank,
                                  load_bank)
from webapp.content.bank_keys import assign_target, key_problems
from webapp.content.cli import main as lessons_cli
from webapp.content.generate import grade
from webapp.content.questions import from_bank, own_question, to_spec

from .conftest import edit

BANK, _ = collect_bank(DEFAULT_BANK_DIR, verify_keys=False)


@pytest.fixture
def bank_copy(tmp_path):
    target = tmp_path / "quizzes"
    shutil.copytree(DEFAULT_BANK_DIR, target)
    return target


def problems_of(folder) -> list[str]:
    return [str(p) for p in collect_bank(folder)[1]]


# --- bad files first: every problem, with the file and the line ----------------------------------


def test_a_wrong_key_names_the_file_line_and_what_the_core_says(bank_copy):
    edit(bank_copy / "tier-1.toml", "answer = 3\n", "answer = 4\n")
    found = problems_of(bank_copy)
    assert len(found) == 1
    assert "tier-1.toml: line 5: t1-hurt-bears-most: answer is 4 but the rules core says 3" \
        in found[0]


def test_an_unknown_field_is_an_error_at_its_line(bank_copy):
    edit(bank_copy / "tier-1.toml", 'id = "t1-protection-lethal-one"\ntier = 1\n',
         'id = "t1-protection-lethal-one"\ntier = 1\ncolour = "green"\n')
    found = problems_of(bank_copy)
    line = next(i for i, text in enumerate((bank_copy / "tier-1.toml").read_text().splitlines(), 1)
                if text.startswith("colour"))
    assert any(f"line {line}: questions[2].colour: unknown field" in p for p in found), found


def test_every_bad_file_is_reported_at_once(bank_copy):
    edit(bank_copy / "tier-1.toml", "answer = 3\n", "answer = 4\n")
    edit(bank_copy / "tier-1.en.toml", "why.six", "why.seven")
    (bank_copy / "tier-1.fr.toml").write_text("[t1-hurt-bears-most\n", encoding="utf-8")
    found = "\n".join(problems_of(bank_copy))
    assert "answer is 4" in found
    assert "option 'six' needs a reason (why.six)" in found
    assert "'seven' is not an option of this question" in found
    assert "tier-1.fr.toml: line 1: not valid TOML" in found


def test_a_board_the_core_refuses_is_reported_with_its_question(bank_copy):
    edit(bank_copy / "tier-1.toml", "power = 7,", 'power = "seven",')
    found = "\n".join(problems_of(bank_copy))
    assert "t1-protection-lethal-one: the rules core refused it: attackers[0].power" in found


def test_an_id_used_twice_and_missing_english_are_errors(bank_copy):
    text = (bank_copy / "tier-1.toml").read_text()
    (bank_copy / "tier-2.toml").write_text(text, encoding="utf-8")
    found = "\n".join(problems_of(bank_copy))
    assert "id is used twice (also in tier-1.toml)" in found


def test_a_question_without_english_text_is_an_error(bank_copy):
    source = (bank_copy / "tier-1.en.toml").read_text()
    start = source.index("[t1-hurt-bears-most]")
    end = source.index("[", start + 5)
    (bank_copy / "tier-1.en.toml").write_text(source[:start] + source[end:], encoding="utf-8")
    assert any("t1-hurt-bears-most: has no English text" in p for p in problems_of(bank_copy))


def test_shapes_that_make_no_sense_are_refused(bank_copy):
    edit(bank_copy / "tier-1.toml", '{ id = "four", amount = 4 },',
         '{ id = "four", amount = 4, correct = true },')
    assert any("exactly one option must have correct = true" in p
               for p in problems_of(bank_copy))


def test_a_rule_question_with_two_deciding_rules_is_ambiguous():
    q = own_question_data(type="rule", options=[
        {"id": "a", "rule": "702.19b", "correct": True}, {"id": "b", "rule": "510.1a"}],
        assignment={"a1": {"b1": 1, "player": 10}})  # 11 of 10, and too early
    assert key_problems(q) == [
        "option 'b' (rule 510.1a) also decides it: the question is ambiguous"]


def test_the_cli_reports_bank_problems_and_counts_questions(tmp_path, capsys):
    from webapp.content import DEFAULT_LESSONS_DIR
    lessons = tmp_path / "lessons"
    shutil.copytree(DEFAULT_LESSONS_DIR, lessons)
    assert lessons_cli(["lessons", "check", str(lessons)]) == 0
    assert f"{len(BANK.questions)} quiz questions" in capsys.readouterr().out
    edit(lessons / "quizzes" / "tier-1.toml", "answer = 3\n", "answer = 4\n")
    assert lessons_cli(["lessons", "check", str(lessons)]) == 1
    assert "answer is 4 but the rules core says 3" in capsys.readouterr().out


# --- the real bank -------------------------------------------------------------------------------


def test_the_bank_loads_with_no_problems():
    assert load_bank(DEFAULT_BANK_DIR).questions


@pytest.mark.parametrize("q", BANK.questions, ids=lambda q: q.id)
def test_every_key_agrees_with_the_rules_core(q):
    assert key_problems(q) == []


@pytest.mark.parametrize("q", BANK.questions, ids=lambda q: q.id)
def test_every_question_round_trips_through_the_quiz_file_format(q):
    shown = from_bank(q, BANK.texts[q.id], "en", source="bank")
    own = own_question(to_spec(shown))
    again = from_bank(own, own.text, "en", source="own")
    for field in ("type", "prompt", "answer", "explanation", "rules"):
        assert again[field] == shown[field]
    assert [o["text"] for o in again.get("options", [])] == \
        [o["text"] for o in shown.get("options", [])]


@pytest.mark.parametrize("q", [q for q in BANK.questions if q.type == "assign"],
                         ids=lambda q: q.id)
def test_an_assign_questions_example_is_graded_right(q):
    shown = from_bank(q, BANK.texts[q.id], "en", source="bank")
    assert grade(shown, q.example) is True


def test_the_lethal_goal_is_the_most_with_exactly_those_blockers_dying():
    q = BANK.get("t1-bears-die-most-assign")
    shown = from_bank(q, BANK.texts[q.id], "en", source="bank")
    assert assign_target(q) == 0  # the Wall survives, so nothing tramples over
    assert grade(shown, {"a1": {"b1": 2, "b2": 3, "player": 0}}) is True
    assert grade(shown, {"a1": {"b1": 3, "b2": 2, "player": 0}}) is False  # the Wall dies too
    assert grade(shown, {"a1": {"b1": 0, "b2": 1, "player": 4}}) is False  # illegal


def test_a_rule_question_keeps_each_options_rule_through_a_quiz_file():
    q = own_question_data(type="rule", assignment={"a1": {"b1": 2, "player": 8}}, options=[
        {"id": "lethal-first", "rule": "702.19b", "correct": True},
        {"id": "all-power", "rule": "510.1a"}])
    text = {"en": {"prompt": "Which rule?", "explanation": "702.19b.",
                   "why": {"lethal-first": "Right.", "all-power": "The total is 10."}}}
    shown = from_bank(q, {"en": QuestionText.model_validate(text["en"])}, "en", source="bank")
    again = own_question(to_spec(shown))
    assert [(o.id, o.rule, o.correct) for o in again.options] == [
        ("lethal-first", "702.19b", True), ("all-power", "510.1a", False)]


def test_each_tier_has_questions():
    assert {q.tier for q in BANK.questions} >= set(TIERS[:1])


def own_question_data(**fields):
    """A small board of our own: a 10/10 trampler blocked by one 3/3."""
    from webapp.content.bank import BankQuestion
    base = {"id": "own", "tier": 1, "rules": ["702.19b"], "board": {
        "attackers": [{"id": "a1", "name": "Krosan Colossus", "power": 10, "toughness": 10,
                       "abilities": ["trample"], "blocked_by": ["b1"]}],
        "blockers": [{"id": "b1", "name": "Hill Giant", "power": 3, "toughness": 3}]}}
    return BankQuestion.model_validate({**base, **fields})


def test_an_option_with_a_value_and_a_label_of_its_own_keeps_both_through_a_quiz_file():
    q = own_question_data(type="one", verify={"kind": "lethal", "creature": "a1", "blocker": "b1"},
                          options=[{"id": "three", "amount": 3, "correct": True},
                                   {"id": "four", "amount": 4}])
    from webapp.content.bank import QuestionText
    text = {"en": QuestionText(prompt="How much?", explanation="Its toughness, 3 (702.19b).",
                               options={"three": "Three: its toughness"},
                               why={"three": "Right.", "four": "One too many."})}
    shown = from_bank(q, text, "en", source="own")
    spec = to_spec(shown)
    assert spec["options"][0]["amount"] == 3
    assert spec["text"]["en"]["options"] == {"three": "Three: its toughness"}
    own = own_question(spec)
    assert [o["text"] for o in from_bank(own, own.text, "en", source="own")["options"]] == \
        ["Three: its toughness", "4"]


def test_a_broken_bank_stops_the_app_at_start_up_with_every_problem(tmp_path):
    """Quiz content is validated at start-up (DESIGN.md), not on the first judge's request, and
    the bank is the one in the app's LESSONS_DIR (not the one shipped with the code)."""
    from webapp import create_app
    from webapp.content import DEFAULT_LESSONS_DIR
    from webapp.content.model import ContentError

    lessons = shutil.copytree(DEFAULT_LESSONS_DIR, tmp_path / "lessons")
    edit(lessons / "quizzes" / "tier-1.toml", "answer = 3\n", "answer = 4\n")
    with pytest.raises(ContentError, match="answer is 4 but the rules core says 3"):
        create_app({"TESTING": True, "SECRET_KEY": "x", "INSTANCE_PATH": str(tmp_path / "i"),
                    "DATABASE_URL": f"sqlite:///{tmp_path / 'i.db'}", "LESSONS_DIR": str(lessons)})
