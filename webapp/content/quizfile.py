"""A quiz as a file a judge can keep, share and import: TOML in the bank's format.

    text = dump(settings, questions)      # settings: title, mode, pass_mark, time_limit
    settings, specs = parse(text, max_questions=50)   # or QuizFileError: the problems, with lines

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

Anyone with a browser can send a file, so parsing costs work in proportion to the file's size
whatever its shape: the size, nesting and question count are checked before any question is
validated, and only the first MAX_LISTED problems are located (each costs a read of the file).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from collections import Counter
from typing import Annotated, Literal

import tomli_w
from pydantic import AfterValidator, Field, StringConstraints, ValidationError

from .cards import Cards, board_mismatches, mismatch_problem
from .bank import BankQuestion, text_problems
from .lines import located, question_line, toml_error_line
from .bank_keys import key_problems
from .questions import to_spec
from .schema import Strict
from .texts import DEFAULT_LANGUAGE
from ..text import has_control_characters

# A 50-question quiz in one language is about 75 KB; room for its text in three languages.
MAX_BYTES = 256 * 1024
# A quiz file nests 7 levels deep (questions, a question, its board, a creature, ...).
MAX_DEPTH = 16
# Problems listed for a bad file; the rest are counted (a file can have thousands).
MAX_LISTED = 20


def _no_control_characters(text: str) -> str:
    if has_control_characters(text):  # the rule of every form's names and titles
        raise ValueError("has control characters (invisible codes such as NUL)")
    return text


Title = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80),
                  AfterValidator(_no_control_characters)]


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
    questions: tuple[BankQuestion, ...] = Field(min_length=1)


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


def parse(text: str | bytes, name: str = "quiz.toml", *, max_questions: int,
          cards: Cards | None = None) -> tuple[dict, list[dict]]:
    """(settings, the questions as bank-format dicts), or QuizFileError with the problems as
    'line N: where: what' (the first MAX_LISTED, then how many more). With `cards`, a board
    creature named after a real card must show the printed card (content.cards.mismatch)."""
    if len(text) > MAX_BYTES:
        raise QuizFileError([f"{name}: the file is larger than {MAX_BYTES // 1024} KB"])
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise QuizFileError([f"{name}: is not UTF-8 text (save it as UTF-8)"]) from None
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))  # an editor's byte-order mark
    except tomllib.TOMLDecodeError as err:
        raise QuizFileError([f"{name}: {toml_error_line(err)}: not valid TOML: {err}"]) from None
    except RecursionError:  # tomllib reads nested tables and arrays by recursion
        raise QuizFileError([_too_deep(name)]) from None
    _check_shape(data, name, max_questions)
    try:
        quiz = QuizFile.model_validate(data)
    except ValidationError as err:
        raise QuizFileError(_located(name, text, err)) from None
    problems = []
    ids = Counter(q.id for q in quiz.questions)
    for i, q in enumerate(quiz.questions):
        english = q.text.get(DEFAULT_LANGUAGE)
        found = [] if english else ["has no English text ([questions.text.en])"]
        found += text_problems(q, english) if english else []
        found += key_problems(q)
        found += [mismatch_problem(m) for m in board_mismatches(cards, q.board or {})] \
            if cards is not None else []
        found += ["id is used twice in this file"] if ids[q.id] > 1 else []
        if found and len(problems) < MAX_LISTED:
            where = f"{name}: line {question_line(text, i)}: {q.id}"
            problems += [f"{where}: {m}" for m in found]
        elif found:
            problems += found
    if problems:
        raise QuizFileError(listed(problems))
    settings = {"title": quiz.title, "mode": quiz.mode, "pass_mark": quiz.pass_mark,
                "time_limit": quiz.time_limit}
    return settings, [q.model_dump(exclude_none=True) for q in quiz.questions]


def listed(problems: list[str], total: int | None = None) -> list[str]:
    """The first MAX_LISTED problems, and how many more of the `total` (all of `problems` when
    not given) there are: an answer stays small."""
    more = (len(problems) if total is None else total) - MAX_LISTED
    return [*problems[:MAX_LISTED], f"… and {more:,} more problems"] if more > 0 else problems


def _check_shape(data: dict, name: str, max_questions: int) -> None:
    """Refuse what no quiz file has before validating it: too many questions, or nesting deeper
    than the format's (measured without recursion)."""
    questions = data.get("questions")
    if isinstance(questions, list) and len(questions) > max_questions:
        raise QuizFileError([f"{name}: questions: the file has {len(questions):,}; a quiz has "
                             f"at most {max_questions} questions"])
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise QuizFileError([_too_deep(name)])
        children = value.values() if isinstance(value, dict) else value
        pending += [(c, depth + 1) for c in children if isinstance(c, (dict, list))]


def _too_deep(name: str) -> str:
    return f"{name}: tables or arrays are nested too deeply (more than {MAX_DEPTH} levels)"


def _located(name: str, text: str, err: ValidationError) -> list[str]:
    """Schema problems, each at the line of what it names (the first MAX_LISTED: finding a
    line reads the file)."""
    errors = err.errors()
    out = []
    for e in errors[:MAX_LISTED]:
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
            e["type"], e["msg"].removeprefix("Value error, "))
        out.append(f"{name}: line {line}: {field}: {message}")
    return listed(out, total=len(errors))


def _rebased(e: dict) -> dict:
    """A pydantic error under questions[i], re-rooted at the question (located adds the prefix)."""
    kept = {k: e[k] for k in ("type", "loc", "input", "ctx") if k in e}
    kept["loc"] = tuple(e["loc"][2:])
    if "ctx" in kept and "error" in kept["ctx"]:
        kept["ctx"] = {"error": str(kept["ctx"]["error"])}
    return kept
