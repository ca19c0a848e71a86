"""Time the rules core: check, analyze and resolve on a teaching board and on a large board.

    .venv/bin/python bench/rules.py

Prints figures; asserts nothing (the machine is shared and noisy).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# bench/http.py would shadow the standard library's `http`: swap this folder for the repository.
sys.path[0] = str(Path(__file__).resolve().parents[1])

from webapp.rules import BoardError, analyze, check, parse_board, resolve  # noqa: E402
from webapp.rules.analyze import _solve  # noqa: E402


def analyze_cold(board):
    """analyze with its per-board cache emptied first: the cost of a board never seen before."""
    _solve.cache_clear()
    return analyze(board)


def bears(*ids):
    return [{"id": i, "name": "Grizzly Bears", "power": 2, "toughness": 2} for i in ids]


FORCE_OF_NATURE = {
    "attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                   "abilities": ["trample"], "blocked_by": ["b1", "b2", "b3"]}],
    "blockers": bears("b1", "b2", "b3"),
    "assignment": {"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}},
}


def blocker(i, toughness, damage=0, *abilities):
    return {"id": f"b{i}", "name": f"Blocker {i}", "power": 2, "toughness": toughness,
            "damage": damage, "abilities": ["can_block_additional", *abilities]}


# 4 attackers, 6 blockers, power up to 20, with shared blockers, a planeswalker and deathtouch.
LARGE = {
    "attackers": [
        {"id": "a1", "name": "Craterhoof", "power": 20, "toughness": 20, "abilities": ["trample"],
         "blocked_by": ["b1", "b2", "b3"]},
        {"id": "a2", "name": "Ghalta", "power": 12, "toughness": 12, "abilities": ["trample"],
         "blocked_by": ["b3", "b4"]},
        {"id": "a3", "name": "Thrasta", "power": 9, "toughness": 9,
         "abilities": ["trample_over_planeswalkers"], "attacking": "pw", "blocked_by": ["b5"]},
        {"id": "a4", "name": "Assassin", "power": 6, "toughness": 2,
         "abilities": ["deathtouch", "trample"], "attacking": "pw", "blocked_by": ["b5", "b6"]},
    ],
    "blockers": [blocker(1, 4), blocker(2, 5, 1), blocker(3, 6), blocker(4, 3),
                 blocker(5, 5), blocker(6, 4, 0, "indestructible")],
    "planeswalkers": [{"id": "pw", "name": "Jace", "loyalty": 4}],
}
LARGE["assignment"] = {"a1": {"b1": 4, "b2": 4, "b3": 3, "player": 9},
                       "a2": {"b3": 3, "b4": 3, "player": 6},
                       "a3": {"b5": 4, "pw": 3, "player": 2}, "a4": {"b5": 1, "b6": 1, "pw": 4},
                       "b3": {"a1": 2}, "b5": {"a3": 1, "a4": 1}}  # blockers of two: their splits

# The large board with every attacker striking twice: resolve plays both steps, the second with
# the default split (an analyze of the derived board).
DOUBLE = {**LARGE, "attackers": [{**a, "abilities": [*a["abilities"], "double_strike"]}
                                 for a in LARGE["attackers"]]}


def resolve_cold(data):
    _solve.cache_clear()
    return resolve(data)


# Beyond the stated limit: the core must refuse it quickly rather than hang.
TOO_LARGE = {
    "attackers": [{"id": "a1", "name": "Huge", "power": 999, "toughness": 999,
                   "abilities": ["trample"], "blocked_by": ["b0", "b1", "b2"]}],
    "blockers": [{"id": f"b{i}", "name": "Wall", "power": 0, "toughness": 999} for i in range(3)],
}


def timed(fn, *args, repeat=7, number=None):
    if number is None:
        number, t = 1, 0.0
        while t < 0.2:
            start = time.perf_counter()
            for _ in range(number):
                fn(*args)
            t = time.perf_counter() - start
            number *= 2
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn(*args)
        runs.append((time.perf_counter() - start) / number)
    return statistics.median(runs), min(runs)


def main() -> None:
    for name, data in (("Force of Nature (1 attacker, 3 blockers)", FORCE_OF_NATURE),
                       ("large (4 attackers, 6 blockers, power up to 20)", LARGE)):
        board = parse_board(data)
        result = analyze(board)
        print(f"{name}: {result['legal_assignments']} legal assignments")
        for label, fn in (("parse", parse_board), ("check", check), ("analyze", analyze_cold),
                          ("analyze (same board again, cached)", analyze)):
            median, best = timed(fn, data if label == "parse" or label == "check" else board,
                                 repeat=5)
            print(f"  {label:36s} median {median * 1e3:8.3f} ms   best {best * 1e3:8.3f} ms")
        median, best = timed(resolve, data, repeat=5)
        print(f"  {'resolve':36s} median {median * 1e3:8.3f} ms   best {best * 1e3:8.3f} ms")
    for label, fn in (("resolve, both steps, default second", resolve_cold),
                      ("resolve, both steps, cached analysis", resolve)):
        median, best = timed(fn, DOUBLE, repeat=5)
        print(f"large, double strike: {label:36s} median {median * 1e3:8.3f} ms   "
              f"best {best * 1e3:8.3f} ms")
    start = time.perf_counter()
    try:
        analyze(TOO_LARGE)
        print("too-large board: analysed (unexpected)")
    except BoardError as err:
        print(f"too-large board refused in {(time.perf_counter() - start) * 1e3:.0f} ms: {err}")


if __name__ == "__main__":
    main()
