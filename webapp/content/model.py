"""The loaded curriculum: what the lesson player and the services read (no Flask, no database)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .schema import INTERACTIVE_TYPES, QUESTION_TYPES
from .texts import DEFAULT_LANGUAGE, Localized, ParsedMarkdown


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the lesson files: printed as `path: field: message`."""

    path: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.field}: {self.message}"


class ContentError(Exception):
    """The lesson files are invalid; `problems` lists every bad file and field found, at once."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class Lesson:
    """One lesson: metadata, ordered steps, boards and per-language texts."""

    def __init__(self, *, id: str, number: int, folder: Path, prerequisites: tuple[str, ...],
                 rules: tuple[str, ...], steps: tuple, boards: dict[str, dict],
                 texts: dict[str, ParsedMarkdown], practice: tuple[str, ...] = ()):
        self.id = id
        self.practice = practice  # endless practice's ideas, when its boards don't say them
        self.number = number
        self.folder = folder
        self.prerequisites = prerequisites
        self.rules = rules
        self.steps = steps
        self._boards = boards
        # Each caller gets its own copy of a board; copying from text is quicker than deepcopy.
        self._board_texts = {name: json.dumps(board) for name, board in boards.items()}
        self._texts = texts
        self._by_id = {s.id: s for s in steps}
        for step in steps:
            step._lesson = self

    def __repr__(self) -> str:
        return f"<Lesson {self.number} {self.id}>"

    # --- texts -----------------------------------------------------------------------------------
    @property
    def languages(self) -> tuple[str, ...]:
        """Languages that have a Markdown file for this lesson (English first)."""
        return tuple(self._texts)

    def title(self, lang: str = DEFAULT_LANGUAGE) -> Localized:
        return self._pick(lang, lambda md: md.title)

    def summary(self, lang: str = DEFAULT_LANGUAGE) -> Localized:
        return self._pick(lang, lambda md: md.summary)

    def text(self, key: str, lang: str = DEFAULT_LANGUAGE) -> Localized:
        """Section `key` in `lang`, else English (flagged). KeyError if English lacks it."""
        if key not in self._texts[DEFAULT_LANGUAGE].sections:
            raise KeyError(f"lesson {self.id!r} has no text {key!r}")
        return self._pick(lang, lambda md: md.sections.get(key))

    def has_text(self, key: str) -> bool:
        return key in self._texts[DEFAULT_LANGUAGE].sections

    def translation(self, lang: str) -> str:
        """'complete', 'partial' or 'missing': how much of the English text `lang` covers."""
        if lang == DEFAULT_LANGUAGE:
            return "complete"
        md = self._texts.get(lang)
        if md is None:
            return "missing"
        english = self._texts[DEFAULT_LANGUAGE]
        whole = md.title and md.summary and set(english.sections) <= set(md.sections)
        return "complete" if whole else "partial"

    def _pick(self, lang: str, get) -> Localized:
        md = self._texts.get(lang)
        value = get(md) if md is not None else None
        if value:
            return Localized(value, lang, False)
        return Localized(get(self._texts[DEFAULT_LANGUAGE]), DEFAULT_LANGUAGE,
                         lang != DEFAULT_LANGUAGE)

    # --- steps and boards ------------------------------------------------------------------------
    def step(self, step_id: str):
        """The step with this id; KeyError if there is none (an unknown id from a form)."""
        return self._by_id[step_id]

    def step_index(self, step_id: str) -> int:
        return self.steps.index(self._by_id[step_id])

    @property
    def interactive_steps(self) -> tuple:
        return tuple(s for s in self.steps if s.type in INTERACTIVE_TYPES)

    @property
    def questions(self) -> tuple:
        return tuple(s for s in self.steps if s.type in QUESTION_TYPES)

    @property
    def board_names(self) -> tuple[str, ...]:
        return tuple(self._boards)

    def board(self, name: str) -> dict:
        """A fresh copy of a board in the DESIGN.md shape (safe to add an assignment to)."""
        return json.loads(self._board_texts[name])


@dataclass
class Curriculum:
    """All lessons in catalogue order."""

    root: Path
    lessons: tuple[Lesson, ...] = field(default_factory=tuple)
    rule_notes: dict[str, dict[str, str]] = field(default_factory=dict)  # lang -> rule -> note
    glossary: object = None  # glossary.Glossary: terms, and where each lesson first uses them

    def __post_init__(self) -> None:
        self._by_id = {lesson.id: lesson for lesson in self.lessons}

    def __iter__(self):
        return iter(self.lessons)

    def __len__(self) -> int:
        return len(self.lessons)

    def lesson(self, lesson_id: str) -> Lesson:
        """The lesson with this id; KeyError if there is none."""
        return self._by_id[lesson_id]

    def get(self, lesson_id: str) -> Lesson | None:
        return self._by_id.get(lesson_id)

    def rule_note(self, rule: str, lang: str = "en") -> Localized | None:
        """What a cited rule says, in our own words, in `lang` (English fallback, flagged)."""
        for code in (lang, DEFAULT_LANGUAGE):
            text = self.rule_notes.get(code, {}).get(rule)
            if text:
                return Localized(text, code, code != lang)
        return None

    def after(self, lesson_id: str) -> Lesson | None:
        """The lesson that follows `lesson_id` in the catalogue, or None after the last."""
        i = self.lessons.index(self._by_id[lesson_id])
        return self.lessons[i + 1] if i + 1 < len(self.lessons) else None
