"""Preview a shared quiz as a taker sees it, from the owner link. A try-out used to be a real
attempt, which counted and locked the quiz's questions; a preview stores nothing.

GET  /quiz/o/<owner>/preview              -> question 1
GET  /quiz/o/<owner>/preview/<n>          question n in the taker's own markup (quiz/preview.html
                                          extends quiz/question.html and shows its `question`
                                          block), with its key below for the owner
POST /quiz/o/<owner>/preview/<n>          an answer: graded by the core and shown with the key,
                                          never stored; a bad one is a 400 on the page
POST /quiz/o/<owner>/preview/<n>/live     sliders moved on an assign question (the live check)
"""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_blocks

from ... import csrf
from ...content.generate import grade
from ...htmx import wants_fragment
from ...live import board_cards, labels, live_check
from ...content.fields import SliderError
from ...content.kinds import has_sliders
from ...live.words import slider_error_text
from ..live_answer import live_response
from . import TEMPLATE, bp, goal_asked, goal_mark, options_of, quiz_questions
from .answers import QuizAnswerError, read_answer, read_split
from .sharing import no_store, owned


@bp.get("/o/<token>/preview")
@no_store
def preview_start(token: str):
    owned(token)
    return redirect(url_for(".preview", token=token, n=1), 303)


@bp.route("/o/<token>/preview/<int:n>", methods=["GET", "POST"])
@no_store
def preview(token: str, n: int):
    quiz, q = _previewed(token, n)
    form = request.form
    if request.method == "GET":
        return _page(quiz, n, q)
    try:
        if form.get("op", "").startswith("step:"):  # a −/+ button without JavaScript
            return _page(quiz, n, q, split=stepped(q, form))
        given = read_answer(q, form)
    except QuizAnswerError as err:
        return _page(quiz, n, q, error=str(err), split=err.split, status=400)
    return _page(quiz, n, q, given=given, correct=bool(grade(q, given)))


@bp.post("/o/<token>/preview/<int:n>/live")
@csrf.exempt  # changes nothing: a live answer is stored nowhere
@no_store
def preview_live(token: str, n: int):
    quiz, q = _previewed(token, n)
    if not has_sliders(q):
        abort(404)
    try:
        if wants_fragment():  # the one live path
            return live_response(TEMPLATE, ["verdict", "live_oob"], board(q), request.form,
                                 hide_most=goal_mark(q), goal=goal_asked(q))
        split = read_split(q, request.form)
    except (QuizAnswerError, SliderError) as err:  # the verdict's place says why
        message = slider_error_text(err) if isinstance(err, SliderError) else str(err)
        context = _context(quiz, n, q, split=err.split, error=message)
        return render_blocks(TEMPLATE, ["unreadable"], **context), 400
    return render_blocks(TEMPLATE, ["verdict", "live_oob"], **_context(quiz, n, q, split=split))


def board(q: dict) -> dict | None:
    """The question's board as a taker sees it. The class's public names for the quiz's own
    helpers, imported here and not at the top: the class package imports this one while it loads."""
    from ..classroom import quiz as class_quiz
    return class_quiz.board(q)


def stepped(q: dict, form) -> dict:
    from ..classroom import quiz as class_quiz
    return class_quiz.stepped(q, form)


def _previewed(token: str, n: int):
    quiz = owned(token)
    if not 1 <= n <= len(quiz.questions):
        abort(404)
    return quiz, quiz_questions([quiz.questions[n - 1]])[0]


def _context(quiz, n: int, q: dict, *, given=None, correct=None, error=None, split=None) -> dict:
    """What the `question` block needs, as for a taker, with the preview's own URLs."""
    shown_board = board(q)
    live = None
    if has_sliders(q):
        shown = split if split is not None else (given if isinstance(given, dict) else {})
        live = live_check(shown_board, shown, fit=True, hide_most=goal_mark(q),
                          goal=goal_asked(q))
    return {
        "q": q, "n": n, "live": live, "error": error, "given": given, "correct": correct,
        "cards": board_cards(shown_board, labels(shown_board)) if shown_board else None,
        "options": options_of(quiz.owner_token, n, q), "answered": given is not None,
        "show_key": given is not None, "paced": False,
        "answer_url": url_for(".preview", token=quiz.owner_token, n=n),
        "live_url": url_for(".preview_live", token=quiz.owner_token, n=n),
    }


def _page(quiz, n: int, q: dict, *, status: int = 200, **shown):
    context = _context(quiz, n, q, **shown)
    return render_template("quiz/preview.html", quiz=quiz, total=len(quiz.questions),
                           **context), status
