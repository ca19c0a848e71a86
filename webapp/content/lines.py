"""Where a problem in a TOML content file is: line numbers for the person fixing it.

tomllib gives no positions, so these find the line by reading the source: the index-th
`[[questions]]` header, a `[table]` header, or the line naming a field inside a question.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import ValidationError

from .model import Problem

_AT_LINE = re.compile(r"at line (\d+)")


def toml_error_line(err: Exception) -> str:
    found = _AT_LINE.search(str(err))
    return f"line {found.group(1)}" if found else "-"


def question_line(source: str, index: int) -> int:
    """The line of the index-th `[[questions]]` header (1 if there is none)."""
    count = -1
    for number, line in enumerate(source.splitlines(), start=1):
        if line.strip() == "[[questions]]":
            count += 1
            if count == index:
                return number
    return 1


def table_line(source: str, name: str) -> int:
    for number, line in enumerate(source.splitlines(), start=1):
        if line.strip() in (f"[{name}]", f'["{name}"]') or line.strip().startswith(f"[{name}."):
            return number
    return 1


def _key_line(source: str, start: int, keys: list[str]) -> int:
    """From line `start`, the first line (before the next [[questions]]) naming the deepest key
    of `keys` that appears; `start` if none does."""
    lines = source.splitlines()
    end = next((i for i in range(start, len(lines)) if lines[i].strip() == "[[questions]]"),
               len(lines))
    for key in reversed(keys):
        pattern = re.compile(rf"(^|[\s{{,.\[]){re.escape(key)}\s*=|^\s*\[[^\]]*\b{re.escape(key)}\]")
        for i in range(start - 1, end):
            if pattern.search(lines[i]):
                return i + 1
    return start


def located(file: Path, source: str, err: ValidationError, prefix: tuple) -> list[Problem]:
    """Schema errors as `path: line N: field: message`, the field written as the author would."""
    out = []
    for e in err.errors():
        loc = (*prefix, *e["loc"])
        start = question_line(source, prefix[1]) if prefix[0] == "questions" else \
            table_line(source, str(prefix[0]))
        names = [p for p in _dotted(loc).replace("[", ".").replace("]", "").split(".")
                 if p and not p.isdigit()]
        line = _key_line(source, start, names[1:]) if len(names) > 1 else start
        message = {"extra_forbidden": "unknown field", "missing": "is required"}.get(
            e["type"], e["msg"].removeprefix("Value error, "))
        out.append(Problem(str(file), f"line {line}", f"{_dotted(loc)}: {message}"))
    return out


_TAGS = {"max", "lethal", "only-legal", "only-illegal"}  # pydantic's union tags under `verify`


def _dotted(loc: tuple) -> str:
    out, previous = "", None
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not (previous == "verify" and part in _TAGS):
            out += f".{part}" if out else str(part)
        previous = part
    return out or "-"
