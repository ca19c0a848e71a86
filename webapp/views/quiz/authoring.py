"""Editing a shared quiz at its owner link. Its questions (and its mode) lock once someone takes
it, so every attempt keeps its meaning (a copy can be edited); its title, pass mark, timer,
deadline and retakes stay editable.

POST /quiz/o/<owner>/questions    op = remove:<n> | up:<n> | down:<n>, or add from the bank
                                  (op=bank, ids) or generated (op=gen, tier, count)
POST /quiz/o/<owner>/board        a board built in the sandbox (its link) as a number, legal or
                                  assign question, keyed by the rules core
POST /quiz/o/<owner>/import       add the questions of a quiz file
POST /quiz/o/<owner>/settings     title, mode, pass mark, timer, deadline, retakes
POST /quiz/o/<owner>/close        op = close (no new attempt can start) | reopen
POST /quiz/o/<owner>/copy         a new quiz with the same questions and settings, to edit
Each answers with a 303 back to the owner page, or the page with what went wrong (400, or 409
when the quiz is locked).
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from urllib.parse import parse_qs, urlsplit

from flask import redirect, request, url_for

from ...content.generate import TIERS, from_board
from ...catalogue import catalogue
from ...content.questions import to_spec
from ...content.quizfile import QuizFileError, parse
from ...i18n import _l, gettext
from ...rules import BoardError
from ...security import accepts_upload
from ...services import quizzes
from .. import limiting
from ..card_words import ADVICE, mismatch_texts
from ..sandbox import board as sandbox_board
from . import bp, whole
from .sharing import (TOO_BIG, UPLOAD_LIMIT, upload_name, uploaded, no_store, owned,
                      owner_page, read_settings, remember)

QUESTIONS_LOCKED = _l("Someone has taken this quiz, so its questions are locked: their results "
                      "keep their meaning. Make a copy to change them.")
MODE_FIXED = _l("The mode is fixed once someone has taken the quiz: changing practice or exam "
                "under takers would be unfair. Make a copy to change it.")


@bp.post("/o/<token>/questions")
@no_store
def questions(token: str):
    quiz = owned(token)
    op = request.form.get("op", "")
    verb, _, number = op.partition(":")
    try:
        if verb in ("remove", "up", "down"):
            n = whole(number, 1, len(quiz.questions)) if number else None
            refs = quizzes.moved(quiz.questions, verb, n)
        elif op == "bank":
            refs = quizzes.with_bank(quiz.questions, request.form.getlist("ids"),
                                     catalogue().bank)
        elif op == "gen":
            tier = whole(request.form.get("tier"), 1, max(TIERS))
            count = whole(request.form.get("count"), 1, quizzes.MAX_ADD)
            if tier is None or count is None:
                return _refused(quiz, gettext("Choose a tier and how many questions (1 to "
                                              "%(most)s).", most=quizzes.MAX_ADD))
            refs = quizzes.with_generated(quiz.questions, tier, count)
        else:
            raise quizzes.QuizEditError("no_such_change")
    except quizzes.QuizEditError as err:
        return _not_saved(quiz, err)
    return _saved(quiz, refs)


@bp.post("/o/<token>/board")
@no_store
def board(token: str):
    """A board built in the sandbox, from its link, as a question of the chosen type."""
    quiz = owned(token)
    kind = request.form.get("type", "")
    tier = whole(request.form.get("tier"), 1, max(TIERS)) or 1
    try:
        editor = sandbox_board.decode(_link_code(request.form.get("link", "")))
        board = sandbox_board.to_core(editor)
        misnamed = mismatch_texts(board)  # a candidate who knows the cards would be misled
        question = None if misnamed else from_board(board, kind, editor["assignment"], tier)
    except (sandbox_board.LinkError, BoardError, ValueError):
        return _refused(quiz, gettext("That isn’t a sandbox board link this quiz can use: copy "
                                      "the link under “Link to this board” in the sandbox."))
    if misnamed:
        return _refused(quiz, " ".join([*misnamed, str(ADVICE)]))
    if question is None:
        return _refused(quiz, gettext("This board can’t make that kind of question (for an "
                                      "assign question, some damage must be able to reach what "
                                      "the attacker attacks)."))
    return _saved(quiz, [*quiz.questions, quizzes.own_ref(to_spec(question))])


def _link_code(text: str) -> str:
    """The board code of a pasted sandbox link (a whole URL, or just its ?b= part)."""
    text = text.strip()
    query = urlsplit(text).query if "?" in text else text.removeprefix("b=")
    found = parse_qs(query).get("b") if "=" in query else [query]
    if not found or not found[0]:
        raise ValueError("no board in the link")
    return found[0]


@bp.post("/o/<token>/import")
@no_store
@accepts_upload(UPLOAD_LIMIT, TOO_BIG)
def import_file(token: str):
    quiz = owned(token)
    try:
        _, specs = parse(uploaded(), upload_name(), max_questions=quizzes.MAX_QUESTIONS,
                         cards=catalogue().cards)
    except QuizFileError as err:
        return owner_page(quiz, file_problems=err.problems, status=400)
    return _saved(quiz, [*quiz.questions, *({"own": s} for s in specs)])


@bp.post("/o/<token>/settings")
@no_store
def settings(token: str):
    """Title, pass mark, timer, deadline and retakes: editable after attempts too. The mode is
    fixed once taken (the page shows no choice then; a hand-made form changing it is a 409)."""
    quiz = owned(token)
    form = request.form
    if quiz.locked and "mode" not in form:
        form = form.copy()
        form["mode"] = quiz.mode
    values, problems = read_settings(form)
    values["deadline"] = read_deadline(form.get("deadline"), quiz.deadline, problems)
    values["retakes"] = bool(form.get("retakes"))
    if problems:
        return owner_page(quiz, problems=problems, typed=form, status=400)
    if not quizzes.edit(token, **values):
        return owner_page(quizzes.shared(owner=token), problems=[MODE_FIXED], typed=form,
                          status=409)
    return redirect(url_for(".owner", token=token) + "#settings", 303)


DEADLINE = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?")


def read_deadline(raw: str | None, current: datetime | None, problems: list) -> datetime | None:
    """The last moment to start, typed in UTC as the date-and-time field sends it (empty: none);
    quizzes.new_deadline decides whether it may be stored."""
    text = (raw or "").strip()
    if not text:
        return None
    try:
        if not DEADLINE.fullmatch(text):
            raise ValueError(text)
        moment = datetime.fromisoformat(text.replace(" ", "T")).replace(tzinfo=timezone.utc)
    except ValueError:
        problems.append(gettext("The deadline is a date and a time in UTC, like "
                                "2026-12-31T18:00, or empty for none."))
        return None
    try:
        return quizzes.new_deadline(moment, current)
    except quizzes.QuizEditError:
        problems.append(gettext("The deadline is in the past (it is %(now)s UTC now): choose a "
                                "later moment, or leave it empty for none.",
                                now=quizzes.utc_now().strftime("%Y-%m-%d %H:%M")))
        return None


@bp.post("/o/<token>/close")
@no_store
def close(token: str):
    """op=close: no new attempt can start (undone by op=reopen, so closing asks nothing)."""
    quiz = owned(token)
    op = request.form.get("op", "")
    if op not in ("close", "reopen"):
        return _refused(quiz, gettext("That change isn’t one this page offers."))
    quizzes.close(token, closed=op == "close")
    return redirect(url_for(".owner", token=token) + "#state", 303)


@bp.post("/o/<token>/copy")
@no_store
def copy(token: str):
    quiz = owned(token)
    limiting.limit("quiz-new")
    made = quizzes.create(gettext("Copy of %(title)s", title=quiz.title)[:80], quiz.questions,
                          quiz.mode, quiz.pass_mark, quiz.time_limit)
    return remember(redirect(url_for(".owner", token=made.owner_token), 303), made.owner_token)


def _saved(quiz, refs: list[dict]):
    try:
        quizzes.set_questions(quiz.owner_token, refs)
    except quizzes.QuizEditError as err:
        return _not_saved(quiz, err)
    return redirect(url_for(".owner", token=quiz.owner_token) + "#questions", 303)


def _not_saved(quiz, err):
    """The owner page with why a change to the questions was refused (409 when locked)."""
    if err.code == "locked":
        return owner_page(quizzes.shared(owner=quiz.owner_token), problems=[QUESTIONS_LOCKED],
                          status=409)
    words = {
        "too_many": lambda: gettext("A quiz has at most %(most)s questions.",
                                    most=quizzes.MAX_QUESTIONS),
        "empty": lambda: gettext("A quiz needs at least one question."),
        "own": lambda: str(err),
        "unknown_bank": lambda: gettext("Tick the bank questions to add."),
    }.get(err.code, lambda: gettext("That change isn’t one this page offers."))
    return _refused(quiz, words())


def _refused(quiz, message: str):
    return owner_page(quiz, problems=[message], status=400)
