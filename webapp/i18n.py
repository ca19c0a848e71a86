"""Languages: choosing the locale, and turning the rules core's codes into translatable sentences.

Users never see the core's English ``message``: every problem is rendered here from its stable
``code`` and ``params`` through gettext, so French and Japanese catalogs can translate it.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from urllib.parse import urlencode

from flask import Flask, current_app, g, request, url_for
from babel import Locale
from babel.lists import format_list
from markupsafe import Markup, escape
from flask_babel import Babel, get_locale, get_translations, gettext, lazy_gettext as _l
from werkzeug.exceptions import HTTPException
from werkzeug.routing import BuildError

from .content import LANGUAGES
from .names import card_counters
from .rules import ABILITIES, COLORS
from .rules.messages import ABILITY_LABELS, lethal_words, sentence

LANGUAGE_NAMES = LANGUAGES  # code -> the language's own name, from the content's one list
COOKIE = "lang"


def select_locale() -> Locale:
    languages = current_app.config["LANGUAGES"]
    asked = request.args.get("lang")
    if asked in languages:
        g.set_lang_cookie = asked
        return _locale(asked)
    cookie = request.cookies.get(COOKIE)
    if cookie in languages:
        return _locale(cookie)
    return _locale(request.accept_languages.best_match(languages)
                   or current_app.config["BABEL_DEFAULT_LOCALE"])


@functools.cache
def _locale(code: str) -> Locale:
    """Babel's Locale for one of our few languages, made once (Flask-Babel would parse the code
    again on every request, looking for Babel's data file on disk each time)."""
    return Locale.parse(code)


def remember_language(response):
    """?lang= sticks: remember it in a cookie (readable by nobody but us, secure over https)."""
    # The page's language depends on both. Added to the header's text: werkzeug's `vary` parses
    # the header into a set and writes it back, a cost every response paid.
    vary = response.headers.get("Vary")
    if not vary:
        response.headers["Vary"] = "Accept-Language, Cookie"
    else:
        have = {v.strip().lower() for v in vary.split(",")}
        more = [v for v in ("Accept-Language", "Cookie") if v.lower() not in have]
        if more:
            response.headers["Vary"] = ", ".join([vary, *more])
    lang = g.pop("set_lang_cookie", None)
    if lang:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax",
                            httponly=True, secure=request.is_secure)
    return response


def translator():
    """A gettext bound to this request's catalog, for code that words many strings in one go (a
    slider panel): Flask-Babel looks the catalog up again on every call otherwise."""
    translations = get_translations()

    def gettext(string: str, **variables) -> str:
        text = translations.ugettext(string)
        return text % variables if variables else text
    return gettext


def lang_url(code: str) -> str:
    """This page in another language: the same page and query (plus the page's own link arguments,
    e.g. the sandbox board after a form post), with ?lang= set. Built from the route the path
    matches for GET, never from the raw path, so a crafted path can't make it point elsewhere;
    a path no page answers (a 404) links to the home page. The query is added as it came, never
    passed to url_for: a parameter named like a path variable (?step_id=) or like url_for's own
    keywords (?_external=, ?_scheme=) would change the link or fail every page that has one."""
    args = {**request.args.to_dict(), **g.get("link_args", {}), "lang": code}
    try:  # a view that answers a post may name its page (g.page = (endpoint, arguments))
        endpoint, view_args = g.get("page") or current_app.url_map.bind("localhost").match(
            request.path, "GET")
        path = url_for(endpoint, **view_args)
    except (HTTPException, BuildError):  # no such page, or no GET page at this path
        path = url_for("main.index")
    return f"{path}?{urlencode(args)}"


def init_app(app: Flask) -> None:
    compile_catalogs(Path(app.config["BABEL_TRANSLATION_DIRECTORIES"]), app.logger)
    Babel(app, locale_selector=select_locale)
    app.after_request(remember_language)
    app.jinja_env.globals.update(
        problem_text=problem_text, lethal_note=lethal_note, ability_label=ability_label,
        LANGUAGE_NAMES=LANGUAGE_NAMES, lang_url=lang_url, ability_order=ABILITIES,
        color_order=COLORS,
        current_locale=lambda: str(get_locale() or "en"), text_lang=text_lang,
        ability_list=ability_list, color_list=color_list, card_counters=card_counters,
    )
    app.jinja_env.filters["name_list"] = name_list


def name_list(names) -> str:
    """Names joined the way the language lists them: "A, B, C" in English (as always), "A, B et
    C" in French, "A、B、C" in Japanese (CLDR list patterns)."""
    names = [str(n) for n in names]
    locale = get_locale()
    if not names or str(locale or "en") == "en":
        return ", ".join(names)
    return format_list(names, style="standard", locale=locale)


def ability_list(words) -> str:
    return name_list(ability_label(w) for w in words)


# A card's colours as the board picture writes them beside its coloured pips (never colour alone).
COLOR_LABELS = {"white": _l("white"), "blue": _l("blue"), "black": _l("black"), "red": _l("red"),
                "green": _l("green")}


def color_list(colors) -> str:
    """A card's colours in words ("green", "white and blue"); colourless when it has none (what
    the rules core reads from a board without `colors`)."""
    words = [str(COLOR_LABELS[c]) for c in colors if c in COLOR_LABELS]
    return name_list(words) if words else gettext("colourless")


def text_lang(code: str | None = None) -> Markup:
    """` lang="xx"` for a text in another language than the page's (a quiz question left in
    English on a French page, say), so screen readers pronounce it right; nothing otherwise.
    Text whose language is not known is taken to be English."""
    code = str(code or "en")
    return Markup(f' lang="{code}"') if code != str(get_locale() or "en") else Markup("")


def in_its_language(text: str, code: str | None) -> Markup:
    """`text`, escaped (Markup is kept), in a span that names its language when that isn't the
    page's (text_lang): an option, a lesson text or a step's name left in English."""
    mark = text_lang(code)
    return Markup("<span{}>{}</span>").format(mark, text) if mark else escape(text)


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
    template = sentence(code, params) if isinstance(code, str) else None
    if template is None:
        return gettext("This assignment breaks rule %(rule)s.", rule=problem.get("rule", "?"))
    return _fill(gettext(template), params)


def lethal_note(detail: dict, abilities: list[str] = ()) -> str:
    """Where a lethal number comes from, from analyze()'s lethal_detail (702.19b, 702.2c), in
    the page's language: the one wording (rules.messages.lethal_words) the quiz uses too."""
    return lethal_words(detail, abilities, gettext)


assert set(ABILITY_LABELS) == set(ABILITIES), "every ability word of the core needs a label"


def ability_label(word: str) -> str:
    return gettext(ABILITY_LABELS[word]) if word in ABILITY_LABELS else word
