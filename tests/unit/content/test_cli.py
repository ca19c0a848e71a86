"""`trample lessons check [DIR]`, the authors' command: 0 if valid, 1 with every problem listed."""

from __future__ import annotations

from webapp.content import DEFAULT_LESSONS_DIR
from webapp.content.cli import main

from .conftest import edit
from tests.conftest import LESSON_COUNT


def test_the_real_lessons_pass(capsys):
    assert main(["check", str(DEFAULT_LESSONS_DIR)]) == 0
    assert f"ok: {LESSON_COUNT} lessons" in capsys.readouterr().out


def test_the_default_folder_is_the_repository_lessons(capsys):
    assert main(["check"]) == 0


def test_a_broken_folder_prints_every_problem_one_per_line(lessons_copy, capsys):
    edit(lessons_copy / "blocked-means-stopped" / "lesson.toml", "answer = 0", "answer = -1")
    edit(lessons_copy / "history" / "en.md", "## alpha\n", "## alfa\n")
    edit(lessons_copy / "battles" / "lesson.toml", "answer = 0", "answer = 2")
    assert main(["check", str(lessons_copy)]) == 1
    captured = capsys.readouterr()
    lines = captured.out.strip().splitlines()
    assert any(line.endswith("blocked-means-stopped/lesson.toml: steps[3].answer: Input should be "
                             "greater than or equal to 0") for line in lines), lines
    assert any("history/en.md: alfa: " in line for line in lines)
    assert any("history/en.md: alpha: section is missing" in line for line in lines)
    assert any("battles/lesson.toml: steps[6].answer: answer is 2" in line for line in lines)
    assert all(line.count(": ") >= 2 for line in lines)
    assert "Traceback" not in captured.out + captured.err


def test_the_command_through_the_trample_entry_point(lessons_copy, capsys):
    from webapp.cli import main as trample

    (lessons_copy / "catalogue.toml").write_text("schema_version = 2\n", encoding="utf-8")
    assert trample(["lessons", "check", str(lessons_copy)]) == 1
    out = capsys.readouterr().out
    assert "catalogue.toml: schema_version: " in out
    assert "catalogue.toml: lessons: is required" in out


def test_a_missing_folder_is_one_clear_line(tmp_path, capsys):
    assert main(["check", str(tmp_path / "missing")]) == 1
    assert capsys.readouterr().out.strip().endswith("missing: -: is not a folder of lessons")


def test_usage_errors_exit_2(capsys):
    assert main([]) == 2
    assert main(["validate"]) == 2
    assert main(["check", "a", "b"]) == 2
    assert "usage: trample lessons check [DIR]" in capsys.readouterr().err
