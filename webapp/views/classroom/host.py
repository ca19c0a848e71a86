"""The host's side of a class: start it, pace it, watch the room, project, end, export.

GET      /class                          start a class; back to yours (the host cookie)
GET|POST /class/new                      choose a lesson, or paste a shared quiz's link -> the
                                         host link
GET      /class/host/<token>             the host page (lobby, running, or the summary)
GET      /class/host/<token>/room        the room overview (htmx polls it every 2 s)
GET      /class/host/<token>/projector   the old projector address: redirects to the wall's
GET      /class/wall/<projector token>   the big screen: code and QR, then the room without names;
                                         its own token, which controls nothing
POST     /class/host/<token>/move        op=start|next|prev|end, or op=go with step=N
POST     /class/host/<token>/show        what=answer|mistake:<code>|none (on the projector)
GET      /class/host/<token>/end         "End the class?" (move op=end needs confirmed=1)
GET      /class/host/<token>/remove      ?learner=<id>: "Remove Ana from the class?"
POST     /class/host/<token>/remove      learner=<id>: removed (kept, answers nothing, can't rejoin)
POST     /class/host/<token>/readmit     learner=<id>: let a removed player back in
GET      /class/host/<token>/results.csv one row per learner and step: nickname, step, first
                                         answer, whether it was right, final answer, attempts,
                                         correct

The token (256 random bits) is the only key: a learner or a stranger without it gets a 404.
"""

from __future__ import annotations

import csv
import io
from types import SimpleNamespace
from urllib.parse import urlsplit

import segno
from flask import Response, abort, redirect, render_template, request, url_for
from markupsafe import Markup, escape

from ... import signing
from ...htmx import render
from ...i18n import gettext
from ...live import labels, live_check
from ...network import base_url, is_loopback, lan_address
from ...services import answers, class_reports, classes, quizzes
from ...services.spreadsheet import cell
from .. import limiting
from ..learn import curriculum
from . import COOKIE_AGE, HOST_COOKIE, lesson_and_step, room_lesson, bp, quiz, steps


def _room(token: str):
    room = classes.by_host(token)
    if room is None:
        abort(404)
    return room


@bp.get("/class")
def index():
    mine = classes.by_host(signing.read_cookie(HOST_COOKIE))
    return render_template("classroom/index.html", mine=mine)


@bp.route("/class/new", methods=["GET", "POST"])
def new():
    lessons = curriculum().lessons
    if request.method == "POST":
        limiting.limit("class-new")
        link = (request.form.get("quiz") or "").strip()[:300]
        lesson = curriculum().get(request.form.get("lesson", ""))
        mode = request.form.get("answer_mode", "retry")  # a form from before had no choice

        def refuse(problem: str):
            return render_template("classroom/new.html", lessons=lessons, quiz_link=link,
                                   chosen=lesson.id if lesson else None, problem=problem,
                                   answer_mode=mode), 400
        if mode not in classes.ANSWER_MODES:
            return refuse(gettext("Choose whether players answer once or retry until right."))
        if link:
            shared = quizzes.from_link(link)
            if shared is None:
                return refuse(gettext("No shared quiz has that link. Paste the quiz’s whole "
                                      "owner link (it contains /quiz/o/), or leave the field "
                                      "empty to run a lesson."))
            # A class projects the key: only the quiz's owner may run one, not anyone the
            # take link was shared with.
            if shared.owner_token not in link:
                return refuse(gettext("That is the quiz’s take link, which anyone taking it "
                                      "has. To run a class on it, paste the quiz’s owner link "
                                      "(it contains /quiz/o/)."))
            if not shared.questions:
                return refuse(gettext("That quiz has no questions yet."))
            room = classes.create("", quiz=shared, answer_mode=mode)
        elif lesson is None:
            return refuse(gettext("Choose one of the lessons."))
        else:
            room = classes.create(lesson.id, answer_mode=mode)
        response = redirect(url_for(".host", token=room.host_token), 303)
        return signing.send_cookie(response, HOST_COOKIE, room.host_token, path="/class",
                                   max_age=COOKIE_AGE)
    return render_template("classroom/new.html", lessons=lessons, chosen=lessons[0].id,
                           quiz_link="", problem=None, answer_mode="retry")


def join_url(room) -> str:
    """The link players open: on this server's public address (PUBLIC_URL, see
    webapp/network.py), or, when that is this machine (localhost), its LAN address, which phones
    can reach."""
    base = urlsplit(base_url())
    host = base.netloc
    if is_loopback(host) and (lan := lan_address()):
        port = host.rsplit(":", 1)[1] if ":" in host.rsplit("]", 1)[-1] else None
        host = f"{lan}:{port}" if port else lan
    return f"{base.scheme}://{host}{base.path}{url_for('.join_form', code=room.code)}"


def qr_svg(url: str, label: str | None = None) -> Markup:
    """A link (the join link, unless `label` names another) as an inline SVG QR code (no script,
    no style attribute)."""
    svg = segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff", border=3,
                                                omitsize=True)
    label = escape(label or gettext("QR code of the join link %(url)s", url=url))
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1))


def _page_context(room) -> dict:
    if quiz.is_quiz(room):
        return _quiz_context(room)
    lesson, current = lesson_and_step(room)
    context = {"room": room, "lesson": lesson, "step": current,
               "lesson_title": lesson.title(steps.parts.lang()), "inline": steps.parts.inline,
               "md": steps.parts.md, "lang": steps.parts.lang(),
               "number": lesson.step_index(current.id) + 1,
               "total": len(lesson.steps), "step_name": steps.parts.step_name(current),
               "join_url": join_url(room), "mistake_name": steps.mistake_name,
               "sentence": lambda p: steps.problem_sentence(current, p),
               "sliders": current.type == "practice"}
    if room.state == "running" and current.type in answers.ANSWERABLE:
        context["overview"] = class_reports.overview(room, current.id)
        context["heat"] = _heat(current.board_data() if current.type == "practice" else None,
                                context["overview"])
        context["joined"] = context["overview"].joined
    else:
        context["joined"] = class_reports.joined(room)
    if room.state == "ended":
        context["summary"] = _summary(room, lesson)
    return context


def _quiz_context(room) -> dict:
    """The host's and the projector's context for a class on a quiz (the same names as a
    lesson's, so the pages are the same pages)."""
    quiz.require(room)
    n, q = quiz.current(room)
    context = {"room": room, "q": q, "step": SimpleNamespace(type=q["type"]), "on_quiz": True,
               "lesson_title": quiz.title(room), "inline": quiz.inline, "number": n,
               "total": quiz.total(room), "step_name": quiz.name(q), "join_url": join_url(room),
               "mistake_name": steps.mistake_name, "sliders": q["type"] == "assign",
               "sentence": lambda p: quiz.problem_sentence(q, p)}
    if room.state == "running":
        overview = class_reports.overview(room, quiz.step_id(n))
        context.update(overview=overview, joined=overview.joined, picks=quiz.picks(q, overview),
                       heat=_heat(quiz.board(q) if q["type"] == "assign" else None, overview))
    else:
        context["joined"] = class_reports.joined(room)
    if room.state == "ended":
        context["summary"] = _quiz_summary(room)
    return context


def _heat(board, overview) -> list[dict]:
    """Per attacker, each recipient with the room's average and share of its damage (for a
    board with sliders; none for other questions)."""
    if board is None:
        return []
    names = labels(board)
    out = []
    for cid, info in answers.sliders(board).items():
        rows = [{"name": names.get(r, r) if r != "player" else gettext("the player"),
                 "average": overview.average(cid, r), "share": overview.share(cid, r)}
                for r in info["recipients"]]
        out.append({"name": names.get(cid, cid), "rows": rows})
    return out


def _summary(room, lesson) -> list[dict]:
    done = class_reports.summary(room)
    return [_summary_row(done.get(s.id), i + 1, steps.parts.step_name(s))
            for i, s in enumerate(lesson.steps) if s.type in answers.ANSWERABLE]


def _quiz_summary(room) -> list[dict]:
    done = class_reports.summary(room)
    return [_summary_row(done.get(quiz.step_id(n)), n, quiz.name(quiz.question(room, n)))
            for n in range(1, quiz.total(room) + 1)]


def _summary_row(item, number: int, name: str) -> dict:
    item = item or {"answered": 0, "first_correct": 0, "correct": 0, "top": None}
    n = item["answered"]
    return {"number": number, "name": name, "answered": n,
            "first_pct": round(100 * item["first_correct"] / n) if n else None,
            "pct": round(100 * item["correct"] / n) if n else None, "top": item["top"]}


@bp.get("/class/host/<token>")
def host(token: str):
    room = _room(token)
    return render("classroom/host.html", "room", learners=classes.learners(room),
                  removed=classes.learners(room, removed=True),
                  just_removed=_learner_id(request.args.get("removed")),
                  projector=classes.projector_connected(room), **_page_context(room))


@bp.get("/class/host/<token>/room")
def room_overview(token: str):
    room = _room(token)
    return render("classroom/host.html", "room", learners=classes.learners(room),
                  projector=classes.projector_connected(room), **_page_context(room))


@bp.get("/class/host/<token>/projector")
def projector(token: str):
    """The projector's old address (it carried the host link onto the wall): the wall's own."""
    room = _room(token)
    return redirect(url_for(".wall", token=room.projector_token), 303)


@bp.get("/class/wall/<token>")
def wall(token: str):
    """The big screen, on its own token: it shows the room without names and controls nothing
    (no form, no host link; changing its address reaches no host page). It polls itself, which
    tells the host page the projector is connected."""
    room = classes.by_projector(token)
    if room is None:
        abort(404)
    classes.projector_seen(room)
    context = _page_context(room)
    context["qr"] = qr_svg(context["join_url"]) if room.state == "lobby" else None
    context["shown"] = _shown(room, context)
    return render("classroom/projector.html", "screen", **context)


def _shown(room, context) -> dict | None:
    """What the host projected: the worked answer of the step, or one mistake group explained."""
    if room.state != "running" or not room.shown:
        return None
    current = context["step"]
    if room.shown == "answer" and quiz.is_quiz(room):  # the quiz's key and why
        return {"kind": "key", "options": quiz.key_options(context["q"])}
    if room.shown == "answer":
        board = current.board_data()
        split = getattr(current, "solution", None) or getattr(current, "assignment", None)
        live = None
        if board is not None and split and current.type in ("practice", "worked"):
            live = live_check(board, split, locked=lambda *_: gettext("The worked split."))
        return {"kind": "answer", "live": live}
    code = room.shown.removeprefix("mistake:")
    group = next((g for g in (context.get("overview") and context["overview"].groups or [])
                  if g["code"] == code), None)
    return {"kind": "mistake", "group": group, "code": code}


@bp.post("/class/host/<token>/move")
def move(token: str):
    """The host paces the class (services.classes is the state machine): a move the class's state
    does not allow is a 409 (a second tab's stale button), a step it does not have a 400."""
    room = _room(token)
    if quiz.is_quiz(room):
        quiz.require(room)
        count = quiz.total(room)
    else:
        count = len(room_lesson(room).steps)
    op = request.form.get("op", "")
    if op == "end" and room.state != "ended" and request.form.get("confirmed") != "1":
        return redirect(url_for(".end", token=room.host_token), 303)  # asked first, always
    try:
        if op == "start":
            classes.start(room)
        elif op == "next":
            classes.next_step(room, count)
        elif op == "prev":
            classes.previous_step(room)
        elif op == "go":
            raw = request.form.get("step", "")
            if not (raw.isascii() and raw.isdigit() and len(raw) < 6):
                abort(400)
            classes.go(room, int(raw), count)
        elif op == "end":
            classes.end(room)
        else:
            abort(400)
    except classes.MoveRefused as err:
        abort(400 if err.code == "no_such_step" else 409)
    return redirect(url_for(".host", token=room.host_token), 303)


@bp.post("/class/host/<token>/show")
def show(token: str):
    room = _room(token)
    what = request.form.get("what", "")
    if what == "none":
        classes.show(room, None)
    elif what == "answer":  # an exam's phones get their key with the wall
        classes.show(room, what, reveal=quiz.is_exam(room))
    elif what.startswith("mistake:") and what[8:] in steps.MISTAKES:
        classes.show(room, what)
    else:
        abort(400)
    return redirect(url_for(".host", token=room.host_token) + "#room", 303)


@bp.get("/class/host/<token>/end")
def end(token: str):
    """"End the class" asks first: the code dies and everyone would have to join a new class."""
    room = _room(token)
    if room.state == "ended":
        return redirect(url_for(".host", token=room.host_token), 303)
    return render_template("classroom/confirm.html", room=room,
                           title=gettext("End the class?"),
                           text=gettext("Every phone shows the end and the class code stops "
                                        "working: the players would have to join a new class. "
                                        "You keep the summary and the results."),
                           action=url_for(".move", token=room.host_token),
                           fields={"op": "end", "confirmed": "1"},
                           yes=gettext("End the class"), no=gettext("Keep the class running"))


def _learner_id(raw: str | None) -> int | None:
    raw = raw or ""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else None


def _not_chosen(room):
    return render_template("classroom/confirm.html", room=room,
                           title=gettext("Choose the player to remove"),
                           text=gettext("Choose the player to remove from the list on the host "
                                        "page: nobody was removed."),
                           action=None, fields={}, yes=None,
                           no=gettext("Back to the class")), 400


@bp.get("/class/host/<token>/remove")
def remove_ask(token: str):
    """Remove asks first, naming the player (the list on the host page has no default)."""
    room = _room(token)
    who = classes.learner(room, _learner_id(request.args.get("learner")) or 0)
    if who is None or who.removed_at is not None:
        return _not_chosen(room)
    name = who.nickname
    return render_template("classroom/confirm.html", room=room,
                           title=gettext("Remove %(name)s from the class?", name=name),
                           text=gettext("%(name)s’s phone shows that they were removed, and "
                                        "nobody can join with that nickname. Their answers are "
                                        "kept: you can let them back in.", name=name),
                           action=url_for(".remove", token=room.host_token),
                           fields={"learner": str(who.id)},
                           yes=gettext("Remove %(name)s", name=name),
                           no=gettext("Keep %(name)s", name=name))


@bp.post("/class/host/<token>/remove")
def remove(token: str):
    room = _room(token)
    try:
        who = classes.remove(room, _learner_id(request.form.get("learner")))
    except classes.NoSuchLearner:
        return _not_chosen(room)
    return redirect(url_for(".host", token=room.host_token, removed=who.id), 303)


@bp.post("/class/host/<token>/readmit")
def readmit(token: str):
    """Undo a removal: the player is back in, with every answer they gave."""
    room = _room(token)
    try:
        classes.readmit(room, _learner_id(request.form.get("learner")))
    except classes.NoSuchLearner:
        abort(404)
    return redirect(url_for(".host", token=room.host_token), 303)


@bp.get("/class/host/<token>/results.csv")
def results_csv(token: str):
    room = _room(token)
    if quiz.is_quiz(room):
        number = {quiz.step_id(n): n for n in range(1, quiz.total(room) + 1)}
    else:
        number = {s.id: i + 1 for i, s in enumerate(room_lesson(room).steps)}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["nickname", "step", "step_id", "first_answer", "first_correct",
                     "final_answer", "attempts", "correct"])
    for nickname, step_id, first, first_correct, final, attempts, correct \
            in class_reports.export_rows(room):
        writer.writerow([cell(nickname), number.get(step_id, ""), step_id, cell(first),
                         "yes" if first_correct else "no", cell(final), attempts,
                         "yes" if correct else "no"])
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="class-{room.code}.csv"',
        "Cache-Control": "private, no-store"})
