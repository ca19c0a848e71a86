"""Endless practice's boards: fresh boards for the ideas a lesson teaches, from the quiz
generator's engine (webapp.content.generate: its board helpers, scenarios and question makers).

    lesson_ideas(boards)                   -> ("deathtouch", "marked", ...)   read from its boards
    practice_question(ideas, kind, seed)   -> a question dict, as generate.question_at makes them

A lesson's ideas are read from its boards (so a new lesson needs no entry here); each idea has a
board maker with varied numbers and names, and the question is made by the generator's MAKERS, so
every key still comes from the rules core. Pure: no Flask, no database.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .generate import (MAKERS, GenerateError, at_a_battle, at_a_planeswalker, blockers_gone,
                       infected, make_blockers, make_trampler, number_question,
                       second_strike_step, shared_blocker)

PRACTICE_KINDS = ("number", "legal", "assign")


def lesson_ideas(boards) -> tuple[str, ...]:
    """The ideas a lesson's boards exercise, in a stable order ("trample" when none stands out)."""
    found: set[str] = set()
    for board in boards:
        attackers, blockers = board.get("attackers", []), board.get("blockers", [])
        shared = [b for b in blockers
                  if sum(b["id"] in a.get("blocked_by", []) for a in attackers) > 1]
        abilities = {w for a in attackers for w in a.get("abilities", [])}
        guard = {w for b in blockers for w in b.get("abilities", [])}
        checks = {
            "deathtouch": "deathtouch" in abilities,
            "marked": any(b.get("damage") for b in blockers),
            "protection": any(w.startswith("protection_from_") or w == "indestructible"
                              for w in guard),
            "shared": bool(shared),
            "gone": any(a.get("blocked") and not a.get("blocked_by") for a in attackers),
            "strike": bool({"first_strike", "double_strike"} & abilities),
            "planeswalker": bool(board.get("planeswalkers")),
            "battle": bool(board.get("battles")),
            "no_trample": any(a.get("blocked_by") and not {"trample", "trample_over_planeswalkers"}
                              & set(a.get("abilities", [])) for a in attackers),
            "infect": bool({"infect", "wither"} & abilities),
        }
        found |= {idea for idea, present in checks.items() if present}
    return tuple(idea for idea in IDEA_BOARDS if idea in found) or ("trample",)


def _plain_trampler(rng):
    blockers = make_blockers(rng, rng.randint(1, 3))
    return {"attackers": [make_trampler(rng, blockers)], "blockers": blockers}


def _no_trample(rng):
    blockers = make_blockers(rng, rng.randint(1, 2))
    return {"attackers": [make_trampler(rng, blockers, abilities=())], "blockers": blockers}


def _with_deathtouch(rng):
    blockers = make_blockers(rng, rng.randint(2, 3), marked=rng.random() < 0.3)
    return {"attackers": [make_trampler(rng, blockers, abilities=("trample", "deathtouch"))],
            "blockers": blockers}


def _with_marks(rng):
    """Marked damage on at least one blocker (one with toughness 2 or more: cards as printed)."""
    while True:
        blockers = make_blockers(rng, rng.randint(1, 3))
        tough = [b for b in blockers if b["toughness"] >= 2]
        if tough:
            break
    worn = rng.choice(tough)
    worn["damage"] = rng.randint(1, worn["toughness"] - 1)
    return {"attackers": [make_trampler(rng, blockers)], "blockers": blockers}


def _with_protection(rng):
    """A blocker with protection from green or indestructible: printed, a counter, or an effect
    said in its name."""
    blockers = make_blockers(rng, rng.randint(1, 3),
                             abilities=("protection_from_green", "indestructible"))
    if not any({"protection_from_green", "indestructible"} & set(b["abilities"])
               for b in blockers):
        blockers[0] = make_blockers(rng, 1, abilities=("protection_from_green",),
                                    always=True)[0]
    return {"attackers": [make_trampler(rng, blockers)], "blockers": blockers}


def _with_infect(rng):
    blockers = make_blockers(rng, rng.randint(1, 3))
    return {"attackers": [infected(rng, blockers)], "blockers": blockers}


IDEA_BOARDS: dict[str, Callable] = {
    "trample": _plain_trampler, "no_trample": _no_trample, "deathtouch": _with_deathtouch,
    "marked": _with_marks, "protection": _with_protection, "shared": shared_blocker,
    "gone": blockers_gone, "strike": second_strike_step, "planeswalker": at_a_planeswalker,
    "battle": at_a_battle, "infect": _with_infect,
}


def practice_question(ideas, kind: str, seed: int) -> dict:
    """A fresh question of `kind` on a board for one of `ideas`, the same for the same seed."""
    if kind not in PRACTICE_KINDS:
        raise GenerateError("kind", f"must be one of {', '.join(PRACTICE_KINDS)}")
    known = [i for i in ideas if i in IDEA_BOARDS] or ["trample"]
    rng = random.Random(f"trample-practice/{'+'.join(known)}/{kind}/{seed}")
    for _ in range(50):  # some boards can't carry some kinds (nothing to drag): draw again
        idea = rng.choice(known)
        question = MAKERS[kind](IDEA_BOARDS[idea](rng), rng)
        if question is not None:
            return {**question, "idea": idea, "id": f"practice-{kind}-{seed}"}
    idea = known[0]
    return {**number_question(IDEA_BOARDS[idea](rng), rng), "idea": idea,
            "id": f"practice-number-{seed}"}
