"""The rules core stays pure (standard library only) and its one cache stays bounded in bytes."""

from __future__ import annotations

import ast
import sys
import tracemalloc
from pathlib import Path

from webapp.rules import analyze
from webapp.rules import analyze as analyze_module  # noqa: F401  (the function shadows the module)
from webapp.rules.model import LIMITS, MAX_NAME

RULES = Path(__file__).resolve().parents[3] / "webapp" / "rules"
ANALYZE_CACHE_BYTES = 16 * 1024 * 1024  # the bound stated in webapp/rules/analyze.py


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_the_rules_core_imports_only_the_standard_library():
    files = sorted(RULES.glob("*.py"))
    assert files
    for path in files:
        outside = {m for m in imported_modules(path) if m not in sys.stdlib_module_names
                   and m != "__future__"}
        assert outside == set(), f"{path.name} imports {sorted(outside)}"


def largest_board(n: int) -> dict:
    """As big as the limits allow (every name at its longest), all attackers on one shared
    blocker so the whole board is one cache entry of its own; `n` makes each board distinct."""
    name = lambda kind, i: f"{kind} {n} {i} ".ljust(MAX_NAME, "x")  # noqa: E731
    blockers = [{"id": f"b{i}", "name": name("blocker", i), "power": 2, "toughness": 3,
                 "damage": 1, "abilities": ["can_block_additional", "indestructible"]}
                for i in range(LIMITS["blockers"])]
    attackers = [{"id": f"a{i}", "name": name("attacker", i), "power": 7, "toughness": 7,
                  "abilities": ["trample", "deathtouch"], "blocked_by": ["b0"]}
                 for i in range(LIMITS["attackers"])]
    return {"attackers": attackers, "blockers": blockers,
            "planeswalkers": [{"id": f"pw{i}", "name": name("walker", i), "loyalty": 5}
                              for i in range(LIMITS["planeswalkers"])],
            "battles": [{"id": f"bt{i}", "name": name("battle", i), "defense": 5}
                        for i in range(LIMITS["battles"])]}


def test_analyzes_cache_of_the_largest_boards_stays_under_its_byte_bound():
    solve = __import__("webapp.rules.analyze", fromlist=["_solve"])._solve
    solve.cache_clear()
    boards = [largest_board(n) for n in range(solve.cache_info().maxsize + 8)]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for board in boards:
        analyze(board)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert solve.cache_info().currsize == solve.cache_info().maxsize  # really full
    assert held < ANALYZE_CACHE_BYTES, f"{held / 2**20:.1f} MB"
    solve.cache_clear()


WALLS = {"attackers": [{"id": "a1", "name": "Huge", "power": 999, "toughness": 999,
                        "abilities": ["trample"], "blocked_by": ["b0", "b1", "b2"]}],
         "blockers": [{"id": f"b{i}", "name": "Wall", "power": 0, "toughness": 999}
                      for i in range(3)]}


def test_a_board_too_complex_is_refused_once_and_then_without_walking_again(monkeypatch):
    import pytest

    from webapp.rules import BoardError
    analyze_module = __import__("webapp.rules.analyze", fromlist=["_Solver"])
    walks = []
    real = analyze_module._Solver.solve
    monkeypatch.setattr(analyze_module._Solver, "solve",
                        lambda self, budget: walks.append(budget) or real(self, budget))
    board = {**WALLS, "attackers": [{**WALLS["attackers"][0], "name": "Huge once"}]}
    for _ in range(3):
        with pytest.raises(BoardError, match="too many ways"):
            analyze(board)
    assert len(walks) == 1


def test_the_work_limit_is_for_the_whole_board_not_each_independent_attacker():
    import pytest

    from webapp.rules import BoardError
    analyze_module = __import__("webapp.rules.analyze", fromlist=["MAX_EDGES"])
    one = {"id": "a0", "name": "Big", "power": 100, "toughness": 9, "abilities": ["trample"],
           "blocked_by": ["w0", "x0"]}
    walls = lambda i: [{"id": f"w{i}", "name": "W", "power": 0, "toughness": 50},  # noqa: E731
                       {"id": f"x{i}", "name": "X", "power": 0, "toughness": 50}]
    single = {"attackers": [one], "blockers": walls(0)}
    analyze(single)  # one such attacker is fine on its own
    from webapp.rules import parse_board
    walked = analyze_module._solve(parse_board(single), ("a0",),
                                   analyze_module.MAX_EDGES).walked
    many = analyze_module.MAX_EDGES // walked + 1
    assert many <= LIMITS["attackers"], "the test needs a heavier attacker"
    board = {"attackers": [{**one, "id": f"a{i}", "blocked_by": [f"w{i}", f"x{i}"]}
                           for i in range(many)],
             "blockers": [b for i in range(many) for b in walls(i)]}
    with pytest.raises(BoardError, match="too many ways"):
        analyze(board)


def test_refused_boards_kept_are_bounded():
    analyze_module = __import__("webapp.rules.analyze", fromlist=["_refused"])
    from webapp.rules import BoardError
    for n in range(analyze_module._REFUSED_KEPT + 5):
        board = {**WALLS, "attackers": [{**WALLS["attackers"][0], "name": f"Huge {n}"}]}
        try:
            analyze(board)
        except BoardError:
            pass
    assert len(analyze_module._refused) == analyze_module._REFUSED_KEPT
