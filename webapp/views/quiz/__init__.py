"""Quiz: exam-style trample questions for judges, from the bank or generated, keyed by the rules core.

GET  /quiz                               choose a tier, the questions' source, how many, practice
                                         or exam (with an optional timer)
POST /quiz                               start an attempt -> 303 to its first question
GET  /quiz/a/<token>/<n>                 question n (assign questions use the live sliders)
POST /quiz/a/<token>/<n>                 an answer: stored, then feedback (practice) or the next
                                         question (exam); a bad answer is a 400 on the page.
                                         op=next/prev (the Next and Back buttons) save what is
                                         chosen, then move; op=timeup (the timer at 0:00) saves
                                         it and submits
POST /quiz/a/<token>/<n>/live            sliders moved on an assign question (the live check; in
                                         an exam, without the verdict: it would be the grade)
GET  /quiz/a/<token>/review              before submission: "Review and submit" (answered or
                                         not, links back; no key, mark or score). After it: the
                                         score, pass or fail, every question with its key
POST /quiz/a/<token>/submit              submit: from now on no answer changes

An attempt's token (256 bits) is its only key: whoever has the link can take and review it. An
exam ends when the taker submits or its time (and services.quizzes.GRACE) is up; the server
submits it on the first request after that, whatever the browser does.
"""

from __future__ import annotations

import random
import secrets

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import get_locale

from ... import csrf
from ...content.generate import TIERS, grade
from ...content.kinds import beyond_legal, has_sliders, kind_name, kind_of
from ...catalogue import catalogue
from ...content.questions import (SOURCES, QuestionError, ReplacedQuestion, draw,
                                  replaced_question, resolve)
from ...htmx import render, wants_fragment
from ...i18n import _l, gettext
from ...live import board_cards, labels, live_check
from ...content.fields import SliderError
from ...live.words import slider_error_text
from ...names import shown_name
from ...services import quizzes
from ...text import ControlCharacters, typed_text
from .. import limiting
from ..answer_words import answer_in_words
from ..feedback import key_feedback
from ..live_answer import canonical, facts_response, live_response, signed_facts
from .answers import QuizAnswerError, chose_nothing, read_answer, read_split

bp = Blueprint("quiz", __name__, url_prefix="/quiz")
TEMPLATE = "quiz/question.html"
COUNTS = {"practice": 10, "exam": 25}
MAX_NAME = 60
# The one wording for a name or title with a control character in it (webapp/text.py).
CONTROL_CHARACTERS = _l("Names and titles can’t contain control characters (invisible codes "
                        "such as NUL): remove them and send it again.")
MODE_NAMES = {"practice": _l("Practice: feedback after each question"),
              "exam": _l("Exam: feedback at the end")}
QUESTION_SOURCES = {"bank": _l("from the bank"), "generated": _l("generated"),
                    "own": _l("your own")}
TYPE_NAMES = {"number": _l("number"), "legal": _l("legal or not"), "rule": _l("which rule"),
              "one": _l("one answer"), "many": _l("select all"), "assign": _l("assign")}
BOARD_TYPE_NAMES = {
    "number": _l("Number: the most its attacker can send to what it attacks"),
    "legal": _l("Legal or not: the split set on the sliders"),
    "assign": _l("Assign: the taker drags the sliders to send the most")}
# An answer to a generated question an older generator made, in the CSV and the statistics (the
# pages say it with quiz/_key.html's `replaced` macro).
REPLACED_ANSWER = _l("(answered to a generated question since replaced by a corrected version)")
SOURCE_NAMES = {"mixed": _l("Both: hand-written questions and fresh boards"),
                "bank": _l("Hand-written questions from the bank"),
                "generated": _l("Fresh boards, generated for you")}


@bp.get("")
def index():
    return _index({})


def _index(values, problems=(), status=200):
    return render_template("quiz/index.html", modes=MODE_NAMES, counts=COUNTS, values=values,
                           sources=SOURCE_NAMES, problems=problems, pass_mark=quizzes.PASS_MARK,
                           max_minutes=quizzes.MAX_MINUTES,
                           max_questions=quizzes.MAX_QUESTIONS), status


def whole(raw: str | None, low: int, high: int) -> int | None:
    """A whole number typed in a form, in range; None for anything else."""
    raw = (raw or "").strip()
    if raw.isascii() and raw.isdigit() and len(raw) <= len(str(high)) and low <= int(raw) <= high:
        return int(raw)
    return None


def read_text(form, field: str, limit: int, problems: list) -> str:
    """A name or title from a form, as stored; "" (and the problem, in words) if it has a control
    character."""
    try:
        return typed_text(form.get(field), limit)
    except ControlCharacters:
        problems.append(str(CONTROL_CHARACTERS))
        return ""


def read_minutes(form, problems: list) -> int | None:
    """The optional exam timer: empty or 0 means none."""
    raw = (form.get("minutes") or "").strip()
    if raw in ("", "0"):
        return None
    minutes = whole(raw, 1, quizzes.MAX_MINUTES)
    if minutes is None:
        problems.append(gettext("The time limit is a whole number of minutes from 1 to "
                                "%(most)s, or empty for no timer.", most=quizzes.MAX_MINUTES))
    return minutes


@bp.post("")
def start():
    form = request.form
    problems = []
    name = read_text(form, "name", MAX_NAME, problems)
    tier, mode = whole(form.get("tier"), 1, max(TIERS)), form.get("mode", "")
    source = form.get("source") or "mixed"
    count = whole(form.get("count") or str(COUNTS.get(mode, 10)), 1, quizzes.MAX_QUESTIONS)
    if not name and not problems:
        problems.append(gettext("Enter your name: the quiz's results show it."))
    if tier is None:
        problems.append(gettext("Choose a tier."))
    if mode not in quizzes.MODES:
        problems.append(gettext("Choose practice or exam."))
    if source not in SOURCES:
        problems.append(gettext("Choose where the questions come from."))
    if count is None:
        problems.append(gettext("The number of questions is a whole number from 1 to %(most)s.",
                                most=quizzes.MAX_QUESTIONS))
    minutes = read_minutes(form, problems)
    if not problems and source == "bank" and count > len(catalogue().bank.of_tier(tier)):
        problems.append(gettext("The bank has %(n)s questions of tier %(tier)s: ask for that many "
                                "or fewer, or add generated ones.",
                                n=len(catalogue().bank.of_tier(tier)), tier=tier))
    if problems:
        return _index(form, problems, 400)
    limiting.limit("attempt")  # a 429 once this address started too many attempts
    questions = draw(tier, count, secrets.randbelow(2**31), source, bank=catalogue().bank)
    token = quizzes.start(name, tier, questions, mode, minutes)
    return redirect(url_for(".question", token=token, n=1), 303)


@bp.get("/a/<token>/<int:n>")
def question(token: str, n: int):
    attempt, current = _question(token, n)
    return _show(attempt, current, n)


@bp.post("/a/<token>/<int:n>")
def answer(token: str, n: int):
    attempt, current = _question(token, n)
    op = request.form.get("op", "")
    if attempt.submitted:  # nothing changes after submission: the results say why
        return _refused(attempt)
    if current.get("replaced"):  # answered to a question that is gone: kept as recorded
        if op == "timeup":
            quizzes.submit(token)
            return redirect(url_for(".review", token=token), 303)
        if op in ("next", "prev"):
            return redirect(_neighbour(attempt, n + (-1 if op == "prev" else 1)), 303)
        return _show(attempt, current, n, status=409)  # the page says why
    if op.startswith("step:"):  # a −/+ button without JavaScript
        try:
            return _show(attempt, current, n, split=stepped_split(current, request.form))
        except QuizAnswerError as err:
            return _show(attempt, current, n, error=str(err), status=400, split=err.split)
    moving = op in ("next", "prev", "timeup")
    given = None  # nothing chosen (sliders at 0 are never a legal split): Next and Back move on
    if not (moving and chose_nothing(current, request.form)):
        try:
            given = read_answer(current, request.form)
        except QuizAnswerError as err:
            if op != "timeup":  # at 0:00 there is no one to ask
                return _show(attempt, current, n, error=str(err), status=400,
                             split=err.split)
    outcome = None
    if given is not None:  # committed before it is acknowledged
        outcome = quizzes.answer(token, n, given, grade(current, given))
        if outcome == quizzes.CLOSED:
            return _refused(quizzes.get(token))
    if op == "timeup":
        quizzes.submit(token)
        return redirect(url_for(".review", token=token), 303)
    if attempt.mode == "practice" and (outcome == quizzes.STORED or not moving):
        return redirect(url_for(".question", token=token, n=n) + "#feedback", 303)
    step = -1 if op == "prev" else 1
    return redirect(_neighbour(attempt, n + step), 303)


def _neighbour(attempt, n: int) -> str:
    """Question n, or Review and submit past the last one."""
    if n > attempt.count:
        return url_for(".review", token=attempt.token)
    return url_for(".question", token=attempt.token, n=max(1, n))


def _refused(attempt):
    """An answer to a submitted attempt: nothing stored; the results say why."""
    why = "late" if attempt.timed_out else "submitted"
    return redirect(url_for(".review", token=attempt.token, **{why: 1}), 303)


@bp.post("/a/<token>/<int:n>/live")
@csrf.exempt  # changes nothing: a live answer is stored nowhere
def live(token: str, n: int):
    if not wants_fragment():  # the −/+ buttons without JavaScript: the whole page
        return _live_page(token, n)
    try:
        answer = facts_response(["attempt", token, n], TEMPLATE, ["verdict", "live_oob"],
                                request.form)
    except SliderError as err:
        attempt, current = _question(token, n)
        return _show(attempt, current, n, error=slider_error_text(err), status=400,
                     split=err.split, blocks="unreadable")
    if answer is not None:  # the page said what it shows (live_url)
        return answer
    # A page without it (a board too big for an address, a forged or moved one): the attempt.
    attempt = quizzes.standing(token)  # one query of plain columns: no answers, no title
    if attempt is None or not 1 <= n <= attempt.count:
        abort(404)
    if attempt.submitted:
        abort(409)
    ref = attempt.question(n)
    exam = attempt.mode != "practice"  # before submission: no verdict, no lethal marks

    def question():  # made only when the memo hasn't this split (the same ref, the same board)
        q = resolved_question(ref)
        if not has_sliders(q):  # a replaced question has no sliders either
            abort(404)
        return question_board(q), goal_mark(q), goal_asked(q)

    try:  # the one live path
        return live_response(TEMPLATE, ["verdict", "live_oob"], question, request.form,
                             named=("quiz", canonical(ref)), blind=exam,
                             context={"hide_verdict": exam})
    except SliderError as err:  # the verdict's place says why
        attempt, current = _question(token, n)
        return _show(attempt, current, n, error=slider_error_text(err), status=400,
                     split=err.split, blocks="unreadable")


def live_url(attempt, n: int, q: dict) -> str:
    """Question n's live address, with what its page shows signed in (live_answer.signed_facts):
    a drag reads no database."""
    facts = None
    if has_sliders(q) and not attempt.submitted:
        facts = signed_facts(["attempt", attempt.token, n], question_board(q), goal_mark(q),
                             goal_asked(q), attempt.mode != "practice")
    return url_for(".live", token=attempt.token, n=n, **({"q": facts} if facts else {}))


def _live_page(token: str, n: int):
    attempt, current = _question(token, n)
    if not has_sliders(current):
        abort(404)
    if attempt.submitted:
        abort(409)
    try:
        split = read_split(current, request.form)
    except QuizAnswerError as err:  # the page says why
        return _show(attempt, current, n, error=str(err), status=400, split=err.split,
                     blocks="unreadable")
    return _show(attempt, current, n, split=split, blocks=["verdict", "live_oob"])


@bp.get("/a/<token>/review")
def review(token: str):
    attempt = quizzes.get(token)
    if attempt is None:
        abort(404)
    if not attempt.submitted:  # no key, mark or score before submission
        return render_template("quiz/submit.html", attempt=attempt, timer=_timer(attempt),
                               unanswered=attempt.count - len(attempt.answers),
                               grace=int(quizzes.GRACE.total_seconds()))
    questions = quiz_questions(attempt.questions)
    rows = []
    for i, q in enumerate(questions, start=1):
        given, correct = attempt.answers.get(i, (None, None))
        options = options_of(attempt.token, i, q)
        words = shown_answer(q, given, options) if given is not None else None
        rows.append({"n": i, "q": q, "given": words, "correct": correct, "options": options})
    return render_template("quiz/review.html", attempt=attempt, rows=rows,
                           late="late" in request.args, again="submitted" in request.args,
                           grace=int(quizzes.GRACE.total_seconds()))


@bp.post("/a/<token>/submit")
def submit(token: str):
    if not quizzes.submit(token):
        abort(404)
    return redirect(url_for(".review", token=token), 303)


def _timer(attempt) -> dict | None:
    """What the page's timer shows and the browser counts down (quiz-timer.js), from the
    server's clock: seconds left, not a deadline a wrong phone clock would misread."""
    left = attempt.seconds_left()
    if left is None or attempt.submitted:
        return None
    return {"left": left, "text": f"{left // 60}:{left % 60:02d}",
            "grace": int(quizzes.GRACE.total_seconds())}


def lang() -> str:
    return str(get_locale() or "en")


def quiz_questions(refs: list[dict]) -> list[dict]:
    """A quiz's questions in this request's language."""
    return [resolved_question(ref) for ref in refs]


def resolved_question(ref: dict) -> dict:
    """The question a stored reference names; an older generator's stands as replaced (see
    content.questions); one that can't be made (a withdrawn bank question, a malformed
    reference, a version this app doesn't know) is a 410 that says so."""
    try:
        return resolve(ref, lang(), translate=gettext, bank=catalogue().bank,
                       names=shown_name)
    except ReplacedQuestion:
        return replaced_question(ref)
    except QuestionError as err:
        abort(410, description=str(err))


def _question(token: str, n: int):
    attempt = quizzes.get(token)
    if attempt is None or not 1 <= n <= len(attempt.questions):
        abort(404)
    return attempt, resolved_question(attempt.questions[n - 1])


def stepped_split(q: dict, form) -> dict:
    """The sliders after a −/+ button: one damage more or less on one slider (the live check
    then fits the split to what the sliders allow)."""
    split = read_split(q, form)
    _, attacker, recipient, delta = (form["op"].split(":") + ["", "", "", ""])[:4]
    attackers = (q.get("board") or {}).get("attackers", [])
    if delta in ("1", "-1") and any(a["id"] == attacker for a in attackers):
        row = split.setdefault(attacker, {})
        row[recipient[:40]] = max(0, row.get(recipient, 0) + int(delta))
    return split


def goal_mark(q: dict) -> tuple:
    """The slider row whose "at most N" mark would give an assign question's answer away."""
    return ((q["goal"]["creature"], q["goal"]["recipient"]),) if q.get("goal") else ()


def goal_asked(q: dict) -> bool:
    """An assign question graded against more than legality (exact, most): its live verdict
    says a legal split in neutral words (Live.goal)."""
    return beyond_legal(kind_of(q))


def question_board(q: dict) -> dict | None:
    """The question's board without the split it judges (legal and rule questions show that
    split in words); None for a question about no board."""
    if q.get("board") is None:
        return None
    return {k: v for k, v in q["board"].items() if k != "assignment"}


def options_of(token: str, n: int, q: dict) -> list[dict]:
    """A choice question's options in an order of this attempt's own (a reload keeps it)."""
    options = list(q.get("options", []))
    random.Random(f"{token}/{n}").shuffle(options)
    return options


def shown_answer(q: dict, given, options: list[dict]) -> str:
    """An answer in words (answer_in_words), for the results, a saved exam answer and the CSV."""
    if given is None:
        return ""
    if q.get("replaced"):
        return str(REPLACED_ANSWER)
    return answer_in_words(kind_name(q["type"]), given, question_board(q), options)


def _show(attempt, q: dict, n: int, *, error: str | None = None, status: int = 200,
          split: dict | None = None, blocks="content"):
    stored = attempt.answers.get(n)
    given, correct = stored if stored else (None, None)
    practice, done = attempt.mode == "practice", attempt.submitted
    board = question_board(q)
    live = None
    if has_sliders(q):
        shown = split if split is not None else (given if isinstance(given, dict) else {})
        live = live_check(board, shown, fit=True, hide_most=goal_mark(q), goal=goal_asked(q),
                          blind=not practice and not done)  # an exam: no lethal marks, no gates
    cards = board_cards(board, labels(board)) if board is not None else None
    options = options_of(attempt.token, n, q)
    show_key = (done or (practice and stored is not None)) and not q.get("replaced")
    context = {
        "attempt": attempt, "q": q, "n": n, "live": live, "cards": cards,
        "options": options, "given": given, "correct": correct, "error": error,
        # the key: after each answer in practice, and for every question once submitted
        "show_key": show_key,
        # with the key, the answer's result as endless practice words it (a number, legal or
        # not, a split; with what a right split does when dealt); a choice's key says it all
        "feedback": key_feedback(q, board, given, correct) if show_key else None,
        # inputs locked: practice's first answer counts; nothing changes after submission
        "answered": done or (practice and stored is not None) or bool(q.get("replaced")),
        # an exam's saved answer, changeable until submitted (said in words, no mark)
        "saved": shown_answer(q, given, options)
        if stored and not practice and not done and not q.get("replaced") else None,
        "hide_verdict": not practice and not done,  # an exam's live verdict would be the grade
        "timer": _timer(attempt), "autosubmit": _timer(attempt) is not None,
        "answer_url": url_for(".answer", token=attempt.token, n=n),
        "live_url": live_url(attempt, n, q),
        "next_url": _neighbour(attempt, n + 1),
        "prev_url": url_for(".question", token=attempt.token, n=n - 1) if n > 1 else None,
    }
    return render(TEMPLATE, blocks, status=status, **context)


# The modules whose routes are on bp, every one named here (none imports another for its routes).
from . import authoring, preview, sharing  # noqa: E402,F401
