"""The quiz question bank: hand-written exam questions as validated data (lessons/quizzes/).

    bank = load_bank(folder)              # raises ContentError listing every problem, with lines
    bank.get("t1-hurt-bears-most")        # a BankQuestion (frozen), or None
    bank.question("t1-...", lang)         # the quiz's question dict (the generator's shape)
    parse_question(data) / question_problems(spec)   # one question: schema, then the core's check

Layout (lessons/quizzes/README.md is the authoring guide):
    tier-1.toml          schema_version, then [[questions]]: id, tier, type, rules, board, ...
    tier-1.en.toml       [<question id>] prompt, explanation, options.<id>, why.<id> (English:
    tier-1.fr.toml       required); other languages may cover any part and fall back to English

A question's structure and its text are the same schema whether the text comes from the
per-language files (the bank) or inline as `text.<lang>` (a quiz file a judge imports or exports),
so one reader serves both. Every key is re-derived by the rules core (`key_problems`); nothing here
decides a rule.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, ValidationError, model_validator

from .. import paths
from .bank_keys import key_problems
from .lines import located, question_line, table_line, toml_error_line
from .model import ContentError, Problem
from .schema import Amount, Assignment, RuleNumber, Slug, Strict, ThingId, Verify
from .texts import DEFAULT_LANGUAGE, LANGUAGES

BANK_FOLDER = "quizzes"  # inside the lessons folder
DEFAULT_BANK_DIR = paths.LESSONS / BANK_FOLDER
TIERS = (1, 2, 3)
TYPES = ("number", "legal", "rule", "one", "many", "assign")
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000)]
Short = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=600)]


class QuestionText(Strict):
    """A question's words in one language: what is asked, why the key is right, each option's
    label (options that show a number, a split or a rule may leave it out) and why each option is
    right or wrong."""

    prompt: Text
    explanation: Text
    options: dict[Slug, Short] = {}
    why: dict[Slug, Short] = {}


class PartialText(Strict):
    """A translation: any part of QuestionText; the rest falls back to English."""

    prompt: Text | None = None
    explanation: Text | None = None
    options: dict[Slug, Short] = {}
    why: dict[Slug, Short] = {}


class BankOption(Strict):
    id: Slug
    correct: bool = False
    amount: Amount | None = None          # a number to choose (verify max / lethal)
    assignment: Assignment | None = None  # a split to judge (only-legal / only-illegal / many)
    rule: RuleNumber | None = None        # a rule to choose (rule questions)


class AssignGoal(Strict):
    """What an assign question asks the sliders to do: any legal split (`legal`), exactly `amount`
    to `recipient` (`exact`), or the most to `recipient` (`most`); with `lethal`, exactly these
    blockers must be assigned lethal damage (and the most is the most with that choice)."""

    kind: Literal["legal", "exact", "most"]
    creature: ThingId | None = None
    recipient: ThingId = "player"
    amount: Amount | None = None
    lethal: tuple[ThingId, ...] | None = None

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> "AssignGoal":
        if self.kind != "legal" and self.creature is None:
            raise ValueError(f"a '{self.kind}' goal names its creature")
        if (self.kind == "exact") != (self.amount is not None):
            raise ValueError("an 'exact' goal, and only it, has an amount")
        return self


class BankQuestion(Strict):
    id: Slug
    tier: Literal[1, 2, 3]
    type: Literal["number", "legal", "rule", "one", "many", "assign"]
    rules: tuple[RuleNumber, ...] = Field(min_length=1)
    board: dict[str, Any] | None = None
    assignment: Assignment | None = None  # the split a legal/rule question judges (or one shows)
    answer: int | bool | None = None      # number: the amount; legal: true/false
    verify: Verify | None = None          # number and one: what the core re-derives
    goal: AssignGoal | None = None        # assign
    example: Assignment | None = None     # assign: a split that meets the goal (shown as the key)
    options: tuple[BankOption, ...] = ()
    text: dict[str, QuestionText] = {}    # inline text (quiz files); the bank reads it from files

    @model_validator(mode="after")
    def _shape_fits_type(self) -> "BankQuestion":
        needs = {"number": ("board", "answer", "verify"), "legal": ("board", "assignment", "answer"),
                 "rule": ("board", "assignment", "options"), "one": ("options",),
                 "many": ("board", "options"), "assign": ("board", "goal", "example")}[self.type]
        missing = [name for name in needs if getattr(self, name) in (None, ())]
        if missing:
            raise ValueError(f"a '{self.type}' question needs {', '.join(missing)}")
        if self.type == "number" and (isinstance(self.answer, bool) or self.verify.kind
                                      not in ("max", "lethal")):
            raise ValueError("a 'number' question's answer is a whole number, verified by "
                             "'max' or 'lethal'")
        if self.type == "legal" and not isinstance(self.answer, bool):
            raise ValueError("a 'legal' question's answer is true or false")
        if self.type in ("one", "rule") and self.board is not None and self.type == "one" \
                and self.verify is None:
            raise ValueError("a 'one' question about a board needs verify, so the rules core "
                             "can re-derive its key")
        if self.options:
            ids = [o.id for o in self.options]
            if len(set(ids)) != len(ids):
                raise ValueError("option ids must be unique")
            correct = sum(o.correct for o in self.options)
            if self.type == "many" and not 0 < correct < len(ids):
                raise ValueError("'select all' needs at least one right and one wrong option")
            if self.type != "many" and correct != 1:
                raise ValueError("exactly one option must have correct = true")
            if not 2 <= len(ids) <= 6:
                raise ValueError("a question has 2 to 6 options")
        if self.type == "rule" and any(o.rule is None for o in self.options):
            raise ValueError("every option of a 'rule' question names a rule")
        if self.type == "many" and any(o.assignment is None for o in self.options):
            raise ValueError("every option of a 'select all' question is a split (assignment)")
        if self.verify and self.verify.kind in ("max", "lethal") and self.type == "one" and \
                any(o.amount is None for o in self.options):
            raise ValueError(f"verify '{self.verify.kind}' needs an amount on every option")
        if self.verify and self.verify.kind in ("only-legal", "only-illegal") and \
                any(o.assignment is None for o in self.options):
            raise ValueError(f"verify '{self.verify.kind}' needs an assignment on every option")
        return self

    def key(self):
        """The stored key in the quiz's answer shape."""
        if self.type in ("number", "legal"):
            return self.answer
        if self.type == "many":
            return sorted(o.id for o in self.options if o.correct)
        if self.type == "assign":
            return None  # graded by the goal (its kind, content.kinds.Split)
        return next(o.id for o in self.options if o.correct)


class BankFile(Strict):
    schema_version: Literal[1]
    questions: tuple[BankQuestion, ...] = Field(min_length=1)


# --- the bank ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bank:
    questions: tuple[BankQuestion, ...]
    texts: dict  # question id -> {lang: QuestionText | PartialText}

    def get(self, qid: str) -> BankQuestion | None:
        return self._by_id().get(qid)

    def _by_id(self) -> dict:
        return {q.id: q for q in self.questions}

    def of_tier(self, tier: int) -> list[BankQuestion]:
        return [q for q in self.questions if q.tier == tier]

    def with_text(self, qid: str) -> BankQuestion:
        """The question with every language's text inline (a self-contained quiz-file entry)."""
        q = self.get(qid)
        return q.model_copy(update={"text": self.texts.get(qid, {})})


def load_bank(folder: str | Path = DEFAULT_BANK_DIR) -> Bank:
    bank, problems = collect_bank(folder)
    if problems:
        raise ContentError(problems)
    return bank


def collect_bank(folder: str | Path = DEFAULT_BANK_DIR, *,
                 verify_keys: bool = True) -> tuple[Bank, list[Problem]]:
    """Read every tier-N.toml and its language files; (the valid questions, every problem)."""
    root = Path(folder)
    problems: list[Problem] = []
    questions: list[BankQuestion] = []
    texts: dict[str, dict] = {}
    files = sorted(root.glob("tier-*.toml"))
    structure = [f for f in files if f.stem.count(".") == 0]
    if not structure:
        return Bank((), {}), [Problem(str(root), "-", "no tier-N.toml question files")]
    where: dict[str, tuple[Path, int]] = {}  # question id -> (file, line), for every problem
    for file in structure:
        found, named = _read_questions(file, problems)
        for q, line in found:
            if q.id in where:
                problems.append(Problem(str(file), f"line {line}", f"{q.id}: id is used twice "
                                        f"(also in {where[q.id][0].name})"))
                continue
            where[q.id] = (file, line)
            questions.append(q)
        for lang in LANGUAGES:
            texts_file = file.with_name(f"{file.stem}.{lang}.toml")
            if texts_file.exists() or lang == DEFAULT_LANGUAGE:
                _read_texts(texts_file, lang, [q for q, _ in found], named, texts, problems)
    for stray in sorted(set(files) - set(structure)):
        if stray.stem.split(".")[0] + ".toml" not in {f.name for f in structure} or \
                stray.stem.split(".")[-1] not in LANGUAGES:
            problems.append(Problem(str(stray), "-", "not a tier file nor one of its languages "
                                    f"({', '.join(LANGUAGES)})"))
    bad = set()
    for q in questions:
        found = key_problems(q) if verify_keys else []
        if DEFAULT_LANGUAGE not in texts.get(q.id, {}):
            bad.add(q.id)  # reported by _read_texts
        file, line = where[q.id]
        problems += [Problem(str(file), f"line {line}", f"{q.id}: {m}") for m in found]
        bad |= {q.id} if found else set()
    return Bank(tuple(q for q in questions if q.id not in bad), texts), problems


def _read_questions(file: Path, problems: list[Problem]) -> tuple[list, set[str]]:
    """([(question, line)] of the valid ones, every id the file names, valid or not)."""
    source, data = _toml(file, problems)
    if data is None:
        return [], set()
    raw = data.get("questions")
    if not isinstance(raw, list):
        problems.append(Problem(str(file), "questions", "is required: one [[questions]] table "
                                "per question"))
        return [], set()
    out = []
    if data.get("schema_version") != 1:
        problems.append(Problem(str(file), "schema_version", "must be 1"))
    named = {str(e.get("id")) for e in raw if isinstance(e, dict)}
    for i, entry in enumerate(raw):
        line = question_line(source, i)
        try:
            q = BankQuestion.model_validate(entry)
        except ValidationError as err:
            problems += located(file, source, err, ("questions", i))
            continue
        if q.text:
            problems.append(Problem(str(file), f"line {line}",
                                    f"{q.id}: the bank keeps text in {file.stem}.<lang>.toml"))
            continue
        out.append((q, line))
    return out, named


def _read_texts(file: Path, lang: str, questions: list[BankQuestion], named: set[str],
                texts: dict, problems: list[Problem]) -> None:
    source, data = _toml(file, problems)
    if data is None:
        return
    model = QuestionText if lang == DEFAULT_LANGUAGE else PartialText
    for qid, entry in data.items():
        if qid not in named:
            problems.append(Problem(str(file), f"line {table_line(source, qid)}",
                                    f"[{qid}] is not a question of this tier"))
            continue
        try:
            texts.setdefault(qid, {})[lang] = model.model_validate(entry)
        except ValidationError as err:
            problems += located(file, source, err, (qid,))
    if lang == DEFAULT_LANGUAGE:
        for q in questions:
            if q.id not in data:
                problems.append(Problem(str(file), q.id, "has no English text"))
            elif q.id in texts and lang in texts[q.id]:
                problems += [Problem(str(file), f"line {table_line(source, q.id)}", m)
                             for m in text_problems(q, texts[q.id][lang])]


def text_problems(q: BankQuestion, text) -> list[str]:
    """Options without a label of their own (a plain choice) need one; every option says why."""
    out = []
    ids = {o.id for o in q.options}
    for o in q.options:
        if o.amount is None and o.assignment is None and o.rule is None and o.id not in text.options:
            out.append(f"{q.id}: option '{o.id}' needs a label (options.{o.id})")
        if o.id not in text.why:
            out.append(f"{q.id}: option '{o.id}' needs a reason (why.{o.id})")
    for key in {*text.options, *text.why} - ids:
        out.append(f"{q.id}: '{key}' is not an option of this question")
    return out


def _toml(file: Path, problems: list[Problem]) -> tuple[str, dict | None]:
    try:
        source = file.read_text(encoding="utf-8")
        return source, tomllib.loads(source)
    except FileNotFoundError:
        problems.append(Problem(str(file), "-", "file is missing"))
    except UnicodeDecodeError:
        problems.append(Problem(str(file), "-", "is not UTF-8 text"))
    except tomllib.TOMLDecodeError as err:
        problems.append(Problem(str(file), toml_error_line(err), f"not valid TOML: {err}"))
    return "", None

