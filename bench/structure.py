"""Print the code-shape figures issue 20 asks for, so before/after use one method.

    .venv/bin/python bench/structure.py

- lines of Python in webapp/views/ and webapp/content/ (every line, blank and comment included);
- question-type branches: an `if`/`elif`/`case`/ternary or Jinja `{% if %}` line that compares a
  question or step type with a type name ("number", "assign", "practice", …), or an
  `isinstance` test against a step class;
- `is_quiz` uses (a class that branches on its kind).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPES = ("number", "legal", "rule", "one", "many", "assign", "practice", "predict", "choice",
         "worked", "explain", "amount", "split", "choose", "verdict")
QUOTED = re.compile(r"""["'](%s)["']""" % "|".join(TYPES))
BRANCH_PY = re.compile(r"^\s*(if|elif|case|while)\b|\bif\b.*\belse\b")
TYPE_WORD = re.compile(r"\b(type|kind)\b")
STEP_CLASS = re.compile(r"isinstance\([^)]*\b(Practice|Predict|Choice|Legal|Worked|Explain)\b")
BRANCH_JINJA = re.compile(r"\{%-?\s*(if|elif)\b[^%]*\b(type|kind)\b[^%]*%\}")


def lines(folder: str) -> int:
    return sum(len(p.read_text().splitlines()) for p in (ROOT / folder).rglob("*.py"))


def py_branches() -> int:
    count = 0
    for path in (ROOT / "webapp").rglob("*.py"):
        for line in path.read_text().splitlines():
            if STEP_CLASS.search(line):
                count += 1
            elif BRANCH_PY.search(line) and TYPE_WORD.search(line) and QUOTED.search(line):
                count += 1
    return count


def template_branches() -> int:
    count = 0
    for path in (ROOT / "templates").rglob("*.html"):
        for match in BRANCH_JINJA.finditer(path.read_text()):
            if QUOTED.search(match.group(0)):
                count += 1
    return count


def is_quiz_uses() -> int:
    return sum(p.read_text().count("is_quiz(") for p in (ROOT / "webapp").rglob("*.py"))


def main() -> None:
    print(f"lines webapp/views:   {lines('webapp/views'):>6}")
    print(f"lines webapp/content: {lines('webapp/content'):>6}")
    print(f"question-type branches, Python:    {py_branches():>4}")
    print(f"question-type branches, templates: {template_branches():>4}")
    print(f"is_quiz( uses: {is_quiz_uses():>4}")


if __name__ == "__main__":
    main()
