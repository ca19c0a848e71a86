"""`trample lessons check [DIR]`: validate lesson files the way the app and the tests do.

Exit 0 when every file is valid; 1 with every problem printed one per line as
`path: field: message` (French and Japanese text is also checked against the terms in
lessons/terminology.toml); 2 for a usage error. Never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

USAGE = "usage: trample lessons check [DIR]"


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["lessons"]:
        args = args[1:]
    if args[:1] != ["check"] or len(args) > 2 or any(a.startswith("-") for a in args[1:]):
        print(USAGE, file=sys.stderr)
        return 2
    from .loader import DEFAULT_LESSONS_DIR

    folder = args[1] if len(args) == 2 else str(DEFAULT_LESSONS_DIR)
    try:
        from .bank import BANK_FOLDER, collect_bank
        from .loader import collect
        from .terminology import check_terms

        curriculum, problems = collect(folder)
        bank, bank_problems = collect_bank(Path(folder) / BANK_FOLDER)
        if Path(folder).is_dir():
            problems = [*problems, *bank_problems]
        problems += check_terms(folder)  # French and Japanese words: lessons/terminology.toml
    except Exception as err:  # a bug or a missing rules core must still read as one line
        print(f"{folder}: -: could not check the lessons: {type(err).__name__}: {err}")
        return 1
    if problems:
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s) in {folder}", file=sys.stderr)
        return 1
    steps = sum(len(lesson.steps) for lesson in curriculum)
    print(f"ok: {len(curriculum)} lessons, {steps} steps, {len(bank.questions)} quiz questions "
          f"in {folder}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
