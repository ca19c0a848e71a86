"""The `trample` command: rules checks (`check`, `analyze`) and lesson validation (`lessons check`)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "lessons":
        from webapp.content.cli import main as lessons_main

        return lessons_main(args[1:])
    from webapp.rules.cli import main as rules_main

    return rules_main(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
