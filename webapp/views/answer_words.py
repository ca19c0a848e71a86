"""Answers in words, on every page that asks a question (a lesson step, endless practice, a
quiz, a class): what an answer that can't be read says (one wording per AnswerError code,
webapp.content.kinds), a split said in words (one wording, the generator's, for the review
lists, results and CSV of Learn, the quiz and the class), and any stored answer said as its page
said it (`answer_in_words`: the quiz's results and CSV, a class's CSV on a lesson or a quiz)."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import get_locale
from markupsafe import Markup, escape

from ..content.generate import split_words, translated
from ..i18n import _l, gettext, in_its_language
from ..live.words import SLIDER_ERRORS
from ..names import shown_name

ANSWER_ERRORS = {
    "wrong_step": _l("This answer was sent for another step (%(lesson)s / %(step)s), not this one. "
                     "Reload the page and answer again."),
    **SLIDER_ERRORS,  # unknown_slider, locked, not_an_amount: worded as on every surface
    "missing_number": _l("Enter a number first."),
    "missing_damage": _l("Place the damage first: move a slider or tap a card."),
    "missing_option": _l("Choose one of the answers first."),
    "missing_options": _l("Choose at least one answer."),
    "unknown_option": _l("“%(value)s” isn’t one of this question’s answers."),
    "missing_verdict": _l("Choose “Legal” or “Not legal” first."),
    "unknown_verdict": _l("“%(value)s” isn’t an answer here: choose “Legal” or “Not legal”."),
    "nothing_to_answer": _l("This step has nothing to answer; use Next to go on."),
    "stale": _l("That answer no longer fits this step. Please answer again."),
}


def error_text(err) -> str:
    """An AnswerError in the page's language (escaped by the template, like every other text)."""
    template = str(ANSWER_ERRORS.get(err.code, ANSWER_ERRORS["stale"]))
    try:
        return template % err.params
    except (KeyError, TypeError, ValueError):
        return template


def answer_in_words(kind: str, given, board: dict | None = None,
                    options: Sequence[dict] = ()) -> Markup:
    """An answer to a question of `kind` (content.kinds) in the words its page gave it, for every
    page and file that shows one (a quiz's key, results and saved exam answer; a class's review
    and CSV; Learn's review list): "Legal" or "Not legal" (the verdict buttons), the chosen
    options' own words in `options`' order (dicts with "id", "text" and, when known, "lang"), a
    split in words on `board` (in the page's language), or the amount. An option in another
    language than the page's is marked with its `lang` (text_lang); a CSV cell holds the plain
    text (spreadsheet.cell)."""
    if kind == "verdict":
        return escape(gettext("Legal") if given else gettext("Not legal"))
    if kind == "choice":
        chosen = set(given) if isinstance(given, list) else {given}
        return Markup("; ").join(in_its_language(o["text"], o.get("lang"))
                                 for o in options if o["id"] in chosen)
    if kind == "split":
        return escape(split_in_words(board, given))
    return escape(str(given))


def split_in_words(board: dict, split: dict) -> str:
    """A split on `board` in words, in this request's language ("Force of Nature: 3 to Grizzly
    Bears A, 1 to the defending player")."""
    lang = str(get_locale() or "en")
    with translated(str if lang == "en" else gettext, lang, names=shown_name):
        return split_words(board, split)
