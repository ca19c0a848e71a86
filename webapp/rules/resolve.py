"""Combat damage resolved: what each assignment deals, what that does, and who dies.

One damage step (510.2): every assigned amount is dealt at once, less what protection prevents
(702.16e); the damage's results follow 120.3 (life, poison, loyalty, defense, marked damage or
-1/-1 counters, lifelink); then state-based actions (704.5). With first or double strike there are
two steps (510.4): the second step's board is derived from the first's outcome and resolved the
same way. Results are facts (ids, numbers, codes, rule numbers); words belong to the pages.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from .analyze import analyze
from .check import check
from .model import (MAX_NUMBER, MAX_POISON, PLAYER, Attacker, Battle, Blocker, Board, BoardError,
                    Planeswalker, board_data, lethal_basis, parse_assignment, parse_board)
from .recipients import blocker_plan, lethal_damage

# What a state-based action puts a creature into the graveyard for, and its rule.
CAUSES = {"zero_toughness": "704.5f", "lethal_damage": "704.5g", "deathtouch": "704.5h"}
# Why the defending player lost (then the game is over and no later step happens).
LOSSES = {"no_life": "704.5a", "poison": "704.5c"}


def first_strike_step(board: Board) -> bool:
    """510.4: a creature with first or double strike makes combat have a first-strike step."""
    return any(c.has("first_strike") or c.has("double_strike")
               for c in (*board.attackers, *board.blockers))


def resolve(data: Board | dict, assignment: Any = None, second: Any = None) -> dict:
    """Resolve the combat damage step(s) of a board with a legal assignment.

    ``assignment`` ({creature: {recipient: amount}}, defaults to the board's) is the first step's:
    every attacker that deals damage in it, and every blocker blocking several attackers (one that
    blocks a single attacker deals all its damage to it). A board with first or double strike and
    no ``damage_step`` is the first-strike step; ``second`` is then the second step's assignment,
    by default :func:`default_assignment` of the derived board. Answers
    ``{"legal", "problems", "failed_step", "steps", "skipped"}``: an illegal assignment stops
    there with check()'s problems; ``steps`` are the steps resolved, each with its board.
    """
    if isinstance(data, Board):
        board, raw = data, data.assignment if assignment is None else assignment
    else:
        body = data if not isinstance(data, dict) else {k: v for k, v in data.items()
                                                        if k != "assignment"}
        board = parse_board(body)
        raw = data.get("assignment") if assignment is None else assignment
    if raw is None:
        raise BoardError("assignment", "is required to resolve combat damage")
    if board.damage_step is None and first_strike_step(board):
        board = replace(board, damage_step="first")
    if second is not None and board.damage_step != "first":
        raise BoardError("second", "is given, but this board has one combat damage step: only a "
                         "first or double striker makes a second one (510.4)")
    steps: list[dict] = []
    result = {"legal": True, "problems": [], "failed_step": None, "steps": steps, "skipped": None}
    while board is not None:
        where = "second" if steps else "assignment"
        asg = _assignment(board, raw, where)
        verdict = check(board, asg)
        if not verdict["legal"]:
            return {**result, "legal": False, "problems": verdict["problems"],
                    "failed_step": step_name(board)}
        step = resolve_step(board, asg)
        steps.append(step)
        if board.damage_step != "first":
            break
        board, result["skipped"] = next_board(board, step)
        if board is not None:
            raw = default_assignment(board) if second is None else second
    return result


def resolve_request(data: Any) -> dict:
    """resolve() of a board that may carry the second step's split as a top-level ``second``:
    the shape of the API's body and of the command's file."""
    if isinstance(data, dict) and "second" in data:
        data = dict(data)
        return resolve(data, second=data.pop("second"))
    return resolve(data)


def step_name(board: Board) -> str:
    return board.damage_step or "only"


def _assignment(board: Board, raw: Any, where: str) -> dict[str, dict[str, int]]:
    """The step's assignment, read like check() reads it, with the blockers' forced splits."""
    try:
        asg = parse_assignment(board, raw)
    except BoardError as err:
        if where == "assignment":
            raise
        raise BoardError(where + err.field.removeprefix("assignment"), err.detail) from None
    for b in board.blockers:
        plan = blocker_plan(board, b)
        if b.id in asg or not plan.recipients:
            continue
        if len(plan.recipients) > 1:  # 510.1d: its controller divides it; no split is guessed
            raise BoardError(f"{where}.{b.id}", f"{b.name} blocks {len(plan.recipients)} attackers "
                             "and deals combat damage in this step, so its split must be given")
        asg[b.id] = {plan.recipients[0]: plan.assigns}
    return asg


def default_assignment(board: Board) -> dict[str, dict[str, int]]:
    """The second step's split when none is given: the attackers' as analyze()'s ``best`` (lethal
    to each blocker, the most past them); a blocker blocking several attackers gives each, in
    board order, the least lethal damage (1 with deathtouch) while it lasts, the rest to the
    first."""
    asg = {aid: split for aid, split in analyze(board)["best"].items()}
    for b in board.blockers:
        plan = blocker_plan(board, b)
        if len(plan.recipients) < 2:
            continue
        left, split = plan.assigns, {}
        for aid in plan.recipients:
            attacker = board.creature(aid)
            split[aid] = min(left, lethal_damage(attacker, b.has("deathtouch"),
                                                 board.by_power(attacker)))
            left -= split[aid]
        split[plan.recipients[0]] += left
        asg[b.id] = split
    return asg


def _prevented(source: Attacker | Blocker, thing: Any) -> str | None:
    """702.16e: damage from a source of a colour the recipient has protection from is prevented."""
    if isinstance(thing, (Attacker, Blocker)) and any(
            thing.has(f"protection_from_{c}") for c in source.colors):
        return "702.16e"
    return None


def _effect(source: Attacker | Blocker, thing: Any) -> tuple[str, str]:
    """What damage dealt to ``thing`` does (120.3), and the rule that says so."""
    if thing is None:
        return ("poison_counters", "702.90b") if source.has("infect") else ("life_lost", "120.3a")
    if isinstance(thing, Planeswalker):
        return "loyalty_lost", "120.3c"
    if isinstance(thing, Battle):
        return "defense_lost", "120.3h"
    if source.has("infect"):
        return "minus_counters", "702.90c"
    if source.has("wither"):
        return "minus_counters", "702.80a"
    return "damage_marked", "120.3e"


def resolve_step(board: Board, asg: dict[str, dict[str, int]]) -> dict:
    """One damage step with a legal assignment: the damage dealt all at once (510.2), then
    state-based actions (704.3: all together)."""
    index = board._index()
    dealt: list[dict] = []
    got: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    deathtouched: set[str] = set()
    gained = {"attacking_player": 0, "defending_player": 0}
    for source in (*board.attackers, *board.blockers):
        for rid, amount in asg.get(source.id, {}).items():
            if amount <= 0:
                continue  # 0 damage is no damage dealt
            thing = None if rid == PLAYER else index[rid]
            prevented = _prevented(source, thing)
            effect, rule = _effect(source, thing)
            n = 0 if prevented else amount
            event = {"source": source.id, "recipient": rid, "assigned": amount, "dealt": n,
                     "prevented_rule": prevented, "effect": None if prevented else effect,
                     "rule": None if prevented else rule,
                     "deathtouch": bool(n and source.has("deathtouch")
                                        and isinstance(thing, (Attacker, Blocker))),
                     "lifelink": bool(n and source.has("lifelink"))}
            dealt.append(event)
            if not n:
                continue
            got[rid][effect] += n
            if event["deathtouch"]:
                deathtouched.add(rid)
            if event["lifelink"]:  # 702.15b: its controller gains that much life
                gained["attacking_player" if isinstance(source, Attacker)
                       else "defending_player"] += n
    creatures = {c.id: _creature_after(c, got[c.id], c.id in deathtouched, board.by_power(c))
                 for c in (*board.attackers, *board.blockers)}
    walkers = {p.id: _counters_after(p.loyalty, got[p.id]["loyalty_lost"], "704.5i", p)
               for p in board.planeswalkers}
    battles = {b.id: _counters_after(b.defense, got[b.id]["defense_lost"], "704.5v", b)
               for b in board.battles}
    life = board.life - got[PLAYER]["life_lost"] + gained["defending_player"]
    poison = board.poison + got[PLAYER]["poison_counters"]
    losses = [{"code": code, "rule": rule} for code, rule in LOSSES.items()
              if (life <= 0 if code == "no_life" else poison > MAX_POISON)]
    graveyard = [tid for tid, after in (*creatures.items(), *walkers.items(), *battles.items())
                 if after["dies"]]
    return {
        "step": step_name(board), "rule": "510.2", "board": board_data(board), "assignment": asg,
        "dealt": dealt, "creatures": creatures, "planeswalkers": walkers, "battles": battles,
        "player": {"life": life, "poison": poison, "life_lost": got[PLAYER]["life_lost"],
                   "life_gained": gained["defending_player"],
                   "poison_added": got[PLAYER]["poison_counters"], "loses": bool(losses),
                   "losses": losses},
        "attacking_player": {"life_gained": gained["attacking_player"]},
        "graveyard": graveyard,
    }


def _creature_after(c: Attacker | Blocker, got: dict[str, int], deathtouched: bool,
                    by_power: bool = False) -> dict:
    """704.5f-h: 0 toughness (even indestructible), then lethal damage and deathtouch, which
    indestructible survives (702.12b). ``by_power``: lethal damage is measured by power
    (Zilortha), and a creature with power 0 or less needs 1 damage marked."""
    counters = got["minus_counters"]
    damage = c.damage + got["damage_marked"]
    power, toughness = c.power - counters, c.toughness - counters
    if toughness <= 0:
        causes = ["zero_toughness"]
    else:
        causes = ["lethal_damage"] * (damage >= lethal_basis(power, toughness, by_power)) + ["deathtouch"] * deathtouched
    dies = bool(causes) and (causes == ["zero_toughness"] or not c.has("indestructible"))
    return {"damage": damage, "minus_counters": counters, "power": power, "toughness": toughness,
            "dies": dies, "causes": [{"code": code, "rule": CAUSES[code]} for code in causes],
            "indestructible_rule": "702.12b" if causes and not dies else None}


def _counters_after(before: int, lost: int, rule: str, thing: Planeswalker | Battle) -> dict:
    """Loyalty (120.3c) or defense (120.3h) counters removed; at 0 it is put into its owner's
    graveyard (704.5i, 704.5v). One that left combat earlier is not in this step."""
    after = max(0, before - lost)
    dies = after == 0 and not thing.removed_from_combat
    return {"dealt": lost, "lost": before - after, "left": after, "dies": dies,
            "rule": rule if dies else None}


def next_board(board: Board, step: dict) -> tuple[Board | None, dict | None]:
    """The second step's board (510.4): what died is gone (702.19d for a trampler whose blockers
    all died), damage stays marked, -1/-1 counters lower power and toughness, loyalty, defense,
    life and poison are what the first step left. None, with the reason, when the defending player
    has lost (the game is over) or no attacker is left to deal or be dealt damage."""
    if step["player"]["loses"]:
        return None, {"code": "player_lost", "rule": step["player"]["losses"][0]["rule"]}
    gone = set(step["graveyard"])
    attackers = tuple(_survivor(a, step, gone) for a in board.attackers if a.id not in gone)
    if not attackers:
        return None, {"code": "no_attackers", "rule": "510.4"}
    blockers = tuple(_survivor(b, step, gone) for b in board.blockers if b.id not in gone)
    walkers = tuple(replace(p, loyalty=step["planeswalkers"][p.id]["left"],
                            removed_from_combat=p.removed_from_combat or p.id in gone)
                    for p in board.planeswalkers)
    battles = tuple(replace(b, defense=step["battles"][b.id]["left"],
                            removed_from_combat=b.removed_from_combat or b.id in gone)
                    for b in board.battles)
    # A board holds numbers up to MAX_NUMBER: beyond it (life gained past 999, damage past an
    # indestructible creature's 999) nothing in a damage step changes.
    life = min(step["player"]["life"], MAX_NUMBER)
    return Board(attackers, blockers, walkers, battles, None, life, step["player"]["poison"],
                 "second", board.lethal_by_power, board.defending_player_assigns), None


def _survivor(c: Attacker | Blocker, step: dict, gone: set[str]) -> Attacker | Blocker:
    after = step["creatures"][c.id]
    changed = replace(c, damage=min(after["damage"], MAX_NUMBER), toughness=after["toughness"],
                      power=max(after["power"], -MAX_NUMBER))
    if isinstance(c, Attacker):
        changed = replace(changed, blocked_by=tuple(b for b in c.blocked_by if b not in gone))
    return changed
