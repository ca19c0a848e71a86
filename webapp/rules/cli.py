"""`trample check|analyze|resolve FILE|-`: the rules core on the command line.

Exit codes: 0 legal (check), done (analyze) or resolved (resolve), 1 illegal (check, or the
assignment resolve was given), 2 bad input (one line on stderr).
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import TextIO

from .analyze import analyze
from .check import check
from .model import ABILITIES, LIMITS, MAX_NUMBER, BoardError
from .resolve import resolve_request

BOARD_HELP = """\
A board is JSON describing one combat damage step at the moment damage is assigned:

  {"attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                  "abilities": ["trample"], "attacking": "player", "blocked_by": ["b1", "b2"]}],
   "blockers":  [{"id": "b1", "name": "Grizzly Bears", "power": 2, "toughness": 2, "damage": 0}],
   "planeswalkers": [{"id": "pw1", "name": "Jace", "loyalty": 3, "removed_from_combat": false}],
   "battles": [{"id": "bt1", "name": "Invasion of Zendikar", "defense": 3}],
   "assignment": {"a1": {"b1": 2, "b2": 2, "player": 4}}}

ids are unique; "attacking" is "player" or a planeswalker/battle id; "blocked": true with an empty
"blocked_by" means every blocker left combat. "assignment" maps each creature to
{recipient: amount}; recipients are blocker ids, attacker ids (for blockers), the attacked
planeswalker/battle and "player". check needs "assignment"; analyze ignores it.

resolve deals "assignment" and says what happens: damage dealt or prevented, -1/-1 counters,
life, poison, loyalty and defense lost, who dies and why. Optional: "player": {"life": 20,
"poison": 0}. With first or double strike it resolves both damage steps; a top-level "second"
(same shape as "assignment") is the second step's split, else a default one is used.

%s
""" % textwrap.fill(f"Abilities: {', '.join(ABILITIES)}. Limits: "
                   + ", ".join(f"{n} {kind}" for kind, n in LIMITS.items())
                   + f"; numbers up to {MAX_NUMBER}.", 100)

USAGE = ("usage: trample {check,analyze,resolve} FILE|-   (trample --help explains the board "
         "format)")
COMMANDS = ("check", "analyze", "resolve")


def read_board(source: str, stdin: TextIO) -> dict:
    try:
        # read_text closes the file (a bare open().read() left it to the garbage collector)
        text = stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as err:
        raise BoardError("", f"cannot read {source}: {err.strerror or err}") from None
    except UnicodeDecodeError:  # raised while reading, not by json.loads of a str
        raise BoardError("", f"{source} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise BoardError("", f"{source} is not valid JSON: {err.msg} at line {err.lineno} "
                         f"column {err.colno}") from None


def main(argv: list[str], stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr,
         stdin: TextIO = sys.stdin) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE + "\n\n" + BOARD_HELP, file=stdout)
        return 0 if argv else 2
    if argv[0] not in COMMANDS or len(argv) != 2:
        print(USAGE, file=stderr)
        return 2
    command, source = argv
    try:
        data = read_board(source, stdin)
        result = run(command, data)
    except BoardError as err:
        print(f"trample: {err}", file=stderr)
        return 2
    except RecursionError:
        print("trample: the board is nested too deeply to be a board", file=stderr)
        return 2
    json.dump(result, stdout, indent=2, ensure_ascii=False)
    stdout.write("\n")
    return 0 if command == "analyze" or result["legal"] else 1


def run(command: str, data) -> dict:
    if command == "check":
        return check(data)
    if command == "analyze":
        return analyze(data)
    return resolve_request(data)
