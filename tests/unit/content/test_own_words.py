"""Lesson prose is written in our own words: no 8-word run of English text copied from the seeds."""

from __future__ import annotations

import re

import pytest

from webapp.content import DEFAULT_LESSONS_DIR

from .conftest import SEEDS

RUN = 8


def words(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'")
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text)


def runs(tokens: list[str]) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + RUN]) for i in range(len(tokens) - RUN + 1)}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed pages (../shared/seeds) are not here")
def test_no_english_lesson_text_repeats_eight_words_of_the_seeds():
    seeded = set()
    for page in sorted(SEEDS.iterdir()):
        seeded |= runs(words(page.read_text(encoding="utf-8", errors="replace")))
    copied = []
    for md in sorted(DEFAULT_LESSONS_DIR.glob("*/en.md")):
        for run in runs(words(md.read_text(encoding="utf-8"))) & seeded:
            copied.append(f"{md.parent.name}: {' '.join(run)}")
    assert not copied, "\n".join(copied)
