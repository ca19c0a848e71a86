"""What a lesson step shows: the board as cards or sliders, a split in words, the feedback to an
answer with every name and number it needs, and the message for an answer that can't be read.

Every number comes from the rules core (sliders through the one live check, webapp.live) or the
content API; this module only picks, labels and words them for the templates in templates/learn/.
"""

from __future__ import annotations

import random
import re

from flask import url_for
from flask_babel import get_locale, gettext, lazy_gettext as _l
from jinja2 import pass_context
from markupsafe import Markup

from ...catalogue import catalogue
from ...htmx import wants_fragment
from ...content import LANGUAGES
from ...content.glossary import link_terms
from ...content.kinds import beyond_legal
from ...live import board_cards, labels, live_check
from ...services import answers
from ...services.answers import STORED
from ...i18n import in_its_language
from ..answer_words import answer_in_words
from ..answer_words import error_text  # noqa: F401  (the lesson and class pages' name for it)
from ..feedback import kind_feedback, recipient_names


def shuffled(options, key: str, step_id: str) -> list:
    """A question's options in an order of this visitor's own for this step (the right answer is
    not always first), the same on every reload."""
    ordered = list(options)
    random.Random(f"{key}/{step_id}").shuffle(ordered)
    return ordered


def step_name(step) -> str:
    """What a step asks, in a few words (its text's first sentence, without Markdown), for lists
    that would otherwise say "Step 8"."""
    localized = step.text(lang())
    text = localized.text.strip().splitlines()[0] if localized.text.strip() else ""
    plain = re.sub(r"[*_`#>]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", text).strip()
    first = re.split(r"(?<=[.?!:。？])\s?", plain, maxsplit=1)[0] if localized.lang == "ja" \
        else re.split(r"(?<=[.?!:])\s", plain, maxsplit=1)[0]
    name = first if len(first) <= 90 else first[:89].rstrip() + "…"
    return in_its_language(name, localized.lang)  # an English stand-in says so


def lang() -> str:
    code = str(get_locale() or "en")
    return code if code in LANGUAGES else "en"


def md(text, lesson=None, every: bool = False) -> Markup:
    """A Localized Markdown text as HTML (raw HTML in lessons is escaped by the content API),
    marked with its language when it is an English fallback; with `lesson`, the glossary terms
    the lesson first uses in this text link to the glossary (`every`: all terms in it)."""
    html = Markup(glossary_links(text.html(), text, lesson, every))
    return Markup('<div class="md" lang="{}">{}</div>').format(text.lang, html) \
        if text.lang != lang() else Markup('<div class="md">{}</div>').format(html)


def inline(text, lesson=None, every: bool = False) -> Markup:
    return in_its_language(Markup(glossary_links(text.inline_html(), text, lesson, every)),
                           text.lang)


def glossary_links(html: str, text, lesson, every: bool) -> str:
    """Link the glossary terms whose first use in `lesson` is this text (webapp.content.glossary);
    with `every`, the terms the text uses that no lesson up to `lesson` has taught."""
    glossary = catalogue().curriculum.glossary if lesson is not None else None
    if glossary is None:
        return html
    if every:  # a summary, in the list of lessons: the terms this lesson uses before they're taught
        ids = glossary.untaught(lesson, catalogue().curriculum.lessons, text)
    else:
        ids = glossary.first_uses(lesson, text.lang).get(text.text, set())
    base = url_for("learn.glossary")
    return link_terms(html, glossary, ids, text.lang, lambda term: f"{base}#{term}")


@pass_context
def md_here(context, text, lesson=None, every: bool = False) -> Markup:
    """md() for templates: the page's lesson is the one whose first uses are linked."""
    return md(text, lesson if lesson is not None else context.get("lesson"), every)


@pass_context
def inline_here(context, text, lesson=None, every: bool = False) -> Markup:
    return inline(text, lesson if lesson is not None else context.get("lesson"), every)


def step_context(lesson, current, *, answer_url: str, live_url: str, order_key, prev_url=None,
                 next_url=None, next_action=None, graded=None, attempt_id=None, error=None,
                 values=None, assignment=None, level=None) -> dict:
    """What learn/step.html needs to show `current`: the one builder for Learn's lesson player and
    a class's phones (views/classroom/steps.py), which differ only in their URLs (a class has no
    Back nor Next: the host paces it) and in what orders a choice's options (`order_key`, called
    only for a choice). The helpers are in the context, so the glossary links and rule notes are
    the same wherever the step is shown. `level`: the hint ladder's rung for a wrong answer (1 a
    nudge, 2 the hint, 3 or None the worked answer: a class shows it at once)."""
    index = lesson.step_index(current.id)
    context = {
        "lesson": lesson, "step": current, "title": lesson.title(lang()), "number": index + 1,
        "total": len(lesson.steps), "translation": lesson.translation(lang()),
        "prev_url": prev_url, "next_url": next_url, "next_action": next_action,
        "answer_url": answer_url, "live_url": live_url,
        "graded": graded, "attempt_id": attempt_id,
        "error": error_text(error) if error else None,
        "values": values or (graded.answer if graded else {}), "feedback": None,
        "oob": wants_fragment(), "md": md_here, "inline": inline_here, "lang": lang(),
        "heading": STEP_HEADINGS[current.type], "kind": current.kind,
    }
    context.update(board_context(current, graded, assignment, level))
    if current.kind == "choice":  # in the order of this visitor or room
        context["options"] = option_labels(current, shuffled(current.options, order_key(),
                                                             current.id), lesson)
    return context


def option_labels(current, options, lesson=None) -> list[dict]:
    """A choice step's `options` as the pages word an option: id, text (inline HTML in the
    reader's language, glossary links with `lesson`) and lang. inline() marks an English
    stand-in with its language itself, so `lang` is the page's."""
    return [{"id": o.id, "text": inline(current.option_text(o.id, lang()), lesson),
             "lang": lang()} for o in options]


# What a step's heading calls it: a step that asks nothing, or how it asks its question.
STEP_HEADINGS = {"explain": _l("Read"), "worked": _l("Worked example"), "practice": _l("Your turn"),
                 "predict": _l("Predict, then try"), "choice": _l("Question"),
                 "legal": _l("Legal or not?")}


def board_context(current, graded, assignment=None, level=None) -> dict:
    """The board part of a step page: cards, sliders (a Live), the split shown, the feedback."""
    board = current.board_data()
    if board is None:
        return {"feedback": feedback(current, graded, {}, None, level) if graded else None}
    names = labels(board)
    context = {"board": board, "names": names, "feedback": None, "live": None}
    context["cards"] = board_cards(board, names)  # the board picture, on every step with a board
    if current.kind == "split":
        if assignment is None and graded is not None:
            assignment = graded.answer["assignment"]
        context["live"] = board_sliders(current, board, assignment)
    elif current.type == "worked":
        context["live"] = worked_sliders(current, board)
        context["blocker_damage"] = blocker_damage(current, current.board_with_assignment(), names)
    elif current.kind == "amount":
        context["predict_label"] = predict_label(current, board, names)
        if graded is not None:  # predict first, then the board to try it on
            context["live"] = board_sliders(current, board, assignment)
    if getattr(current, "assignment", None) and current.kind in ("choice", "verdict"):
        context["shown_split"] = split_list({**board, "assignment": current.assignment}, names)
    if graded is not None:
        context["feedback"] = feedback(current, graded, names, board, level)
    return context


def predict_label(current, board, names) -> str:
    """What a predict step asks (its answer field's label, and the wall's question)."""
    who = recipient_names(board, names, current.creature)
    return gettext("How much damage can %(creature)s assign to %(recipient)s?",
                   creature=names[current.creature], recipient=who.get(current.recipient))


def board_sliders(current, board, assignment):
    """A practice board's sliders: locked ones say why (the live check's words for `fixed`), and a
    "send the most" goal hides the mark that would give the answer away."""
    fixed = slider_locks(current)
    if assignment is None:
        assignment = fixed
    return live_check(board, assignment, fit=True, hide_most=hidden_marks(current), fixed=fixed,
                      goal=goal_asked(current))


def slider_locks(current) -> dict:
    """A step's locked sliders ({attacker: {recipient: amount}}; {} when none)."""
    return getattr(current, "fixed", {}) or {}


def goal_asked(current) -> bool:
    """A practice step graded against more than legality (exact, most): its live verdict says a
    legal split in neutral words (Live.goal), so "Not quite" is the only red or green."""
    return beyond_legal(current.as_question())


def hidden_marks(current) -> tuple:
    """The (attacker, recipient) rows whose "at most N" mark would give a step's answer away."""
    goal = getattr(current, "goal", None)
    return ((goal.creature, goal.recipient),) if getattr(goal, "kind", None) == "most" else ()


def worked_sliders(current, board):
    """A worked example: every slider set to the worked split and locked, with the lesson's note
    on why each number is what it is."""
    def explain(attacker, recipient):
        if current.lesson.has_text(f"{current.id}.{attacker}.{recipient}"):
            return inline(current.note(attacker, recipient, lang()), current.lesson)
        return None

    return live_check(board, current.assignment,
                      locked=lambda *_: gettext("Worked example: this slider is set for you."),
                      explain=explain)


def split_list(core, names) -> list[dict]:
    """ "Force of Nature: 2 to Grizzly Bears A, ..." for a split shown as text; blockers that
    assign damage in it are listed after the attackers, marked as blocking."""
    out = []
    for kind in ("attackers", "blockers"):
        for creature in core.get(kind, []):
            split = core["assignment"].get(creature["id"])
            if split is None:
                continue
            who = recipient_names(core, names, creature["id"])
            out.append({"label": names[creature["id"]], "blocking": kind == "blockers",
                        "parts": [(n, who.get(r, r)) for r, n in split.items() if n]})
    return out


def blocker_damage(current, core, names) -> list[dict]:
    """What the blockers deal in a worked example, each amount with the lesson's note."""
    out = []
    for blocker in core.get("blockers", []):
        split = core["assignment"].get(blocker["id"])
        if not split:
            continue
        who = recipient_names(core, names, blocker["id"])
        parts = []
        for recipient, amount in split.items():
            key = f"{current.id}.{blocker['id']}.{recipient}"
            note = inline(current.text(lang(), key.split(".", 1)[1]), current.lesson) \
                if current.lesson.has_text(key) else None
            parts.append((amount, who.get(recipient, recipient), note))
        blocks = [names[a["id"]] for a in core["attackers"] if blocker["id"] in a.get("blocked_by", [])]
        out.append({"card": blocker, "label": names[blocker["id"]], "blocks": blocks,
                    "parts": parts})
    return out


def feedback(current, graded, names, board, level=None) -> dict:
    """What the feedback region says: the verdict and every name and number it needs. A number,
    legal-or-not or split step gets the feedback every surface gives its kind of question
    (views/feedback.py `kind_feedback`); a choice its options' own words. The lesson adds its
    why and the hint ladder: a wrong answer's `level` 1 is a nudge naming the likely misreading,
    2 the step's hint too, 3 (or None) the worked answer; `shown` says whether it is shown."""
    shown = graded.correct or level is None or level >= 3
    lesson_part = {"level": level, "shown": shown, "why": None, "hint": None}
    if shown and current.lesson.has_text(f"{current.id}.why"):
        lesson_part["why"] = current.text(lang(), "why")
    if not graded.correct and level == 2 and current.lesson.has_text(f"{current.id}.hint"):
        lesson_part["hint"] = current.text(lang(), "hint")
    if current.kind == "choice":
        p = graded.params
        return {"correct": graded.correct, "problems": [], "reasons": [], "misreading": None,
                "chosen": (current.option_text(p["chosen"], lang()),
                           current.rationale(p["chosen"], lang())),
                "right": (current.option_text(p["right"], lang()),
                          current.rationale(p["right"], lang())), **lesson_part}
    given = STORED[current.kind]  # the stored answer's field for what was given
    return {**kind_feedback(current.as_question(), board, graded.answer[given], graded.correct,
                            names, play_out=getattr(current, "play_out", True)),
            **lesson_part}


def answer_words(current, stored: dict) -> Markup:
    """A stored answer to step `current` in the words its page gave it (answer_in_words, as a
    quiz's results say one): Learn's review list and a class's results. AnswerError when the
    answer no longer fits the step (the step changed since)."""
    answers.grade(current, stored)
    given = stored[STORED[current.kind]]
    options = []
    if current.kind == "choice":
        text = current.option_text(given, lang())
        options = [{"id": given, "text": Markup(text.inline_html()).striptags(),
                    "lang": text.lang}]
    return answer_in_words(current.kind, given, current.board_data(), options)
