"""One plain English sentence per problem code, built from the problem's params.

The web layer translates from ``code`` + ``params``; this English text is what the API and the
command print, and the fallback.
"""

from __future__ import annotations

_NOTHING = {
    "no_power": "{creature_name} has power {power}, so it assigns no combat damage; "
                "it assigned {assigned}.",
    "no_blockers_left": "{creature_name} was blocked and every blocker left combat; without trample "
                        "it assigns no combat damage, but it assigned {assigned}.",
    "target_removed": "{creature_name} is attacking {target_name}, which left combat, so it assigns "
                      "no combat damage; it assigned {assigned}.",
    "not_blocking": "{creature_name} isn't blocking any attacker, so it assigns no combat damage; "
                    "it assigned {assigned}.",
    "planeswalker_removed": "{creature_name} is attacking {target_name}, which left combat; trample "
                            "can't send that damage to the planeswalker's controller, so it assigns "
                            "none, but it assigned {assigned}.",
}

_TEMPLATES = {
    "wrong_total": "{creature_name} must assign all {power} of its combat damage; "
                   "it assigned {assigned}.",
    "blocked_no_trample": "{creature_name} is blocked and has no trample, so it can damage only its "
                          "blockers, not {target_name}.",
    "planeswalker_controller": "{creature_name} is attacking {planeswalker_name} and doesn't have "
                               "trample over planeswalkers, so none of its damage can go to that "
                               "planeswalker's controller.",
    "battle_protector": "{creature_name} is attacking {battle_name}; no kind of trample lets its "
                        "damage reach the battle's protector.",
    "target_removed": "{target_name} has left combat, so {creature_name} can't assign damage to it.",
    "trample_when_blocking": "{creature_name} is blocking; trample does nothing for a blocking "
                             "creature, so its damage can go only to the attacker it blocks.",
    "blocker_to_player": "{creature_name} is blocking, so its damage can go only to the attacker "
                         "it blocks, never to a player.",
    "controller_before_loyalty": "{creature_name} can't assign damage to the player yet: "
                                 "{planeswalker_name} has {has} damage assigned of the {loyalty} "
                                 "its loyalty requires.",
}


def render(code: str, params: dict) -> str:
    if code == "no_damage_to_assign":
        return _NOTHING[params["reason"]].format(**params)
    if code == "player_before_lethal":
        return _before_lethal(params)
    return _TEMPLATES[code].format(**params)


def _before_lethal(p: dict) -> str:
    head = f"{p['creature_name']} can't assign damage to {p['target_name']} yet: "
    who = f"{p['blocker_name']} ({p['blocker']})"
    if p["deathtouch"]:
        return head + (f"{who} has none of its damage, and with deathtouch just 1 would be lethal.")
    if p["marked"]:
        return head + (f"{who} already has {p['marked']} damage marked, so it needs {p['needs']} "
                       f"more and has {p['has']}.")
    return head + f"{who} has {p['has']} of the {p['needs']} damage it needs."
