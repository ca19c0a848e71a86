"""Checks on the words themselves (`trample lessons check`), for mistakes a judge caught once.

The rules core re-derives every key (verify.py); these catch what it can't see in prose:

- a known wrong statement coming back (``MISSTATEMENTS``: each names the rule that refutes it);
- a rule number cited in a text that has no note in lessons/rules.toml (702.80b for wither);
- an English ability name left in Japanese text ("trample over planeswalkers");
- a French number placeholder that governs a plural (« 1 sont assignées »);
- Western punctuation in a Japanese sentence of the UI catalog;
- a step that keys banding's open question (may the defending player put a trampler's excess
  damage on themselves?) as if it were settled.

Each check reads one file (or one step) and answers None or every fault in it at once.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..rules.messages import ABILITY_LABELS
from .texts import LANGUAGES

CATALOGS = Path(__file__).parents[1] / "translations"


@dataclass(frozen=True)
class Misstatement:
    pattern: str  # a regular expression, matched case-insensitively on one line
    why: str      # what is wrong, with the rule that says so

    def search(self, line: str):
        return re.search(self.pattern, line, re.IGNORECASE)


# Statements a judge corrected (issue 21), in every language they were written in.
MISSTATEMENTS = (
    Misstatement(r"only the \w+ deals damage now|seul le \w+ inflige des blessures maintenant"
                 r"|今ダメージを与えるのは\w+だけ",
                 "in the regular damage step the blockers without first strike deal their damage "
                 "too (510.4, 702.7b)"),
    Misstatement(r"510\.4 (keeps|laisse)|そのダメージが残るのはルール510\.4",
                 "damage stays marked because of 120.6, not 510.4"),
)


def misstatements(text: str) -> list[str]:
    """'line N: why' for each known wrong statement in `text`."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        for m in MISSTATEMENTS:
            hit = m.search(line)
            if hit:
                out.append(f"line {number}: “{hit.group(0)}” is wrong: {m.why}")
    return out


def text_files(root: Path) -> list[Path]:
    """Every file of lesson prose, quiz text, rule notes and glossary, in every language."""
    files = [*sorted(root.glob("*/*.md")), *sorted(root.glob("quizzes/tier-*.*.toml"))]
    files = [f for f in files if f.stem.split(".")[-1] in LANGUAGES and f.name != "README.md"]
    return [*files, root / "rules.toml", root / "glossary.toml"]


def key_checks(curriculum) -> list:
    """One check per text file (and per catalog), named `wording:<file>`."""
    from .verify import KeyCheck  # verify imports this module

    root = Path(curriculum.root)
    out = []
    for file in text_files(root):
        if file.is_file():
            out.append(KeyCheck(f"wording:{file.relative_to(root)}", str(file), "text",
                                lambda file=file: _joined(misstatements(_read(file)))))
    return out


def _read(file: Path) -> str:
    return file.read_text(encoding="utf-8")


def _joined(faults: list[str]) -> str | None:
    return "; ".join(faults) or None
