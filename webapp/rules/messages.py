"""One plain sentence per problem, built from the problem's params: the one source of these words.

The core renders them in English (the API's and the command's ``message``). The web layer
translates the same sentences from ``code`` + ``params`` (webapp.i18n.problem_text): each is
marked with ``N_`` so Babel extracts it into the catalogs.
"""

from __future__ import annotations


def N_(text: str) -> str:
    """Mark a sentence for translation; it is translated where it is shown, not here."""
    return text


# Each ability word of the board contract, as a page names it.
ABILITY_LABELS = {
    "trample": N_("Trample"),
    "trample_over_planeswalkers": N_("Trample over planeswalkers"),
    "deathtouch": N_("Deathtouch"),
    "first_strike": N_("First strike"),
    "double_strike": N_("Double strike"),
    "indestructible": N_("Indestructible"),
    "protection_from_white": N_("Protection from white"),
    "protection_from_blue": N_("Protection from blue"),
    "protection_from_black": N_("Protection from black"),
    "protection_from_red": N_("Protection from red"),
    "protection_from_green": N_("Protection from green"),
    "lifelink": N_("Lifelink"),
    "banding": N_("Banding"),
    "can_block_additional": N_("Can block an additional creature"),
    "infect": N_("Infect"),
    "wither": N_("Wither"),
    "as_though_unblocked": N_("May assign its combat damage as though it weren’t blocked"),
}

# (code, variant) -> sentence. The variant is params["reason"] for no_damage_to_assign, and the
# kind of shortfall for player_before_lethal; None otherwise.
SENTENCES = {
    ("wrong_total", None): N_(
        "%(creature_name)s must assign all %(power)s of its combat damage; %(assigned)s is assigned."),
    ("blocked_no_trample", None): N_(
        "%(creature_name)s is blocked and has no trample, so it can damage only its blockers, "
        "not %(target_name)s."),
    ("unblocked_all_or_nothing", None): N_(
        "%(creature_name)s may assign its combat damage as though it weren’t blocked, but then all "
        "%(power)s goes to %(target_name)s and none to its blockers; it can’t do some of each."),
    ("controller_before_loyalty", None): N_(
        "%(creature_name)s can’t assign damage to the player yet: %(planeswalker_name)s has "
        "%(has)s damage assigned of the %(loyalty)s its loyalty requires."),
    ("planeswalker_controller", None): N_(
        "%(creature_name)s is attacking %(planeswalker_name)s without trample over planeswalkers, "
        "so none of its damage can go to that planeswalker’s controller."),
    ("battle_protector", None): N_(
        "%(creature_name)s is attacking %(battle_name)s; no kind of trample lets its damage reach "
        "the battle’s protector."),
    ("target_removed", None): N_(
        "%(target_name)s has left combat, so %(creature_name)s can’t assign damage to it."),
    ("trample_when_blocking", None): N_(
        "%(creature_name)s is blocking; trample does nothing for a blocking creature, so its "
        "damage can go only to the attacker it blocks."),
    ("blocker_to_player", None): N_(
        "%(creature_name)s is blocking, so its damage can go only to the attacker it blocks, never "
        "to a player."),
    ("no_damage_to_assign", "not_this_step"): N_(
        "%(creature_name)s deals no combat damage in this damage step (first strike and double "
        "strike decide who deals damage in which step), but %(assigned)s is assigned."),
    ("no_damage_to_assign", "no_power"): N_(
        "%(creature_name)s has power %(power)s, so it assigns no combat damage; %(assigned)s is "
        "assigned."),
    ("no_damage_to_assign", "no_blockers_left"): N_(
        "%(creature_name)s was blocked and every blocker left combat; without trample it assigns "
        "no combat damage, but %(assigned)s is assigned."),
    ("no_damage_to_assign", "target_removed"): N_(
        "%(creature_name)s is attacking %(target_name)s, which left combat, so it assigns no "
        "combat damage; %(assigned)s is assigned."),
    ("no_damage_to_assign", "not_blocking"): N_(
        "%(creature_name)s isn’t blocking any attacker, so it assigns no combat damage; "
        "%(assigned)s is assigned."),
    ("no_damage_to_assign", "planeswalker_removed"): N_(
        "%(creature_name)s is attacking %(target_name)s, which left combat; trample can’t send "
        "that damage to the planeswalker’s controller, so it assigns none, but %(assigned)s is "
        "assigned."),
    ("player_before_lethal", "deathtouch"): N_(
        "%(creature_name)s can’t assign damage to %(target_name)s yet: %(blocker_name)s has none "
        "of its damage, and with deathtouch just 1 would be lethal."),
    ("player_before_lethal", "marked"): N_(
        "%(creature_name)s can’t assign damage to %(target_name)s yet: %(blocker_name)s already "
        "has %(marked)s damage marked, so it needs %(needs)s more and has %(has)s."),
    ("player_before_lethal", "plain"): N_(
        "%(creature_name)s can’t assign damage to %(target_name)s yet: %(blocker_name)s has "
        "%(has)s of the %(needs)s damage it needs."),
}


def board_labels(board: dict, shown=lambda name: name) -> dict[str, str]:
    """id -> the name a person sees, on every page and in every question: `shown(name)` (what
    the board adds to a card, in the reader's words), numbered in board order where things share
    a name ("Grizzly Bears 2"), so a sentence, a slider and a card say which one is meant."""
    things = [*board.get("attackers", []), *board.get("blockers", []),
              *board.get("planeswalkers", []), *board.get("battles", [])]
    counts: dict[str, int] = {}
    for thing in things:
        counts[thing["name"]] = counts.get(thing["name"], 0) + 1
    seen: dict[str, int] = {}
    out = {}
    for thing in things:
        name = thing["name"]
        seen[name] = seen.get(name, 0) + 1
        out[thing["id"]] = f"{shown(name)} {seen[name]}" if counts[name] > 1 else shown(name)
    return out


def sentence(code: str, params: dict) -> str | None:
    """The untranslated sentence for a problem, or None for a code without one."""
    if code == "no_damage_to_assign":
        variant = params.get("reason")
    elif code == "player_before_lethal":
        variant = ("deathtouch" if params.get("deathtouch")
                   else "marked" if params.get("marked") else "plain")
    else:
        variant = None
    return SENTENCES.get((code, variant))


def render(code: str, params: dict) -> str:
    """The English message. Without a page to number look-alike creatures, a blocker is named
    with its id too ("Grizzly Bears (b2)")."""
    named = dict(params)
    if "blocker_name" in named:
        named["blocker_name"] = f"{named['blocker_name']} ({named['blocker']})"
    return sentence(code, params) % named


# Where a blocker's lethal damage comes from (analyze()'s lethal_detail), as every page and the
# quiz generator say it: one wording, translated where it is shown (webapp.i18n.lethal_note).
LETHAL_NOTES = {
    "deathtouch": N_("deathtouch: 1 is lethal"),
    "already_lethal": N_("already has lethal damage marked: 0 more needed"),
    "marked": N_("toughness %(toughness)s − %(marked)s marked = %(needs)s"),
    "plain": N_("toughness %(toughness)s, nothing marked = %(needs)s"),
    "power_marked": N_("lethal by power: power %(power)s − %(marked)s marked = %(needs)s"),
    "power_plain": N_("lethal by power: power %(power)s, nothing marked = %(needs)s"),
    "power_zero": N_("lethal by power: power %(power)s, so 1 damage is lethal"),
    "protection": N_("protection doesn’t change lethal"),
    "indestructible": N_("indestructible doesn’t change lethal"),
}


def lethal_words(detail: dict, abilities=(), gettext=lambda text, **params: text % params
                 if params else text) -> str:
    """Where a lethal number comes from (702.19b, 702.2c, 120.6), worded with `gettext`."""
    reason = detail.get("reason")
    if reason in ("deathtouch", "already_lethal"):
        note = gettext(LETHAL_NOTES[reason])
    elif reason == "power_minus_marked":  # Zilortha: lethal damage measured by power
        variant = ("power_zero" if detail.get("power", 0) <= 0
                   else "power_marked" if detail.get("marked") else "power_plain")
        note = gettext(LETHAL_NOTES[variant], power=detail.get("power"),
                       marked=detail.get("marked"), needs=detail.get("needs"))
    elif detail.get("marked"):
        note = gettext(LETHAL_NOTES["marked"], toughness=detail.get("toughness"),
                       marked=detail.get("marked"), needs=detail.get("needs"))
    else:
        note = gettext(LETHAL_NOTES["plain"], toughness=detail.get("toughness"),
                       needs=detail.get("needs"))
    extras = []
    if any(a.startswith("protection_from_") for a in abilities):
        extras.append(gettext(LETHAL_NOTES["protection"]))
    if "indestructible" in abilities:
        extras.append(gettext(LETHAL_NOTES["indestructible"]))
    return gettext("; ").join([note, *extras])

