"""A quiz as a file a judge can keep, share and import: TOML in the bank's format.

    text = dump(settings, questions)      # settings: title, mode, pass_mark, time_limit
    settings, specs = parse(text)         # raises QuizFileError listing every problem with its line

    schema_version = 1
    title = "Thursday judge meeting"
    mode = "exam"                # or "practice"
    pass_mark = 70
    time_limit = 30              # minutes; leave out for no timer

    [[questions]]                # exactly a bank question (lessons/quizzes/README.md) ...
    id = "t1-hurt-bears-most"
    ...
    [questions.text.en]          # ... with its text inline, per language
    prompt = "..."

Every question is re-keyed by the rules core on import, as the bank's are. Pure: no Flask.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Literal

import tomli_w
from pydantic import Field, StringConstraints, ValidationError

from .bank import BankQuestion, text_problems
from .lines import located, question_line, toml_error_line
from .bank_keys import key_problems
from .questions import to_spec
from .schema import Strict
from .texts import DEFAULT_LANGUAGE

MAX_BYTES = 256 * 1024
MAX_QUESTIONS = 50
Title = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]


class QuizFileError(ValueError):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


class QuizFile(Strict):
    schema_version: Literal[1]
    title: Title
    mode: Literal["practice", "exam"] = "exam"
    pass_mark: int = Field(70, ge=1, le=100)
    time_limit: int | None = Field(None, ge=1, le=240)
    questions: tuple[BankQuestion, ...] = Field(min_length=1, max_length=MAX_QUESTIONS)


def dump(settings: dict, questions: list[dict]) -> str:
    """The quiz as TOML: its settings, then every (resolved) question in the bank's format."""
    data = {"schema_version": 1, "title": settings["title"], "mode": settings["mode"],
            "pass_mark": settings["pass_mark"]}
    if settings.get("time_limit"):
        data["time_limit"] = settings["time_limit"]
    specs, seen = [], set()
    for q in questions:
        spec = to_spec(q)
        while spec["id"] in seen:  # the same generated question twice: ids stay unique
            spec["id"] = f"{spec['id']}-again"[:60]
        seen.add(spec["id"])
        specs.append(spec)
    data["questions"] = specs
    header = "# A Trample Trainer quiz: edit it, then import it at /quiz/new.\n"
    return header + tomli_w.dumps(data, multiline_strings=True)


def parse(text: str | bytes, name: str = "quiz.toml") -> tuple[dict, list[dict]]:
    """(settings, the questions as bank-format dicts), or QuizFileError with every problem as
    'line N: where: what'."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise QuizFileError([f"{name}: the file is larger than {MAX_BYTES // 1024} KB"])
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise QuizFileError([f"{name}: is not UTF-8 text (save it as UTF-8)"]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise QuizFileError([f"{name}: {toml_error_line(err)}: not valid TOML: {err}"]) from None
    try:
        quiz = QuizFile.model_validate(data)
    except ValidationError as err:
        raise QuizFileError(_located(name, text, err)) from None
    problems = []
    ids = [q.id for q in quiz.questions]
    for i, q in enumerate(quiz.questions):
        where = f"{name}: line {question_line(text, i)}: {q.id}"
        english = q.text.get(DEFAULT_LANGUAGE)
        found = [] if english else ["has no English text ([questions.text.en])"]
        found += text_problems(q, english) if english else []
        found += key_problems(q)
        found += ["id is used twice in this file"] if ids.count(q.id) > 1 else []
        problems += [f"{where}: {m}" for m in found]
    if problems:
        raise QuizFileError(problems)
    settings = {"title": quiz.title, "mode": quiz.mode, "pass_mark": quiz.pass_mark,
                "time_limit": quiz.time_limit}
    return settings, [q.model_dump(exclude_none=True) for q in quiz.questions]


def _located(name: str, text: str, err: ValidationError) -> list[str]:
    """Schema problems, each at the line of what it names."""
    out = []
    for e in err.errors():
        loc = e["loc"]
        if len(loc) > 1 and loc[0] == "questions" and isinstance(loc[1], int):
            single = ValidationError.from_exception_data(err.title, [_rebased(e)])
            out += [f"{name}: {p.field}: {p.message}"
                    for p in located(Path(name), text, single, ("questions", loc[1]))]
            continue
        field = ".".join(map(str, loc)) or "-"
        line = next((n for n, row in enumerate(text.splitlines(), 1)
                     if loc and row.split("=")[0].strip() == str(loc[0])), 1)
        message = {"extra_forbidden": "unknown field", "missing": "is required"}.get(
            e["type"], e["msg"])
        out.append(f"{name}: line {line}: {field}: {message}")
    return out


def _rebased(e: dict) -> dict:
    """A pydantic error under questions[i], re-rooted at the question (located adds the prefix)."""
    kept = {k: e[k] for k in ("type", "loc", "input", "ctx") if k in e}
    kept["loc"] = tuple(e["loc"][2:])
    if "ctx" in kept and "error" in kept["ctx"]:
        kept["ctx"] = {"error": str(kept["ctx"]["error"])}
    return kept
