"""A quiz file's parse costs work in proportion to its size, whatever its shape: the work is
counted (Python lines run in webapp.content while parsing), not timed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from webapp.content import quizfile
from webapp.content.quizfile import QuizFileError, parse
from webapp.services.quizzes import MAX_QUESTIONS

CONTENT = str(Path(quizfile.__file__).parent)
HEAD = 'schema_version = 1\ntitle = "x"\n'


def lines_run(text: str) -> int:
    """How many lines of webapp.content code run while parsing `text`."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def call(frame, event, arg):
        return local if frame.f_code.co_filename.startswith(CONTENT) else None

    sys.settrace(call)
    try:
        parse(text.encode(), max_questions=MAX_QUESTIONS)
    except QuizFileError:
        pass
    finally:
        sys.settrace(None)
    return count


SHAPES = {
    "empty questions": lambda n: HEAD + "[[questions]]\n" * n,
    "inline empty questions": lambda n: HEAD + "questions = [" + "{}," * n + "]\n",
    "unknown fields in one question": lambda n: HEAD + "[[questions]]\nid = 'a'\n" + "".join(
        f"junk{k} = 1\n" for k in range(n)),
    "unknown top-level fields": lambda n: HEAD + "".join(f"junk{k} = 1\n" for k in range(n)),
    "comments before bad questions": lambda n: HEAD + "# note\n" * n + "[[questions]]\nx=1\n" * 3,
    "unknown fields in every question": lambda n: HEAD + "".join(
        f"[[questions]]\nid = 'q{i}'\n" + "".join(f"junk{k} = 1\n" for k in range(n // 50))
        for i in range(50)),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_parse_work_grows_linearly_with_the_file(shape):
    small, large = SHAPES[shape](300), SHAPES[shape](3000)
    assert len(large) < 11 * len(small)
    work_small, work_large = lines_run(small), lines_run(large)
    # Ten times the file: at most ten times the work (and some slack), never a hundred.
    assert work_large <= 15 * max(work_small, 50), (work_small, work_large)
