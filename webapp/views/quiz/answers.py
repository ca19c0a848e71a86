"""Reading a quiz answer from the posted form: the question's kind reads it
(webapp.content.kinds); a form a real page could not have sent gets a QuizAnswerError whose
message says what to do, in the words every page uses (views.answer_words)."""

from __future__ import annotations

from ...content.kinds import AnswerError, has_sliders, kind_of
from ..answer_words import error_text


class QuizAnswerError(ValueError):
    """The message says what is wrong; `split` is what the readable slider fields said (None
    for other answers), so the page can show the sliders as the learner had them."""

    def __init__(self, message: str, split: dict | None = None):
        super().__init__(message)
        self.split = split


def read_answer(q: dict, form):
    """The answer in the question type's shape: number -> int, legal -> bool, rule and one ->
    an option id, many -> sorted option ids, assign -> a split."""
    try:
        return kind_of(q).read(form)
    except AnswerError as err:
        raise QuizAnswerError(error_text(err), err.split) from None


def chose_nothing(q: dict, form) -> bool:
    """Nothing chosen on the page (Next, Back and the timer then just move on); an answer typed
    or ticked but unreadable is not nothing: it gets its message, never silently dropped."""
    return kind_of(q).blank(form)


def read_split(q: dict, form) -> dict:
    """The sliders of an assign question, read by its kind (the one slider reader); other
    questions have no sliders ({})."""
    if not has_sliders(q):
        return {}
    try:
        return kind_of(q).sliders(form)
    except AnswerError as err:
        raise QuizAnswerError(error_text(err), err.split) from None
