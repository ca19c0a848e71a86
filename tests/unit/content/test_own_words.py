"""Lesson prose is written in our own words: no run of 8 words copied from the seed pages.

English is required by the brief; translations are checked the same way (the seeds include French
and Japanese pages). Japanese has no spaces, so for it the check looks for 20-character runs.
"""

from __future__ import annotations

import re
import tomllib

import pytest

from webapp.content import DEFAULT_LESSONS_DIR

from .conftest import SEEDS

RUN = 8


def words(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'")
    return re.findall(r"\w+(?:'\w+)?", text)


def runs(tokens: list[str]) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + RUN]) for i in range(len(tokens) - RUN + 1)}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed pages (../shared/seeds) are not here")
def test_no_english_lesson_text_repeats_eight_words_of_the_seeds():
    seeded = set()
    for page in sorted(SEEDS.iterdir()):
        seeded |= runs(words(page.read_text(encoding="utf-8", errors="replace")))
    copied = []
    for md in sorted(DEFAULT_LESSONS_DIR.glob("*/[ef][nr].md")):
        for run in runs(words(md.read_text(encoding="utf-8"))) & seeded:
            copied.append(f"{md.parent.name}: {' '.join(run)}")
    assert not copied, "\n".join(copied)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed pages (../shared/seeds) are not here")
def test_no_quiz_bank_text_repeats_eight_words_of_the_seeds():
    seeded = set()
    for page in sorted(SEEDS.iterdir()):
        seeded |= runs(words(page.read_text(encoding="utf-8", errors="replace")))
    copied = []
    for path in sorted((DEFAULT_LESSONS_DIR / "quizzes").glob("tier-*.[ef][nr].toml")):
        for qid, text in tomllib.loads(path.read_text(encoding="utf-8")).items():
            for string in _strings(text):
                for run in runs(words(string)) & seeded:
                    copied.append(f"{path.name} [{qid}]: {' '.join(run)}")
    assert not copied, "\n".join(copied)


def _strings(value) -> list[str]:
    """Every string in a TOML value, each kept apart so no run spans two of them."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed pages (../shared/seeds) are not here")
def test_no_japanese_text_repeats_twenty_characters_of_the_seeds():
    seed = "".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(SEEDS.iterdir()))
    files = [*sorted(DEFAULT_LESSONS_DIR.glob("*/ja.md")),
             *sorted(DEFAULT_LESSONS_DIR.glob("quizzes/tier-*.ja.toml")),
             DEFAULT_LESSONS_DIR / "glossary.toml", DEFAULT_LESSONS_DIR / "rules.toml"]
    for md in files:
        text = re.sub(r"\s+", "", md.read_text(encoding="utf-8"))
        for i in range(len(text) - 19):
            chunk = text[i:i + 20]
            assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", chunk) or chunk not in seed, (
                f"{md.relative_to(DEFAULT_LESSONS_DIR)}: {chunk}")
