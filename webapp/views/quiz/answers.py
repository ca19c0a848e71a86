"""Reading a quiz answer from the posted form into its question type's shape; a form a real page
could not have sent gets a QuizAnswerError whose message says what to do."""

from __future__ import annotations

from ...i18n import gettext
from ...live import fields
from ...live.words import slider_error_text
from ...services.answers import sliders


class QuizAnswerError(ValueError):
    """The message says what is wrong; `split` is what the readable slider fields said (None
    for other answers), so the page can show the sliders as the learner had them."""

    def __init__(self, message: str, split: dict | None = None):
        super().__init__(message)
        self.split = split


def read_answer(q: dict, form):
    kind = q["type"]
    if kind == "number":
        raw = (form.get("amount") or "").strip()
        if not raw:
            raise QuizAnswerError(gettext("Enter a number first."))
        try:
            return fields.amount(raw)
        except fields.SliderError as err:
            raise QuizAnswerError(slider_error_text(err)) from None
    if kind == "legal":
        said = form.get("verdict")
        if said not in ("legal", "illegal"):
            raise QuizAnswerError(gettext("Choose “Legal” or “Not legal” first."))
        return said == "legal"
    ids = [o["id"] for o in q.get("options", [])]
    if kind in ("rule", "one"):
        option = form.get("option")
        if option not in ids:
            raise QuizAnswerError(gettext("Choose one of the answers first."))
        return option
    if kind == "many":
        chosen = form.getlist("option")
        if not chosen:
            raise QuizAnswerError(gettext("Choose at least one answer."))
        if any(c not in ids for c in chosen):
            raise QuizAnswerError(gettext("That isn’t one of this question’s answers."))
        return sorted(set(chosen))
    return read_split(q, form)


def chose_nothing(q: dict, form) -> bool:
    """Nothing chosen on the page (Next, Back and the timer then just move on); an answer typed
    or ticked but unreadable is not nothing: it gets its message, never silently dropped."""
    kind = q["type"]
    if kind == "number":
        return not (form.get("amount") or "").strip()
    if kind == "legal":
        return not form.get("verdict")
    if kind in ("rule", "one", "many"):
        return not form.getlist("option")
    try:
        return not any(v for row in read_split(q, form).values() for v in row.values())
    except QuizAnswerError:
        return False


def read_split(q: dict, form) -> dict:
    """The sliders of this question's board, read by the one reader (webapp.live.fields); a
    field it refuses is a QuizAnswerError with its words."""
    if q.get("board") is None:  # a question about no board has no sliders
        return {}
    board = {k: v for k, v in q["board"].items() if k != "assignment"}
    known = {a: info["recipients"] for a, info in sliders(board).items()}
    try:
        return fields.read_split(form, known)
    except fields.SliderError as err:
        raise QuizAnswerError(slider_error_text(err), err.split) from None
