"""An audit of one generated question, as a judge reads it (issue 21): is its premise true on its
board, does it cite the rule that decides, do its explanation's numbers add up to the key, and
does every real card show its printed numbers?

The deciding rules and the numbers are worked out here from the board itself (toughness, marked
damage, deathtouch, loyalty, what the attacker attacks), not read from the generator, so a
generator that says the wrong thing can't agree with itself. `faults(question)` lists one word
per fault kind found:

    card        a real card with other numbers, colours or keywords, or one whose printed text
                the board format can't carry (Thorn Elemental)
    premise     a `one` question asking how much before it may assign to X, when it never may
    uncited     a deciding rule missing from the question's rules or from its explanation
    wrong_rule  a rule cited that can't apply on the board (702.19b with no trample, 702.2c
                with no deathtouch), or a `rule` key other than the one that decides
    ambiguous   a `rule` question offering, as wrong, a rule that also governs
    arithmetic  the explanation leaves out a number the key is made of (power, each blocker's
                lethal damage, the loyalty) or the numbers don't sum to the key
"""

from __future__ import annotations

import re

from webapp.content.cards import board_problems, default_cards, shown_problems
from webapp.rules import analyze, check

RULE = re.compile(r"\b\d{3}\.\d+[a-z]?\b")


def _things(board: dict) -> dict:
    """Everything on the board by id; a blocker whose lethal damage is measured by its power
    (Zilortha on the defending side) carries `by_power`."""
    by_power = "defending" in board.get("lethal_by_power", [])
    out = {t["id"]: t for group in ("attackers", "planeswalkers", "battles")
           for t in board.get(group, [])}
    out.update({b["id"]: {**b, "by_power": by_power} for b in board.get("blockers", [])})
    return out


def basis(blocker: dict) -> int:
    """What marked damage must reach to destroy it: toughness, or power (at least 1) with
    Zilortha's "determined by their power rather than their toughness"."""
    return max(blocker["power"], 1) if blocker.get("by_power") else blocker["toughness"]


def _tramples(a: dict) -> bool:
    return bool({"trample", "trample_over_planeswalkers"} & set(a.get("abilities", [])))


def _top(a: dict) -> bool:
    return "trample_over_planeswalkers" in a.get("abilities", [])


def _dt(a: dict) -> bool:
    return "deathtouch" in a.get("abilities", [])


def need(blocker: dict, deathtouch: bool) -> int:
    """Lethal damage still needed (702.19b, 702.2c, 120.6), worked out from the board."""
    if blocker.get("damage", 0) >= basis(blocker):
        return 0
    return 1 if deathtouch else basis(blocker) - blocker.get("damage", 0)


def _marked_decides(blocker: dict, deathtouch: bool) -> bool:
    marked = blocker.get("damage", 0)
    return marked >= basis(blocker) or (marked > 0 and not deathtouch)


def target_kind(board: dict, a: dict) -> tuple[str, dict | None]:
    target = a.get("attacking", "player")
    for w in board.get("planeswalkers", []):
        if w["id"] == target:
            return "walker", w
    for b in board.get("battles", []):
        if b["id"] == target:
            return "battle", b
    return "player", None


def reach_rules(board: dict, a: dict, r: str) -> set[str]:
    """The rules that decide how much of `a`'s damage may reach recipient `r` (past blockers)."""
    things = _things(board)
    blockers = [things[b] for b in a.get("blocked_by", [])]
    kind, target = target_kind(board, a)
    blocked = a.get("blocked", bool(blockers))
    if not blocked:
        return {"510.1b"} if not (target and target.get("removed_from_combat")) else {"506.4c"}
    if _free_way(board, a, r):
        return {"510.1b"}  # all of it as though it weren't blocked: the most it can send there
    if not _tramples(a):
        return {"510.1c"}
    rules = set()
    if r == "player" and kind == "walker":
        if not _top(a):
            return {"702.19f"}
        rules.add("702.19e" if target["removed_from_combat"] else "702.19c")
    elif r == "player" and kind == "battle":
        return {"702.19c"} if _top(a) else {"702.19b"}
    elif target is not None and target.get("removed_from_combat"):
        return {"506.4c"}
    if not blockers:
        return rules | {"702.19d"}
    rules.add("702.19b")
    if _dt(a) and any(need(b, False) > 0 for b in blockers):
        rules.add("702.2c")
    if any(_marked_decides(b, _dt(a)) for b in blockers):
        rules.add("120.6")
    return rules


def _free_way(board: dict, a: dict, r: str) -> bool:
    """An attacker that may assign as though it weren't blocked sends all of its damage to `r`
    that way: `r` is what it attacks (the player, or a planeswalker or battle still in combat)."""
    kind, target = target_kind(board, a)
    return "as_though_unblocked" in a.get("abilities", []) and a["power"] > 0 and (
        r == a.get("attacking", "player") and not (target or {}).get("removed_from_combat"))


def _split_rules(board: dict, split: dict) -> set[str]:
    """The rules that govern a legal split, attacker by attacker."""
    rules = set()
    things = _things(board)
    for aid, row in split.items():
        a = things.get(aid)
        if a is None or aid not in {x["id"] for x in board["attackers"]} or not sum(row.values()):
            continue
        past = {r for r, n in row.items() if n and r not in a.get("blocked_by", [])}
        if "as_though_unblocked" in a.get("abilities", []) and a.get("blocked_by"):
            if past and not any(row.get(b) for b in a["blocked_by"]):
                rules.add("510.1b")  # as though it weren't blocked
                continue
            a = {**a, "abilities": [w for w in a["abilities"] if w != "as_though_unblocked"]}
        if not past:
            blocked = a.get("blocked", bool(a.get("blocked_by")))
            rules |= ({"702.19b"} if _tramples(a) else {"510.1c"}) if blocked else {"510.1b"}
            if _dt(a) and a.get("blocked_by"):
                rules.add("702.2c")
        for r in past:
            rules |= reach_rules(board, a, r)
    return rules


def expected_problem_rule(board: dict, problem: dict) -> str:
    """The rule that decides a problem check() found, with the gate trample over planeswalkers
    sets for the controller (702.19c, or 702.19e once the planeswalker left combat)."""
    things = _things(board)
    a = things.get(problem.get("creature"))
    if problem["code"] == "player_before_lethal" and a is not None and \
            problem["params"].get("target") == "player":
        kind, target = target_kind(board, a)
        if kind == "walker" and _top(a):
            return "702.19e" if target["removed_from_combat"] else "702.19c"
    return problem["rule"]


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"(?<![\d.])\d+(?!\d|\.\d)", RULE.sub(" ", text))}


def _about(q: dict) -> tuple[str | None, str]:
    """The attacker and recipient a question asks about (its facts, goal or verify)."""
    spec = q.get("facts") or q.get("goal") or q.get("verify") or {}
    return spec.get("creature"), spec.get("recipient", "player")


STRIKERS = {"first_strike", "double_strike"}


def mixed_strike_step(board: dict) -> bool:
    """A false premise (510.4): with no damage step named, every creature on the board deals its
    damage in one step, but one with first or double strike and one without deal combat damage in
    different steps (Zetalpa's damage counted with Siege Rhino's on the blocker they share, or a
    first-striking blocker that would kill its attacker before the attacker deals any)."""
    if board.get("damage_step"):
        return False
    dealing = [a for a in board["attackers"] if a["power"] > 0]
    if len({bool(STRIKERS & set(a.get("abilities", []))) for a in dealing}) > 1:
        return True
    # A first-striking blocker deals its damage before an attacker without first strike, which
    # may die before it assigns any (Zetalpa, Primal Dawn blocking).
    strikers = {b["id"] for b in board.get("blockers", [])
                if b["power"] > 0 and STRIKERS & set(b.get("abilities", []))}
    return any(strikers & set(a.get("blocked_by", [])) for a in dealing
               if not STRIKERS & set(a.get("abilities", [])))


def faults(q: dict) -> set[str]:
    board = q["board"]
    plain = {k: v for k, v in board.items() if k != "assignment"}
    found: set[str] = set()
    cards = default_cards()
    for group in ("attackers", "blockers"):
        for c in board.get(group, []):
            card = cards.creature(c["name"].partition(" with ")[0])
            if shown_problems(cards, c) or (card is not None and card.not_modelled):
                found.add("card")
    for group, known in (("planeswalkers", cards.walker), ("battles", cards.battle)):
        if any(known(t["name"]) is None for t in board.get(group, [])):
            found.add("card")
    if any("can't block" in message for _, _, message in board_problems(cards, board)):
        found.add("impossible_block")  # a blocker its attacker has protection from (702.16f)
    if mixed_strike_step(board):
        found.add("mixed_strike_step")
    cited = set(q["rules"])
    said = set(RULE.findall(q["explanation"]))
    things = _things(board)
    has = {w for a in board["attackers"] for w in a.get("abilities", [])}
    if "702.19b" in cited and not {"trample", "trample_over_planeswalkers"} & has:
        found.add("wrong_rule")
    if "702.2c" in cited and "deathtouch" not in has:
        found.add("wrong_rule")
    analysis = analyze(plain)
    deciding: set[str] = set()
    kind = q["type"]
    if kind == "assign" and q["goal"]["kind"] == "exact":  # banding's "keep it alive"
        found |= _banding_faults(board, analysis, q)
        deciding = {"702.22j"}
    elif kind in ("number", "assign"):
        aid, r = _about(q)
        a = things[aid] if aid else next(
            x for x in board["attackers"]
            if analysis["creatures"][x["id"]]["recipients"].get(r, {}).get("max", 0) == q["answer"])
        deciding = reach_rules(board, a, r)
        found |= _arithmetic(board, analysis, a, r, q)
    elif kind == "one":
        aid, r = _about(q)
        a, b = things[aid], things[q["verify"]["blocker"]]
        if analysis["creatures"][aid]["recipients"].get(r, {}).get("max", 0) <= 0:
            found.add("premise")  # it never may assign to r (702.19f; power short of lethal)
        if sum(b["id"] in x.get("blocked_by", []) for x in board["attackers"]) > 1:
            found.add("premise")  # a shared blocker: another attacker's damage counts too
        deciding = {"702.19b"}
        if _dt(a) and need(b, False) > 0:
            deciding.add("702.2c")
        if _marked_decides(b, _dt(a)):
            deciding.add("120.6")
        numbers = _numbers(q["explanation"])
        if int(q["answer"]) not in numbers or (
                _marked_decides(b, _dt(a)) and need(b, _dt(a)) and
                not {basis(b), b.get("damage", 0)} <= numbers):
            found.add("arithmetic")
    elif kind == "legal":
        result = check(board)
        deciding = _split_rules(board, board["assignment"]) if result["legal"] else \
            {expected_problem_rule(board, p) for p in result["problems"]}
    elif kind == "rule":
        problems = check(board)["problems"]
        expected = {expected_problem_rule(board, p) for p in problems}
        if expected != {q["answer"]}:
            found.add("wrong_rule")
        options = {o["id"] for o in q["options"]} - {q["answer"]}
        if q["answer"] in ("702.19c", "702.19e") and "702.19b" in options:
            found.add("ambiguous")
        deciding = expected
    elif kind == "many":
        for o in q["options"]:
            result = check({**plain, "assignment": o["assignment"]})
            deciding |= _split_rules(board, o["assignment"]) if result["legal"] else \
                {expected_problem_rule(board, p) for p in result["problems"]}
    if not deciding <= cited or not deciding <= said:
        found.add("uncited")
    return found


def _banding_faults(board: dict, analysis: dict, q: dict) -> set[str]:
    """A banding question (the defending player assigns, 702.22j; keep one blocker alive): its
    attacker is blocked by a creature with banding and by another that can take the damage; the
    example gives the kept blocker exactly the goal's amount, is legal and spends all of the
    attacker's damage; the explanation shows that damage."""
    goal, things = q["goal"], _things(board)
    a, kept = things[goal["creature"]], goal["recipient"]
    blockers = [things[b] for b in a.get("blocked_by", [])]
    found = set()
    if not any("banding" in b.get("abilities", []) for b in blockers) or len(blockers) < 2 \
            or kept not in {b["id"] for b in blockers}:
        found.add("premise")
    row = q["example"].get(a["id"], {})
    assigns = analysis["creatures"][a["id"]]["assigns"]
    if row.get(kept, 0) != goal["amount"] or sum(row.values()) != assigns or \
            not check({**board, "assignment": q["example"]})["legal"] or \
            assigns not in _numbers(q["explanation"]):
        found.add("arithmetic")
    return found


def _arithmetic(board: dict, analysis: dict, a: dict, r: str, q: dict) -> set[str]:
    """The key is the attacker's damage less each blocker's lethal damage (less the loyalty on
    the way to a planeswalker's controller, less what other attackers put on a shared blocker):
    the explanation must show those numbers, and they must sum to the key."""
    key = q["answer"]
    numbers = _numbers(q["explanation"])
    info = analysis["creatures"][a["id"]]
    if key not in numbers:
        return {"arithmetic"}
    if r not in info["recipients"] or not a.get("blocked_by"):
        return set()  # nothing may pass the blockers: the deciding rule says why (uncited)
    if _free_way(board, a, r):
        return set() if key == info["assigns"] else {"arithmetic"}
    things = _things(board)
    blockers = [things[b] for b in a["blocked_by"]]
    needs = [need(b, _dt(a)) for b in blockers]
    kind, target = target_kind(board, a)
    loyalty = target["loyalty"] if r == "player" and kind == "walker" and _top(a) and \
        not target["removed_from_combat"] else 0
    # what other attackers can put on a shared blocker counts toward its lethal damage
    helps = [min(n, sum(max(0, x["power"]) for x in board["attackers"]
                        if x is not a and b["id"] in x.get("blocked_by", [])))
             for b, n in zip(blockers, needs)]
    wanted = {info["assigns"], *(n for n in needs if n), *(h for h in helps if h),
              *([loyalty] if loyalty else [])}
    if not wanted <= numbers:
        return {"arithmetic"}
    if max(0, info["assigns"] - sum(n - h for n, h in zip(needs, helps)) - loyalty) != key:
        return {"arithmetic"}
    return set()
