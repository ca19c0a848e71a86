"""Small board builders so each test reads like the rule it checks."""

from __future__ import annotations


def creature(cid, name, power, toughness, *abilities, damage=0, **extra):
    return {"id": cid, "name": name, "power": power, "toughness": toughness, "damage": damage,
            "abilities": list(abilities), **extra}


def attacker(cid, name, power, toughness, *abilities, blocked_by=(), **extra):
    return creature(cid, name, power, toughness, *abilities, blocked_by=list(blocked_by), **extra)


def board(attackers, blockers=(), planeswalkers=(), battles=(), assignment=None):
    data = {"attackers": list(attackers), "blockers": list(blockers),
            "planeswalkers": list(planeswalkers), "battles": list(battles)}
    if assignment is not None:
        data["assignment"] = assignment
    return data


def bears(*ids):
    return [creature(i, "Grizzly Bears", 2, 2) for i in ids]


def force_of_nature(assignment=None):
    return board([attacker("a1", "Force of Nature", 8, 8, "trample", blocked_by=["b1", "b2", "b3"])],
                 bears("b1", "b2", "b3"), assignment=assignment)
