"""Languages: choosing the locale, and turning the rules core's codes into translatable sentences.

Users never see the core's English ``message``: every problem is rendered here from its stable
``code`` and ``params`` through gettext, so French and Japanese catalogs can translate it.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlencode

from babel.support import LazyProxy
from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ja": "日本語"}
COOKIE = "lang"


def select_locale() -> str:
    from flask import current_app

    languages = current_app.config["LANGUAGES"]
    asked = request.args.get("lang")
    if asked in languages:
        g.set_lang_cookie = asked
        return asked
    cookie = request.cookies.get(COOKIE)
    if cookie in languages:
        return cookie
    return request.accept_languages.best_match(languages) or current_app.config["BABEL_DEFAULT_LOCALE"]


def remember_language(response):
    """?lang= sticks: remember it in a cookie (readable by nobody but us, secure over https)."""
    lang = g.pop("set_lang_cookie", None)
    if lang:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax",
                            httponly=True, secure=request.is_secure)
    return response


def current_translations():
    """This request's catalog, looked up once: Flask-Babel's own lookup costs ~30 µs a call,
    and a live verdict makes dozens of calls (measured by bench/http.py)."""
    translations = g.get("_babel_translations")
    if translations is None:
        translations = g._babel_translations = get_translations()
    return translations


def use_translations(translations) -> None:
    """Use a catalog found earlier for the same language choice (see views/sandbox.live)."""
    if translations is not None:
        g._babel_translations = translations


def gettext(string: str, **variables) -> str:
    text = current_translations().ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables) -> str:
    variables.setdefault("num", num)
    return current_translations().ungettext(singular, plural, num) % variables


def _l(string: str, **variables):
    """lazy_gettext: translated when shown, in the language of that request."""
    return LazyProxy(gettext, string, enable_cache=False, **variables)


def lang_url(code: str) -> str:
    """This page in another language: same path and query (plus the page's own link arguments,
    e.g. the sandbox board after a form post), with ?lang= set."""
    args = {**request.args.to_dict(), **g.get("link_args", {}), "lang": code}
    return f"{request.path}?{urlencode(args)}"


def init_app(app: Flask) -> None:
    compile_catalogs(Path(app.config["BABEL_TRANSLATION_DIRECTORIES"]), app.logger)
    Babel(app, locale_selector=select_locale)
    # Templates' _()/gettext() use the per-request catalog too (same semantics as Flask-Babel's).
    app.jinja_env.install_gettext_callables(
        lambda s, **kw: gettext(s, **kw), lambda s, p, n, **kw: ngettext(s, p, n, **kw), newstyle=True)
    app.after_request(remember_language)
    app.jinja_env.globals.update(
        problem_text=problem_text, lethal_note=lethal_note, ability_label=ability_label,
        LANGUAGE_NAMES=LANGUAGE_NAMES, lang_url=lang_url, ability_order=ABILITY_ORDER,
        current_locale=lambda: str(get_locale() or "en"),
    )


def compile_catalogs(directory: Path, logger) -> None:
    """Compile each .po into its .mo when missing or stale. Compiled catalogs are build output and
    not committed, so a fresh clone (tests, `flask run`, gunicorn) works without a build step.
    A read-only install just falls back to English."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in directory.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        try:
            with po.open("rb") as src:
                catalog = read_po(src)
            tmp = mo.with_suffix(f".mo.{os.getpid()}")
            with tmp.open("wb") as out:
                write_mo(out, catalog)
            os.replace(tmp, mo)  # atomic: a concurrent worker never reads half a catalog
        except OSError as err:
            logger.warning("could not compile %s: %s", po, err)


class _Params(dict):
    """Missing params print as '?' instead of crashing the page."""

    def __missing__(self, key):
        return "?"


def _fill(template: str, params: dict) -> str:
    return template % _Params(params or {})


# One translatable sentence per stable problem code (see docs/rules-api.md).
_PROBLEMS = {
    "wrong_total": _l("%(creature_name)s must assign all %(power)s of its combat damage; "
                      "%(assigned)s is assigned."),
    "blocked_no_trample": _l("%(creature_name)s is blocked and has no trample, so it can damage "
                             "only its blockers, not %(target_name)s."),
    "controller_before_loyalty": _l("%(creature_name)s can’t assign damage to the player yet: "
                                    "%(planeswalker_name)s has %(has)s damage assigned of the "
                                    "%(loyalty)s its loyalty requires."),
    "planeswalker_controller": _l("%(creature_name)s is attacking %(planeswalker_name)s without "
                                  "trample over planeswalkers, so none of its damage can go to "
                                  "that planeswalker's controller."),
    "battle_protector": _l("%(creature_name)s is attacking %(battle_name)s; no kind of trample "
                           "lets its damage reach the battle's protector."),
    "target_removed": _l("%(target_name)s has left combat, so %(creature_name)s can’t assign "
                         "damage to it."),
    "trample_when_blocking": _l("%(creature_name)s is blocking; trample does nothing for a "
                                "blocking creature, so its damage can go only to the attacker it "
                                "blocks."),
    "blocker_to_player": _l("%(creature_name)s is blocking, so its damage can go only to the "
                            "attacker it blocks, never to a player."),
}

_NOTHING_TO_ASSIGN = {
    "no_power": _l("%(creature_name)s has power %(power)s, so it assigns no combat damage; "
                   "%(assigned)s is assigned."),
    "no_blockers_left": _l("%(creature_name)s was blocked and every blocker left combat; without "
                           "trample it assigns no combat damage, but %(assigned)s is assigned."),
    "target_removed": _l("%(creature_name)s is attacking %(target_name)s, which left combat, so it "
                         "assigns no combat damage; %(assigned)s is assigned."),
    "planeswalker_removed": _l("%(creature_name)s is attacking %(target_name)s, which left combat; "
                               "trample can’t send that damage to the planeswalker's controller, "
                               "so it assigns none, but %(assigned)s is assigned."),
}

_BEFORE_LETHAL = {
    "deathtouch": _l("%(creature_name)s can’t assign damage to %(target_name)s yet: "
                     "%(blocker_name)s has none of its damage, and with deathtouch just 1 would "
                     "be lethal."),
    "marked": _l("%(creature_name)s can’t assign damage to %(target_name)s yet: %(blocker_name)s "
                 "already has %(marked)s damage marked, so it needs %(needs)s more and has "
                 "%(has)s."),
    "plain": _l("%(creature_name)s can’t assign damage to %(target_name)s yet: %(blocker_name)s "
                "has %(has)s of the %(needs)s damage it needs."),
}


def problem_text(problem: dict, labels: dict | None = None) -> str:
    """The sentence for one problem from check(), in the current language.

    `labels` maps ids to the names the page shows (e.g. "Grizzly Bears (2)" when several
    creatures share a name, or "Jace's controller" for "player"); they replace the core's names."""
    code = problem.get("code")
    params = dict(problem.get("params") or {})
    labels = labels or {}
    for id_key, name_key in (("creature", "creature_name"), ("blocker", "blocker_name"),
                             ("target", "target_name")):
        if params.get(id_key) in labels:
            params[name_key] = labels[params[id_key]]
        elif params.get(id_key) == "player":
            params[name_key] = gettext("the player")
    if code == "player_before_lethal":
        kind = "deathtouch" if params.get("deathtouch") else "marked" if params.get("marked") else "plain"
        return _fill(str(_BEFORE_LETHAL[kind]), params)
    if code == "no_damage_to_assign" and params.get("reason") in _NOTHING_TO_ASSIGN:
        return _fill(str(_NOTHING_TO_ASSIGN[params["reason"]]), params)
    if code in _PROBLEMS:
        return _fill(str(_PROBLEMS[code]), params)
    return gettext("This assignment breaks rule %(rule)s.", rule=problem.get("rule", "?"))


def lethal_note(detail: dict, abilities: list[str] = ()) -> str:
    """Where a lethal number comes from, from analyze()'s lethal_detail (702.19b, 702.2c)."""
    reason = detail.get("reason")
    if reason == "deathtouch":
        note = gettext("deathtouch: 1 is lethal")
    elif reason == "already_lethal":
        note = gettext("already has lethal damage marked: 0 more needed")
    elif detail.get("marked"):
        note = gettext("toughness %(toughness)s − %(marked)s marked = %(needs)s",
                       toughness=detail.get("toughness"), marked=detail.get("marked"),
                       needs=detail.get("needs"))
    else:
        note = gettext("toughness %(toughness)s, nothing marked = %(needs)s",
                       toughness=detail.get("toughness"), needs=detail.get("needs"))
    extras = []
    if any(a.startswith("protection_from_") for a in abilities):
        extras.append(gettext("protection doesn’t change lethal"))
    if "indestructible" in abilities:
        extras.append(gettext("indestructible doesn’t change lethal"))
    return "; ".join([note, *extras])


_ABILITIES = {
    "trample": _l("Trample"),
    "trample_over_planeswalkers": _l("Trample over planeswalkers"),
    "deathtouch": _l("Deathtouch"),
    "first_strike": _l("First strike"),
    "double_strike": _l("Double strike"),
    "indestructible": _l("Indestructible"),
    "protection_from_white": _l("Protection from white"),
    "protection_from_blue": _l("Protection from blue"),
    "protection_from_black": _l("Protection from black"),
    "protection_from_red": _l("Protection from red"),
    "protection_from_green": _l("Protection from green"),
    "lifelink": _l("Lifelink"),
    "banding": _l("Banding"),
    "can_block_additional": _l("Can block an additional creature"),
    "infect": _l("Infect"),
    "wither": _l("Wither"),
}
ABILITY_ORDER = tuple(_ABILITIES)


def ability_label(word: str) -> str:
    return str(_ABILITIES.get(word, word))
