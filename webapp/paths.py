"""Where the folders beside the package live.

In a checkout (and an editable install) `templates/`, `static/`, `lessons/` and `migrations/` sit
at the repository root. A built wheel carries copies of them inside the package, under `_data/`
(see pyproject.toml), so a non-editable install finds them there.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_BUNDLED = _PACKAGE / "_data"
ROOT = _BUNDLED if (_BUNDLED / "templates").is_dir() else _PACKAGE.parent

TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
LESSONS = ROOT / "lessons"
MIGRATIONS = ROOT / "migrations"
