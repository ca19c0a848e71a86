"""Read the `lessons/` folder, validate every file, and build a :class:`Curriculum`.

Validation never stops at the first problem: every bad file and field is collected and raised
together as one :class:`ContentError`, so an author fixes everything in one pass.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .. import paths
from .bank import BANK_FOLDER
from .model import ContentError, Curriculum, Lesson, Problem
from .schema import INTERACTIVE_TYPES, QUESTION_TYPES, CatalogueFile, LessonFile
from .glossary import read_glossary
from .texts import DEFAULT_LANGUAGE, LANGUAGES, parse_markdown

DEFAULT_LESSONS_DIR = paths.LESSONS
CATALOGUE = "catalogue.toml"
LESSON_FILE = "lesson.toml"
BOARDS_DIR = "boards"
_TAGS = {"explain", "worked", "practice", "predict", "choice", "legal", "exact", "most",
         "max", "lethal", "only-legal", "only-illegal"}
_FRIENDLY = {"extra_forbidden": "unknown field", "missing": "is required"}


def load_curriculum(path: str | Path = DEFAULT_LESSONS_DIR, *,
                    verify_keys: bool = True) -> Curriculum:
    """Load and validate the lessons folder at `path`; raise ContentError listing every problem.

    With `verify_keys` (the default) every answer key is also re-checked by the rules core.
    """
    curriculum, problems = collect(path, verify_keys=verify_keys)
    if problems:
        raise ContentError(problems)
    return curriculum


def collect(path: str | Path, *, verify_keys: bool = True) -> tuple[Curriculum, list[Problem]]:
    """Like load_curriculum, but return (whatever loaded, the problems) instead of raising."""
    root = Path(path)
    problems: list[Problem] = []
    if not root.is_dir():
        return Curriculum(root), [Problem(str(root), "-", "is not a folder of lessons")]
    catalogue = _read_catalogue(root, problems)
    lessons: list[Lesson] = []  # fully valid
    checkable: list[Lesson] = []  # structurally valid (texts may be wrong): keys can be checked
    if catalogue is not None:
        _check_catalogue(root, catalogue, problems)
        for number, entry in enumerate(catalogue.lessons, start=1):
            lesson, complete = _read_lesson(root, entry, number, problems)
            if lesson is not None:
                checkable.append(lesson)
                if complete:
                    lessons.append(lesson)
    if verify_keys and checkable:
        from .cards import folder_problems
        from .verify import key_checks

        for item in key_checks(Curriculum(root, tuple(checkable))):
            message = item.run()
            if message:
                problems.append(Problem(item.path, item.field, message))
        problems += folder_problems(root)  # real cards with their printed numbers (cards.toml)
    notes = _read_rule_notes(root, checkable, problems)
    glossary = read_glossary(root, lessons, problems)
    return Curriculum(root, tuple(lessons), notes, glossary), problems


RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")


def _read_rule_notes(root: Path, lessons: list[Lesson], problems: list[Problem]) -> dict:
    """rules.toml: a note per cited rule and language; every rule a lesson cites needs one in
    English, and the rules engine's own rule numbers too."""
    file = root / "rules.toml"
    data = read_toml(file, problems)
    if data is None:
        return {}
    notes: dict[str, dict[str, str]] = {}
    for lang, table in data.items():
        if lang not in LANGUAGES or not isinstance(table, dict):
            problems.append(Problem(str(file), lang, "a table per language: "
                                    + ", ".join(f"[{code}]" for code in LANGUAGES)))
            continue
        for rule, text in table.items():
            if not RULE.match(rule) or not isinstance(text, str) or not text.strip():
                problems.append(Problem(str(file), f"{lang}.{rule}", "a rule number such as "
                                        "702.19b, with a sentence of text"))
                continue
            notes.setdefault(lang, {})[rule] = text.strip()
    english = notes.get(DEFAULT_LANGUAGE, {})
    for rule in sorted(cited_rules(lessons) - set(english)):
        problems.append(Problem(str(file), f"{DEFAULT_LANGUAGE}.{rule}",
                                "cited but has no note: say what the rule says, in our own words"))
    return notes


def cited_rules(lessons: list[Lesson]) -> set[str]:
    """Every rule number the lessons cite and the rules engine can report."""
    from ..rules.check import ENGINE_RULES

    cited = set(ENGINE_RULES)
    for lesson in lessons:
        cited |= set(lesson.rules)
        for step in lesson.steps:
            cited |= set(getattr(step, "rules", ()) or ())
            if getattr(step, "rule", None):
                cited.add(step.rule)
    return cited


# --- helpers -------------------------------------------------------------------------------------


def _rel(root: Path, *parts: str) -> str:
    return str(root.joinpath(*parts))


def read_toml(file: Path, problems: list[Problem]) -> dict | None:
    try:
        return tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        problems.append(Problem(str(file), "-", "file is missing"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        problems.append(Problem(str(file), "-", f"not valid TOML: {err}"))
    return None


def _field(loc: tuple) -> str:
    """('steps', 2, 'practice', 'goal', 'most', 'creature') -> 'steps[2].goal.creature'."""
    out = ""
    previous: Any = None
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in _TAGS and (isinstance(previous, int) or previous in ("goal", "verify")):
            pass  # the tag pydantic adds for a discriminated union
        else:
            out += f".{part}" if out else str(part)
        previous = part
    return out or "-"


def schema_problems(file: Path, err: ValidationError) -> list[Problem]:
    out = []
    for e in err.errors():
        message = _FRIENDLY.get(e["type"], e["msg"])
        if e["type"] == "value_error":
            message = e["msg"].removeprefix("Value error, ")
        out.append(Problem(str(file), _field(e["loc"]), message))
    return out


def _read_catalogue(root: Path, problems: list[Problem]) -> CatalogueFile | None:
    file = root / CATALOGUE
    data = read_toml(file, problems)
    if data is None:
        return None
    try:
        return CatalogueFile.model_validate(data)
    except ValidationError as err:
        problems += schema_problems(file, err)
        return None


def practice_ideas() -> tuple[str, ...]:
    from .practice import IDEAS  # the practice generator imports the card catalogue's loader
    return tuple(IDEAS)


def _check_catalogue(root: Path, catalogue: CatalogueFile, problems: list[Problem]) -> None:
    file = _rel(root, CATALOGUE)
    seen: set[str] = set()
    for i, entry in enumerate(catalogue.lessons):
        if entry.id in seen:
            problems.append(Problem(file, f"lessons[{i}].id", f"'{entry.id}' is listed twice"))
        for j, pre in enumerate(entry.prerequisites):
            if pre not in seen:
                problems.append(Problem(file, f"lessons[{i}].prerequisites[{j}]",
                                        f"'{pre}' is not an earlier lesson in the catalogue"))
        for j, idea in enumerate(entry.practice):
            if idea not in practice_ideas():
                problems.append(Problem(file, f"lessons[{i}].practice[{j}]",
                                        f"'{idea}' is not a practice idea (one of "
                                        f"{', '.join(practice_ideas())})"))
        seen.add(entry.id)
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        if folder.name.startswith((".", "_")) or folder.name in seen or folder.name == BANK_FOLDER:
            continue
        problems.append(Problem(str(folder), "-", "lesson folder is not listed in catalogue.toml"))


def _read_lesson(root: Path, entry, number: int,
                 problems: list[Problem]) -> tuple[Lesson | None, bool]:
    """(the lesson if its structure is valid, whether its texts are valid too)."""
    folder = root / entry.id
    file = folder / LESSON_FILE
    if not folder.is_dir():
        problems.append(Problem(str(folder), "-", "lesson folder is missing"))
        return None, False
    data = read_toml(file, problems)
    if data is None:
        return None, False
    before = len(problems)
    boards = _read_board_files(folder, data, problems)
    try:
        spec = LessonFile.model_validate(data)
    except ValidationError as err:
        problems += schema_problems(file, err)
        return None, False
    if spec.id != entry.id:
        problems.append(Problem(str(file), "id", f"'{spec.id}' differs from the folder and "
                                f"catalogue id '{entry.id}'"))
    boards.update(spec.boards)
    _check_boards(file, boards, spec, problems)
    _check_steps(file, boards, spec, problems)
    if len(problems) > before:
        return None, False
    texts = _read_texts(folder, spec, problems)
    lesson = Lesson(id=entry.id, number=number, folder=folder, prerequisites=entry.prerequisites,
                    practice=entry.practice,
                    rules=spec.rules, steps=spec.steps, boards=boards, texts=texts or {})
    return lesson, texts is not None


def _read_board_files(folder: Path, data: dict, problems: list[Problem]) -> dict[str, dict]:
    """Boards may also live in `boards/<name>.json`; a name may not be used twice."""
    found: dict[str, dict] = {}
    directory = folder / BOARDS_DIR
    if not directory.is_dir():
        return found
    inline = data.get("boards", {}) if isinstance(data.get("boards"), dict) else {}
    for file in sorted(directory.iterdir()):
        if file.suffix != ".json":
            problems.append(Problem(str(file), "-", "only <name>.json board files belong here"))
            continue
        try:
            board = json.loads(file.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            problems.append(Problem(str(file), "-", f"not valid JSON: {err}"))
            continue
        if file.stem in inline:
            problems.append(Problem(str(file), "-", f"board '{file.stem}' is also defined in "
                                    "lesson.toml"))
        elif not isinstance(board, dict):
            problems.append(Problem(str(file), "-", "a board must be a JSON object"))
        else:
            found[file.stem] = board
    return found


def _check_boards(file: Path, boards: dict[str, dict], spec: LessonFile,
                  problems: list[Problem]) -> None:
    from webapp.rules import BoardError, parse_board

    used = {getattr(s, "board", None) for s in spec.steps}
    for name, board in boards.items():
        where = f"boards.{name}"
        if "assignment" in board:
            problems.append(Problem(str(file), f"{where}.assignment",
                                    "boards hold no assignment; put it on the step"))
            continue
        try:
            parse_board(board)
        except BoardError as err:
            problems.append(Problem(str(file), f"{where}.{err.field}", err.detail))
        if name not in used:
            problems.append(Problem(str(file), where, "board is not used by any step"))


def _check_steps(file: Path, boards: dict[str, dict], spec: LessonFile,
                 problems: list[Problem]) -> None:
    path = str(file)
    seen: set[str] = set()
    for i, step in enumerate(spec.steps):
        where = f"steps[{i}]"
        if step.id in seen:
            problems.append(Problem(path, f"{where}.id", f"step id '{step.id}' is used twice"))
        seen.add(step.id)
        board_name = getattr(step, "board", None)
        if board_name is not None and board_name not in boards:
            problems.append(Problem(path, f"{where}.board", f"no board named '{board_name}'"))
            continue
        if board_name is None:
            continue
        for name in ("assignment", "fixed", "solution"):
            value = getattr(step, name, None)
            if value is not None:
                _check_assignment(path, f"{where}.{name}", boards[board_name], value, problems)
        for o, option in enumerate(getattr(step, "options", ())):
            if option.assignment is not None:
                _check_assignment(path, f"{where}.options[{o}].assignment", boards[board_name],
                                  option.assignment, problems)
    kinds = [s.type for s in spec.steps]
    if not any(k in INTERACTIVE_TYPES for k in kinds):
        problems.append(Problem(path, "steps",
                                "a lesson needs at least one worked or practice step"))
    if sum(k in QUESTION_TYPES for k in kinds) < 2:
        problems.append(Problem(path, "steps", "a lesson needs at least two questions "
                                "(predict, choice or legal steps)"))


def _check_assignment(path: str, where: str, board: dict, assignment: dict,
                      problems: list[Problem]) -> None:
    """Recipients must exist on the board; `fixed` may name only some attackers."""
    from webapp.rules import BoardError, parse_assignment, parse_board

    try:
        parsed = parse_board(board)
    except BoardError:
        return  # reported with the board
    if where.endswith(".fixed"):
        attackers = {a.id for a in parsed.attackers}
        assignment = {**{a: {} for a in attackers}, **assignment}
    try:
        parse_assignment(parsed, assignment)
    except BoardError as err:
        problems.append(Problem(path, f"{where}{err.field.removeprefix('assignment')}", err.detail))


# The right option's rationale is also shown after a wrong choice, under "The right answer": an
# opening verdict ("Right.") would contradict the page's "Not quite".
_VERDICT = re.compile(r"^\s*(right|correct|yes|wrong|no|exact|oui|non|bravo)\b\s*[.!,:]", re.I)


def _verdict_openings(file: Path, spec: LessonFile, sections: dict) -> list[Problem]:
    keys = [f"{s.id}.{s.correct_option.id}.why" for s in spec.steps if s.type == "choice"]
    return [Problem(str(file), key, "the right answer's rationale is shown after a wrong choice "
                    "too: don't open it with a verdict (the page says right or wrong)")
            for key in keys if key in sections and _VERDICT.match(sections[key])]


def _read_texts(folder: Path, spec: LessonFile, problems: list[Problem]):
    texts = {}
    required: list[str] = []
    optional: list[str] = []
    for step in spec.steps:
        need, may = step.text_keys()
        required += need
        optional += may
    known = set(required) | set(optional)
    for file in sorted(folder.glob("*.md")):
        if file.stem not in LANGUAGES:
            problems.append(Problem(str(file), "-", "prose files are named by language: "
                                    + ", ".join(f"{lang}.md" for lang in LANGUAGES)))
    ok = True
    for lang in LANGUAGES:
        file = folder / f"{lang}.md"
        if not file.exists():
            if lang == DEFAULT_LANGUAGE:
                problems.append(Problem(str(file), "-", "English text is required"))
                ok = False
            continue
        try:
            parsed = parse_markdown(file.read_text(encoding="utf-8"))
        except UnicodeDecodeError as err:
            problems.append(Problem(str(file), "-", f"not UTF-8 text: {err}"))
            ok = False
            continue
        before = len(problems)
        problems += [Problem(str(file), f, m) for f, m in parsed.problems]
        problems += _verdict_openings(file, spec, parsed.sections)
        for key in parsed.sections:
            if key not in known:
                problems.append(Problem(str(file), key, "no step needs this section "
                                        "(a typo in the step id or part?)"))
        if lang == DEFAULT_LANGUAGE:
            if not parsed.summary:
                problems.append(Problem(str(file), "summary", "write a one-line summary under "
                                        "the title"))
            for key in required:
                if key not in parsed.sections:
                    problems.append(Problem(str(file), key, "section is missing"))
        ok = ok and len(problems) == before
        texts[lang] = parsed
    return texts if ok else None
