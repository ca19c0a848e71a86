"""What a wrong prediction reveals: "you'd get that number if you misread the board like this".

A misreading is a named change to the board (deathtouch dropped, marked damage wiped, a protected
blocker made unkillable, ...). Its number is what the rules core's `analyze` says the most is on
the changed board, so no rule is re-implemented here: each misreading only says *which* part of the
board a learner overlooked or invented. A typed number that equals a misreading's number (and not
the right answer) is explained by that misreading's sentence and rule; any other wrong number gets
the generic explanation built from the core's lethal details.

    misread_numbers(board, creature, recipient) -> {number: Misreading}   first misreading wins
    diagnose(board, creature, recipient, said)   -> Misreading | None
    diagnose_split(board, split, goal=, creature=, recipient=) -> Misreading | None

A wrong split is read the same way: a misreading explains it when the rules core's `check` finds
the split legal on the misread board while it is wrong on the real one - first a split that is
also the most the misread board lets through (exactly lethal on the misread board), then any
split legal only on the misread board. Its `split_sentence` says so without a number.

Works for every predict step of every lesson without lesson data: the board is all it reads.
Sentences are English msgids marked with N_ and translated where they are shown; their params are
`said`, `answer`, `creature` and `recipient` (names as the page shows them).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..rules import BoardError, analyze, check


def N_(text: str) -> str:
    """Mark a sentence for translation; the web layer translates it where it is shown."""
    return text


@dataclass(frozen=True)
class Misreading:
    code: str
    rule: str
    sentence: str
    misread: Callable[[dict, str], list[dict]]  # (board, creature id) -> misread boards ([] = n/a)
    split_sentence: str | None = None  # the same misreading seen in a split (no number in it)
    # Its sentence says lethal damage comes from toughness: never named on a board where the
    # defending side's lethal damage is measured by power (Zilortha), where that would be wrong.
    by_toughness: bool = False
    # Its sentence says lethal damage comes from power: named only on such a board.
    only_by_power: bool = False


def _attacker(board: dict, cid: str) -> dict | None:
    return next((a for a in board.get("attackers", []) if a["id"] == cid), None)


def _blockers_of(board: dict, attacker: dict) -> list[dict]:
    ids = set(attacker.get("blocked_by", []))
    return [b for b in board.get("blockers", []) if b["id"] in ids]


def _walker(board: dict, attacker: dict) -> dict | None:
    target = attacker.get("attacking", "player")
    return next((p for p in board.get("planeswalkers", []) if p["id"] == target), None)


def _protected(blocker: dict) -> bool:
    return any(a.startswith("protection_from_") or a == "indestructible"
               for a in blocker.get("abilities", []))


def _changed(board: dict, cid: str, change: Callable[[dict, dict], bool]) -> list[dict]:
    """A copy of the board with `change(copy, attacker)` applied, if it changed anything."""
    misread = copy.deepcopy(board)
    attacker = _attacker(misread, cid)
    if attacker is None or not change(misread, attacker):
        return []
    return [misread]


def _without_ability(ability: str):
    def change(board, attacker):
        if ability not in attacker["abilities"]:
            return False
        attacker["abilities"] = [a for a in attacker["abilities"] if a != ability]
        return True
    return change


def _wipe_marks(only_lethal: bool):
    def change(board, attacker):
        if only_lethal and "deathtouch" not in attacker["abilities"]:
            return False
        marked = [b for b in _blockers_of(board, attacker) if b.get("damage")
                  and (not only_lethal or b["damage"] >= b["toughness"])]
        for b in marked:
            b["damage"] = 0
        return bool(marked)
    return change


def _alone(board, attacker):
    """Other attackers that share a blocker or planeswalker with this one go away."""
    mine = set(attacker.get("blocked_by", [])) | {attacker.get("attacking")}
    others = [a for a in board["attackers"] if a is not attacker and
              mine & (set(a.get("blocked_by", [])) | {a.get("attacking")}) - {"player"}]
    if not others:
        return False
    board["attackers"] = [a for a in board["attackers"] if a not in others]
    return True


def _unkillable(board, attacker):
    protected = [b for b in _blockers_of(board, attacker) if _protected(b)]
    for b in protected:  # more than the attacker could ever assign: lethal out of reach
        b["toughness"] = b.get("damage", 0) + max(attacker["power"], 0) + 1
    return bool(protected)


def _skip_protected(board, attacker):
    protected = {b["id"] for b in _blockers_of(board, attacker) if _protected(b)}
    if not protected:
        return False
    attacker["blocked"] = True
    attacker["blocked_by"] = [b for b in attacker["blocked_by"] if b not in protected]
    return True


def _one_blocker_only(board: dict, cid: str) -> list[dict]:
    """Each blocker in turn as the only one that needs lethal damage."""
    attacker = _attacker(board, cid)
    if attacker is None or len(attacker.get("blocked_by", [])) < 2 or not _tramples(attacker):
        return []
    out = []
    for keep in attacker["blocked_by"]:
        misread = copy.deepcopy(board)
        _attacker(misread, cid)["blocked_by"] = [keep]
        out.append(misread)
    return out


def _tramples(attacker: dict) -> bool:
    return bool({"trample", "trample_over_planeswalkers"} & set(attacker["abilities"]))


def _plain_trample_past_walker(board, attacker):
    """Plain trample read as if the excess went to the controller: as if it attacked the player."""
    if _walker(board, attacker) is None or "trample" not in attacker["abilities"] \
            or "trample_over_planeswalkers" in attacker["abilities"]:
        return False
    attacker["attacking"] = "player"
    return True


def _battle_as_walker(board, attacker):
    """Trample over planeswalkers read as reaching past a battle too (its defense as loyalty)."""
    battle = next((b for b in board.get("battles", []) if b["id"] == attacker.get("attacking")),
                  None)
    if battle is None or "trample_over_planeswalkers" not in attacker["abilities"]:
        return False
    board["battles"] = [b for b in board["battles"] if b is not battle]
    board.setdefault("planeswalkers", []).append(
        {"id": battle["id"], "name": battle["name"], "loyalty": battle["defense"],
         "removed_from_combat": bool(battle.get("removed_from_combat"))})
    return True


def _walker_removed(value: bool):
    def change(board, attacker):
        walker = _walker(board, attacker)
        if walker is None or "trample_over_planeswalkers" not in attacker["abilities"] \
                or bool(walker.get("removed_from_combat")) is value:
            return False
        walker["removed_from_combat"] = value
        return True
    return change


def _deathtouch_on_walker(board, attacker):
    """Deathtouch read as making 1 damage enough for a planeswalker's loyalty too."""
    walker = _walker(board, attacker)
    if walker is None or "deathtouch" not in attacker["abilities"] or walker["loyalty"] <= 1:
        return False
    walker["loyalty"] = 1
    return True


def _left_target_passes_on(board, attacker):
    """A planeswalker or battle that left combat read as letting the damage go on to the player."""
    target = attacker.get("attacking", "player")
    things = [*board.get("planeswalkers", []), *board.get("battles", [])]
    left = next((t for t in things if t["id"] == target and t.get("removed_from_combat")), None)
    if left is None:
        return False
    attacker["attacking"] = "player"
    return True


def _blocked_without_trample(gone: bool):
    def change(board, attacker):
        blocked = bool(attacker.get("blocked_by")) or attacker.get("blocked", False)
        if not blocked or _tramples(attacker) or bool(attacker.get("blocked_by")) is gone:
            return False
        attacker["abilities"] = [*attacker["abilities"], "trample"]
        return True
    return change


def _unblocked(board, attacker):
    if not attacker.get("blocked_by"):
        return False
    attacker["blocked_by"], attacker["blocked"] = [], False
    return True


def _blocker_tramples(board: dict, cid: str) -> list[dict]:
    """A blocking trampler read as if it were the attacker, trampling over what it blocks."""
    blocker = next((b for b in board.get("blockers", []) if b["id"] == cid), None)
    if blocker is None or "trample" not in blocker.get("abilities", []):
        return []
    blocked = [a for a in board["attackers"] if cid in a.get("blocked_by", [])]
    if not blocked:
        return []
    turned = {"attackers": [{"id": cid, "name": blocker["name"], "power": blocker["power"],
                             "toughness": blocker["toughness"], "abilities": ["trample"],
                             "attacking": "player", "blocked_by": [a["id"] for a in blocked]}],
              "blockers": [{"id": a["id"], "name": a["name"], "power": a["power"],
                            "toughness": a["toughness"], "damage": 0, "abilities": []}
                           for a in blocked]}
    return [turned]


def _swapped_numbers(board: dict, cid: str) -> list[dict]:
    """Every creature's "6/4" read backwards: toughness as the damage it deals, power as what
    destroys it (208.1)."""
    if _attacker(board, cid) is None:
        return []
    misread = copy.deepcopy(board)
    creatures = [*misread.get("attackers", []), *misread.get("blockers", [])]
    for creature in creatures:
        creature["power"], creature["toughness"] = creature["toughness"], creature["power"]
    return [misread] if any(c["power"] != c["toughness"] for c in creatures) else []


def _blocker_power(board, attacker):
    """A blocker's power read as the damage that destroys it (its toughness)."""
    changed = [b for b in _blockers_of(board, attacker) if b["power"] != b["toughness"]
               and b["power"] > b.get("damage", 0)]
    for b in changed:
        b["toughness"] = b["power"]
    return bool(changed)


def by_toughness(board: dict) -> dict:
    """Zilortha forgotten: the defending side's lethal damage read from toughness again (a copy).
    Damage marked up to toughness or past it (alive only by power) is read as one short of it:
    the board stays one the core accepts, and such a blocker needs 1, as a learner reading
    toughness would assign it. Endless practice's `by_power` idea misreads its boards so too."""
    misread = copy.deepcopy(board)
    misread["lethal_by_power"] = [s for s in board.get("lethal_by_power", []) if s != "defending"]
    for b in misread.get("blockers", []):
        if "indestructible" not in b.get("abilities", []):
            b["damage"] = min(b.get("damage", 0), b["toughness"] - 1)
    return misread


def _by_toughness(board: dict, cid: str) -> list[dict]:
    return [by_toughness(board)] if "defending" in board.get("lethal_by_power", []) else []


def _simple(change) -> Callable[[dict, str], list[dict]]:
    return lambda board, cid: _changed(board, cid, change)


# In order: when two misreadings give the same number, the first (more specific) one is named.
_MISREADINGS: tuple[Misreading, ...] = (
    Misreading("lethal_by_toughness", "702.19b", N_(
        "%(said)s is what you get by measuring the blockers’ lethal damage by their toughness. "
        "The defending player controls Zilortha, so their creatures’ lethal damage is their "
        "power (at least 1), less damage already marked."),
        _by_toughness),
    Misreading("unblocked_choice_forgotten", "510.1b", N_(
        "%(said)s is what you get if %(creature)s had to assign its damage like any blocked "
        "creature. It may instead assign all of it as though it weren’t blocked: all to what it "
        "attacks, none to its blockers."),
        _simple(_without_ability("as_though_unblocked"))),
    Misreading("deathtouch_formula", "702.2c", N_(
        "%(said)s is what the shortcut “power minus one per blocker” gives. A blocker that already "
        "has lethal damage marked needs nothing more, even from a deathtouch attacker."),
        _simple(_wipe_marks(only_lethal=True))),
    Misreading("deathtouch_ignored", "702.2c", N_(
        "%(said)s is what you get by assigning each blocker its whole toughness. %(creature)s has "
        "deathtouch, so 1 damage to a blocker is already lethal."),
        _simple(_without_ability("deathtouch")), by_toughness=True),
    Misreading("marked_forgotten", "702.19b", N_(
        "%(said)s is what you get if the damage already marked on the blockers didn’t count. It "
        "does: a damaged blocker needs only its toughness minus the damage it has."),
        _simple(_wipe_marks(only_lethal=False)), by_toughness=True),
    Misreading("marked_forgotten_by_power", "702.19b", N_(
        "%(said)s is what you get if the damage already marked on the blockers didn’t count. It "
        "does: with Zilortha, a damaged blocker needs only its power minus the damage it has."),
        _simple(_wipe_marks(only_lethal=False)), only_by_power=True),
    Misreading("other_attackers_ignored", "702.19b", N_(
        "%(said)s is what you get if %(creature)s had to kill a shared blocker alone. Damage the "
        "other attacker assigns to it in the same step counts toward lethal."),
        _simple(_alone)),
    Misreading("protection_raises_lethal", "702.19b", N_(
        "%(said)s is what you get if protection or indestructible made lethal damage out of reach. "
        "Lethal damage comes from toughness and marked damage only; protection and indestructible "
        "change what happens to the damage, not how much must be assigned."),
        _simple(_unkillable), by_toughness=True),
    Misreading("protected_skipped", "702.19b", N_(
        "%(said)s is what you get if a blocker with protection or indestructible could be passed "
        "over. It is still blocking, so it too needs lethal damage assigned first."),
        _simple(_skip_protected)),
    Misreading("one_blocker_only", "702.19b", N_(
        "%(said)s is what you get if only one blocker needed lethal damage. Trample lets damage go "
        "past only once every blocker has been assigned lethal damage."),
        _one_blocker_only),
    Misreading("plain_trample_past_walker", "702.19f", N_(
        "%(said)s is what you get if plain trample carried damage past a planeswalker to its "
        "controller. It can’t: plain trample stops at the planeswalker; only trample over "
        "planeswalkers goes on."),
        _simple(_plain_trample_past_walker)),
    Misreading("battle_as_planeswalker", "702.19c", N_(
        "%(said)s is what you get if trample over planeswalkers carried damage past a battle. It "
        "doesn’t: past a battle’s blockers, the damage can go only to the battle."),
        _simple(_battle_as_walker)),
    Misreading("loyalty_skipped", "702.19c", N_(
        "%(said)s is what you get if the planeswalker didn’t need its loyalty first. Trample over "
        "planeswalkers reaches the controller only after the planeswalker is assigned at least "
        "its loyalty."),
        _simple(_walker_removed(True))),
    Misreading("deathtouch_on_walker", "702.19c", N_(
        "%(said)s is what you get if deathtouch made 1 damage enough for the planeswalker too. "
        "Deathtouch changes lethal damage for creatures only: the planeswalker still needs its "
        "full loyalty before anything goes on to its controller."),
        _simple(_deathtouch_on_walker)),
    Misreading("left_target_passes_on", "506.4c", N_(
        "%(said)s is what you get if the damage went on to the player once the planeswalker or "
        "battle left combat. It doesn’t: the attacker is then attacking nothing, so its damage can "
        "go only to creatures still blocking it (with trample over planeswalkers, a planeswalker’s "
        "controller too)."),
        _simple(_left_target_passes_on)),
    Misreading("removed_walker_counted", "702.19e", N_(
        "%(said)s is what you get if the planeswalker that left combat still had to be assigned "
        "its loyalty. Once it has left combat, it needs nothing."),
        _simple(_walker_removed(False))),
    Misreading("blocking_trample", "702.19a", N_(
        "%(said)s is what you get if trample worked for a blocking creature. Trample does nothing "
        "when the creature with it blocks: its damage goes only to the creatures it blocks."),
        _blocker_tramples),
    Misreading("blocked_gets_through", "510.1c", N_(
        "%(said)s is what you get if a blocked creature without trample could send the extra on. "
        "Without trample, all of a blocked creature’s damage goes to its blockers."),
        _simple(_blocked_without_trample(gone=False))),
    Misreading("gone_blockers_without_trample", "510.1c", N_(
        "%(said)s is what you get if a creature whose blockers all left combat still hit what it "
        "attacks. It stays blocked: without trample it assigns no combat damage."),
        _simple(_blocked_without_trample(gone=True))),
    Misreading("trample_ignored", "702.19b", N_(
        "%(said)s is what you get if trample did nothing once %(creature)s was blocked. With "
        "trample, damage beyond lethal for the blockers may go on to what it attacks."),
        _simple(_without_ability("trample"))),
    Misreading("blockers_ignored", "702.19b", N_(
        "%(said)s is what you get if the blockers weren’t there. Each blocker must be assigned "
        "lethal damage before any goes past it."),
        _simple(_unblocked)),
    Misreading("blocker_power_as_toughness", "702.19b", N_(
        "%(said)s is what you get if a blocker’s power were the damage that destroys it. Lethal "
        "damage comes from its toughness, the second number, less any damage already marked."),
        _simple(_blocker_power), by_toughness=True),
    Misreading("power_toughness_swapped", "208.1", N_(
        "%(said)s is what you get by reading power and toughness the wrong way round. In 6/4 the "
        "first number, power, is the damage the creature deals; the second, toughness, is how "
        "much damage destroys it."),
        _swapped_numbers),
)

# The same misreadings seen in a split: said without a number (a nudge must not give the answer
# away), each with the rule of its number sentence.
SPLIT_SENTENCES = {
    "lethal_by_toughness": N_(
        "Your split measures a blocker’s lethal damage by its toughness. The defending player "
        "controls Zilortha, so their creatures’ lethal damage is their power (at least 1), less "
        "damage already marked."),
    "unblocked_choice_forgotten": N_(
        "Your split treats %(creature)s like any blocked creature. It may instead assign all of "
        "its damage as though it weren’t blocked: all to what it attacks, none to its blockers."),
    "deathtouch_formula": N_(
        "Your split gives damage to a blocker that already has lethal damage marked. It needs "
        "nothing more, even from a deathtouch attacker."),
    "deathtouch_ignored": N_(
        "Your split gives a blocker its whole toughness. %(creature)s has deathtouch, so 1 "
        "damage to a blocker is already lethal."),
    "marked_forgotten": N_(
        "Your split leaves out the damage already marked on a blocker. It counts: a damaged "
        "blocker needs only its toughness minus the damage it has."),
    "marked_forgotten_by_power": N_(
        "Your split leaves out the damage already marked on a blocker. It counts: with Zilortha, "
        "a damaged blocker needs only its power minus the damage it has."),
    "other_attackers_ignored": N_(
        "Your split has %(creature)s kill a shared blocker alone. Damage the other attacker "
        "assigns to it in the same step counts toward lethal."),
    "protection_raises_lethal": N_(
        "Your split treats protection or indestructible as if it changed lethal damage. Lethal "
        "damage comes from toughness and marked damage only."),
    "protected_skipped": N_(
        "Your split passes over a blocker with protection or indestructible. It is still "
        "blocking, so it too needs lethal damage before any damage goes past it."),
    "one_blocker_only": N_(
        "Your split sends damage on before every blocker has lethal damage. Trample lets damage "
        "go past only once each blocker has been assigned lethal damage."),
    "plain_trample_past_walker": N_(
        "Your split sends damage past the planeswalker to its controller. Plain trample stops at "
        "the planeswalker; only trample over planeswalkers goes on."),
    "battle_as_planeswalker": N_(
        "Your split sends damage past the battle. Past a battle’s blockers, the damage can go "
        "only to the battle."),
    "loyalty_skipped": N_(
        "Your split reaches the controller before the planeswalker is assigned its loyalty. "
        "Trample over planeswalkers goes on only after that."),
    "deathtouch_on_walker": N_(
        "Your split treats deathtouch as lethal for the planeswalker too. Deathtouch changes "
        "lethal damage for creatures only: the planeswalker needs its full loyalty first."),
    "left_target_passes_on": N_(
        "Your split sends damage on although the planeswalker or battle left combat. The "
        "attacker then attacks nothing: its damage goes only to creatures still blocking it."),
    "blocked_gets_through": N_(
        "Your split sends damage past the blockers of a creature without trample. Without "
        "trample, all of a blocked creature’s damage goes to its blockers."),
    "gone_blockers_without_trample": N_(
        "Your split sends damage on from a creature whose blockers all left combat. It stays "
        "blocked: without trample it assigns no combat damage."),
    "trample_ignored": N_(
        "Your split keeps all of %(creature)s’s damage on its blockers. With trample, damage "
        "beyond lethal may go on to what it attacks."),
    "blockers_ignored": N_(
        "Your split sends damage on as if the blockers weren’t there. Each blocker must be "
        "assigned lethal damage before any goes past it."),
    "blocker_power_as_toughness": N_(
        "Your split gives a blocker its power, not its toughness. Lethal damage comes from "
        "toughness, the second number, less any damage already marked."),
}
MISREADINGS: tuple[Misreading, ...] = tuple(
    replace(m, split_sentence=SPLIT_SENTENCES.get(m.code)) for m in _MISREADINGS)
BY_CODE = {m.code: m for m in MISREADINGS}


def _applicable(board: dict) -> tuple[Misreading, ...]:
    """The misreadings whose sentences are true of this board's rules."""
    if "defending" in board.get("lethal_by_power", []):
        return tuple(m for m in MISREADINGS if not m.by_toughness)
    return tuple(m for m in MISREADINGS if not m.only_by_power)


def _filled(board: dict) -> dict:
    """A copy with the contract's optional fields written out, so a change can read them."""
    full = copy.deepcopy(board)
    for attacker in full.get("attackers", []):
        attacker.setdefault("abilities", [])
        attacker.setdefault("blocked_by", [])
    for blocker in full.get("blockers", []):
        blocker.setdefault("abilities", [])
        blocker.setdefault("damage", 0)
    return full


def most(board: dict, creature: str, recipient: str) -> int:
    """The most `creature` can assign to `recipient` on this board (the core's analyze)."""
    info = analyze(board)["creatures"].get(creature, {})
    return info.get("recipients", {}).get(recipient, {}).get("max", 0)


def misread_numbers(board: dict, creature: str, recipient: str = "player") -> dict[int, Misreading]:
    """Each wrong number a misreading of this board leads to, with the (first) misreading."""
    right = most(board, creature, recipient)
    board = _filled(board)
    out: dict[int, Misreading] = {}
    for misreading in _applicable(board):
        for misread in misreading.misread(board, creature):
            try:
                number = most(misread, creature, recipient)
            except BoardError:  # a misread board the core refuses reveals nothing
                continue
            if number != right:
                out.setdefault(number, misreading)
    return out


def diagnose(board: dict, creature: str, recipient: str, said: int) -> Misreading | None:
    """The misreading that leads to `said`, or None (right, or no known misreading gives it)."""
    return misread_numbers(board, creature, recipient).get(said)


def _sent(split: dict, creature: str, recipient: str) -> int:
    return split.get(creature, {}).get(recipient, 0)


def _target(board: dict, cid: str) -> str:
    """What an attacker's damage goes on to past its blockers: "player" for a player, a
    planeswalker's or battle's id else."""
    attacker = _attacker(board, cid) or {}
    return attacker.get("attacking", "player") or "player"


def split_legal(board: dict, split: dict) -> bool | None:
    """The core's check of `split` (less attackers the board has no more), None if refused."""
    present = {a["id"] for a in board.get("attackers", [])}
    try:
        return check(board, {a: {r: n for r, n in row.items() if n}
                             for a, row in split.items() if a in present})["legal"]
    except BoardError:
        return None


def diagnose_split(board: dict, split: dict, *, goal: str = "legal", creature: str | None = None,
                   recipient: str = "player") -> Misreading | None:
    """The misreading that explains a wrong split (see the module's docstring), or None.

    `goal`: "legal" (any legal split), "exact" or "most" (of `creature`'s damage to
    `recipient`). A split that is right on the real board is never explained."""
    found = explain_split(board, split, goal=goal, creature=creature, recipient=recipient)
    return found[0] if found else None


def explain_split(board: dict, split: dict, *, goal: str = "legal", creature: str | None = None,
                  recipient: str = "player") -> tuple[Misreading, str] | None:
    """diagnose_split, with the attacker whose damage the misreading is about."""
    board = _filled(board)
    try:
        real = check(board, split)["legal"]
        real_most = most(board, creature, recipient) if goal == "most" and creature else None
    except BoardError:
        return None
    if real and (goal != "most" or real_most is None
                 or _sent(split, creature, recipient) == real_most):
        return None  # right (an exact goal's wrong amount is not a misreading of the board)
    ids = [creature] if creature else [a["id"] for a in board.get("attackers", [])
                                       if a["id"] in split]
    loose = None
    for misreading in _applicable(board):
        if misreading.split_sentence is None:
            continue
        for cid in ids:
            goes_to = recipient if cid == creature else _target(board, cid)
            for misread in misreading.misread(board, cid):
                if not split_legal(misread, split):
                    continue
                try:
                    misread_most = most(misread, cid, goes_to)
                except BoardError:
                    continue
                sent = _sent(split, cid, goes_to)
                if sent == misread_most and (not real or sent != real_most):
                    return misreading, cid  # exactly what the misread board lets through
                if not real and loose is None:
                    loose = misreading, cid
    return loose


def plausible_splits(question):
    """The wrong splits a misreading leads to on a slider question (a `kinds.Split`): each
    misread board's own best split (the core's `analyze`, locked sliders kept), when it is wrong
    on the real board, with the code `diagnose_split` names it by (None: not named). For
    measuring and testing how often a mistake can be named."""
    board = _filled(question.board)
    fixed = question.fixed or {}
    ids = [question.creature] if question.creature else [a["id"] for a in board["attackers"]]
    for misreading in _applicable(board):
        for cid in ids:
            for misread in misreading.misread(board, cid):
                present = {a["id"] for a in misread["attackers"]}
                try:
                    best = analyze(misread, fixed={a: r for a, r in fixed.items()
                                                   if a in present})["best"]
                except BoardError:
                    continue
                split = {a["id"]: dict(best.get(a["id"], {})) for a in board["attackers"]}
                if any(split[a].get(r, 0) != n for a, row in fixed.items() for r, n in row.items()):
                    continue
                try:
                    if question.grade(split).correct:
                        continue
                except Exception:  # noqa: BLE001 - a split the question can't read
                    continue
                found = diagnose_split(board, split, goal=question.goal,
                                       creature=question.creature, recipient=question.recipient)
                yield split, found.code if found else None
