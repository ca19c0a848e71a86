"""A learner in a class on a shared quiz: the page, an answer, a slider move, the review after.

The routes are the class's own (__init__.py); each hands a class on a quiz here. The parts of
the page, the reading and the grading are in quiz.py.
"""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for

from ...htmx import wants_fragment
from ...i18n import _l, gettext
from ...live.fields import SliderError
from ...live.words import slider_error_text
from ...services import classes
from ..live_answer import canonical, live_response
from ..quiz import goal_mark
from ..quiz.answers import read_split
from . import SYNC_TEXT, moved_on, room_and_seat, bp, quiz, removed_page

ANSWERED = _l("You already answered this question: in this class only your first answer "
              "counts, and it is kept.")


def page(room, seat, *, error=None, split=None, status=200, notice=None):
    """The learner's page: the lobby, the question the class is on (with their latest answer),
    or the end with links to the questions they missed."""
    quiz.require(room)
    context = {"room": room, "seat": seat, "sync_text": SYNC_TEXT[room.state],
               "lesson_title": quiz.title(room), "inline": quiz.inline, "on_quiz": True,
               "notice": notice, "one_answer": room.answer_mode == "one",
               "exam": quiz.is_exam(room)}
    if room.state == "running":
        n, q = quiz.current(room)
        given, correct = quiz.stored(seat, n)
        ctx = quiz.context(room, seat, n, q, given=given, correct=correct, error=error,
                           split=split)
        context.update(step_html=quiz.question_html(ctx), number=n, total=quiz.total(room))
    elif room.state == "ended":
        context["missed"] = quiz.missed(room, seat)
    return render_template("classroom/play.html", **context), status


def answering(room) -> tuple[int, dict]:
    """The question an answer or a slider move is for; refused (nothing stored, the page goes
    where the class is) unless the class is running and the form names the question it is on."""
    n = answering_position(room)
    return n, quiz.question(room, n)


def answering_position(room) -> int:
    """`answering` without making the question (a live answer makes it only when needed)."""
    quiz.require(room)
    n = min(room.step, quiz.total(room) - 1) + 1
    if room.state != "running" or request.form.get("step") != quiz.step_id(n):
        abort(moved_on(room))
    return n


def answer(room, seat):
    """An answer to the question the class is on: stored (every try), then the page with the
    feedback; a form a real page could not send is a 400 that says why."""
    n, q = answering(room)
    if request.form.get("op", "").startswith("step:"):  # −/+ without JavaScript
        try:
            return page(room, seat, split=quiz.stepped(q, request.form))
        except quiz.QuizAnswerError as err:
            return page(room, seat, error=str(err), split=err.split, status=400)
    if quiz.is_exam(room) and classes.revealed(room, n):
        return page(room, seat, status=409, notice=gettext(
            "The answer to this question has been shown: answers to it are closed."))
    try:
        given = quiz.read(q, request.form)
    except quiz.QuizAnswerError as err:  # the answer form is a plain post: the whole page
        return page(room, seat, error=str(err), split=err.split, status=400)
    if not quiz.record(room, seat, n, q, given):  # committed before it is acknowledged
        return page(room, seat, status=409, notice=ANSWERED)
    return redirect(url_for(".play", code=room.code) + "#feedback", 303)


def live(room, seat):
    """Sliders moved on an assign question: the one live check's verdict; nothing is stored."""
    if not wants_fragment():
        n, q = answering(room)
        if q["type"] != "assign":
            abort(404)
        try:
            return page(room, seat, split=read_split(q, request.form))
        except quiz.QuizAnswerError as err:  # the page says why
            return page(room, seat, error=str(err), split=err.split, status=400)
    n = answering_position(room)
    held = quiz.held_key(room, n)  # an exam's key waits for the host: no verdict, no marks

    def question():  # made only when the memo hasn't this split (the same ref, the same board)
        q = quiz.question(room, n)
        if q["type"] != "assign":
            abort(404)
        return quiz.board(q), goal_mark(q)

    try:  # the one live path
        return live_response(quiz.TEMPLATE, ["verdict", "live_oob"], question, request.form,
                             named=("quiz", canonical(room.questions[n - 1])), blind=held,
                             context={"hide_verdict": held})
    except SliderError as err:  # the verdict's place says why
        q = quiz.question(room, n)
        ctx = quiz.context(room, seat, n, q, split=err.split, error=slider_error_text(err))
        return quiz.fragment(ctx, "unreadable", status=400)


@bp.get("/class/<code>/review")
def review(code: str):
    """After a class on a quiz: each question this learner missed, with the key and why."""
    room, seat = room_and_seat(code)
    if seat.removed_at is not None:
        return removed_page(room, seat)
    if not quiz.is_quiz(room) or room.state != "ended":
        return redirect(url_for(".play", code=room.code), 303)
    return render_template("classroom/review.html", room=room, seat=seat,
                           title=quiz.title(room).text, rows=quiz.review_rows(room, seat))
