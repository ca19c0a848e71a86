"""The live check's words: the core's answers as a slider panel shows them (no rules decided here).

Every number shown — lethal damage, which recipients exist, the most a recipient can get, whether
a split is legal — comes from `analyze()`, `check()` or `blocker_status()`, called once each by
`live_check`; this module only labels, orders and words them for templates/_live.html.
"""

from __future__ import annotations

import re

from ..i18n import _l, gettext, lethal_note, name_list, problem_text, translator
from ..names import shown_name
from ..rules import parse_board
from ..rules.messages import board_labels


# What a refused slider field (fields.SliderError) says, on every page with sliders.
SLIDER_ERRORS = {
    "not_an_amount": _l("“%(value)s” isn’t a whole number from 0 to %(most)s."),
    "unknown_slider": _l("The answer names a slider this board doesn’t have (%(field)s)."),
    "locked": _l("That slider is locked at %(amount)s in this exercise."),
}


def slider_error_text(err) -> str:
    """A SliderError (or an error with its code and params) in the page's language."""
    return str(SLIDER_ERRORS[err.code]) % err.params


# A number of the board out of its range, said in the reader's words (the core's own sentence,
# English with its field path, stays for the API and for every other refusal).
_RANGE_FIELD = re.compile(r"^(attackers|blockers|planeswalkers|battles)\[(\d+)\]\.(\w+)$|^player\.(\w+)$")
# The sandbox editor's own field labels, so the sentence names the field as the editor does.
FIELD_LABELS = {"power": _l("Power"), "toughness": _l("Toughness"),
                "damage": _l("Damage already marked"), "loyalty": _l("Loyalty"),
                "defense": _l("Defense"), "life": _l("Life"), "poison": _l("Poison counters")}


# A board the sandbox lets a person build but the core can't judge (BoardError.code), said in the
# reader's words with the card's name as the board shows it.
BOARD_ERRORS = {
    "already_died": _l("%(name)s has %(damage)s damage marked, lethal for its toughness of "
                       "%(toughness)s: it would already have died (rule 704.5g). Mark less "
                       "damage, or give it indestructible."),
    "already_died_by_power": _l("%(name)s has %(damage)s damage marked, lethal for its power of "
                                "%(power)s now that lethal damage is measured by power: it would "
                                "already have died (rule 704.5g). Mark less damage, or give it "
                                "indestructible."),
    "blocks_too_many": _l("%(name)s blocks %(count)s attackers, but a creature blocks only one "
                          "unless it can block an additional creature or blocks a band (rule "
                          "509.1a)."),
    "counters_by_power": _l("%(name)s deals its damage as -1/-1 counters, while Zilortha measures "
                            "lethal damage to the creatures it hits by their power: no ruling "
                            "says how the two meet, so this board can’t be checked."),
    "unblocked_and_banding": _l("%(name)s may assign its damage as though it weren’t blocked, but "
                                "a blocker with banding lets the defending player assign it: no "
                                "ruling says who chooses, so this board can’t be checked."),
    "no_attacker": _l("Add an attacking creature: a board needs at least one."),
    "no_first_strike": _l("No creature on this board has first strike or double strike, so "
                          "there is no first-strike damage step (rule 510.4): choose another "
                          "step, or give a creature first strike."),
}
_THING_FIELD = re.compile(r"^(attackers|blockers|planeswalkers|battles)\[(\d+)\]")


def board_error_text(err, board: dict, names: dict[str, str]) -> str:
    """Why the core refused a board, for a page: a board the sandbox can build but the core
    can't judge, and a number out of its range (naming the field as the editor does), are said
    in the reader's language with the card's name; anything else is the core's sentence."""
    code = getattr(err, "code", None)
    if code in BOARD_ERRORS:
        return str(BOARD_ERRORS[code]) % {"name": _thing_name(err.field, board, names),
                                          **err.params}
    found = _RANGE_FIELD.match(err.field or "")
    if not err.params or not found:
        return str(err)
    kind, index, key, player_key = found.groups()
    key = key or player_key
    if key not in FIELD_LABELS:
        return str(err)
    who = gettext("The defending player") if player_key else _thing_name(err.field, board, names)
    return gettext("%(name)s, %(field)s: must be from %(low)s to %(high)s, not %(value)s.",
                   name=who, field=str(FIELD_LABELS[key]), **err.params)


def _thing_name(field: str, board: dict, names: dict[str, str]) -> str:
    """The name the board shows for the card a field path ("blockers[1].damage") is in."""
    found = _THING_FIELD.match(field or "")
    if found is None:
        return "?"
    items = board.get(found[1]) or []
    item = items[int(found[2])] if int(found[2]) < len(items) else {}
    return names.get(item.get("id"), item.get("name") or item.get("id") or "?")


def locked_note(fixed: dict, attacker: str, recipient: str) -> str | None:
    """Why an exercise's locked slider can't move (None for a free one)."""
    amount = fixed.get(attacker, {}).get(recipient)
    if amount is None:
        return None
    return gettext("Locked at %(n)s for this exercise; the other sliders are yours to set.",
                   n=amount)


def labels(board: dict) -> dict[str, str]:
    """id -> the name a person sees; things sharing a name are numbered ("Grizzly Bears 2"),
    as the quiz's questions number them (rules.messages.board_labels)."""
    return board_labels(board, shown_name)


def player_label(attacker: dict, names: dict[str, str], board: dict) -> str:
    """Who "player" is for this attacker (DESIGN.md: the planeswalker's controller or the battle's
    protector when it attacks one of those)."""
    target = attacker.get("attacking", "player")
    if any(p["id"] == target for p in board.get("planeswalkers", [])):
        return gettext("%(name)s’s controller", name=names.get(target, target))
    if any(b["id"] == target for b in board.get("battles", [])):
        return gettext("%(name)s’s protector", name=names.get(target, target))
    return gettext("the defending player")


def _pct(value: int, top: int) -> int:
    return round(100 * value / top) if top > 0 else 0


def panel(board: dict, analysis: dict, names: dict[str, str]) -> list[dict]:
    """What each attacker's panel shows whatever the sliders say: names, lethal notes, gates,
    marks; `fill` then sets it to a split."""
    words = translator()
    by_id = {x["id"]: x for group in ("blockers", "planeswalkers", "battles")
             for x in board.get(group, [])}
    views = []
    for attacker in board.get("attackers", []):
        info = analysis["creatures"].get(attacker["id"])
        if not info:
            continue
        row_names = {**names, "player": player_label(attacker, names, board)}
        rows = [_row(attacker, info, r, row_names, by_id, words) for r in info["recipients"]]
        views.append({
            "id": attacker["id"], "label": names[attacker["id"]], "card": attacker,
            "target_label": row_names.get(attacker.get("attacking", "player"), row_names["player"]),
            "blocked_by": [names.get(b, b) for b in attacker.get("blocked_by", [])],
            "assigns": max(info["assigns"], 0), "left": max(info["assigns"], 0), "rows": rows,
            "nothing_because": info.get("nothing_because"),
            "chooser": info.get("chooser"), "chooser_rule": info.get("chooser_rule"),
            "most": [(row["label"], row["most"]) for row in rows if row["kind"] != "blocker"],
            # Without a gate past its blockers (no trample), lethal only says whether a blocker
            # dies; it is no requirement, and the panel says so.
            "lethal_gates": bool(info.get("gated")),
            # It may assign all of its damage as though it weren't blocked (510.1b).
            "either_way": bool(info.get("as_though_unblocked")),
            "row_names": row_names,
        })
    return views


def fill(views: list[dict], assignment: dict, result: dict | None, status: dict) -> list[dict]:
    """Copies of `panel` views set to an assignment: slider values, damage left, which blockers
    have lethal damage (`status`, from the core's blocker_status) and which rows a problem names."""
    problems = (result or {}).get("problems", [])
    filled = []
    for view in views:
        split = assignment.get(view["id"], {})
        mine = [p for p in problems if p.get("creature") == view["id"]]
        rows = [{**row, "value": split.get(row["recipient"], 0),
                 "is_lethal": row["lethal"] is not None
                 and status.get(row["recipient"], {}).get("lethal", False),
                 "flagged": any(p.get("recipient") == row["recipient"]
                                or (p.get("params") or {}).get("target") == row["recipient"]
                                for p in mine)}
                for row in view["rows"]]
        for row in rows:
            row["valuetext"] = value_text(row)
        filled.append({**view, "rows": rows,
                       "left": view["assigns"] - sum(row["value"] for row in rows)})
    return filled


def _row(attacker, info, recipient, names, by_id, gettext=gettext) -> dict:
    assigns = max(info["assigns"], 0)
    label = names.get(recipient, recipient)
    thing = by_id.get(recipient)
    kind = "player" if recipient == "player" else "blocker" if recipient in info["lethal"] else "target"
    lethal = info["lethal"].get(recipient)
    most = info["recipients"][recipient]["max"]
    row = {
        "recipient": recipient, "label": label, "kind": kind, "card": thing, "value": 0,
        "max": assigns, "field": f"dmg:{attacker['id']}:{recipient}",
        "dom": f"{attacker['id']}--{recipient}", "lethal": lethal, "most": most,
        "is_lethal": False, "flagged": False, "locked": None, "explain": None,
        "note": "", "gate": "", "either": "", "mark": None,
        "vt": gettext("%(amount)s damage to %(name)s", amount="{n}", name=label),
        "vt_lethal": "", "vt_short": "",
    }
    if kind == "blocker":
        detail = info.get("lethal_detail", {}).get(recipient, {})
        row["note"] = gettext("Lethal %(n)s: %(why)s", n=lethal,
                              why=lethal_note(detail, (thing or {}).get("abilities", [])))
        row["mark"] = {"pct": _pct(min(lethal, assigns), assigns), "text": str(lethal),
                       "title": gettext("lethal")}
        row["vt_lethal"] = gettext("%(amount)s damage to %(name)s — lethal", amount="{n}", name=label)
        row["vt_short"] = gettext("%(amount)s damage to %(name)s — %(needs)s is lethal",
                                  amount="{n}", name=label, needs=lethal)
    else:
        gate = info.get("gated", {}).get(recipient)
        if gate:
            row["gate"] = _gate_text(gate, names, by_id, gettext)
        row["note"] = gettext("At most %(n)s can legally go here.", n=most)
        free = info.get("as_though_unblocked")
        if free and recipient in free["recipients"]:
            row["either"] = gettext(
                "Or all %(n)s here and none to the blockers: it may assign its damage as though "
                "it weren’t blocked (rule %(rule)s).", n=assigns, rule=free["rule"]) if gate \
                else gettext("All %(n)s here and none to the blockers, or none here: it may "
                             "assign its damage as though it weren’t blocked (rule %(rule)s).",
                             n=assigns, rule=free["rule"])
        if 0 <= most < assigns:
            row["mark"] = {"pct": _pct(most, assigns), "text": str(most), "title": gettext("most")}
    return row


def _gate_text(gate: dict, names: dict[str, str], by_id: dict, gettext=gettext) -> str:
    """Why a recipient past the blockers opens only later: the core's gate, in words."""
    after = gate.get("after", [])
    blockers = name_list(names.get(x, x) for x in after)
    walker = gate.get("loyalty_of")
    if not walker and len(after) == 1:
        return gettext("Only after %(names)s has lethal damage assigned (rule %(rule)s).",
                       names=blockers, rule=gate.get("rule"))
    if not walker:
        return gettext("Only after %(names)s each have lethal damage assigned (rule %(rule)s).",
                       names=blockers, rule=gate.get("rule"))
    loyalty = (by_id.get(walker) or {}).get("loyalty")
    if not blockers:
        return gettext("Only after %(pw)s has been assigned at least its loyalty, %(loyalty)s "
                       "(rule %(rule)s).", pw=names.get(walker, walker), loyalty=loyalty,
                       rule=gate.get("rule"))
    if len(after) == 1:
        return gettext("Only after %(names)s has lethal damage assigned and %(pw)s has been "
                       "assigned at least its loyalty, %(loyalty)s (rule %(rule)s).",
                       names=blockers, pw=names.get(walker, walker), loyalty=loyalty,
                       rule=gate.get("rule"))
    return gettext("Only after %(names)s each have lethal damage assigned and %(pw)s has been "
                   "assigned at least its loyalty, %(loyalty)s (rule %(rule)s).", names=blockers,
                   pw=names.get(walker, walker), loyalty=loyalty, rule=gate.get("rule"))


def verdict(board: dict, result: dict, views: list[dict] | None = None) -> dict:
    """The core's problems in words, each attacker's "player" named as its panel names it."""
    names = labels(board)
    attackers = {a["id"]: a for a in board.get("attackers", [])}
    known = {view["id"]: view["row_names"] for view in views or []}
    problems = []
    for p in result.get("problems", []):
        who = attackers.get(p.get("creature"))
        row_names = known.get(p.get("creature")) or (
            {**names, "player": player_label(who, names, board)} if who else names)
        problems.append({"text": problem_text(p, row_names), "rule": p.get("rule"),
                         "code": p.get("code")})
    return {"legal": bool(result.get("legal")), "problems": problems}


def value_text(row: dict) -> str:
    """aria-valuetext for a slider at its current value ("3 damage to Grizzly Bears — lethal")."""
    template = row["vt"]
    if row["kind"] == "blocker":
        template = row["vt_lethal"] if row["is_lethal"] else row["vt_short"]
    return template.replace("{n}", str(row["value"]))


def board_cards(board, names) -> list[dict]:
    """Each attacker with what it attacks and its blockers, for the board picture
    (templates/_macros.html `board_cards`): one lane per attacker, facing its blockers and then
    what it attacks. `blockers` are (blocker, name) pairs; `target` is the planeswalker or battle
    attacked (None for the defending player); `target_kind` says which ("player",
    "planeswalker", "battle"). `life` is the defending player's life total when the board states
    one (`"player": {"life": N}`; otherwise None, and the player is drawn without a number).
    A creature on a side whose lethal damage is measured by power (Zilortha) carries
    `by_power`, and its card says so.
    """
    sides = set(board.get("lethal_by_power") or ())

    def shown(creature: dict, side: str) -> dict:
        return {**creature, "by_power": True} if side in sides else creature

    walkers = {x["id"] for x in board.get("planeswalkers", [])}
    things = {x["id"]: x for group in ("planeswalkers", "battles") for x in board.get(group, [])}
    things.update({x["id"]: shown(x, "defending") for x in board.get("blockers", [])})
    parsed = {a.id: a for a in parse_board({**board, "assignment": None}).attackers}
    life = (board.get("player") or {}).get("life")  # validated by parse_board
    out = []
    for attacker in board.get("attackers", []):
        target = attacker.get("attacking", "player")
        blockers = attacker.get("blocked_by", [])
        out.append({
            "id": attacker["id"], "card": shown(attacker, "attacking"),
            "label": names[attacker["id"]],
            "target_label": names[target] if target in things
            else player_label(attacker, names, board),
            "target": things.get(target),
            "target_kind": "player" if target not in things
            else "planeswalker" if target in walkers else "battle",
            "blocked": parsed[attacker["id"]].blocked,  # the contract's default, from the core
            "blockers": [(things[b], names[b]) for b in blockers if b in things],
            "life": life,
        })
    return out
