"""Who a creature may assign combat damage to, and what must happen first.

This is where 510.1a-d, 702.19a-f and 702.22j-k decide the *shape* of a creature's choices; the
numbers (is a blocker lethal? has the planeswalker got its loyalty?) are checked against the whole
board's assignment by :mod:`check` and :mod:`analyze`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .model import PLAYER, Attacker, Blocker, Board, Planeswalker, lethal_basis


def lethal_damage(blocker: Attacker | Blocker, deathtouch: bool = False,
                  by_power: bool = False) -> int:
    """Damage a blocker still needs to be assigned to count as lethal (702.19b, 702.2c).

    Marked damage counts; with deathtouch any 1 is lethal; a creature already at lethal (an
    indestructible one with damage >= toughness) needs 0. Protection, indestructible and
    prevention don't change it. ``by_power``: measured against power, not toughness.
    """
    basis = lethal_basis(blocker.power, blocker.toughness, by_power)
    if blocker.damage >= basis:
        return 0
    return 1 if deathtouch else basis - blocker.damage


def lethal_reason(blocker: Blocker, deathtouch: bool, by_power: bool = False) -> str:
    if blocker.damage >= lethal_basis(blocker.power, blocker.toughness, by_power):
        return "already_lethal"
    if deathtouch:
        return "deathtouch"
    return "power_minus_marked" if by_power else "toughness_minus_marked"


@dataclass(frozen=True)
class Gate:
    """A recipient past the blockers: open only once ``blockers`` are all assigned lethal damage
    (702.19b) and, for trample over planeswalkers, ``planeswalker`` got its loyalty (702.19c)."""

    rule: str
    blockers: tuple[str, ...] = ()
    planeswalker: str | None = None


# Why a creature assigns no combat damage -> the rule that says so.
NOTHING_RULE = {"not_this_step": "510.4", "no_power": "510.1a", "no_blockers_left": "510.1c", "target_removed": "510.1b",
                "planeswalker_removed": "702.19f", "not_blocking": "510.1d"}


@dataclass(frozen=True)
class Plan:
    """A creature's legal recipients in display order, the gates on some of them, why it has none,
    and which player chooses the split."""

    creature: Attacker | Blocker
    recipients: tuple[str, ...]
    gates: dict[str, Gate] = field(default_factory=dict)
    nothing_because: str | None = None
    chooser: str = "attacking_player"
    chooser_rule: str | None = "510.1c"  # None: an effect (Defensive Formation), not a rule
    reach: dict[str, str] = field(default_factory=dict)  # recipient past the blockers -> rule
    # A blocked attacker that may assign its combat damage as though it weren't blocked (Thorn
    # Elemental): its two whole ways, (as blocked, as though unblocked), never mixed. Its
    # recipients and gates here are the blocked way's plus the other's recipients (the sliders).
    choices: tuple["Plan", "Plan"] | None = None

    @property
    def nothing_rule(self) -> str | None:
        """The rule that leaves it nothing to assign (510.1a-d, 702.19f), if so."""
        return NOTHING_RULE.get(self.nothing_because) if self.nothing_because else None

    @property
    def assigns(self) -> int:
        return self.creature.assigns if self.recipients else 0


def deals_damage_now(board: Board, creature: Attacker | Blocker) -> bool:
    """510.4: in the first-strike step only creatures with first or double strike deal combat
    damage; in the second, those with double strike and those without first strike. A board
    that names no step is one where every creature on it deals damage."""
    if board.damage_step == "first":
        return creature.has("first_strike") or creature.has("double_strike")
    if board.damage_step == "second":
        return creature.has("double_strike") or not creature.has("first_strike")
    return True


def attacker_plan(board: Board, a: Attacker) -> Plan:
    """Who an attacker may damage (510.1b-c, 702.19b-f). One that may assign its combat damage as
    though it weren't blocked chooses between two whole ways: as blocked, or all of it as an
    unblocked creature would (510.1b). Either way may be to assign none (its blockers all gone
    without trample, or its target left combat); that is then a choice too (``may_decline``)."""
    blocked_way = _attacker_plan(board, a)
    if not (a.has("as_though_unblocked") and a.blocked
            and blocked_way.nothing_because in (None, "no_blockers_left")):
        return blocked_way
    free_way = _attacker_plan(board, replace(a, blocked=False, blocked_by=()))
    recipients = tuple(dict.fromkeys((*blocked_way.recipients, *free_way.recipients)))
    if not recipients:
        return blocked_way
    return replace(blocked_way, recipients=recipients, nothing_because=None,
                   reach={**free_way.reach, **blocked_way.reach},
                   choices=(replace(blocked_way, creature=a), replace(free_way, creature=a)))


def may_decline(plan: Plan) -> bool:
    """Whether assigning no combat damage at all is one of an attacker's choices: one of its two
    ways gives it nothing to assign (510.1c no blockers left, 510.1b its target left combat)."""
    return plan.choices is not None and any(not way.recipients for way in plan.choices)


def _attacker_plan(board: Board, a: Attacker) -> Plan:
    chooser, chooser_rule = _attacker_chooser(board, a)

    def plan(recipients=(), gates=None, nothing=None, reach=None) -> Plan:
        return Plan(a, tuple(recipients), gates or {}, nothing, chooser, chooser_rule, reach or {})

    if not deals_damage_now(board, a):
        return plan(nothing="not_this_step")  # 510.4
    if a.assigns == 0:
        return plan(nothing="no_power")  # 510.1a
    if a.blocked and not a.tramples:
        # 510.1c: only to its blockers, split freely; none left -> no damage at all.
        return plan(a.blocked_by) if a.blocked_by else plan(nothing="no_blockers_left")
    target = None if a.attacking == PLAYER else board.thing(a.attacking)
    top = isinstance(target, Planeswalker) and a.has("trample_over_planeswalkers")
    must_kill = a.blocked_by if a.blocked else ()
    # 510.1b unblocked; 702.19d blocked, no blocker left; 702.19b past the blockers
    rule = "510.1b" if not a.blocked else "702.19d" if not a.blocked_by else "702.19b"
    beyond: list[tuple[str, Gate]] = []
    if target is None or not target.removed_from_combat:
        beyond.append((a.attacking, Gate(rule, must_kill)))
        if top:  # 702.19c
            beyond.append((PLAYER, Gate("702.19c", must_kill, target.id)))
    elif top:  # 702.19e: the planeswalker left combat; its controller may still be reached
        beyond.append((PLAYER, Gate("702.19e", must_kill)))
    recipients = (*a.blocked_by, *(rid for rid, _ in beyond))
    if not recipients:
        why = "planeswalker_removed" if isinstance(target, Planeswalker) else "target_removed"
        return plan(nothing=why)
    gates = {rid: g for rid, g in beyond if g.blockers or g.planeswalker}
    return plan(recipients, gates, reach={rid: g.rule for rid, g in beyond})


def _attacker_chooser(board: Board, a: Attacker) -> tuple[str, str | None]:
    """Who divides an attacker's damage: its controller (510.1b-c); the defending player when a
    blocker has banding (702.22j) or an effect such as Defensive Formation gives them the
    damage of creatures attacking them (no rule number: the card's own text; the split's rules
    are the usual ones)."""
    if any(board.creature(b).has("banding") for b in a.blocked_by):
        return "defending_player", "702.22j"
    if board.defending_player_assigns and a.attacking == PLAYER:
        return "defending_player", None
    return "attacking_player", "510.1c" if a.blocked else "510.1b"


def blocker_plan(board: Board, b: Blocker) -> Plan:
    """510.1d: a blocker splits its damage among the attackers it blocks; 702.19a: trample on a
    blocker does nothing. 702.22k: an attacker with banding lets the attacking player choose."""
    blocked = board.attackers_blocked_by(b.id)
    if any(a.has("banding") for a in blocked):
        chooser, rule = "attacking_player", "702.22k"
    else:
        chooser, rule = "defending_player", "510.1d"
    if not deals_damage_now(board, b):
        return Plan(b, (), {}, "not_this_step", chooser, rule)
    if b.assigns == 0:
        return Plan(b, (), {}, "no_power", chooser, rule)
    if not blocked:
        return Plan(b, (), {}, "not_blocking", chooser, rule)
    return Plan(b, tuple(a.id for a in blocked), {}, None, chooser, rule)


def plan_for(board: Board, creature: Attacker | Blocker) -> Plan:
    if isinstance(creature, Attacker):
        return attacker_plan(board, creature)
    return blocker_plan(board, creature)


def damage_sources(board: Board) -> list[Attacker | Blocker]:
    """Creatures that assign combat damage in this step (510.1)."""
    return [c for c in (*board.attackers, *board.blockers) if plan_for(board, c).recipients]


def structural_recipients(board: Board, creature: Attacker | Blocker) -> set[str]:
    """Everything a creature could be *said* to damage that a rule, not a typo, must rule out."""
    if isinstance(creature, Attacker):
        return {*creature.blocked_by, creature.attacking, PLAYER}
    return {a.id for a in board.attackers_blocked_by(creature.id)} | {PLAYER}
