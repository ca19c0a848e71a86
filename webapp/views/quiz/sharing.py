"""Quizzes judges make and share: no accounts, two unguessable links.

GET|POST /quiz/new                 choose title, tier, questions, mode, pass mark; see the questions
                                   and their keys (another seed for other questions); save
GET|POST /quiz/t/<take>            the take link: the quiz's rules, a name, start
GET      /quiz/o/<owner>           the owner link: both links, every attempt, per-question results
GET      /quiz/o/<owner>/results.csv   one row per attempt and question
"""

from __future__ import annotations

import csv
import io
import secrets
from collections import Counter

from flask import Response, abort, redirect, render_template, request, url_for

from ...content.generate import TIERS, check_split, generate
from ...i18n import gettext
from ...services import quizzes
from . import COUNTS, MAX_NAME, MODE_NAMES, bp, options_of, shown_answer


def _settings(form) -> tuple[dict, list[str]]:
    """The new-quiz form, read; every problem it has, in words."""
    problems = []
    title = " ".join(form.get("title", "").split())[:80]
    if not title:
        problems.append(gettext("Give the quiz a title: takers see it."))
    values = {"title": title}
    for name, low, high, default in (("tier", 1, max(TIERS), "1"), ("count", 1, 50, "25"),
                                     ("pass_mark", 1, 100, str(quizzes.PASS_MARK)),
                                     ("seed", 0, 2**31 - 1, None)):
        raw = (form.get(name) or default or str(secrets.randbelow(2**31))).strip()
        if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:
            problems.append(gettext("%(field)s must be a whole number from %(low)s to %(high)s.",
                                    field=name.replace("_", " "), low=low, high=high))
            raw = default or "0"
        values[name] = int(raw)
    values["mode"] = form.get("mode", "exam")
    if values["mode"] not in quizzes.MODES:
        problems.append(gettext("Choose practice or exam."))
        values["mode"] = "exam"
    return values, problems


@bp.route("/new", methods=["GET", "POST"])
def new():
    values, problems = _settings(request.form if request.method == "POST" else request.args)
    if request.method == "POST" and request.form.get("op") == "save" and not problems:
        quiz = quizzes.create(values["title"], values["tier"], values["count"], values["seed"],
                              values["mode"], values["pass_mark"])
        return redirect(url_for(".owner", token=quiz.owner_token), 303)
    if request.method == "GET":
        problems = []  # a first visit is not a mistake
    preview = generate(values["tier"], values["count"], values["seed"])
    return render_template("quiz/new.html", values=values, problems=problems, preview=preview,
                           modes=MODE_NAMES, tiers=TIERS,
                           other_seed=secrets.randbelow(2**31)), 400 if problems and \
        request.method == "POST" else 200


@bp.route("/t/<token>", methods=["GET", "POST"])
def take(token: str):
    quiz = quizzes.shared(take=token)
    if quiz is None:
        abort(404)
    problem = None
    if request.method == "POST":
        name = " ".join(request.form.get("name", "").split())[:MAX_NAME]
        if name:
            attempt = quizzes.take(quiz, name)
            return redirect(url_for(".question", token=attempt, n=1), 303)
        problem = gettext("Enter your name: the quiz's owner sees it with your score.")
    return render_template("quiz/take.html", quiz=quiz, problem=problem,
                           counts=COUNTS), 400 if problem else 200


@bp.get("/o/<token>")
def owner(token: str):
    quiz = _owned(token)
    attempts = quizzes.attempts(quiz)
    questions = generate(quiz.tier, quiz.count, quiz.seed)
    return render_template("quiz/owner.html", quiz=quiz, attempts=attempts,
                           stats=_per_question(questions, attempts),
                           take_url=url_for(".take", token=quiz.take_token, _external=True),
                           owner_url=url_for(".owner", token=quiz.owner_token, _external=True))


@bp.get("/o/<token>/results.csv")
def results_csv(token: str):
    quiz = _owned(token)
    questions = generate(quiz.tier, quiz.count, quiz.seed)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "started", "question", "type", "answer", "correct", "key",
                     "score", "percent", "passed"])
    for attempt in quizzes.attempts(quiz):
        for n, q in enumerate(questions, start=1):
            given, correct = attempt.answers.get(n, (None, None))
            writer.writerow([_cell(attempt.name), attempt.started_at.isoformat(), n, q["type"],
                             _cell(shown_answer(q, given, options_of(attempt.token, n, q))),
                             "" if correct is None else str(bool(correct)).lower(),
                             _cell(q["answer"] if q["type"] in ("number", "assign")
                                   else shown_answer(q, q["answer"], q.get("options", []))),
                             attempt.score, attempt.percent, str(attempt.passed).lower()])
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = 'attachment; filename="quiz-results.csv"'
    return response


def _owned(token: str):
    quiz = quizzes.shared(owner=token)
    if quiz is None:
        abort(404)
    return quiz


def _cell(value) -> str:
    """A spreadsheet must not run what a taker typed: formulas are quoted."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _per_question(questions: list[dict], attempts) -> list[dict]:
    """Per question: how many answered, % right, and the wrong answers most given — for a split,
    grouped by the rules core's first problem code."""
    stats = []
    for n, q in enumerate(questions, start=1):
        answered = [a.answers[n] for a in attempts if n in a.answers]
        right = sum(correct for _, correct in answered)
        wrong = Counter()
        for given, correct in answered:
            if correct:
                continue
            if q["type"] == "assign":
                problems = check_split(q, given)
                wrong[f"{problems[0]['code']} ({problems[0]['rule']})" if problems
                      else gettext("legal, but not the most")] += 1
            else:
                wrong[shown_answer(q, given, q.get("options", []))] += 1
        stats.append({"n": n, "q": q, "answered": len(answered),
                      "percent": round(100 * right / len(answered)) if answered else None,
                      "wrong": wrong.most_common(3)})
    return stats
