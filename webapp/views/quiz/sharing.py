"""Quizzes judges make and share: no accounts, two unguessable links.

GET|POST /quiz/new                 settings and a first set of questions (tier, how many, from the
                                   bank, generated or both) with their keys; save. Or import a
                                   quiz file.
GET|POST /quiz/t/<take>            the take link: the quiz's rules, a name, start. The browser
                                   remembers its attempts (a signed cookie, as /class remembers a
                                   class): the link resumes an unfinished one (same clock), and
                                   refuses a new one when the quiz is closed (410), past its
                                   deadline (410) or taken already without retakes (403)
GET      /quiz/o/<owner>           the owner link: both links, the questions with their keys (and,
                                   until someone takes it, editing: see authoring.py), every
                                   attempt, per-question results
GET      /quiz/mine                "your quizzes": the owner links this browser made or opened
POST     /quiz/mine/forget         this browser forgets them
GET      /quiz/o/<owner>/results.csv   one row per attempt and question
GET      /quiz/o/<owner>/quiz.toml     the quiz as a file in the bank's format
GET|POST /quiz/o/<owner>/attempts/<n>/delete   asks, then deletes one attempt (a test run)
"""

from __future__ import annotations

import functools
import re
import secrets
from datetime import timedelta

from flask import Response, abort, make_response, redirect, render_template, request, url_for

from ... import signing
from ...content.generate import TIERS
from ...catalogue import catalogue
from ...content.questions import SOURCES, draw
from ...content.quizfile import MAX_BYTES, QuizFileError, dump, parse
from ...i18n import _l, gettext
from ...network import external_url
from ...security import accepts_upload
from ...services import quiz_results, quizzes, spreadsheet
from ...services.class_reports import quiz_runs
from .. import limiting
from ..qr import qr_svg
from . import (BOARD_TYPE_NAMES, COUNTS, MAX_NAME, MODE_NAMES, QUESTION_SOURCES, SOURCE_NAMES,
               TYPE_NAMES, bp, options_of, quiz_questions, read_minutes, read_text, shown_answer,
               whole)

MAX_TITLE = 80
ATTEMPTS_COOKIE = "quiz_attempts"  # this browser's attempt tokens at shared quizzes, newest first
REFUSALS = {
    "closed": (410, _l("This quiz is closed: it takes no new attempts.")),
    "deadline": (410, _l("The deadline to start this quiz has passed: it takes no new attempts.")),
    "taken": (403, _l("You have taken this quiz already, and its owner allows one attempt.")),
}


# "Your quizzes": the owner links this browser made or opened, newest first, in one signed cookie
# (the class's cookie helpers, as /class remembers the host's class), sent only under /quiz.
MINE_COOKIE = "quiz_mine"
MINE_AGE = timedelta(days=90)
ATTEMPTS_AGE = timedelta(hours=12)  # the attempts this browser started: resumed within a sitting
MAX_MINE = 20
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


def remembered() -> list[str]:
    tokens = (signing.read_cookie(MINE_COOKIE) or "").split()
    return [t for t in tokens if TOKEN.fullmatch(t)][:MAX_MINE]


def remember(response, owner_token: str):
    tokens = [owner_token, *(t for t in remembered() if t != owner_token)][:MAX_MINE]
    return signing.send_cookie(response, MINE_COOKIE, " ".join(tokens), path="/quiz",
                               max_age=MINE_AGE)


def no_store(view):
    """For what the owner link shows (results, the key, the links): a shared store laptop must
    keep none of it on disk. The app's own default for pages, `private, no-cache`, allows that
    (webapp/security.py); this sets the stricter header on these responses only."""
    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        response = make_response(view(*args, **kwargs))
        response.headers["Cache-Control"] = "no-store"
        return response
    return wrapped


def read_settings(form) -> tuple[dict, list[str]]:
    """Title, mode, pass mark and timer from a form; every problem, in words."""
    problems = []
    title = read_text(form, "title", MAX_TITLE, problems)
    if not title and not problems:
        problems.append(gettext("Give the quiz a title: takers see it."))
    pass_mark = whole(form.get("pass_mark") or str(quizzes.PASS_MARK), 1, 100)
    if pass_mark is None:
        problems.append(gettext("The pass mark is a whole number from 1 to 100."))
    mode = form.get("mode") or "exam"
    if mode not in quizzes.MODES:
        problems.append(gettext("Choose practice or exam."))
    values = {"title": title, "pass_mark": pass_mark or quizzes.PASS_MARK,
              "mode": mode if mode in quizzes.MODES else "exam",
              "time_limit": read_minutes(form, problems)}
    return values, problems


def _first_questions(form) -> tuple[dict, list[str]]:
    problems = []
    values = {"tier": whole(form.get("tier") or "1", 1, max(TIERS)),
              "count": whole(form.get("count") or str(COUNTS["exam"]), 1, quizzes.MAX_QUESTIONS),
              "seed": whole(form.get("seed") or str(secrets.randbelow(2**31)), 0, 2**31 - 1),
              "source": form.get("source") or "mixed"}
    if values["tier"] is None:
        problems.append(gettext("Choose a tier."))
    if values["count"] is None:
        problems.append(gettext("The number of questions is a whole number from 1 to %(most)s.",
                                most=quizzes.MAX_QUESTIONS))
    if values["seed"] is None or values["source"] not in SOURCES:
        problems.append(gettext("Choose where the questions come from."))
    if problems:
        values.update(tier=values["tier"] or 1, count=values["count"] or COUNTS["exam"],
                      seed=values["seed"] or 0, source="mixed")
    return values, problems


@bp.route("/new", methods=["GET", "POST"])
def new():
    posted = request.method == "POST"
    form = request.form if posted else request.args
    settings, problems = read_settings(form)
    first, more = _first_questions(form)
    problems = (problems + more) if posted else []  # a first visit is not a mistake
    refs = draw(first["tier"], first["count"], first["seed"], first["source"],
                bank=catalogue().bank)
    if posted and request.form.get("op") == "save" and not problems:
        limiting.limit("quiz-new")
        quiz = quizzes.create(settings["title"], refs, settings["mode"], settings["pass_mark"],
                              settings["time_limit"])
        return remember(redirect(url_for(".owner", token=quiz.owner_token), 303),
                        quiz.owner_token)
    return _new_page(settings, first, problems, quiz_questions(refs),
                     400 if problems else 200)


def _new_page(settings, first, problems, preview, status=200, file_problems=()):
    return render_template("quiz/new.html", values={**settings, **first}, problems=problems,
                           preview=preview, modes=MODE_NAMES, sources=SOURCE_NAMES, tiers=TIERS,
                           bank_sizes={t: len(catalogue().bank.of_tier(t)) for t in TIERS},
                           file_problems=file_problems, max_minutes=quizzes.MAX_MINUTES,
                           max_questions=quizzes.MAX_QUESTIONS,
                           other_seed=secrets.randbelow(2**31)), status


# A request may carry a file four times the file cap: the view then says the file is too big.
UPLOAD_LIMIT = 4 * MAX_BYTES
TOO_BIG = _l("A quiz file is at most %(kb)s KB; this one was far larger. Nothing was imported.",
             kb=MAX_BYTES // 1024)


@bp.post("/new/import")
@accepts_upload(UPLOAD_LIMIT, TOO_BIG)
def import_new():
    """A quiz from a file (its settings and questions): saved at once, then edited as any."""
    limiting.limit("quiz-new")  # before the file is read: parsing it is the costly part
    try:
        settings, specs = parse(uploaded(), upload_name(), max_questions=quizzes.MAX_QUESTIONS,
                                cards=catalogue().cards)
    except QuizFileError as err:
        settings, _ = read_settings({})
        first, _ = _first_questions({})
        return _new_page(settings, first, [], [], 400, file_problems=err.problems)
    quiz = quizzes.create(settings["title"], [{"own": s} for s in specs], settings["mode"],
                          settings["pass_mark"], settings["time_limit"])
    return remember(redirect(url_for(".owner", token=quiz.owner_token), 303), quiz.owner_token)


def uploaded() -> bytes:
    file = request.files.get("file")
    data = file.read(MAX_BYTES + 1) if file else b""  # enough to know it is too big
    if not data.strip():
        raise QuizFileError([gettext("Choose a quiz file (.toml) to import.")])
    return data


def upload_name() -> str:
    file = request.files.get("file")
    name = (file.filename if file else "") or "quiz.toml"
    return name.replace("\\", "/").rsplit("/", 1)[-1][:80]


@bp.route("/t/<token>", methods=["GET", "POST"])
def take(token: str):
    quiz = quizzes.shared(take=token)
    if quiz is None:
        abort(404)
    mine = (signing.read_cookie(ATTEMPTS_COOKIE) or "").split()
    state, attempt = quizzes.door(quiz, mine)
    if state == "resume":  # the same attempt, its answers and its clock
        n = quizzes.resume_at(attempt)
        return redirect(url_for(".question", token=attempt.token, n=n) if n
                        else url_for(".review", token=attempt.token), 303)
    if state in REFUSALS:
        status, refusal = REFUSALS[state]
        return render_template("quiz/take.html", quiz=quiz, refusal=refusal, mine=attempt), status
    problem = None
    if request.method == "POST":
        problems = []
        name = read_text(request.form, "name", MAX_NAME, problems)
        if name:
            limiting.limit("quiz-attempt", quiz.take_token)
            limiting.limit("attempt")
            started = quizzes.take(quiz, name)
            return signing.send_cookie(
                redirect(url_for(".question", token=started, n=1), 303), ATTEMPTS_COOKIE,
                " ".join([started, *mine][:quizzes.MEMORY]), path="/quiz", max_age=ATTEMPTS_AGE)
        problem = problems[0] if problems else \
            gettext("Enter your name: the quiz's owner sees it with your score.")
    return render_template("quiz/take.html", quiz=quiz, problem=problem, mine=attempt,
                           counts=COUNTS), 400 if problem else 200


@bp.get("/o/<token>")
@no_store
def owner(token: str):
    return remember(make_response(owner_page(owned(token))), token)


@bp.get("/mine")
@no_store
def mine():
    """Your quizzes: the ones this browser made or opened (an owner link deleted since is
    skipped)."""
    found = [q for q in map(lambda t: quizzes.shared(owner=t), remembered()) if q is not None]
    return render_template("quiz/mine.html", quizzes=found)


@bp.post("/mine/forget")
def forget():
    """This browser forgets the list (a shared laptop); the quizzes and their links stay."""
    response = redirect(url_for(".mine"), 303)
    response.delete_cookie(MINE_COOKIE, path="/quiz")
    return response


def owner_page(quiz, *, problems=(), file_problems=(), typed=None, status: int = 200):
    """The owner's page; after a refused settings form, its fields show what was `typed`."""
    attempts = quizzes.attempts(quiz)
    questions = quiz_questions(quiz.questions)
    take_url = external_url(".take", token=quiz.take_token)
    tier = whole(request.args.get("tier"), 1, max(TIERS)) or 1
    chosen = {r["bank"] for r in quiz.questions if "bank" in r}
    return render_template(
        "quiz/owner.html", quiz=quiz, attempts=attempts, questions=questions,
        class_runs=quiz_runs(quiz.take_token),
        stats=per_question(questions, attempts, quiz.questions), problems=problems,
        file_problems=file_problems,
        deleted=(request.args.get("deleted") or "")[:60],
        bank_tier=tier, tiers=TIERS, modes=MODE_NAMES, max_minutes=quizzes.MAX_MINUTES,
        source_names=QUESTION_SOURCES, type_names=TYPE_NAMES, board_types=BOARD_TYPE_NAMES,
        bank_questions=[q for q in quiz_questions([{"bank": b.id}
                                                   for b in catalogue().bank.of_tier(tier)])
                        if q["id"] not in chosen],
        values=typed if typed is not None else settings_values(quiz),
        state=quiz.why_not_open(), now=quizzes.utc_now(),
        take_url=take_url, take_qr=qr_svg(take_url, gettext("QR code of the take link %(url)s",
                                                         url=take_url)),
        owner_url=external_url(".owner", token=quiz.owner_token)), status


def settings_values(quiz) -> dict:
    """The settings form's fields as the quiz has them (the deadline as its UTC field shows it)."""
    return {"title": quiz.title, "pass_mark": quiz.pass_mark, "minutes": quiz.time_limit or "",
            "mode": quiz.mode, "retakes": quiz.retakes,
            "deadline": quiz.deadline.strftime("%Y-%m-%dT%H:%M") if quiz.deadline else ""}


@bp.get("/o/<token>/results.csv")
@no_store
def results_csv(token: str):
    quiz = owned(token)
    text = quiz_results.results_csv(
        quizzes.attempts(quiz),
        lambda attempt: [(q, options_of(attempt.token, n, q))
                         for n, q in enumerate(quiz_questions(attempt.questions), start=1)],
        shown_answer)
    response = Response(text.encode("utf-8"), mimetype="text/csv")
    response.headers["Content-Disposition"] = spreadsheet.attachment(
        quiz.title, quizzes.utc_now().strftime("%Y-%m-%d"))
    return response


@bp.get("/o/<token>/quiz.toml")
@no_store
def export(token: str):
    quiz = owned(token)
    settings = {"title": quiz.title, "mode": quiz.mode, "pass_mark": quiz.pass_mark,
                "time_limit": quiz.time_limit}
    response = Response(dump(settings, quiz_questions(quiz.questions)),
                        mimetype="application/toml")
    response.headers["Content-Disposition"] = 'attachment; filename="quiz.toml"'
    return response


@bp.route("/o/<token>/attempts/<int:number>/delete", methods=["GET", "POST"])
@no_store
def delete_attempt(token: str, number: int):
    """GET asks (a page, so it works without JavaScript); POST deletes, then the owner page."""
    quiz = owned(token)
    attempt = quizzes.owned_attempt(quiz, number)
    if attempt is None:
        abort(404)
    if request.method == "POST":
        quizzes.delete_attempt(token, number)
        return redirect(url_for(".owner", token=token, deleted=attempt.name[:60]) + "#attempts",
                        303)
    return render_template("quiz/delete_attempt.html", quiz=quiz, attempt=attempt)


def owned(token: str):
    quiz = quizzes.shared(owner=token)
    if quiz is None:
        abort(404)
    return quiz


def per_question(questions: list[dict], attempts, refs: list[dict]) -> list[dict]:
    """The owner page's statistics (services.quiz_results), each wrong answer in words."""
    return [{"n": s.n, "q": q, "answered": s.answered, "percent": s.percent,
             "wrong": [(wrong_words(q, w), w.count) for w in s.wrong], "replaced": s.replaced}
            for q, s in zip(questions, quiz_results.per_question(questions, attempts, refs))]


def wrong_words(q: dict, wrong) -> str:
    if wrong.kind == quiz_results.LEGAL_BUT_NOT_ASKED:
        return gettext("legal, but not what was asked")
    if wrong.kind[0] == "problem":
        return f"{wrong.kind[1]} ({wrong.kind[2]})"
    return shown_answer(q, wrong.example, q.get("options", []))
