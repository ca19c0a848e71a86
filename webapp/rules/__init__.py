"""The rules core: pure Python (standard library only) that decides what the rules say.

    parse_board(data) -> Board           validate the DESIGN.md JSON shape (raises BoardError)
    check(board_or_data, assignment)     {"legal": bool, "problems": [...]}
    analyze(board_or_data)               lethal needs, legal min/max per recipient, count, best
    blocker_status(board_or_data, asg)   per blocker: damage assigned by everyone, lethal or not
    lethal_damage(blocker, deathtouch)   702.19b / 702.2c
    fit(board_or_data, split)            a split kept to what the board's sliders can say

See docs/rules-api.md for the shapes and the stable problem codes.
"""

from .analyze import analyze
from .check import blocker_status, check
from .fit import fit
from .model import (ABILITIES, COLORS, ID_PATTERN, LIMITS, MAX_NAME, MAX_NUMBER, PLAYER, Attacker,
                    Battle, Blocker, Board, BoardError, Planeswalker, parse_assignment, parse_board)
from .recipients import lethal_damage

__all__ = ["ABILITIES", "blocker_status", "COLORS", "ID_PATTERN", "LIMITS", "MAX_NAME", "MAX_NUMBER",
           "PLAYER", "Attacker", "Battle", "Blocker", "Board", "BoardError",
           "Planeswalker", "analyze", "check", "fit", "lethal_damage", "parse_assignment", "parse_board"]
