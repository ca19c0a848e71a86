"""Hypothesis strategies for small, valid boards: shared blockers, deathtouch, marked damage,
planeswalkers, battles, removed targets, blockers that left combat."""

from __future__ import annotations

from hypothesis import strategies as st

ATTACKER_ABILITIES = ["trample", "trample_over_planeswalkers", "deathtouch", "banding",
                      "first_strike", "lifelink", "infect", "as_though_unblocked"]
BLOCKER_ABILITIES = ["trample", "deathtouch", "indestructible", "protection_from_green", "banding"]


@st.composite
def boards(draw, max_attackers=3, max_blockers=3, max_power=4):
    n_blockers = draw(st.integers(0, max_blockers))
    blockers = []
    for i in range(n_blockers):
        toughness = draw(st.integers(1, 3))
        abilities = draw(st.lists(st.sampled_from(BLOCKER_ABILITIES), unique=True, max_size=2))
        top = toughness + 1 if "indestructible" in abilities else toughness - 1
        blockers.append({"id": f"b{i}", "name": f"Blocker {i}", "power": draw(st.integers(0, 3)),
                         "toughness": toughness, "damage": draw(st.integers(0, top)),
                         "abilities": abilities + ["can_block_additional"]})
    planeswalkers = [{"id": "pw", "name": "Jace", "loyalty": draw(st.integers(1, 4)),
                      "removed_from_combat": draw(st.booleans())}] if draw(st.booleans()) else []
    battles = [{"id": "bt", "name": "Invasion", "defense": draw(st.integers(1, 4)),
                "removed_from_combat": draw(st.booleans())}] if draw(st.booleans()) else []
    targets = ["player"] + [p["id"] for p in planeswalkers] + [b["id"] for b in battles]
    attackers = []
    for i in range(draw(st.integers(1, max_attackers))):
        blocked_by = draw(st.lists(st.sampled_from([b["id"] for b in blockers]), unique=True)
                          if blockers else st.just([]))
        attacker = {"id": f"a{i}", "name": f"Attacker {i}",
                    "power": draw(st.integers(-1, max_power)), "toughness": 3,
                    "abilities": draw(st.lists(st.sampled_from(ATTACKER_ABILITIES), unique=True,
                                               max_size=3)),
                    "attacking": draw(st.sampled_from(targets)), "blocked_by": blocked_by}
        if not blocked_by and draw(st.integers(0, 3)) == 0:
            attacker["blocked"] = True  # blocked, but every blocker has left combat (702.19d)
        attackers.append(attacker)
    banded = {b["id"] for b in blockers if "banding" in b["abilities"]}
    for a in attackers:  # a board the core refuses: who chooses is not settled
        if banded & set(a["blocked_by"]):
            a["abilities"] = [w for w in a["abilities"] if w != "as_though_unblocked"]
    return {"attackers": attackers, "blockers": blockers, "planeswalkers": planeswalkers,
            "battles": battles}


@st.composite
def boards_with_assignment(draw):
    """A valid board and any assignment of the attackers to recipients they could be said to hit,
    with any amounts (wrong totals included)."""
    from .naive import candidate_recipients

    board = draw(boards())
    assignment = {}
    for a in board["attackers"]:
        recipients = candidate_recipients(board, a)
        assignment[a["id"]] = {r: draw(st.integers(0, 4)) for r in recipients
                               if draw(st.integers(0, 2))}
    return board, assignment


COMBAT_ABILITIES = ["trample", "deathtouch", "first_strike", "double_strike", "lifelink", "infect",
                    "wither", "indestructible", "protection_from_green", "protection_from_red",
                    "trample_over_planeswalkers", "as_though_unblocked"]
COMBAT_COLORS = ["green", "red", "white"]


@st.composite
def combat_creature(draw, cid: str, max_power: int):
    abilities = draw(st.lists(st.sampled_from(COMBAT_ABILITIES), unique=True, max_size=3))
    toughness = draw(st.integers(1, 4))
    top = toughness + 1 if "indestructible" in abilities else toughness - 1
    return {"id": cid, "name": cid.upper(), "power": draw(st.integers(-1, max_power)),
            "toughness": toughness, "damage": draw(st.integers(0, max(0, min(top, 2)))),
            "abilities": abilities,
            "colors": draw(st.lists(st.sampled_from(COMBAT_COLORS), unique=True, max_size=2))}


@st.composite
def combat_boards(draw, max_attackers=3, max_blockers=3, max_power=4):
    """Boards for resolving combat: both sides with first/double strike, deathtouch, infect,
    wither, lifelink, indestructible, protection and colours; life and poison near losing."""
    blockers = []
    for i in range(draw(st.integers(0, max_blockers))):
        b = draw(combat_creature(f"b{i}", 3))
        b["abilities"] = [w for w in b["abilities"] if "trample" not in w] + ["can_block_additional"]
        blockers.append(b)
    planeswalkers = [{"id": "pw", "name": "Jace", "loyalty": draw(st.integers(1, 4)),
                      "removed_from_combat": draw(st.booleans())}] if draw(st.booleans()) else []
    battles = [{"id": "bt", "name": "Invasion", "defense": draw(st.integers(1, 4))}
               ] if draw(st.booleans()) else []
    targets = ["player"] + [p["id"] for p in planeswalkers] + [b["id"] for b in battles]
    attackers = []
    for i in range(draw(st.integers(1, max_attackers))):
        a = draw(combat_creature(f"a{i}", max_power))
        a["attacking"] = draw(st.sampled_from(targets))
        a["blocked_by"] = draw(st.lists(st.sampled_from([b["id"] for b in blockers]), unique=True,
                                        max_size=2) if blockers else st.just([]))
        if not a["blocked_by"] and draw(st.integers(0, 4)) == 0:
            a["blocked"] = True  # every blocker left combat (702.19d)
        attackers.append(a)
    board = {"attackers": attackers, "blockers": blockers, "planeswalkers": planeswalkers,
             "battles": battles}
    if draw(st.booleans()):
        board["player"] = {"life": draw(st.integers(1, 8)), "poison": draw(st.integers(0, 9))}
    return board
