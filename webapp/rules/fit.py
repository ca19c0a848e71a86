"""fit(): a split kept to what a board's sliders can say, as the sliders themselves behave.

A slider panel has one slider per recipient the rules could ever let an attacker damage, and never
lets an attacker assign more than its damage: moving one slider up stops at what is left. A split
that reaches the server another way (a form posted by hand, an old link, a stored answer) is fitted
the same way before it is shown or graded, so what is graded is what the sliders show:

- every attacker that assigns damage gets a row for each of its recipients, in display order
  (the order `analyze` lists them), missing ones at 0;
- an amount is kept between 0 and what the attacker has left; earlier recipients win;
- a locked slider (`fixed`, a lesson's given damage) is counted first, as the panel counts its
  damage spent before any free slider moves: free sliders fit in what is left after it;
- attackers, recipients and blockers the sliders don't have are dropped.

Fitting never decides legality (a fitted split can still break 702.19b): check() does that.
"""

from __future__ import annotations

from collections.abc import Mapping

from .check import as_board
from .model import Board, BoardError
from .recipients import plan_for


def fit(data: Board | dict, split: Mapping | None,
        fixed: Mapping | None = None) -> dict[str, dict[str, int]]:
    """`split` ({attacker: {recipient: amount}}) fitted to the sliders of the board `data`;
    `fixed` ({attacker: {recipient: amount}}) the locked sliders, whose values are the split's
    there (already read so) and are fitted before the free ones.

    Raises BoardError for a board that can't be parsed, a split that isn't a mapping of mappings,
    or an amount that isn't a whole number (bools included): a clamp never guesses a number."""
    board = as_board(data)
    split = {} if split is None else split
    if not isinstance(split, Mapping):
        raise BoardError("assignment", "must be an object of attacker: {recipient: amount}")
    fitted: dict[str, dict[str, int]] = {}
    for attacker in board.attackers:
        wanted = split.get(attacker.id) or {}
        if not isinstance(wanted, Mapping):
            raise BoardError(f"assignment.{attacker.id}", "must be an object of recipient: amount")
        plan = plan_for(board, attacker)
        locked = (fixed or {}).get(attacker.id) or {}
        order = [r for r in plan.recipients if r in locked] + \
            [r for r in plan.recipients if r not in locked]
        left, row = max(plan.assigns, 0), {}
        for recipient in order:
            raw = wanted.get(recipient, 0)
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise BoardError(f"assignment.{attacker.id}.{recipient}",
                                 f"must be a whole number, not {type(raw).__name__}")
            row[recipient] = min(max(raw, 0), left)
            left -= row[recipient]
        fitted[attacker.id] = {r: row[r] for r in plan.recipients}  # in the sliders' order
    return fitted
