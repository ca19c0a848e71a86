"""`lessons check` refuses lessons that show more than they teach (issue 13, parts 2 and 3).

Each test starts from a small lesson that fades properly (worked -> some sliders locked -> all
free, questions on boards nobody solved for the learner) and breaks one thing.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from webapp.content import collect
from webapp.content.schema import LessonFile


def _trampler(power: int, blockers: list[tuple[str, int, int]]) -> dict:
    return {"attackers": [{"id": "rhino", "name": "Rhino token", "power": power,
                           "toughness": 4, "abilities": ["trample"],
                           "blocked_by": [b[0] for b in blockers]}],
            "blockers": [{"id": bid, "name": f"{bid.title()} token", "power": 1, "toughness": tough,
                          "damage": marked} for bid, tough, marked in blockers]}


BOARDS = {
    "shown": _trampler(4, [("bears", 2, 0)]),
    "half-done": _trampler(6, [("bears", 2, 0), ("elves", 1, 0)]),
    "alone": _trampler(5, [("giant", 3, 0)]),
    "quiz": _trampler(5, [("wall", 4, 0)]),
}

STEPS = [
    {"id": "idea", "type": "explain", "rules": ["702.19b"]},
    {"id": "shown-worked", "type": "worked", "board": "shown",
     "assignment": {"rhino": {"bears": 2, "player": 2}}},
    {"id": "half-practice", "type": "practice", "board": "half-done",
     "fixed": {"rhino": {"elves": 1}},
     "goal": {"kind": "most", "creature": "rhino", "recipient": "player"},
     "solution": {"rhino": {"bears": 2, "elves": 1, "player": 3}}},
    {"id": "alone-practice", "type": "practice", "board": "alone",
     "goal": {"kind": "most", "creature": "rhino", "recipient": "player"},
     "solution": {"rhino": {"giant": 3, "player": 2}}},
    {"id": "quiz-predict", "type": "predict", "board": "quiz", "creature": "rhino", "answer": 1},
    {"id": "quiz-legal", "type": "legal", "board": "quiz", "rule": "702.19b", "legal": False,
     "assignment": {"rhino": {"wall": 3, "player": 2}}},
]


def _toml_value(value) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f'"{k}" = {_toml_value(v)}' for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def write_lesson(root: Path, steps: list[dict], boards: dict | None = None) -> Path:
    """A one-lesson curriculum in `root`, with every text section the steps need."""
    boards = BOARDS if boards is None else boards
    root.mkdir(parents=True, exist_ok=True)
    (root / "catalogue.toml").write_text('schema_version = 1\n[[lessons]]\nid = "fading"\n')
    folder = root / "fading"
    folder.mkdir(exist_ok=True)
    used = {s.get("board") for s in steps}
    lines = ['id = "fading"', 'rules = ["702.19b"]']
    for name, board in boards.items():
        if name in used:
            lines.append(f"[boards.{name}]")
            lines += [f"{k} = {_toml_value(v)}" for k, v in board.items()]
    for step in steps:
        lines.append("[[steps]]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in step.items()]
    (folder / "lesson.toml").write_text("\n".join(lines) + "\n")
    spec = LessonFile.model_validate({"id": "fading", "rules": ["702.19b"],
                                      "boards": {}, "steps": steps})
    keys = [k for s in spec.steps for k in s.text_keys()[0]]
    prose = "# Fading\n\nA lesson that fades.\n\n" + "".join(
        f"## {key}\n\nSome words for {key}.\n\n" for key in keys)
    (folder / "en.md").write_text(prose)
    rules = root / "rules.toml"
    from webapp.content import DEFAULT_LESSONS_DIR

    rules.write_text((DEFAULT_LESSONS_DIR / "rules.toml").read_text())
    (root / "terminology.toml").write_text((DEFAULT_LESSONS_DIR / "terminology.toml").read_text())
    (root / "cards.toml").write_text((DEFAULT_LESSONS_DIR / "cards.toml").read_text())
    glossary = (DEFAULT_LESSONS_DIR / "glossary.toml").read_text()  # its lessons aren't here
    (root / "glossary.toml").write_text(re.sub(r"(?m)^lesson = .*\n", "", glossary))
    return root


def problems(tmp_path, steps, boards=None) -> dict[str, str]:
    """{field: message} of every problem `lessons check` finds in the one lesson."""
    _, found = collect(write_lesson(tmp_path / "lessons", steps, boards))
    return {p.field: p.message for p in found}


def steps_with(**changes) -> list[dict]:
    """STEPS with some steps replaced: changes = {step id: new fields (None drops the step)}."""
    out = []
    for step in copy.deepcopy(STEPS):
        change = changes.get(step["id"].replace("-", "_"), {})
        if change is None:
            continue
        out.append({**step, **change})
    return out


def test_a_lesson_that_fades_and_asks_about_new_boards_passes(tmp_path):
    assert problems(tmp_path, STEPS) == {}


def test_a_practice_solution_that_is_the_worked_split_fails(tmp_path):
    steps = steps_with(alone_practice={"board": "shown",
                                       "solution": {"rhino": {"bears": 2, "player": 2}}})
    found = problems(tmp_path, steps)
    assert "worked" in found["steps[3].solution"] and "shown-worked" in found["steps[3].solution"]


def test_a_practice_with_the_worked_numbers_on_a_renamed_copy_of_its_board_fails(tmp_path):
    boards = {**BOARDS, "copy": copy.deepcopy(BOARDS["shown"])}
    steps = steps_with(alone_practice={"board": "copy",
                                       "solution": {"rhino": {"bears": 2, "player": 2}}})
    found = problems(tmp_path, steps, boards)
    assert "shown-worked" in found["steps[3].board"]
    assert "shown-worked" in found["steps[3].solution"]


@pytest.mark.parametrize("index, step", [(4, "quiz_predict"), (5, "quiz_legal")])
def test_a_question_on_a_board_a_worked_step_solved_fails(tmp_path, index, step):
    change = {"board": "shown"}
    if step == "quiz_predict":
        change["answer"] = 2
    else:
        change["assignment"] = {"rhino": {"bears": 1, "player": 3}}
    found = problems(tmp_path, steps_with(**{step: change}))
    assert "shown-worked" in found[f"steps[{index}].board"], found


def test_a_free_slider_with_only_one_legal_value_fails(tmp_path):
    # Hill Giant locked at 3 on a one-blocker board: rule 510.1a leaves the player slider only 2.
    steps = steps_with(half_practice={"board": "alone", "fixed": {"rhino": {"giant": 3}},
                                      "solution": {"rhino": {"giant": 3, "player": 2}}},
                       alone_practice={"board": "half-done", "solution":
                                       {"rhino": {"bears": 2, "elves": 1, "player": 3}}})
    found = problems(tmp_path, steps)
    assert "rhino -> player" in found["steps[2].fixed"] and "2" in found["steps[2].fixed"]


def test_forced_is_decided_given_the_locked_sliders_not_alone(tmp_path):
    # Two free sliders that move together (elves + player) are each a real choice.
    steps = steps_with(half_practice={"fixed": {"rhino": {"bears": 2}},
                                      "solution": {"rhino": {"bears": 2, "elves": 1,
                                                             "player": 3}}})
    assert problems(tmp_path, steps) == {}


def test_an_all_free_practice_with_a_slider_no_choice_can_move_fails(tmp_path):
    # A blocked creature whose only blocker left combat: all its damage must go to the player.
    gone = {"attackers": [{"id": "rhino", "name": "Stampeding Rhino", "power": 4, "toughness": 4,
                           "abilities": ["trample"], "blocked": True, "blocked_by": []}]}
    steps = steps_with(alone_practice={"board": "gone", "solution": {"rhino": {"player": 4}}})
    found = problems(tmp_path, steps, {**BOARDS, "gone": gone})
    assert "rhino -> player" in found["steps[3].fixed"]


def test_a_practice_before_any_worked_step_fails(tmp_path):
    steps = copy.deepcopy(STEPS)
    steps[1], steps[2] = steps[2], steps[1]
    assert "worked" in problems(tmp_path, steps)["steps"]


def test_an_all_free_practice_before_a_partly_locked_one_fails(tmp_path):
    steps = copy.deepcopy(STEPS)
    steps[2], steps[3] = steps[3], steps[2]
    assert "locked" in problems(tmp_path, steps)["steps"]


def test_a_lesson_whose_last_practice_still_locks_sliders_fails(tmp_path):
    steps = steps_with(alone_practice=None)
    assert "all" in problems(tmp_path, steps)["steps"]


def test_a_lesson_with_a_worked_example_and_no_practice_fails(tmp_path):
    steps = steps_with(half_practice=None, alone_practice=None)
    assert "practice" in problems(tmp_path, steps)["steps"]
