"""A class's step, shown to learners with Learn's own step markup and helpers.

The page is learn/step.html's `step` block (classroom/play.html extends the step's page and shows
that block); answers and slider moves come back as its `feedback`, `verdict` and `live_oob`
blocks. The context is Learn's own builder (views.learn.steps.step_context): only the URLs
differ (answers and live checks go to the class, and there is no Next: the host paces the
class). Grading is services.answers' (the content API and the rules core).
"""

from __future__ import annotations

from flask import url_for

from ...htmx import render
from ...i18n import _l
from ...live import board_cards
from ...live.words import labels, verdict
from ...services import answers, classes
from ...services.answers import AnswerError
from ..learn import steps as parts

STEP_TEMPLATE = "learn/step.html"

# What a mistake group is called on the room overview: a few words per rules-core problem code.
MISTAKES = {
    "player_before_lethal": _l("damage to the player before every blocker had lethal"),
    "wrong_total": _l("not all of the attacker’s damage assigned"),
    "blocked_no_trample": _l("damage past the blockers without trample"),
    "unblocked_all_or_nothing": _l("some damage to the blockers and some as though unblocked"),
    "controller_before_loyalty": _l(
        "damage to the controller before the planeswalker had its loyalty"),
    "planeswalker_controller": _l(
        "damage to the planeswalker’s controller without trample over planeswalkers"),
    "battle_protector": _l("damage to the battle’s protector"),
    "target_removed": _l("damage to something that left combat"),
    "trample_when_blocking": _l("trample used by a blocking creature"),
    "blocker_to_player": _l("a blocker’s damage sent to a player"),
    "no_damage_to_assign": _l("damage assigned by a creature that assigns none"),
}


def mistake_name(code: str) -> str:
    return str(MISTAKES.get(code, code.replace("_", " ")))


def context(room, lesson, current, seat, *, graded=None, error=None, values=None,
            assignment=None) -> dict:
    """What learn/step.html needs to show `current` to a learner in `room`: Learn's own builder
    (views.learn.steps.step_context) with the class's URLs and the room's order of options
    (the same on every phone and the wall, lettered A, B, C...)."""
    return {**parts.step_context(
        lesson, current, order_key=lambda: classes.order_key(room),
        answer_url=url_for("classroom.answer", code=room.code),
        # A drag on a practice board stores nothing and needs nothing of the class: Learn's own
        # live check answers it without a database query. A predict step's board depends on the
        # learner's class answer, so it asks the class.
        live_url=url_for("learn.live", lesson_id=lesson.id, step_id=current.id)
        if current.kind == "split" else url_for("classroom.live", code=room.code),
        graded=graded, attempt_id=seat.id if graded else None, error=error, values=values,
        assignment=assignment), "lettered": True,
        "in_class": True}  # the host paces the class: no "Try a similar one" away from it


def fragment(ctx: dict, blocks, status: int = 200):
    return render(STEP_TEMPLATE, blocks, status=status, **ctx)


def stored(current, seat):
    """The learner's latest answer to `current`, graded again (None if none, or it no longer
    fits the step)."""
    row = classes.result(seat.id, current.id)
    if row is None:
        return None
    try:
        return answers.grade(current, row.final_answer)
    except AnswerError:
        return None


def problems(current, graded) -> tuple[bool | None, list[dict]]:
    """For the overview: a slider answer's legality and the core's problems (code, rule, params:
    worded again in the host's language when shown), or (None, []) for other questions."""
    if current.kind != "split" or graded.check is None:
        return None, []
    keep = ("code", "rule", "creature", "recipient", "params")
    return bool(graded.check["legal"]), [{k: p.get(k) for k in keep}
                                          for p in graded.check["problems"]]


def problem_sentence(current, problem: dict) -> str:
    """One stored problem in words, with the board's names, in the current language."""
    board = current.board_data()
    return verdict(board, {"legal": False, "problems": [problem]})["problems"][0]["text"]


def names(current) -> dict:
    board = current.board_data()
    return labels(board) if board else {}


def room_options(room, current) -> list:
    """A choice step's options in the room's one order (every phone's and the wall's)."""
    return parts.shuffled(current.options, classes.order_key(room), current.id)


def picks(room, current, overview) -> list[dict]:
    """For a choice step: each option and how many learners' latest answer chose it."""
    if current.kind != "choice":
        return []
    right = current.correct_option.id
    return [{**o, "count": overview.picks.get(o["id"], 0), "right": o["id"] == right}
            for o in parts.option_labels(current, room_options(room, current))]


def wall(room, current) -> dict:
    """A step on the wall: its whole task (the template shows its text), its board as cards, the
    split a question judges, a prediction's question, and a choice's options in the room's
    order."""
    board = current.board_data()
    names = labels(board) if board else {}
    out = {"step": current, "cards": board_cards(board, names) if board else None,
           "options": parts.option_labels(current, room_options(room, current), current.lesson)
           if current.kind == "choice" else [],
           "right": [current.correct_option.id] if current.kind == "choice" else [],
           "shown_split": None, "predict_label": None, "rules": list(current.rules or ())}
    if board and getattr(current, "assignment", None) and current.kind in ("choice", "verdict"):
        out["shown_split"] = parts.split_list({**board, "assignment": current.assignment}, names)
    if current.kind == "amount":
        out["predict_label"] = parts.predict_label(current, board, names)
    return out
