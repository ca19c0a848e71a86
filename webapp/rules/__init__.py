"""The rules core: pure Python (standard library only) that decides what the rules say.

    parse_board(data) -> Board           validate the DESIGN.md JSON shape (raises BoardError)
    check(board_or_data, assignment)     {"legal": bool, "problems": [...]}
    analyze(board_or_data)               lethal needs, legal min/max per recipient, count, best
    blocker_status(board_or_data, asg)   per blocker: damage assigned by everyone, lethal or not
    lethal_damage(blocker, deathtouch, by_power)   702.19b / 702.2c (by power: Zilortha)
    fit(board_or_data, split, fixed)     a split kept to what the sliders can say, locks first
    resolve(board_or_data, asg, second)  damage dealt, state-based actions, both strike steps

See docs/rules-api.md for the shapes and the stable problem codes.
"""

from .analyze import analyze
from .check import blocker_status, check
from .fit import fit
from .model import (ABILITIES, COLORS, DAMAGE_STEPS, ID_PATTERN, LIMITS, MAX_NAME, MAX_NUMBER,
                    MAX_POISON, PLAYER, SIDES, START_LIFE, Attacker, Battle, Blocker, Board,
                    BoardError, Planeswalker, board_data, parse_assignment, parse_board)
from .recipients import lethal_damage
from .resolve import resolve

__all__ = ["ABILITIES", "blocker_status", "COLORS", "DAMAGE_STEPS", "ID_PATTERN", "LIMITS", "MAX_NAME",
           "MAX_NUMBER", "MAX_POISON", "PLAYER", "SIDES", "START_LIFE", "Attacker", "Battle",
           "Blocker", "Board", "BoardError", "Planeswalker", "analyze", "board_data", "check", "fit", "lethal_damage",
           "parse_assignment", "parse_board", "resolve"]
