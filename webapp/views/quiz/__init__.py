"""Quiz: exam-style trample questions for judges, generated and keyed by the rules core.

GET  /quiz                               choose a tier, how many questions, practice or exam
POST /quiz                               start an attempt -> 303 to its first question
GET  /quiz/a/<token>/<n>                 question n (assign questions use the live sliders)
POST /quiz/a/<token>/<n>                 an answer: stored, then feedback (practice) or the next
                                         question (exam); a bad answer is a 400 on the page
POST /quiz/a/<token>/<n>/live            sliders moved on an assign question (the live check)
GET  /quiz/a/<token>/review              score, pass or fail, every question with its key

An attempt's token (256 bits) is its only key: whoever has the link can take and review it.
"""

from __future__ import annotations

import random

from flask import Blueprint, abort, redirect, render_template, request, url_for

from ...content.generate import TIERS, generate, grade, question_at, split_words
from ...htmx import render
from ...i18n import _l, gettext
from ...live import board_cards, labels, live_check
from ...services import quizzes
from .answers import QuizAnswerError, read_answer, read_split

bp = Blueprint("quiz", __name__, url_prefix="/quiz")
TEMPLATE = "quiz/question.html"
COUNTS = {"practice": 10, "exam": 25}
MAX_NAME = 60
MODE_NAMES = {"practice": _l("Practice: feedback after each question"),
              "exam": _l("Exam: feedback at the end")}


@bp.get("")
def index():
    return render_template("quiz/index.html", modes=MODE_NAMES, counts=COUNTS, values={},
                           pass_mark=quizzes.PASS_MARK)


@bp.post("")
def start():
    form = request.form
    name = " ".join(form.get("name", "").split())[:MAX_NAME]
    tier, mode = form.get("tier", ""), form.get("mode", "")
    count = form.get("count", "").strip() or str(COUNTS.get(mode, 10))
    problems = []
    if not name:
        problems.append(gettext("Enter your name: the quiz's results show it."))
    if tier not in [str(t) for t in TIERS]:
        problems.append(gettext("Choose a tier."))
    if mode not in quizzes.MODES:
        problems.append(gettext("Choose practice or exam."))
    if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= 50:
        problems.append(gettext("The number of questions is a whole number from 1 to 50."))
    if problems:
        return render_template("quiz/index.html", modes=MODE_NAMES, counts=COUNTS,
                               problems=problems, values=form, pass_mark=quizzes.PASS_MARK), 400
    token = quizzes.start(name, int(tier), int(count), mode)
    return redirect(url_for(".question", token=token, n=1), 303)


@bp.get("/a/<token>/<int:n>")
def question(token: str, n: int):
    attempt, current = _question(token, n)
    return _show(attempt, current, n)


@bp.post("/a/<token>/<int:n>")
def answer(token: str, n: int):
    attempt, current = _question(token, n)
    if request.form.get("op", "").startswith("step:"):  # a −/+ button without JavaScript
        return _show(attempt, current, n, split=_stepped(current, request.form))
    try:
        given = read_answer(current, request.form)
    except QuizAnswerError as err:
        return _show(attempt, current, n, error=str(err), status=400,
                     split=read_split(current, request.form))
    if current["type"] == "assign":  # graded as the sliders show it
        given = live_check(_board(current), given, fit=True).split
    quizzes.answer(token, n, given, grade(current, given))  # committed; the first answer counts
    attempt = quizzes.get(token)
    if attempt.mode == "exam" and n < attempt.count:
        return redirect(url_for(".question", token=token, n=n + 1), 303)
    if attempt.mode == "exam":
        return redirect(url_for(".review", token=token), 303)
    return redirect(url_for(".question", token=token, n=n) + "#feedback", 303)


@bp.post("/a/<token>/<int:n>/live")
def live(token: str, n: int):
    attempt, current = _question(token, n)
    if current["type"] != "assign":
        abort(404)
    return _show(attempt, current, n, split=read_split(current, request.form),
                 blocks=["verdict", "live_oob"])


@bp.get("/a/<token>/review")
def review(token: str):
    attempt = quizzes.get(token)
    if attempt is None:
        abort(404)
    questions = generate(attempt.tier, attempt.count, attempt.seed)
    rows = []
    for i, q in enumerate(questions, start=1):
        given, correct = attempt.answers.get(i, (None, None))
        rows.append({"n": i, "q": q, "given": given, "correct": correct,
                     "options": options_of(attempt.token, i, q),
                     "split": split_words(_board(q), given) if q["type"] == "assign" and given
                     else None})
    return render_template("quiz/review.html", attempt=attempt, rows=rows)


def _question(token: str, n: int):
    attempt = quizzes.get(token)
    if attempt is None or not 1 <= n <= attempt.count:
        abort(404)
    return attempt, question_at(attempt.tier, attempt.seed, n)


def _stepped(q: dict, form) -> dict:
    """The sliders after a −/+ button: one damage more or less on one slider (the live check
    then fits the split to what the sliders allow)."""
    split = read_split(q, form)
    _, attacker, recipient, delta = (form["op"].split(":") + ["", "", "", ""])[:4]
    if delta in ("1", "-1") and any(a["id"] == attacker for a in q["board"]["attackers"]):
        row = split.setdefault(attacker, {})
        row[recipient[:40]] = max(0, row.get(recipient, 0) + int(delta))
    return split


def _board(q: dict) -> dict:
    """The question's board without the split it judges (legal and rule questions show that
    split in words)."""
    return {k: v for k, v in q["board"].items() if k != "assignment"}


def options_of(token: str, n: int, q: dict) -> list[dict]:
    """A choice question's options in an order of this attempt's own (a reload keeps it)."""
    options = list(q.get("options", []))
    random.Random(f"{token}/{n}").shuffle(options)
    return options


def shown_answer(q: dict, given, options: list[dict]) -> str:
    """An answer in words, for the results and the CSV."""
    if given is None:
        return ""
    if q["type"] == "legal":
        return gettext("Legal") if given else gettext("Not legal")
    if q["type"] in ("rule", "one", "many"):
        chosen = given if isinstance(given, list) else [given]
        return "; ".join(o["text"] for o in options if o["id"] in chosen)
    if q["type"] == "assign":
        return split_words(_board(q), given)
    return str(given)


def _show(attempt, q: dict, n: int, *, error: str | None = None, status: int = 200,
          split: dict | None = None, blocks="content"):
    stored = attempt.answers.get(n)
    given, correct = stored if stored else (None, None)
    show_key = stored is not None and attempt.mode == "practice"
    board = _board(q)
    live = None
    if q["type"] == "assign":
        shown = split if split is not None else (given if isinstance(given, dict) else {})
        live = live_check(board, shown, fit=True,
                          hide_most={(q["goal"]["creature"], q["goal"]["recipient"])})
    names = labels(board)
    context = {
        "attempt": attempt, "q": q, "n": n, "live": live, "cards": board_cards(board, names),
        "options": options_of(attempt.token, n, q), "given": given, "correct": correct,
        "show_key": show_key, "error": error, "answered": stored is not None,
        "answer_url": url_for(".answer", token=attempt.token, n=n),
        "live_url": url_for(".live", token=attempt.token, n=n),
        "next_url": url_for(".question", token=attempt.token, n=n + 1) if n < attempt.count
        else url_for(".review", token=attempt.token),
        "prev_url": url_for(".question", token=attempt.token, n=n - 1) if n > 1 else None,
    }
    return render(TEMPLATE, blocks, status=status, **context)


from . import sharing  # noqa: E402,F401  (its routes are on this blueprint)
