"""Lesson prose: one Markdown file per language, cut into sections by `## key` headings.

    # Title of the lesson            <- title (required)
    One or two sentences.            <- summary (required)
    ## step-id                       <- a step's main text
    ## step-id.hint                  <- a part of it (see lessons/README.md for the keys)

English (`en.md`) must have every key a lesson needs; other languages may have any subset and fall
back to English key by key, flagged so the page can say "not yet translated".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# The app's languages, each with its own name for the switcher: the one list (config reads it).
LANGUAGES = {"en": "English", "fr": "Français", "ja": "日本語"}
DEFAULT_LANGUAGE = "en"
KEY = re.compile(r"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$")
_HEADING = re.compile(r"^##(?!#)\s*(.*?)\s*$")
_TITLE = re.compile(r"^#(?!#)\s*(.*?)\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Localized:
    """A piece of Markdown in the language it was found in.

    `lang` is the language of `text`; `fallback` is True when the requested language had no text
    for this key and English was used instead (show a "not yet translated" mark).
    """

    text: str
    lang: str
    fallback: bool = False

    def __str__(self) -> str:
        return self.text

    def html(self) -> str:
        """The Markdown rendered to HTML; raw HTML in the source is escaped, never passed on."""
        return _markdown().render(self.text)

    def inline_html(self) -> str:
        """For one-line texts (titles, options): no surrounding <p>."""
        return _markdown().renderInline(self.text)


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


@dataclass
class ParsedMarkdown:
    title: str | None
    summary: str
    sections: dict[str, str]
    problems: list[tuple[str, str]]  # (field, message)


def parse_markdown(source: str) -> ParsedMarkdown:
    """Split a lesson Markdown file into title, summary and keyed sections, with all problems."""
    title: str | None = None
    summary: list[str] = []
    sections: dict[str, list[str]] = {}
    problems: list[tuple[str, str]] = []
    current: list[str] | None = None
    in_fence = False
    for number, line in enumerate(source.splitlines(), start=1):
        if _FENCE.match(line):
            in_fence = not in_fence
        heading = None if in_fence else _HEADING.match(line)
        if heading:
            key = heading.group(1)
            if not KEY.match(key):
                problems.append((f"line {number}", f"'## {key}' is not a section key "
                                 "(letters, digits, '-', '_' and dots, like 'my-step.hint')"))
                current = []
            elif key in sections:
                problems.append((f"line {number}", f"section '{key}' appears twice"))
                current = []
            else:
                current = sections[key] = []
            continue
        if current is not None:
            current.append(line)
            continue
        found_title = None if in_fence else _TITLE.match(line)
        if title is None and found_title:
            title = found_title.group(1)
        elif title is None and line.strip():
            problems.append((f"line {number}", "the file must start with a '# Title' line"))
            title = ""
        else:
            summary.append(line)
    if title is None or not title.strip():
        if title is None:
            problems.append(("title", "the file must start with a '# Title' line"))
        elif not problems:
            problems.append(("title", "the '# Title' line is empty"))
    text = {k: "\n".join(v).strip() for k, v in sections.items()}
    for key, body in text.items():
        if not body:
            problems.append((key, "section is empty"))
    return ParsedMarkdown((title or "").strip() or None, "\n".join(summary).strip(), text, problems)
