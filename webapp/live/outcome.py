"""What dealing the damage does, step by step: the resolver's answer arranged for a page.

`play_out(board, split)` asks the rules core's `resolve` once and turns its answer into steps,
each with the board it was dealt on, marks for the board picture (templates/_macros.html
`board_cards(cards, outcome=step.marks)`) and an ordered list of facts that says the same for a
screen reader (templates/_outcome.html words them in the reader's language at render time).
Facts only — ids, numbers, codes and rule numbers — and no rule decided here: who deals damage in
which step, what dies and why, and the second step's board and split are all the resolver's.
Pure: no Flask, no words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..rules import PLAYER, analyze, parse_board, resolve
from ..rules.resolve import default_assignment, first_strike_step


@dataclass(frozen=True)
class Step:
    """One combat damage step (510.2) as the page shows it."""
    name: str            # "only", "first" (first-strike step) or "second"
    board: dict          # the board it was dealt on (board format; the second step's is derived)
    marks: dict          # card id ("player" too) -> what happened to it, for the picture
    events: list         # the ordered facts: damage dealt, then deaths and totals
    defaulted: bool      # the split is the resolver's default, not the sliders' (510.4)


@dataclass(frozen=True)
class Outcome:
    legal: bool
    steps: list = field(default_factory=list)
    problems: list = field(default_factory=list)   # check()'s, when a step can't be dealt
    skipped: dict | None = None                    # why a first-strike step had no second one


def play_out(board: dict, split: dict) -> Outcome:
    """Deal `split` ({attacker: {recipient: amount}}, the sliders') on `board` (the contract's,
    without an assignment). With first or double strike the sliders set the first step for the
    attackers that deal damage in it; an attacker that deals none then (510.4) is left out. A
    blocker of several attackers, which has no slider, divides its damage the resolver's default
    way; so does every creature in the second step, whose board the resolver derives."""
    parsed = parse_board({**board, "assignment": None})
    if parsed.damage_step is None and first_strike_step(parsed):
        parsed = replace(parsed, damage_step="first")
    creatures = analyze(parsed)["creatures"]
    attackers = {a.id for a in parsed.attackers}
    assignment = {aid: dict(split.get(aid, {})) if creatures[aid]["assigns"] > 0 else {}
                  for aid in attackers}
    for cid, amounts in default_assignment(parsed).items():
        if cid not in attackers:
            assignment[cid] = amounts
    result = resolve(parsed, assignment)
    coloured = any("colors" in c for c in (*board.get("attackers", []),
                                           *board.get("blockers", [])))
    steps = [_step(step, n > 0, coloured) for n, step in enumerate(result["steps"])]
    return Outcome(result["legal"], steps, result["problems"], result["skipped"])


def _step(step: dict, defaulted: bool, coloured: bool) -> Step:
    shown = step["board"]
    if not coloured:  # a board that states no colours is drawn without them, as before dealing
        shown = {**shown, **{k: [{x: v for x, v in c.items() if x != "colors"} for c in shown[k]]
                             for k in ("attackers", "blockers")}}
    return Step(step["step"], shown, _marks(step), _events(step), defaulted)


def _taken(step: dict) -> tuple[dict, dict]:
    """Damage dealt to, and prevented from reaching, each recipient in this step."""
    dealt: dict[str, int] = {}
    prevented: dict[str, int] = {}
    for event in step["dealt"]:
        into = prevented if event["prevented_rule"] else dealt
        into[event["recipient"]] = into.get(event["recipient"], 0) + event["assigned"]
    return dealt, prevented


def _marks(step: dict) -> dict:
    board = step["board"]
    dealt, prevented = _taken(step)
    marks: dict[str, dict] = {}
    for c in (*board["attackers"], *board["blockers"]):
        after = step["creatures"][c["id"]]
        marks[c["id"]] = {"took": dealt.get(c["id"], 0), "prevented": prevented.get(c["id"], 0),
                          "counters": after["minus_counters"], "dies": after["dies"],
                          "survives_rule": after["indestructible_rule"]}
    for kind, key in (("planeswalkers", "loyalty"), ("battles", "defense")):
        for t in board[kind]:
            after = step[kind][t["id"]]
            marks[t["id"]] = {"took": dealt.get(t["id"], 0), "counter": key,
                              "before": t[key], "after": after["left"], "dies": after["dies"]}
    player = step["player"]
    marks[PLAYER] = {"took": dealt.get(PLAYER, 0), "life_before": board["player"]["life"],
                     "life": player["life"], "poison_before": board["player"]["poison"],
                     "poison": player["poison"], "loses": player["loses"]}
    return marks


def _events(step: dict) -> list[dict]:
    """Damage dealt (510.2: all at once, listed attackers first), then what it did (704.3)."""
    board = step["board"]
    out = [{"kind": "damage", **event} for event in step["dealt"]]
    for c in (*board["attackers"], *board["blockers"]):
        after = step["creatures"][c["id"]]
        facts = {"thing": c["id"], "causes": after["causes"], "damage": after["damage"],
                 "power": after["power"], "toughness": after["toughness"],
                 "counters": after["minus_counters"]}
        if after["dies"]:
            out.append({"kind": "dies", **facts})
        elif after["indestructible_rule"]:
            out.append({"kind": "indestructible", "rule": after["indestructible_rule"], **facts})
        elif after["damage"] > c["damage"] or after["minus_counters"]:
            out.append({"kind": "survives", **facts})
    for kind, key in (("planeswalkers", "loyalty"), ("battles", "defense")):
        for t in board[kind]:
            after = step[kind][t["id"]]
            if after["lost"] or after["dies"]:
                out.append({"kind": key, "thing": t["id"], "before": t[key],
                            "after": after["left"], "dies": after["dies"], "rule": after["rule"]})
    player, before = step["player"], board["player"]
    if player["life"] != before["life"]:
        out.append({"kind": "life", "before": before["life"], "after": player["life"]})
    if player["poison"] != before["poison"]:
        out.append({"kind": "poison", "before": before["poison"], "after": player["poison"]})
    if step["attacking_player"]["life_gained"]:
        out.append({"kind": "attacker_gains", "amount": step["attacking_player"]["life_gained"]})
    out += [{"kind": "loses", **loss} for loss in player["losses"]]
    return out
