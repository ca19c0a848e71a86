"""A bank question's key, re-derived by the rules core, through its kind (webapp.content.kinds):
`key_problems(q)` is [] when the core agrees with every stored fact, else one sentence per
disagreement. `assign_target(q)` is the amount an assign question's goal asks for, from the core.
`bank_kind(q)` is the question as its kind. Nothing here decides a rule.
"""

from __future__ import annotations

from .kinds import kind_of


def bank_kind(q):
    """A BankQuestion (the bank's or a judge's own) as its kind."""
    board = q.board
    if board is not None and q.assignment is not None:
        board = {**board, "assignment": q.assignment}  # the split judged or shown
    return kind_of({
        "type": q.type, "board": board, "answer": q.key(), "rules": list(q.rules),
        "verify": q.verify.model_dump() if q.verify is not None else None,
        "goal": q.goal.model_dump() if q.goal is not None else None, "example": q.example,
        "options": [{"id": o.id, "amount": o.amount, "assignment": o.assignment, "rule": o.rule}
                    for o in q.options]})


def key_problems(q) -> list[str]:
    return bank_kind(q).key_problems()


def assign_target(q) -> int | None:
    """What an assign goal asks its creature to send to its recipient (None for a `legal` goal,
    or when no legal split can meet it)."""
    return bank_kind(q).target()
