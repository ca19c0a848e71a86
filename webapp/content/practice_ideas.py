"""Endless practice's ideas: for each, a board maker with varied numbers and names (from the
quiz generator's helpers and the card catalogue) and its *misreading*, the board as a learner who
forgot the idea reads it. webapp.content.practice asks the questions and keeps the boards whose
answer the misreading changes. Pure: no Flask, no database.

    IDEAS[name].make(rng) -> Drawn(board, creature, recipient, effect)
    IDEAS[name].misread(board, question) -> the board misread
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..rules import BoardError, analyze, resolve
from .cards import default_cards
from .misreadings import by_toughness
from .generate import (a_battle, a_planeswalker, asked_recipient, band_question, blockers_gone,
                       card_pool, equipped, infected, make_blockers, make_trampler, shared_blocker,
                       shown_card)

TRAMPLES = ("trample", "trample_over_planeswalkers")


@dataclass
class Drawn:
    """A practice board, with what a question about it should ask (`creature` -> `recipient`,
    None: the question maker's choice) and an effect the board format can't carry (a doubler),
    said beside the board."""

    board: dict
    creature: str | None = None
    recipient: str | None = None
    effect: dict | None = None


@dataclass(frozen=True)
class Idea:
    make: Callable[[random.Random], Drawn]
    misread: Callable[[dict, dict], dict]  # (board, question) -> the board as misread
    play_out: bool = True  # the resolver can deal it as it is (no doubler beside the board)
    kinds: tuple[str, ...] = ("number", "legal", "assign")  # the questions its boards can ask
    ask: Callable | None = None  # its own question maker (the generator's makers otherwise)


# --- board makers -------------------------------------------------------------------------------


PLAIN_WORDS = {"trample", "lifelink", "indestructible"}  # what a plain attacker may have printed


def _plain_attacker(rng, blockers: list[dict], *, aid: str = "a1", power=(3, 8),
                    avoid: tuple[str, ...] = (), trample: bool = False) -> dict:
    """An attacker with nothing but (with `trample`) trample that changes its damage: no
    deathtouch, strike or protection (which would make another lesson's board)."""
    avoid = tuple(name.split(" with ")[0] for name in avoid)
    while True:
        attacker = make_trampler(rng, blockers, abilities=("trample",) if trample else (),
                                 power=power, aid=aid, avoid=avoid)
        if set(attacker["abilities"]) <= PLAIN_WORDS:
            return attacker


def _blocked_pair(rng, *, second: str) -> Drawn:
    """A blocked attacker without trample, and beside it (`second`) an unblocked one or a blocked
    trampler: what "blocked means stopped" contrasts."""
    blockers = make_blockers(rng, rng.randint(1, 2))
    a1 = _plain_attacker(rng, blockers)
    attackers = [a1]
    if second == "unblocked" or (second == "either" and rng.random() < 0.5):
        attackers.append(_plain_attacker(rng, [], power=(1, 5), aid="a2", avoid=(a1["name"],)))
    elif second != "none":
        more = make_blockers(rng, 3)[len(blockers):] or make_blockers(rng, 1)
        extra = [b for b in more if b["name"] not in {x["name"] for x in blockers}][:1]
        for i, b in enumerate(extra):
            b["id"] = f"b{len(blockers) + i + 1}"
        blockers += extra
        attackers.append(_plain_attacker(rng, extra, aid="a2", avoid=(a1["name"],),
                                         trample=True))
    board = {"attackers": attackers, "blockers": blockers}
    focus = "a1" if len(attackers) == 1 or rng.random() < 0.6 else "a2"
    return Drawn(board, focus, "player")


def _basics(rng) -> Drawn:
    """Combat basics: no trample; a blocked attacker, often an unblocked one; the life total."""
    drawn = _blocked_pair(rng, second="unblocked" if rng.random() < 0.7 else "none")
    drawn.board["player"] = {"life": rng.randint(6, 20), "poison": 0}
    return drawn


def _no_trample(rng) -> Drawn:
    return _blocked_pair(rng, second="either")


def _blocking_trampler(rng) -> Drawn:
    """Trample on a blocker does nothing (702.19a): an attacker without trample blocked by a
    creature with trample, and often a trampler attacking beside it."""
    # trample and nothing else printed: a first or double striker would deal its damage in a
    # step of its own (510.4), which a board without damage_step says it doesn't
    card = rng.choice(card_pool(trample=True, power=(1, 6), words={"trample"}))
    blocker = {"id": "b1", **shown_card(card), "damage": 0}
    a1 = _plain_attacker(rng, [blocker], power=(blocker["toughness"], 9))
    attackers, blockers = [a1], [blocker]
    if rng.random() < 0.5:
        small = [b for b in make_blockers(rng, 2) if b["name"] != blocker["name"]][:1]
        small[0]["id"] = "b2"
        blockers += small
        attackers.append(_plain_attacker(rng, small, aid="a2", avoid=(a1["name"], card.name),
                                         trample=True))
    focus = "a1" if len(attackers) == 1 or rng.random() < 0.6 else "a2"
    return Drawn({"attackers": attackers, "blockers": blockers}, focus, "player")


def _plain_trampler(rng) -> Drawn:
    blockers = make_blockers(rng, rng.randint(1, 3))
    return Drawn({"attackers": [make_trampler(rng, blockers)], "blockers": blockers})


def _with_deathtouch(rng) -> Drawn:
    blockers = make_blockers(rng, rng.randint(2, 3), marked=rng.random() < 0.3)
    return Drawn({"attackers": [make_trampler(rng, blockers, abilities=("trample", "deathtouch"))],
                  "blockers": blockers})


def _with_marks(rng) -> Drawn:
    """Marked damage on at least one blocker (one with toughness 2 or more: cards as printed)."""
    while True:
        blockers = make_blockers(rng, rng.randint(1, 3))
        tough = [b for b in blockers if b["toughness"] >= 2]
        if tough:
            break
    worn = rng.choice(tough)
    worn["damage"] = rng.randint(1, worn["toughness"] - 1)
    return Drawn({"attackers": [make_trampler(rng, blockers)], "blockers": blockers})


def _with_protection(rng) -> Drawn:
    """A blocker with protection from green or indestructible: printed, a counter, or an effect
    said in its name."""
    blockers = make_blockers(rng, rng.randint(1, 3),
                             abilities=("protection_from_green", "indestructible"))
    if not any({"protection_from_green", "indestructible"} & set(b["abilities"])
               for b in blockers):
        blockers[0] = make_blockers(rng, 1, abilities=("protection_from_green",),
                                    always=True)[0]
    return Drawn({"attackers": [make_trampler(rng, blockers)], "blockers": blockers})


def _countered(rng, card, bid: str) -> dict:
    """A blocker with +1/+1 or -1/-1 counters said in its name (never killed by them)."""
    if card.toughness > 1 and card.power >= 1 and rng.random() < 0.5:
        minus = rng.randint(1, min(card.toughness - 1, card.power))
        return {"id": bid, **shown_card(card, minus=minus), "damage": 0}
    return {"id": bid, **shown_card(card, plus=rng.randint(1, 2)), "damage": 0}


def _with_counters(rng) -> Drawn:
    """+1/+1 and -1/-1 counters on blockers, and now and then a trample counter on an attacker
    that has no trample printed: what counts is the creature as it is now."""
    cards = rng.sample(card_pool(trample=False, power=(0, 4), words=set()), rng.randint(1, 2))
    blockers = [_countered(rng, card, f"b{i + 1}") for i, card in enumerate(cards)]
    if rng.random() < 0.4:
        base = rng.choice([c for c in card_pool(trample=False, power=(3, 9), words=set())
                           if c.name not in {x.name for x in cards}])
        attacker = {"id": "a1", **shown_card(base, adds=("trample",)), "attacking": "player",
                    "blocked_by": [b["id"] for b in blockers]}
    else:
        attacker = make_trampler(rng, blockers)
    return Drawn({"attackers": [attacker], "blockers": blockers})


def _with_infect(rng) -> Drawn:
    """Putrefax or a wither trampler; its blockers may carry -1/-1 counters from earlier wither."""
    cards = rng.sample(card_pool(trample=False, power=(0, 4), words=set()), rng.randint(1, 2))
    blockers = [_countered(rng, card, f"b{i + 1}") if rng.random() < 0.6
                else {"id": f"b{i + 1}", **shown_card(card), "damage": 0}
                for i, card in enumerate(cards)]
    return Drawn({"attackers": [infected(rng, blockers)], "blockers": blockers})


def _trampler_dies(rng) -> Drawn:
    """The blockers kill the trampler (deathtouch or enough power): it still assigns all its
    damage, at the same moment as theirs (510.2)."""
    killers = [c for c in card_pool(trample=False, power=(1, 4), words={"deathtouch", "lifelink"})
               if "deathtouch" in c.abilities]
    cards = [rng.choice(killers)]
    if rng.random() < 0.6:
        cards.append(rng.choice([c for c in card_pool(trample=False, power=(1, 4), words=set())]))
    blockers = [{"id": f"b{i + 1}", **shown_card(card), "damage": 0} for i, card in enumerate(cards)]
    attacker = make_trampler(rng, blockers, power=(3, 9), strike=False)
    board = {"attackers": [attacker], "blockers": blockers}
    # The rules core says whether it dies when its best split is dealt; if not (indestructible,
    # say), draw again.
    step = resolve(board, analyze(board)["best"])["steps"][0]
    if not step["creatures"][attacker["id"]]["dies"]:
        return _trampler_dies(rng)
    return Drawn(board)


def _shared(rng) -> Drawn:
    board = shared_blocker(rng)
    return Drawn(board, rng.choice(("a1", "a2")), "player")


def _gone(rng) -> Drawn:
    return Drawn(blockers_gone(rng))


def _second_step(board: dict, rng) -> dict | None:
    """The second damage step after a legal first-strike split, as the rules core derives it
    (510.4): damage dealt marked, blockers that died gone, loyalty spent. Splits that leave a
    blocker alive are preferred (else every such board would be "every blocker gone")."""
    analysis = analyze(board)
    splits = [analysis["best"]]
    for aid, info in analysis["creatures"].items():
        if info["kind"] != "attacker" or not info["recipients"]:
            continue
        splits.append({**analysis["best"], aid: {rng.choice(list(info["recipients"])):
                                                 info["assigns"]}})
        blockers = [r for r in info["recipients"] if r in info["lethal"]]
        if blockers:  # spread over the blockers one point at a time: some may live
            spread = dict.fromkeys(blockers, 0)
            for i in range(info["assigns"]):
                spread[blockers[i % len(blockers)]] += 1
            splits.append({**analysis["best"], aid: spread})
    rng.shuffle(splits)
    seconds = []
    for split in splits:
        try:
            steps = resolve(board, split)["steps"]
        except BoardError:
            continue
        if len(steps) == 2:
            second = steps[1]["board"]
            second.pop("player", None)
            seconds.append({k: v for k, v in second.items() if v != [] or k == "blockers"})
    alive = [b for b in seconds if b["blockers"]]
    return (alive or seconds or [None])[0]


def _strike(rng) -> Drawn:
    """Double strike: the second damage step, derived by the core from a first-step split."""
    blockers = make_blockers(rng, rng.randint(2, 3))
    first = {"attackers": [make_trampler(rng, blockers, abilities=("trample", "double_strike"),
                                         power=(3, 7))], "blockers": blockers}
    second = _second_step(first, rng)
    return Drawn(second) if second else _strike(rng)


def _walker_strike(rng) -> Drawn:
    """Double strike at a planeswalker: the second step counts the loyalty left (702.19c)."""
    blockers = make_blockers(rng, rng.randint(1, 2))
    kind = rng.choice(TRAMPLES)
    first = {"attackers": [make_trampler(rng, blockers, abilities=(kind, "double_strike"),
                                         attacking="pw1", power=(3, 7))],
             "blockers": blockers, "planeswalkers": [a_planeswalker(rng, removed=0)]}
    second = _second_step(first, rng)
    if not second or not second.get("planeswalkers") or not second["blockers"]:
        return _walker_strike(rng)
    return Drawn(second, "a1", asked_recipient(second, second["attackers"][0]))


def _planeswalker(rng) -> Drawn:
    """Attacking a planeswalker with trample or trample over planeswalkers; now and then the
    planeswalker has left combat (702.19e)."""
    blockers = make_blockers(rng, rng.randint(1, 2), marked=True)
    kind = rng.choice(TRAMPLES)
    walker = a_planeswalker(rng)
    board = {"attackers": [make_trampler(rng, blockers, abilities=(kind,), attacking="pw1")],
             "blockers": blockers, "planeswalkers": [walker]}
    asked = "player" if walker["removed_from_combat"] or rng.random() < 0.6 else "pw1"
    return Drawn(board, "a1", asked)


def _battle_board(rng) -> Drawn:
    """Attacking a battle: its protector never takes trample damage; now and then the battle
    has left combat, so nothing reaches it."""
    blockers = make_blockers(rng, rng.randint(1, 2))
    kind = rng.choice(TRAMPLES)
    battle = {**a_battle(rng), "removed_from_combat": rng.random() < 0.25}
    board = {"attackers": [make_trampler(rng, blockers, abilities=(kind,), attacking="bt1")],
             "blockers": blockers, "battles": [battle]}
    return Drawn(board, "a1", "bt1" if rng.random() < 0.6 else "player")


def _banding(rng) -> Drawn:
    """A blocker with banding among a trampler's two or three blockers: the defending player
    assigns the trampler's damage (702.22j), and the question asks them to keep one blocker
    alive. Only the blockers are ever asked about: whether the defending player may put some of
    it on themselves has no official ruling (judge-corners says so)."""
    banders = [c for c in card_pool(trample=False, power=(0, 4), words={"banding"})
               if "banding" in c.abilities]
    plain = card_pool(trample=False, power=(0, 4), words=set())
    cards = [rng.choice(banders), *rng.sample(plain, rng.randint(1, 2))]
    rng.shuffle(cards)
    blockers = [{"id": f"b{i + 1}", **shown_card(card), "damage": 0}
                for i, card in enumerate(cards)]
    attacker = _plain_attacker(rng, blockers, power=(4, 9), trample=True)
    keep = rng.choice(blockers)["id"]
    return Drawn({"attackers": [attacker], "blockers": blockers}, "a1", keep)


def _unblocked_option(rng) -> Drawn:
    """Thorn Elemental, Pride of Lions or Lone Wolf, blocked by one or two creatures; now and then
    with Rancor (+2/+0 and trample). Its controller may have it assign all of its combat damage
    as though it weren't blocked (510.1b), never some to the blockers and some past them."""
    card = rng.choice(default_cards().with_ability("as_though_unblocked"))
    shown = equipped(card, "Rancor") if rng.random() < 0.4 else card.facts()
    blockers = make_blockers(rng, rng.randint(1, 2))
    attacker = {"id": "a1", **shown, "attacking": "player",
                "blocked_by": [b["id"] for b in blockers]}
    return Drawn({"attackers": [attacker], "blockers": blockers}, "a1", "player")


def _by_power(rng) -> Drawn:
    """Zilortha, Strength Incarnate blocks beside one or two other creatures of the defending
    player: lethal damage to each of them is its power, not its toughness (a creature with power
    0 still needs 1), now and then with damage already marked (below its power)."""
    zilortha = next(c for c in default_cards().creatures if c.lethal_by_power)
    blockers = [{"id": "b1", **zilortha.facts(), "damage": rng.choice((0, 0, 2, 3, 5))}]
    for b in make_blockers(rng, rng.randint(1, 2)):
        if b["name"] != zilortha.name:
            blockers.append({**b, "id": f"b{len(blockers) + 1}", "damage": 0})
    rng.shuffle(blockers)
    attacker = _plain_attacker(rng, blockers, power=(5, 12), trample=True)
    board = {"attackers": [attacker], "blockers": blockers, "lethal_by_power": ["defending"]}
    return Drawn(board, "a1", "player")


def _doubler(rng) -> Drawn:
    """A damage doubler or preventer beside the board: Torbran (a red source deals 2 more) or
    Healing Salve on a blocker (the next 3 prevented). Neither changes lethal damage (702.19b)."""
    blockers = make_blockers(rng, rng.randint(1, 2))
    if rng.random() < 0.6:
        red = [c for c in card_pool(trample=True, power=(3, 7))
               if "red" in c.colors and "trample" in c.abilities and not c.not_modelled
               and not {"infect", "wither"} & set(c.abilities)]
        card = rng.choice(red)
        attacker = {"id": "a1", **shown_card(card, plus=rng.randint(0, 2)), "attacking": "player",
                    "blocked_by": [b["id"] for b in blockers]}
        effect = {"kind": "torbran"}
    else:
        attacker = make_trampler(rng, blockers)
        effect = {"kind": "salve", "blocker": rng.choice(blockers)["id"]}
    return Drawn({"attackers": [attacker], "blockers": blockers}, effect=effect)


def asked(q: dict) -> tuple[str | None, str]:
    """What a question asks about: (its attacker, the recipient; "player" by default)."""
    said = q.get("goal") or q.get("verify") or {}
    return said.get("creature"), said.get("recipient") or "player"


# --- misreadings: the board as a learner who forgot the idea reads it ---------------------------


def _copy(board: dict) -> dict:
    return {k: [dict(x) if isinstance(x, dict) else x for x in v] if isinstance(v, list) else v
            for k, v in board.items()}


def _abilities(thing: dict, drop=(), add=()) -> None:
    thing["abilities"] = [w for w in thing.get("abilities", []) if w not in drop] + \
        [w for w in add if w not in thing.get("abilities", [])]


def _no_banding(board, q):
    """Banding forgotten: the attacking player assigns, as usual, and sends the most past the
    blockers, each given lethal damage."""
    out = _copy(board)
    for b in out["blockers"]:
        _abilities(b, drop=("banding",))
    return out


def _blocked_stops_it(board, q):
    """Its printed choice forgotten: blocked, so it deals its damage as any blocked creature."""
    out = _copy(board)
    for a in out["attackers"]:
        _abilities(a, drop=("as_though_unblocked",))
    return out


def _drop_trample(board, q):
    out = _copy(board)
    for a in out["attackers"]:
        _abilities(a, drop=TRAMPLES)
    return out


def _toggle_trample(board, q):
    """Blocked attackers read the wrong way round: one without trample as if it trampled over
    (the blocker's trample counted, too), a trampler as if blocked meant stopped."""
    out = _copy(board)
    for a in out["attackers"]:
        if a.get("blocked_by"):
            if set(TRAMPLES) & set(a.get("abilities", [])):
                _abilities(a, drop=TRAMPLES)
            else:
                _abilities(a, add=("trample",))
    return out


def _basics_misread(board, q):
    """Combat basics misread: trample read the wrong way round, and an unblocked attacker's
    damage read from its toughness instead of its power."""
    out = _toggle_trample(board, q)
    for a in out["attackers"]:
        if not a.get("blocked_by") and not a.get("blocked"):
            a["power"], a["toughness"] = a["toughness"], a["power"]
    return out


def _drop_deathtouch(board, q):
    out = _copy(board)
    for a in out["attackers"]:
        _abilities(a, drop=("deathtouch",))
    return out


def _wipe_marks(board, q):
    out = _copy(board)
    for b in out["blockers"]:
        b["damage"] = 0
    return out


def _skip_protected(board, q):
    """"It can't be hurt, so it needs nothing": the protected or indestructible blocker skipped."""
    guarded = {b["id"] for b in board["blockers"] if "indestructible" in b.get("abilities", [])
               or any(w.startswith("protection_from_") for w in b.get("abilities", []))}
    out = _copy(board)
    out["blockers"] = [b for b in out["blockers"] if b["id"] not in guarded]
    for a in out["attackers"]:
        a["blocked"] = bool(a.get("blocked_by")) or a.get("blocked", False)
        a["blocked_by"] = [b for b in a.get("blocked_by", []) if b not in guarded]
    return out


def _alone(board, q):
    """The other attacker's damage to the shared blocker forgotten: the asked attacker alone."""
    creature = asked(q)[0] or board["attackers"][0]["id"]
    out = _copy(board)
    out["attackers"] = [a for a in out["attackers"] if a["id"] == creature]
    return out


def _gone_misread(board, q):
    """Blocked with every blocker gone: "blocked, so stopped" for a trampler, "unblocked, so it
    hits" without trample."""
    out = _copy(board)
    for a in out["attackers"]:
        if a.get("blocked") and not a.get("blocked_by"):
            if set(TRAMPLES) & set(a.get("abilities", [])):
                _abilities(a, drop=TRAMPLES)
            else:
                a["blocked"] = False
    return out


def _loyalty_forgotten(board, q):
    """The first step's damage forgotten: marks wiped, a planeswalker's loyalty not counted."""
    out = _wipe_marks(board, q)
    for w in out.get("planeswalkers", []):
        w["removed_from_combat"] = True
    return out


def _target_gone(kind: str):
    """A planeswalker or battle misread: one that left combat read as still there; one in combat
    read as if the attacker attacked the player (its loyalty, or the battle, forgotten)."""
    def misread(board, q):
        out = _copy(board)
        things = out.get(kind, [])
        if any(t["removed_from_combat"] for t in things):
            for t in things:
                t["removed_from_combat"] = False
            return out
        ids = {t["id"] for t in things}
        out[kind] = []
        for a in out["attackers"]:
            if a.get("attacking") in ids:
                a["attacking"] = "player"
        return out
    return misread


def _printed(board, q):
    """Counters forgotten: every card read with its printed numbers and keywords."""
    cards = default_cards()
    out = _copy(board)
    for thing in (*out["attackers"], *out["blockers"]):
        card = cards.creature(thing["name"].split(" with ")[0])
        if card is not None and " with " in thing["name"] and "Rancor" not in thing["name"]:
            printed = card.facts()
            thing.update(power=printed["power"], toughness=printed["toughness"],
                         abilities=printed["abilities"])
    return out


def _power_gone(board, q):
    """"It dies, so it deals nothing": the trampler read as dealing no damage."""
    out = _copy(board)
    for a in out["attackers"]:
        a["power"] = 0
    return out


def _effect_counted(board, q):
    """The doubler or preventer counted in lethal damage: Torbran's 2 taken off what each
    blocker needs, Healing Salve's 3 added to what its blocker needs."""
    effect = q.get("effect") or {}
    out = _copy(board)
    for b in out["blockers"]:
        if effect.get("kind") == "torbran":
            b["toughness"] = max(b.get("damage", 0) + 1, b["toughness"] - 2)
        elif effect.get("kind") == "salve" and b["id"] == effect.get("blocker"):
            b["toughness"] += 3
    return out


IDEAS: dict[str, Idea] = {
    "basics": Idea(_basics, _basics_misread),
    "trample": Idea(_plain_trampler, _drop_trample),
    "no_trample": Idea(_no_trample, _basics_misread),
    "blocking_trampler": Idea(_blocking_trampler, _toggle_trample),
    "deathtouch": Idea(_with_deathtouch, _drop_deathtouch),
    "marked": Idea(_with_marks, _wipe_marks),
    "protection": Idea(_with_protection, _skip_protected),
    "counters": Idea(_with_counters, _printed),
    "doublers": Idea(_doubler, _effect_counted, play_out=False),
    "trampler_dies": Idea(_trampler_dies, _power_gone),
    "shared": Idea(_shared, _alone),
    "gone": Idea(_gone, _gone_misread),
    "strike": Idea(_strike, lambda board, q: _gone_misread(_wipe_marks(board, q), q)),
    "walker_strike": Idea(_walker_strike, _loyalty_forgotten),
    "planeswalker": Idea(_planeswalker, _target_gone("planeswalkers")),
    "battle": Idea(_battle_board, _target_gone("battles")),
    "infect": Idea(_with_infect, _printed),
    "banding": Idea(_banding, _no_banding, kinds=("assign",), ask=band_question),
    "unblocked_option": Idea(_unblocked_option, _blocked_stops_it),
    "by_power": Idea(_by_power, lambda board, q: by_toughness(board)),
}
