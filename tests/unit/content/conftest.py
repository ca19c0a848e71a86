"""Fixtures for the content tests: the real lessons folder, and broken copies of it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from webapp.content import DEFAULT_LESSONS_DIR
from tests.conftest import shipped_catalogue

REPO = Path(__file__).resolve().parents[3]
SEEDS = REPO.parent / "shared" / "seeds"


@pytest.fixture(scope="session")
def curriculum():
    return shipped_catalogue().curriculum


@pytest.fixture
def lessons_copy(tmp_path) -> Path:
    """A writable copy of the real lessons folder, for tests that break files on purpose."""
    target = tmp_path / "lessons"
    shutil.copytree(DEFAULT_LESSONS_DIR, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace one exact snippet in a file (fails loudly if the snippet moved)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not found in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
