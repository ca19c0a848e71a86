"""The host's side of a class: start it, pace it, watch the room, project, end, export.

GET      /class                          start a class; the classes this browser hosted (the
                                         host cookie lists their host tokens), each with its
                                         state, summary, CSV, "Run it again" and "Delete…"
POST     /class/forget                   this browser forgets its list (the classes stay)
GET|POST /class/new                      choose a lesson, or paste a shared quiz's link -> the
                                         host link
GET      /class/host/<token>             the host page (lobby, running, or the summary)
GET      /class/host/<token>/room        the room overview (htmx polls it every 2 s): who
                                         answered, who has not yet, who left, and the list of
                                         players to remove
GET      /class/host/<token>/projector   the old projector address: redirects to the wall's
GET      /class/wall/<projector token>   the big screen: code, QR and who joined, then the item in
                                         full with the code and QR in a corner, and the room
                                         without names once the host shows it; its own token,
                                         which controls nothing
POST     /class/host/<token>/move        op=start|next|prev|end, or op=go with step=N
POST     /class/host/<token>/show        what=answer|mistake:<code>|none (on the projector)
POST     /class/host/<token>/results     shown=1|0: the room's results on the wall, or hidden
                                         again (every move hides them)
GET      /class/host/<token>/end         "End the class?" (move op=end needs confirmed=1)
GET      /class/host/<token>/remove      ?learner=<id>: "Remove Ana from the class?"
POST     /class/host/<token>/remove      learner=<id>: removed (kept, answers nothing, can't rejoin)
POST     /class/host/<token>/readmit     learner=<id>: let a removed player back in
POST     /class/host/<token>/lock        locked=1|0: no new nickname joins (rejoin codes still
                                         work), or the room opens again
GET      /class/host/<token>/results.csv the results (class_reports.results_csv): the lesson or
                                         quiz and the date, then one row per player and item
POST     /class/host/<token>/again       a new class on the same lesson or quiz, same settings
GET      /class/host/<token>/delete      "Delete the class?" (POST deletes it, with confirmed=1)

The token (256 random bits) is the only key: a learner or a stranger without it gets a 404.
"""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import urlsplit

from flask import Response, abort, make_response, redirect, render_template, request, url_for
from markupsafe import Markup

from ... import signing
from ...htmx import render
from ...i18n import gettext
from ...live import labels
from ...network import base_url, is_loopback, lan_address
from ...services import answers, class_reports, classes, cleanup, quizzes, spreadsheet
from ...services.models import utcnow
from .. import limiting
from ..qr import qr_svg
from ..learn import curriculum
from . import HOST_COOKIE, bp, game, sources, steps

HOSTED_MAX = 40  # classes the host cookie remembers (newest first; about 2 KB signed)
HOST_COOKIE_AGE = cleanup.ENDED_KEEP + timedelta(days=30)  # outlives the classes it names
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


def _room(token: str):
    room = classes.by_host(token)
    if room is None:
        abort(404)
    return room


def hosted_tokens() -> list[str]:
    """The host tokens of the classes this browser hosted, newest first (a forged or missing
    cookie: none)."""
    raw = signing.read_cookie(HOST_COOKIE) or ""
    return [t for t in raw.split() if _TOKEN.fullmatch(t)][:HOSTED_MAX]


def remember(response, tokens: list[str]):
    """The host cookie listing `tokens` (deduplicated, newest first, at most HOSTED_MAX)."""
    kept = list(dict.fromkeys(tokens))[:HOSTED_MAX]
    return signing.send_cookie(response, HOST_COOKIE, " ".join(kept), path="/class",
                               max_age=HOST_COOKIE_AGE)


def hosted(response, room):
    """Send the host to their new class, remembering it in this browser's list."""
    return remember(response, [room.host_token, *hosted_tokens()])


def _as_utc(when):
    return when if when.tzinfo else when.replace(tzinfo=utcnow().tzinfo)


def class_title(room) -> str:
    """The lesson's or quiz's title as text (a lesson since removed: its id)."""
    if room.quiz_token is not None:
        return room.quiz_title or gettext("Quiz")
    lesson = curriculum().get(room.lesson_id)
    return Markup(steps.parts.inline(lesson.title(steps.parts.lang()))).striptags() \
        if lesson else room.lesson_id


def keep_note(room) -> str:
    """How long the class and its results are kept (cleanup.py), as the host reads it."""
    if room.state == "ended":
        until = _as_utc(room.touched_at) + cleanup.ENDED_KEEP
        return gettext("The results are kept until %(date)s UTC, unless you delete them first "
                       "from your classes.", date=until.strftime("%Y-%m-%d"))
    hours = int(cleanup.CLASS_KEEP.total_seconds() // 3600)
    return gettext("A class nobody uses for %(hours)s hours ends by itself; its results are "
                   "then kept for %(days)s days.", hours=hours, days=cleanup.ENDED_KEEP.days)


@bp.get("/class")
def index():
    """The start page, with the classes this browser hosted (kept until the host deletes them,
    or the clean-up's keep time: cleanup.ENDED_KEEP after the end), as /quiz/mine lists a
    browser's quizzes: their host links are in the page, so it is no-store."""
    rooms = classes.by_hosts(hosted_tokens())
    players = class_reports.joined_counts(rooms)
    past = [{"room": room, "title": class_title(room), "players": players.get(room.id, 0),
             "created": _as_utc(room.created_at).strftime("%Y-%m-%d %H:%M"),
             "keep": keep_note(room)} for room in rooms]
    deleted = classes.normal_code(request.args.get("deleted"))
    response = make_response(render_template("classroom/index.html", past=past,
                                              deleted=deleted))
    response.headers["Cache-Control"] = "no-store"  # host links: never on a shared disk
    return response


@bp.post("/class/forget")
def forget():
    """This browser forgets its list (a shared laptop); the classes and their host links stay."""
    response = redirect(url_for(".index"), 303)
    response.delete_cookie(HOST_COOKIE, path="/class")
    return response


@bp.route("/class/new", methods=["GET", "POST"])
def new():
    lessons = curriculum().lessons
    if request.method == "POST":
        limiting.limit("class-new")
        link = (request.form.get("quiz") or "").strip()[:300]
        lesson = curriculum().get(request.form.get("lesson", ""))
        mode = request.form.get("answer_mode", "retry")  # a form from before had no choice
        playing = request.form.get("game") == "1"
        raw_countdown = request.form.get("countdown", "")

        def refuse(problem: str):
            return render_template("classroom/new.html", lessons=lessons, quiz_link=link,
                                   chosen=lesson.id if lesson else None, problem=problem,
                                   answer_mode=mode, game=playing, countdown=raw_countdown,
                                   countdowns=classes.COUNTDOWNS), 400
        if mode not in classes.ANSWER_MODES:
            return refuse(gettext("Choose whether players answer once or retry until right."))
        countdown = _countdown(raw_countdown)
        if countdown is False:
            return refuse(gettext("Choose a countdown of %(choices)s seconds, or none.",
                                  choices=", ".join(map(str, classes.COUNTDOWNS))))
        settings = {"game": playing, "countdown_s": countdown if playing else None}
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
            room = classes.create("", quiz=shared, answer_mode=mode, **settings)
        elif lesson is None:
            return refuse(gettext("Choose one of the lessons."))
        else:
            room = classes.create(lesson.id, answer_mode=mode, **settings)
        return hosted(redirect(url_for(".host", token=room.host_token), 303), room)
    return render_template("classroom/new.html", lessons=lessons, chosen=lessons[0].id,
                           quiz_link="", problem=None, answer_mode="retry", game=False,
                           countdown="", countdowns=classes.COUNTDOWNS)


def _countdown(raw: str):
    """The countdown field: None (none), one of classes.COUNTDOWNS, or False (anything else)."""
    if raw in ("", "0", "off"):
        return None
    return int(raw) if raw in {str(c) for c in classes.COUNTDOWNS} else False


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


def _page_context(room) -> dict:
    """The host's and the projector's context, the same for a lesson's class and a quiz's: what
    differs is the source's (sources.py)."""
    src = sources.source(room)
    board = src.split_board()  # None: the answers are not splits (no mistakes, no heat strip)
    context = {"room": room, "src": src, "words": src.words, "class_title": src.title,
               "number": src.number, "total": src.count, "step_name": src.name(src.number),
               "join_url": join_url(room), "mistake_name": steps.mistake_name,
               "sentence": src.sentence, "sliders": board is not None,
               "md": steps.parts.md, "inline": steps.parts.inline, "lang": steps.parts.lang()}
    if room.state == "running" and src.answerable(src.number):
        overview = class_reports.overview(room, src.item_id(src.number))
        context.update(overview=overview, joined=overview.joined, picks=src.picks(overview),
                       heat=_heat(board, overview))
    else:
        context["joined"] = class_reports.joined(room)
    if room.state == "ended":
        context["summary"] = _summary(room, src)
    context["game"] = game.board(room, src, limiting.clock())
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


def _summary(room, src) -> list[dict]:
    """Per answerable item: how many answered, how many were right first time and in the end,
    and the most common mistake."""
    done = class_reports.summary(room)
    rows = []
    for n in range(1, src.count + 1):
        if not src.answerable(n):
            continue
        item = done.get(src.item_id(n)) or {"answered": 0, "first_correct": 0, "correct": 0,
                                           "top": None}
        answered = item["answered"]
        rows.append({"number": n, "name": src.name(n), "answered": answered,
                     "first_pct": round(100 * item["first_correct"] / answered)
                     if answered else None,
                     "pct": round(100 * item["correct"] / answered) if answered else None,
                     "top": item["top"]})
    return rows


def _host_context(room) -> dict:
    """The host page's context, whose room block (the part that refreshes) names the players:
    who answered the step, who has not yet and who left (class_reports.presence, by the app's
    clock), and the list of players to remove."""
    context = _page_context(room)
    src = context["src"]
    question = room.state == "running" and src.answerable(src.number)
    context["presence"] = class_reports.presence(
        room, src.item_id(src.number) if question else None, limiting.clock())
    context["left_after"] = int(class_reports.LEFT_AFTER.total_seconds())
    return context


@bp.get("/class/host/<token>")
def host(token: str):
    room = _room(token)
    return render("classroom/host.html", "room", learners=classes.learners(room),
                  removed=classes.learners(room, removed=True),
                  just_removed=_learner_id(request.args.get("removed")), keep_note=keep_note(room),
                  projector=classes.projector_connected(room), **_host_context(room))


@bp.get("/class/host/<token>/room")
def room_overview(token: str):
    room = _room(token)
    return render("classroom/host.html", "room", learners=classes.learners(room),
                  projector=classes.projector_connected(room), keep_note=keep_note(room),
                  **_host_context(room))


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
    # The code and QR stay in a corner while the class runs: a late player joins from the wall.
    context["qr"] = qr_svg(context["join_url"]) if room.state != "ended" else None
    context["shown"] = _shown(room, context)
    # An exam's wall scores only revealed items: its leaderboard would give the key away.
    context["game"] = game.board(room, context["src"], limiting.clock(), held=context["src"].exam)
    # Nicknames only in the lobby (who is in); once the class runs the wall names nobody, except
    # in a game the host turned on: its leaderboard (after a reveal) and podium name the top.
    context["nicknames"] = [s.nickname for s in classes.learners(room)] \
        if room.state == "lobby" else []
    context["item"] = context["src"].wall() if room.state == "running" else None
    return render("classroom/projector.html", "screen", **context)


def _shown(room, context) -> dict | None:
    """What the host projected: the item's answer (the source's, rendered by its
    answer_template), or one mistake group explained."""
    if room.state != "running" or not room.shown:
        return None
    src = context["src"]
    if room.shown == "answer":
        return {"kind": "answer", "template": src.answer_template, **src.projected()}
    code = room.shown.removeprefix("mistake:")
    group = next((g for g in (context.get("overview") and context["overview"].groups or [])
                  if g["code"] == code), None)
    return {"kind": "mistake", "group": group, "code": code}


@bp.post("/class/host/<token>/move")
def move(token: str):
    """The host paces the class (services.classes is the state machine): a move the class's state
    does not allow is a 409 (a second tab's stale button), a step it does not have a 400."""
    room = _room(token)
    src = sources.source(room)
    op = request.form.get("op", "")
    if op == "end" and room.state != "ended" and request.form.get("confirmed") != "1":
        return redirect(url_for(".end", token=room.host_token), 303)  # asked first, always
    try:
        now = limiting.clock()  # a game's countdown runs from the move, by the app's clock
        if op == "start":
            classes.start(room, now)
        elif op == "next":
            classes.next_step(room, src.count, now)
        elif op == "prev":
            classes.previous_step(room, now)
        elif op == "go":
            raw = request.form.get("step", "")
            if not (raw.isascii() and raw.isdigit() and len(raw) < 6):
                abort(400)
            classes.go(room, int(raw), src.count, now)
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
        classes.show(room, what, reveal=sources.source(room).exam)
    elif what.startswith("mistake:") and what[8:] in steps.MISTAKES:
        classes.show(room, what)
    else:
        abort(400)
    return redirect(url_for(".host", token=room.host_token) + "#room", 303)


@bp.post("/class/host/<token>/results")
def results(token: str):
    """The host shows the room's results on the wall for this step (or hides them again)."""
    room = _room(token)
    try:
        classes.show_results(room, request.form.get("shown") != "0")
    except classes.MoveRefused:
        abort(409)
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


@bp.post("/class/host/<token>/lock")
def lock(token: str):
    """The host locks the room (no new nickname joins; a player taking their seat back with
    their rejoin code still can) or opens it again: locked=1 or 0, anything else a 400; an
    ended class a 409."""
    room = _room(token)
    wanted = request.form.get("locked", "")
    if wanted not in ("0", "1"):
        abort(400)
    try:
        classes.lock(room, wanted == "1")
    except classes.MoveRefused:
        abort(409)
    return redirect(url_for(".host", token=room.host_token), 303)


def _plain(text) -> str:
    """A title as text: Markup (a lesson's) without its tags, anything else as it is."""
    return str(text.striptags()) if isinstance(text, Markup) else str(text)


@bp.get("/class/host/<token>/results.csv")
def results_csv(token: str):
    """The class's results in the host's language: the lesson or quiz and the date, then one
    row per player and item (services/class_reports.results_csv)."""
    room = _room(token)
    src = sources.source(room)
    items = [class_reports.Item(n, src.item_id(n), _plain(src.name(n)), classes.asked(room, n))
             for n in range(1, src.count + 1) if src.answerable(n)]
    title = class_title(room)
    started = _as_utc(room.created_at)
    header = [gettext("Player"), str(src.words["summary_column"]), gettext("Title"),
              gettext("First answer"), gettext("Right first try"), gettext("Last answer"),
              gettext("Tries"), gettext("Right in the end"), gettext("Total right first try"),
              gettext("Total answered"), gettext("Total asked")]
    before = [[str(src.words["kind"]), title],
              [gettext("Date"), started.strftime("%Y-%m-%d %H:%M UTC")],
              [gettext("Class code"), room.code], []]
    scored = None
    if room.game:  # each item's points, the total and the rank (services/scoring.py)
        header += [gettext("Points"), gettext("Total points"), gettext("Rank")]
        scored = class_reports.standings(room, [i.item_id for i in items if i.asked])
    text = class_reports.results_csv(room, items, src.answer_words, header,
                                     (gettext("yes"), gettext("no")), before, game=scored)
    return Response(text.encode("utf-8"), mimetype="text/csv", headers={
        "Content-Disposition": spreadsheet.attachment(title, started.strftime("%Y-%m-%d"),
                                                      room.code),
        "Cache-Control": "private, no-store"})


@bp.post("/class/host/<token>/again")
def again(token: str):
    """A new class on the same lesson or quiz with the same settings (the quiz as its owner
    keeps it now); this browser remembers it with the others."""
    room = _room(token)
    limiting.limit("class-new")
    if room.quiz_token is not None:
        shared = quizzes.shared(take=room.quiz_token)
        if shared is None or not shared.questions:
            return render_template("classroom/confirm.html", room=room,
                                   title=gettext("This quiz is gone"),
                                   text=gettext("Its owner deleted the quiz or emptied it: "
                                                "there is nothing to run again."),
                                   action=None, fields={}, yes=None,
                                   no=gettext("Back to the class")), 410
        fresh = classes.create("", quiz=shared, answer_mode=room.answer_mode, game=room.game,
                               countdown_s=room.countdown_s)
    else:
        if curriculum().get(room.lesson_id) is None:
            abort(410)
        fresh = classes.create(room.lesson_id, answer_mode=room.answer_mode, game=room.game,
                               countdown_s=room.countdown_s)
    return hosted(redirect(url_for(".host", token=fresh.host_token), 303), fresh)


@bp.get("/class/host/<token>/delete")
def delete_ask(token: str):
    """"Delete the class?" asks first, without JavaScript: a form that posts the answer."""
    room = _room(token)
    return render_template("classroom/confirm.html", room=room,
                           title=gettext("Delete the class %(code)s?", code=room.code),
                           text=gettext("The class, its players and all their answers are "
                                        "deleted for good: its summary and results too. Anyone "
                                        "still in it is sent back to the join page."),
                           action=url_for(".delete", token=room.host_token),
                           fields={"confirmed": "1"}, back=url_for(".index"),
                           yes=gettext("Delete the class"), no=gettext("Keep the class"))


@bp.post("/class/host/<token>/delete")
def delete(token: str):
    """Deleted (asked first); this browser's list forgets it."""
    room = _room(token)
    if request.form.get("confirmed") != "1":
        return redirect(url_for(".delete_ask", token=room.host_token), 303)
    code = room.code
    classes.delete(room)
    response = redirect(url_for(".index", deleted=code), 303)
    return remember(response, [t for t in hosted_tokens() if t != token])
