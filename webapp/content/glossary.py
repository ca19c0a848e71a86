"""The glossary (lessons/glossary.toml): terms in plain words, their rule, the lesson that teaches
them; and where each lesson first uses each term, so that use can link to the glossary.

    read_glossary(root, lessons, problems) -> Glossary       validated; problems appended
    Glossary.first_uses(lesson, lang)       -> {source text: {term ids first used in it}}
    link_terms(html, glossary, ids, lang, href)              the first use of each term, linked

"Introduces" means the entry's `lesson`. In every lesson before it in the catalogue (every lesson,
for a term no lesson teaches) the term's first use must sit in a text the linker links: a step's
text, hint or explanation, not a title, summary, answer option or worked-example note.
Pure: no Flask. The web layer passes the glossary page's URL.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from markupsafe import escape
from pydantic import Field, StringConstraints, ValidationError

from .schema import RuleNumber, Slug, Strict
from .texts import DEFAULT_LANGUAGE, LANGUAGES

FILE = "glossary.toml"
Words = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]


class TermWords(Strict):
    name: Words
    forms: tuple[Words, ...] = ()
    # Longer words that hold a spelling of the term but mean something else (a card's name,
    # another role): never linked ("Force of Nature" is no French « force »).
    not_in: tuple[Words, ...] = ()
    definition: Annotated[str, StringConstraints(strip_whitespace=True, min_length=10,
                                                 max_length=400)]


class Term(Strict):
    id: Slug
    rule: RuleNumber
    lesson: Slug | None = None
    en: TermWords
    fr: TermWords | None = None
    ja: TermWords | None = None

    def words(self, lang: str) -> TermWords:
        return getattr(self, lang, None) or self.en


class GlossaryFile(Strict):
    schema_version: Literal[1]
    terms: tuple[Term, ...] = Field(min_length=1)


class Glossary:
    """The terms, one matching pattern per language, and where each lesson first uses each term
    (worked out once, when the lessons are loaded)."""

    def __init__(self, terms: tuple[Term, ...] = (), lessons=()):
        self.terms = tuple(terms)
        self._by_id = {t.id: t for t in self.terms}
        self._spelled = {lang: _spelled(self.terms, lang) for lang in LANGUAGES}
        self._patterns = {lang: _compile(spelled, lang) for lang, spelled in self._spelled.items()}
        self._first = {(lesson.id, lang): _first_uses(self, lesson, lang)
                       for lesson in lessons for lang in LANGUAGES}

    def get(self, term_id: str) -> Term | None:
        return self._by_id.get(term_id)

    def pattern(self, lang: str) -> re.Pattern | None:
        """One pattern for every term's name and forms in `lang`, longest first, whole words."""
        return self._patterns.get(lang)

    def term_for(self, lang: str, written: str) -> str | None:
        """The term `written` spells in `lang`; None for words that only look like one."""
        return self._spelled.get(lang, {}).get(written.lower())

    def untaught(self, lesson, lessons, text) -> set[str]:
        """Terms a Localized `text` of `lesson` uses that no lesson up to it introduces."""
        order = {each.id: i for i, each in enumerate(lessons)}
        pattern = self.pattern(text.lang)
        found = {self.term_for(text.lang, m.group(1)) for m in pattern.finditer(text.text)} \
            if pattern else set()
        return {t for t in found if t and order.get(lesson.id, 0) < _taught(self._by_id[t], order)}

    def first_uses(self, lesson, lang: str) -> dict[str, set[str]]:
        """{source text: ids of the terms the lesson first uses in it} for `lang`."""
        return self._first.get((lesson.id, lang), {})


def _taught(term: Term, order: dict) -> int:
    """Where in the catalogue a term is introduced (after every lesson, if no lesson does)."""
    return order.get(term.lesson, -1) if term.lesson else len(order)


def _spellings(words: TermWords) -> tuple[str, ...]:
    return (words.name, *words.forms)


def _spelled(terms, lang: str) -> dict[str, str | None]:
    """{lowercase spelling: term id} for `lang`, and each term's `not_in` words mapped to None:
    the pattern matches them whole (longest first), so the term inside them is never linked."""
    spelled: dict[str, str | None] = {}
    for term in terms:
        spelled |= {w.lower(): None for w in term.words(lang).not_in}
    for term in terms:
        spelled |= {w.lower(): term.id for w in _spellings(term.words(lang))}
    return spelled


# Written without spaces between words: a term is followed by a particle (ブロック・クリーチャーに),
# so a whole-word boundary would never match; the longest spelling wins instead.
_NO_WORD_SPACES = {"ja"}


def _compile(spelled: dict[str, str | None], lang: str = "en") -> re.Pattern | None:
    if not spelled:
        return None
    words = "|".join(re.escape(w) for w in sorted(spelled, key=len, reverse=True))
    if lang in _NO_WORD_SPACES:
        return re.compile(f"({words})", re.I)
    return re.compile(r"(?<![\w-])(" + words + r")(?![\w-])", re.I)


def lesson_texts(lesson, lang: str) -> list[tuple[str, str, bool]]:
    """(key, source text, linkable) of a lesson's steps, in the order a learner meets them.
    Answer options are not linkable: a link inside an option's label would fight the choice."""
    out = []
    for step in lesson.steps:
        sid = step.id

        def add(key, linkable):
            if lesson.has_text(key):
                out.append((key, lesson.text(key, lang).text, linkable))

        add(sid, True)
        for creature, split in (getattr(step, "assignment", None) or {}).items():
            for recipient in split:
                add(f"{sid}.{creature}.{recipient}", True)  # a worked example's notes
        for option in getattr(step, "options", ()):
            add(f"{sid}.{option.id}", False)
        add(f"{sid}.hint", True)
        for option in getattr(step, "options", ()):
            add(f"{sid}.{option.id}.why", True)
        add(f"{sid}.why", True)
    return out


def _first_uses(glossary: Glossary, lesson, lang: str) -> dict[str, set[str]]:
    """The linkable text holding each term's first linkable use in the lesson."""
    pattern = glossary.pattern(lang)
    found: dict[str, set[str]] = {}
    seen: set[str] = set()
    for _key, text, linkable in lesson_texts(lesson, lang):
        if not linkable or pattern is None:
            continue
        for match in pattern.finditer(text):
            term = glossary.term_for(lang, match.group(1))
            if term and term not in seen:
                seen.add(term)
                found.setdefault(text, set()).add(term)
    return found


_SKIP = re.compile(r"<(a|code|pre|h[1-6]|summary)\b", re.I)


def link_terms(html: str, glossary: Glossary, ids: set[str], lang: str, href) -> str:
    """`html` with the first use of each term in `ids` linked to href(term id); text inside
    links, code, headings and summaries is left alone."""
    pattern = glossary.pattern(lang)
    if not ids or pattern is None:
        return html
    todo = set(ids)
    out, depth = [], 0
    for part in re.split(r"(<[^>]+>)", html):
        if part.startswith("<"):
            if _SKIP.match(part):
                depth += 1
            elif re.match(r"</(a|code|pre|h[1-6]|summary)>", part, re.I):
                depth = max(depth - 1, 0)
            out.append(part)
            continue
        if depth or not todo:
            out.append(part)
            continue

        def link(match):
            term = glossary.term_for(lang, match.group(1))
            if term not in todo:
                return match.group(0)
            todo.discard(term)
            return (f'<a class="term" href="{escape(href(term))}">{match.group(0)}</a>')

        out.append(pattern.sub(link, part))
    return "".join(out)


# --- reading and checking -------------------------------------------------------------------------


def read_glossary(root: Path, lessons: list, problems: list) -> Glossary:
    """Validate glossary.toml and report terms used too early where they can't be linked."""
    from .loader import read_toml, schema_problems
    from .model import Problem

    file = root / FILE
    if not file.exists():  # a lessons folder without a glossary (a test's, say) links nothing
        return Glossary()
    data = read_toml(file, problems)
    if data is None:
        return Glossary()
    try:
        spec = GlossaryFile.model_validate(data)
    except ValidationError as err:
        problems += schema_problems(file, err)
        return Glossary()
    order = {lesson.id: i for i, lesson in enumerate(lessons)}
    ids = [t.id for t in spec.terms]
    for i, term in enumerate(spec.terms):
        if ids.count(term.id) > 1:
            problems.append(Problem(str(file), f"terms[{i}].id", f"'{term.id}' is listed twice"))
        if term.lesson is not None and term.lesson not in order:
            problems.append(Problem(str(file), f"terms[{i}].lesson",
                                    f"'{term.lesson}' is not a lesson in the catalogue"))
    glossary = Glossary(spec.terms, lessons)
    problems += [Problem(*p) for p in early_unlinked(glossary, lessons)]
    return glossary


def early_unlinked(glossary: Glossary, lessons: list) -> list[tuple[str, str, str]]:
    """(file, key, message) for each term whose first use in a lesson before the one that
    introduces it is in a text that can't carry the link."""
    order = {lesson.id: i for i, lesson in enumerate(lessons)}
    out = []
    for lesson in lessons:
        for lang in LANGUAGES:
            if lang != DEFAULT_LANGUAGE and lang not in lesson.languages:
                continue
            out += _early_in(glossary, lesson, lang, order)
    return out


def _early_in(glossary: Glossary, lesson, lang: str, order: dict) -> list[tuple[str, str, str]]:
    pattern = glossary.pattern(lang)
    seen: set[str] = set()
    out = []
    # The title can't carry a link (a heading, and the page's <title>); the summary, shown in the
    # list of lessons, links every term it uses.
    texts = [("title", lesson.title(lang).text, False), *lesson_texts(lesson, lang)]
    for key, text, linkable in texts:
        for match in pattern.finditer(text) if pattern else ():
            term = glossary.get(glossary.term_for(lang, match.group(1)) or "")
            if term is None or term.id in seen:
                continue
            seen.add(term.id)
            if not linkable and order[lesson.id] < _taught(term, order):
                where = f"lesson '{term.lesson}' introduces it" if term.lesson else \
                    "no lesson introduces it"
                out.append((str(lesson.folder / f"{lang}.md"), key,
                            f"'{match.group(1)}' is used here before it is taught ({where}), in a "
                            "place that can't link to the glossary: use it first in a step's text "
                            "(linked automatically), or reword"))
    return out
