"""Endless practice's boards: fresh boards for the ideas a lesson teaches, from the quiz
generator's engine (webapp.content.generate: its board helpers and question makers).

    lesson_ideas(boards)                   -> ("deathtouch", "marked", ...)   read from its boards
    ideas_for(lesson)                      -> the lesson's `practice` ideas (catalogue.toml), else
                                              those read from its boards
    practice_question(ideas, kind, seed)   -> a question dict, as generate.question_at makes them
    needs_idea(question)                   -> whether answering as if the idea weren't on the board
                                              gives another answer
    seed_with_idea(ideas, kind, idea, seeds) -> the first seed whose board exercises `idea`

Each idea (IDEAS, in webapp.content.practice_ideas) is a board maker with varied numbers and names and a *misreading*: the board
as a learner who forgot the idea reads it (deathtouch dropped, marked damage wiped, the doubler's
bonus counted in lethal damage, the planeswalker gone...). A board is kept when the misreading
changes its answer (now and then one that doesn't, so the idea isn't a tell), so practice
exercises the idea. Every key still comes from the rules core: the question makers are the
generator's. Pure: no Flask, no database.
"""

import random

from ..rules import BoardError, analyze
from .generate import (GenerateError, assign_question, grade, legal_question, number_question)
from .misreadings import most, split_legal
from .practice_ideas import IDEAS, TRAMPLES, Drawn, Idea, asked

__all__ = ["IDEAS", "PRACTICE_KINDS", "Drawn", "Idea", "ideas_for", "lesson_ideas",
           "needs_idea", "practice_question", "seed_with_idea"]

PRACTICE_KINDS = ("number", "legal", "assign")
LEAK = 0.15  # the share of boards kept although the idea doesn't change their answer


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
            "no_trample": any(a.get("blocked_by") and not set(TRAMPLES)
                              & set(a.get("abilities", [])) for a in attackers),
            "infect": bool({"infect", "wither"} & abilities),
        }
        found |= {idea for idea, present in checks.items() if present}
    return tuple(idea for idea in IDEAS if idea in found) or ("trample",)


def ideas_for(lesson) -> tuple[str, ...]:
    """What a lesson's practice exercises: its `practice` list in catalogue.toml, else the ideas
    read from its boards."""
    return tuple(lesson.practice) or lesson_ideas(
        [lesson.board(name) for name in lesson.board_names])


# --- questions ------------------------------------------------------------------------------------


def _most(board: dict, creature: str, recipient: str) -> int | None:
    """misreadings.most, None for a board the core refuses (a misread board may be one)."""
    try:
        return most(board, creature, recipient)
    except BoardError:
        return None


def needs_idea(q: dict) -> bool:
    """Whether the question's answer changes when its board is read without its idea: the most
    (number), the verdict (legal), or whether the misreader's best split is right (assign)."""
    board = {k: v for k, v in q["board"].items() if k != "assignment"}
    misread = IDEAS[q["idea"]].misread(board, q)
    if q["type"] == "legal":
        return split_legal(board, q["board"]["assignment"]) != \
            split_legal(misread, q["board"]["assignment"])
    creature, recipient = asked(q)
    if q["type"] == "number":
        return _most(board, creature, recipient) != _most(misread, creature, recipient)
    try:
        theirs = _fitted(board, analyze(misread)["best"])
    except BoardError:
        return True
    return theirs is None or not grade(q, theirs)


def _fitted(board: dict, split: dict, fallback: dict | None = None) -> dict | None:
    """A misreader's split on the real board: its amounts to what the board has, or None
    when that loses damage (it names what isn't there); with `fallback`, such an attacker's row
    is taken from it instead."""
    info = analyze(board)["creatures"]
    there = {"player", *(t["id"] for group in ("blockers", "planeswalkers", "battles")
                         for t in board.get(group, []))}
    out = {}
    for a in board["attackers"]:
        row = split.get(a["id"], {})
        kept = {r: n for r, n in row.items() if r in there}
        if sum(kept.values()) != info[a["id"]]["assigns"]:
            if fallback is None:
                return None
            kept = fallback.get(a["id"], {})
        out[a["id"]] = kept
    return out


def _legal_split(drawn: Drawn, idea: Idea, rng) -> dict | None:
    """The split a legal-or-not question shows: the core's best split, the split a learner who
    misread the idea would make (often illegal), or (None) the generator's random one."""
    best = analyze(drawn.board)["best"]
    draw = rng.random()
    if draw < 0.3:
        return best
    if draw > 0.75:
        return None
    try:
        theirs = _fitted(drawn.board, analyze(idea.misread(drawn.board, {
            "effect": drawn.effect, "goal": {"creature": drawn.creature}}))["best"], best)
    except BoardError:
        theirs = None
    return theirs or best


def _ask(kind: str, drawn: Drawn, idea: Idea, rng) -> dict | None:
    board = drawn.board
    attacker = next((a for a in board["attackers"] if a["id"] == drawn.creature), None)
    if kind not in idea.kinds:  # a question its boards can't ask: another board is drawn
        return None
    if idea.ask is not None:
        return idea.ask(board, rng, attacker=attacker, recipient=drawn.recipient)
    if kind == "legal":
        return legal_question(board, rng, _legal_split(drawn, idea, rng))
    maker = number_question if kind == "number" else assign_question
    return maker(board, rng, attacker=attacker, recipient=drawn.recipient if attacker else None)


def practice_question(ideas, kind: str, seed: int) -> dict:
    """A fresh question of `kind` on a board for one of `ideas`, the same for the same seed."""
    if kind not in PRACTICE_KINDS:
        raise GenerateError("kind", f"must be one of {', '.join(PRACTICE_KINDS)}")
    known = [i for i in ideas if i in IDEAS] or ["trample"]
    rng = random.Random(f"trample-practice/{'+'.join(known)}/{kind}/{seed}")
    spare = None
    for _attempt in range(40):  # some boards can't carry some kinds (nothing to drag): draw again
        name = rng.choice(known)
        idea = IDEAS[name]
        drawn = idea.make(rng)
        question = _ask(kind, drawn, idea, rng)
        if question is None:
            continue
        question = {**question, "idea": name, "id": f"practice-{kind}-{seed}"}
        if drawn.effect:
            question["effect"] = drawn.effect
        if not idea.play_out:
            question["play_out"] = False
        if needs_idea(question) or rng.random() < LEAK:
            return question
        spare = spare or question
    if spare is not None:
        return spare
    name = next((i for i in known if kind in IDEAS[i].kinds), "trample")  # banding: no number
    drawn = IDEAS[name].make(rng)
    return {**number_question(drawn.board, rng), "idea": name, "id": f"practice-number-{seed}"}


def seed_with_idea(ideas, kind: str, idea: str, seeds) -> int | None:
    """The first of `seeds` whose board exercises `idea` (practice leaning toward an idea the
    learner just missed; the board is still rebuilt from the lesson, kind and seed alone)."""
    for seed in seeds:
        if practice_question(ideas, kind, seed)["idea"] == idea:
            return seed
    return None
